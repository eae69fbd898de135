/**
 * The delivery e-mail: the finished video is ready, with the link that lets the parent watch
 * and download it without an account until the link expires. HTML and plain text; every value
 * the customer typed is escaped in the HTML.
 */
import { planFor, type BookFormat } from '../../catalogue/catalogue';
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailFooter, emailLayout, oneLine, orderReference, type RenderedEmail } from './email-layout';

export const VIDEO_DELIVERY_TEMPLATE = 'video-delivery';

export interface VideoDeliveryOrder {
  id: string;
  childName: string;
  email: string;
  bookFormat: BookFormat;
}

export interface VideoDeliveryLink {
  /** Names this e-mail: one row per link, so a resend is a new e-mail and a retried request is not. */
  id: string;
  /** The whole address the parent opens: {PUBLIC_URL}/video/{token}. */
  url: string;
  expiresAt: Date;
}

export function videoDeliveryEmail(
  order: VideoDeliveryOrder,
  link: VideoDeliveryLink,
  options: { publicUrl: string },
): RenderedEmail {
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const reference = orderReference(order.id);
  const until = link.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const printed = order.bookFormat === 'printed';
  const footer = emailFooter(shopUrl, reference);
  const subject = oneLine(`${order.childName}'s story is ready to watch`);
  const intro = `The wait is over: ${order.childName}'s personalized story is ready. Press play to watch it together, or download it to keep.`;
  const validity = `The link works until ${until} (UTC). Please download the video if you'd like to keep it longer.`;
  const printedNote = printed ? `Your ${planFor(order.bookFormat).title} is being printed and will be shipped separately.` : null;

  const text = [
    `${order.childName}'s story is ready!`,
    '',
    intro,
    '',
    `Watch and download: ${link.url}`,
    '',
    validity,
    ...(printedNote ? ['', printedNote] : []),
    '',
    ...footer.text,
  ].join('\n');

  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: `${order.childName}'s story is ready to watch.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">${e(order.childName)}'s story is ready!</h1>\n` +
        `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${e(intro)}</p>`,
      `<p style="margin:8px 0 16px;text-align:center"><a href="${e(link.url)}" style="display:inline-block;padding:14px 28px;background:${EMAIL_COLORS.accent};color:#ffffff;border-radius:999px;font-size:17px;font-weight:bold;text-decoration:none">Watch the story</a></p>\n` +
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
): OutboxEmailInput {
  const { subject, html, text } = videoDeliveryEmail(order, link, options);
  return {
    idempotencyKey: `${VIDEO_DELIVERY_TEMPLATE}:${link.id}`,
    orderId: order.id,
    template: VIDEO_DELIVERY_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}
