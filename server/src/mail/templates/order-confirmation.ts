/**
 * The order confirmation e-mail, sent once an order is paid: what was ordered, what it cost,
 * when it arrives. HTML and plain text; every value the customer typed is escaped in the HTML;
 * no external images, so nothing is fetched when it is opened.
 */
import { BOOK_STYLES, type BookFormat, LIFE_LESSONS, planFor } from '../../catalogue/catalogue';
import type { ShippingAddress } from '../../orders/order.entity';
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';

export const ORDER_CONFIRMATION_TEMPLATE = 'order-confirmation';

/** What the e-mail needs of an order (an `Order` entity fits). */
export interface OrderConfirmationOrder {
  id: string;
  childName: string;
  childAge: number;
  moral: string;
  bookFormat: BookFormat;
  bookStyle: string | null;
  amountCents: number;
  currency: string;
  email: string;
  shippingAddress: ShippingAddress | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function orderConfirmationEmail(order: OrderConfirmationOrder, options: { publicUrl: string }): RenderedEmail {
  const title = planFor(order.bookFormat).title;
  const lesson = LIFE_LESSONS.find((l) => l.value === order.moral)?.label ?? order.moral;
  const style = order.bookStyle ? (BOOK_STYLES.find((s) => s.value === order.bookStyle)?.label ?? order.bookStyle) : null;
  const amount = formatAmount(order.amountCents, order.currency);
  const reference = orderReference(order.id);
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const printed = order.bookFormat === 'printed';
  const address = printed && order.shippingAddress ? addressLines(order.shippingAddress) : [];

  const subject = oneLine(`Your order is confirmed: ${order.childName}'s storybook is on its way`);
  const delivery = printed
    ? `You'll receive your premium printed storybook in 7-10 business days${address.length ? ', shipped to:' : '.'}`
    : "You'll get your personalized digital storybook by e-mail within 24 hours. Please check your inbox (and your spam folder) for the download link.";

  const details: Array<[string, string]> = [
    ['Book', title],
    ['Starring', `${order.childName}, age ${order.childAge}`],
    ['Life lesson', lesson],
    ...(style ? [['Illustration style', style] as [string, string]] : []),
    ['Amount paid', amount],
    ['Order reference', reference],
  ];

  const text = [
    `Thank you for your order!`,
    '',
    `We're so excited to create a storybook starring ${order.childName}. Your payment went through and your order is confirmed.`,
    '',
    'YOUR ORDER',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'DELIVERY',
    delivery,
    ...(address.length ? ['', ...address.map((line) => `  ${line}`)] : []),
    '',
    `Questions about your order? Visit ${shopUrl} and mention your order reference ${reference}.`,
    '',
    'With warm wishes,',
    'The Storybook Shop team',
  ].join('\n');

  const e = escapeHtml;
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:6px 12px 6px 0;color:#6b5b7b;white-space:nowrap;vertical-align:top">${e(label)}</td>` +
    `<td style="padding:6px 0;color:#2d2438;font-weight:bold">${e(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#fdf8f3;font-family:Georgia,'Times New Roman',serif;color:#2d2438">
<div style="display:none;max-height:0;overflow:hidden">Your order ${e(reference)} is confirmed. ${e(amount)} paid.</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fdf8f3">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #efe4d8">
<tr><td style="padding:28px 28px 8px">
<h1 style="margin:0 0 12px;font-size:24px;color:#7a3e9d">Thank you for your order!</h1>
<p style="margin:0 0 12px;font-size:16px;line-height:1.5">We're so excited to create a storybook starring <strong>${e(order.childName)}</strong>. Your payment went through and your order is confirmed.</p>
</td></tr>
<tr><td style="padding:8px 28px">
<h2 style="margin:0 0 8px;font-size:18px;color:#7a3e9d">Your order</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4">
${details.map(row).join('\n')}
</table>
</td></tr>
<tr><td style="padding:8px 28px">
<h2 style="margin:0 0 8px;font-size:18px;color:#7a3e9d">Delivery</h2>
<p style="margin:0 0 8px;font-size:15px;line-height:1.5">${e(delivery)}</p>
${address.length ? `<p style="margin:0 0 8px;font-size:15px;line-height:1.5;padding-left:12px;border-left:3px solid #efe4d8">${address.map(e).join('<br>')}</p>` : ''}
</td></tr>
<tr><td style="padding:8px 28px 28px">
<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:#6b5b7b">Questions about your order? Visit <a href="${e(shopUrl)}" style="color:#7a3e9d">${e(shopUrl)}</a> and mention your order reference <strong>${e(reference)}</strong>.</p>
<p style="margin:0;font-size:15px;line-height:1.5">With warm wishes,<br>The Storybook Shop team</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject, html, text };
}

/** The outbox row for an order's confirmation: queued once per order, whoever records the payment. */
export function orderConfirmationOutboxEmail(
  order: OrderConfirmationOrder,
  options: { publicUrl: string },
): OutboxEmailInput {
  const { subject, html, text } = orderConfirmationEmail(order, options);
  return {
    idempotencyKey: `${ORDER_CONFIRMATION_TEMPLATE}:${order.id}`,
    orderId: order.id,
    template: ORDER_CONFIRMATION_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}

/** 2500 USD -> "$25.00". */
export function formatAmount(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.trim() }).format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency}`;
  }
}

/** The order id as the shop shows it: its first 8 characters. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8);
}

function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.fullName, address.streetAddress, cityLine, address.country].filter((line) => line && line.trim());
}

/** A header value: no line breaks or other control characters, whatever the customer typed. */
function oneLine(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
