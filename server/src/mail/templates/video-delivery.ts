/**
 * The delivery e-mail: the finished book is ready (the video, and the storybook PDF when there
 * is one), with the link to the parent's private order page, where they watch and download it
 * without an account. A revision sends the same e-mail worded as an update. HTML and plain
 * text; every value the customer typed is escaped in the HTML.
 */
import { planFor, type BookFormat } from '../../catalogue/catalogue';
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { capitalized, childNameIn, EMAIL_COLORS, emailFooter, emailLayout, oneLine, type RenderedEmail } from './email-layout';
import { orderReference } from '../../orders/order-format';

export const VIDEO_DELIVERY_TEMPLATE = 'video-delivery';
export const DELIVERY_REVISED_TEMPLATE = 'delivery-revised';

export interface VideoDeliveryOrder {
  id: string;
  childName: string | null;
  email: string;
  bookFormat: BookFormat;
  /** Set when the delivery carries the storybook PDF. */
  pdfKey: string | null;
  /** A gift's message: a digital book's e-mail carries it (a printed book has it on its dedication page). */
  giftMessage?: string | null;
  /** A digital gift's e-mails wait until then. */
  giftSendAt?: Date | null;
}

export interface VideoDeliveryLink {
  /** Names this e-mail: a new one for each sending, so a resend is a new e-mail. */
  id: string;
  /** The whole address the parent opens: {PUBLIC_URL}/order/{token}, the order page. */
  url: string;
}

/** `revised`: the book was updated after it was first delivered. */
export type DeliveryEmailKind = 'delivered' | 'revised';

export function videoDeliveryEmail(
  order: VideoDeliveryOrder,
  link: VideoDeliveryLink,
  options: { publicUrl: string },
  kind: DeliveryEmailKind = 'delivered',
): RenderedEmail {
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const reference = orderReference(order.id);
  const printed = order.bookFormat === 'printed';
  const withPdf = Boolean(order.pdfKey);
  const footer = emailFooter(shopUrl, reference, link.url);
  const child = childNameIn(order.childName);
  const revised = kind === 'revised';
  const subject = oneLine(capitalized(revised ? `${child}'s story has been updated` : `${child}'s story is ready to watch`));
  const heading = capitalized(revised ? `${child}'s story has been updated!` : `${child}'s story is ready!`);
  const intro = revised
    ? `We have updated ${child}'s personalized story. The link below opens the new version.`
    : `The wait is over: ${child}'s personalized story is ready. Press play to watch it together, or download it to keep.`;
  const contents = withPdf
    ? 'On the page you will find the story video to watch and download, and the storybook as a PDF to download.'
    : 'On the page you will find the story video to watch and download.';
  const validity = `The link opens your private order page: keep it to yourself. Please download the ${withPdf ? 'files' : 'video'} if you'd like to keep ${withPdf ? 'them' : 'it'}.`;
  const printedNote =
    printed && !revised ? `Your ${planFor(order.bookFormat).title} is being printed and will be shipped separately.` : null;
  const linkLabel = withPdf ? 'Watch and download the video and the PDF' : 'Watch and download';
  const giftMessage = !printed && order.giftMessage ? order.giftMessage : null;
  const giftIntro = `A gift for ${child}, with this message:`;

  const text = [
    heading,
    '',
    intro,
    '',
    ...(giftMessage ? [giftIntro, '', ...giftMessage.split('\n').map((line) => `  ${line}`), ''] : []),
    contents,
    '',
    `${linkLabel}: ${link.url}`,
    '',
    validity,
    ...(printedNote ? ['', printedNote] : []),
    '',
    ...footer.text,
  ].join('\n');

  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: capitalized(revised ? `${child}'s story has been updated.` : `${child}'s story is ready to watch.`),
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">${e(heading)}</h1>\n` +
        `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${e(intro)}</p>\n` +
        (giftMessage
          ? `<p style="margin:0 0 4px;font-size:16px;line-height:1.5">${e(giftIntro)}</p>\n` +
            `<blockquote style="margin:0 0 12px;padding:8px 16px;border-left:4px solid ${EMAIL_COLORS.accent};font-size:17px;line-height:1.5;white-space:pre-line">${e(giftMessage)}</blockquote>\n`
          : '') +
        `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${e(contents)}</p>`,
      `<p style="margin:8px 0 16px;text-align:center"><a href="${e(link.url)}" style="display:inline-block;padding:14px 28px;background:${EMAIL_COLORS.accent};color:#ffffff;border-radius:999px;font-size:17px;font-weight:bold;text-decoration:none">${revised ? 'See the updated story' : 'Watch the story'}</a></p>\n` +
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${EMAIL_COLORS.muted}">If the button doesn't work, copy this address into your browser:<br><a href="${e(link.url)}" style="color:${EMAIL_COLORS.accent};word-break:break-all">${e(link.url)}</a></p>\n` +
        `<p style="margin:0 0 8px;font-size:14px;line-height:1.5">${e(validity)}</p>` +
        (printedNote ? `\n<p style="margin:0 0 8px;font-size:14px;line-height:1.5">${e(printedNote)}</p>` : ''),
      footer.html,
    ],
  });
  return { subject, html, text };
}

export function videoDeliveryOutboxEmail(
  order: VideoDeliveryOrder,
  link: VideoDeliveryLink,
  options: { publicUrl: string },
  kind: DeliveryEmailKind = 'delivered',
): OutboxEmailInput {
  const { subject, html, text } = videoDeliveryEmail(order, link, options, kind);
  const template = kind === 'revised' ? DELIVERY_REVISED_TEMPLATE : VIDEO_DELIVERY_TEMPLATE;
  return {
    idempotencyKey: `${template}:${link.id}`,
    orderId: order.id,
    template,
    to: order.email,
    subject,
    html,
    text,
    // A digital gift's e-mails wait for its day (a printed gift's day is the parcel's).
    notBefore: order.bookFormat === 'digital' ? (order.giftSendAt ?? null) : null,
  };
}
