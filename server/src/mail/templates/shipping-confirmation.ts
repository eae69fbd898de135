/**
 * The shipping confirmation, sent when a printed book leaves: the carrier, the tracking number
 * and, for the carriers we know, a link to their tracking page. HTML and plain text; every
 * value typed by the parent or the admin is escaped in the HTML.
 */
import { trackingUrl } from '../../orders/tracking';
import type { ShippingAddress } from '../../orders/order.entity';
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import {
  addressLines,
  capitalized,
  childNameIn,
  EMAIL_COLORS,
  emailFooter,
  emailLayout,
  emailParagraph,
  oneLine,
  type RenderedEmail,
} from './email-layout';
import { orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';

export const SHIPPING_CONFIRMATION_TEMPLATE = 'shipping-confirmation';

export interface ShippingConfirmationOrder {
  id: string;
  childName: string | null;
  email: string;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  shippingAddress: ShippingAddress | null;
}

export function shippingConfirmationEmail(order: ShippingConfirmationOrder, options: OrderEmailOptions): RenderedEmail {
  const carrier = order.shippingCarrier ?? '';
  const number = order.trackingNumber ?? '';
  const link = trackingUrl(carrier, number);
  const reference = orderReference(order.id);
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const footer = emailFooter(shopUrl, reference, options.orderUrl);
  const child = childNameIn(order.childName);
  const address = order.shippingAddress ? addressLines(order.shippingAddress) : [];
  const subject = oneLine(capitalized(`${child}'s storybook has shipped`));
  const intro = `Good news: ${child}'s printed storybook is on its way to you.`;
  const arrival = 'Most parcels arrive within a few business days of shipping.';

  const text = [
    'Your storybook has shipped!',
    '',
    intro,
    '',
    `Carrier: ${carrier}`,
    `Tracking number: ${number}`,
    ...(link ? [`Track your parcel: ${link}`] : []),
    '',
    arrival,
    ...(address.length ? ['', 'Shipped to:', ...address.map((line) => `  ${line}`)] : []),
    '',
    ...footer.text,
  ].join('\n');

  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: `Order ${reference} is on its way with ${carrier}.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">Your storybook has shipped!</h1>\n` +
        emailParagraph(`Good news: <strong>${e(child)}</strong>'s printed storybook is on its way to you.`),
      `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4">\n` +
        `<tr><td style="padding:6px 12px 6px 0;color:${EMAIL_COLORS.muted}">Carrier</td><td style="padding:6px 0;font-weight:bold">${e(carrier)}</td></tr>\n` +
        `<tr><td style="padding:6px 12px 6px 0;color:${EMAIL_COLORS.muted}">Tracking number</td><td style="padding:6px 0;font-weight:bold">${e(number)}</td></tr>\n` +
        `</table>` +
        (link
          ? `\n<p style="margin:16px 0 8px"><a href="${e(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${EMAIL_COLORS.accent};color:#ffffff;text-decoration:none;font-weight:bold">Track your parcel</a></p>`
          : ''),
      emailParagraph(e(arrival)) +
        (address.length
          ? `\n<p style="margin:0 0 8px;font-size:15px;line-height:1.5;padding-left:12px;border-left:3px solid ${EMAIL_COLORS.rule}">${address.map(e).join('<br>')}</p>`
          : ''),
      footer.html,
    ],
  });
  return { subject, html, text };
}

/**
 * One shipping e-mail per order and tracking number, whoever presses the button twice: a
 * corrected tracking number (`corrected`) is e-mailed again, saying it replaces the earlier one.
 */
export function shippingConfirmationOutboxEmail(
  order: ShippingConfirmationOrder,
  options: OrderEmailOptions,
  corrected = false,
): OutboxEmailInput {
  const email = shippingConfirmationEmail(order, options);
  const { subject, html, text } = corrected ? correctionOf(email) : email;
  return {
    idempotencyKey: corrected
      ? `${SHIPPING_CONFIRMATION_TEMPLATE}:${order.id}:${order.shippingCarrier ?? ''}:${order.trackingNumber ?? ''}`
      : `${SHIPPING_CONFIRMATION_TEMPLATE}:${order.id}`,
    orderId: order.id,
    template: SHIPPING_CONFIRMATION_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}

const CORRECTION = 'The tracking details we sent earlier were wrong: these replace them.';

/** The same e-mail, saying first that its tracking details replace the ones sent before. */
function correctionOf(email: RenderedEmail): RenderedEmail {
  return {
    subject: `Corrected tracking: ${email.subject}`,
    text: `${CORRECTION}\n\n${email.text}`,
    html: email.html.replace(/(<h1[^>]*>)/, `<p style="margin:0 0 12px;font-size:15px;font-weight:bold">${CORRECTION}</p>\n$1`),
  };
}
