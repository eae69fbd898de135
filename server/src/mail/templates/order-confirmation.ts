/**
 * The order confirmation e-mail, sent once an order is paid: what was ordered, what it cost,
 * when it arrives. HTML and plain text; every value the customer typed is escaped in the HTML;
 * no external images, so nothing is fetched when it is opened.
 */
import { BOOK_STYLES, type BookFormat, lessonLabel, planFor } from '../../catalogue/catalogue';
import type { ShippingAddress } from '../../orders/order.entity';
import { formatAmount, orderReference } from '../../orders/order-format';
import { escapeHtml } from '../escape-html';
import {
  addressLines,
  capitalized,
  childNameIn,
  EMAIL_COLORS,
  emailFooter,
  emailLayout,
  oneLine,
  type RenderedEmail,
} from './email-layout';
import type { OutboxEmailInput } from '../outbox.service';
import type { OrderEmailOptions } from '../../orders/order-email';

export const ORDER_CONFIRMATION_TEMPLATE = 'order-confirmation';

/** What the e-mail needs of an order (an `Order` entity fits). */
export interface OrderConfirmationOrder {
  id: string;
  childName: string | null;
  childAge: number | null;
  moral: string;
  bookFormat: BookFormat;
  bookStyle: string | null;
  amountCents: number;
  currency: string;
  email: string;
  shippingAddress: ShippingAddress | null;
}

export function orderConfirmationEmail(order: OrderConfirmationOrder, options: OrderEmailOptions): RenderedEmail {
  const child = childNameIn(order.childName);
  const title = planFor(order.bookFormat).title;
  const lesson = lessonLabel(order.moral);
  const style = order.bookStyle ? (BOOK_STYLES.find((s) => s.value === order.bookStyle)?.label ?? order.bookStyle) : null;
  const amount = formatAmount(order.amountCents, order.currency);
  const reference = orderReference(order.id);
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const printed = order.bookFormat === 'printed';
  const address = printed && order.shippingAddress ? addressLines(order.shippingAddress) : [];

  const footer = emailFooter(shopUrl, reference, options.orderUrl);
  const receiptUrl = options.receiptUrl;
  const subject = oneLine(`Your order is confirmed: ${child}'s storybook is on its way`);
  const delivery = printed
    ? `You'll receive your premium printed storybook in 7-10 business days${address.length ? ', shipped to:' : '.'}`
    : "You'll get your personalized digital storybook by e-mail within 24 hours. Please check your inbox (and your spam folder) for the download link.";

  const details: Array<[string, string]> = [
    ['Book', title],
    ['Starring', order.childAge === null ? capitalized(child) : `${child}, age ${order.childAge}`],
    ['Life lesson', lesson],
    ...(style ? [['Illustration style', style] as [string, string]] : []),
    ['Amount paid', amount],
    ['Order reference', reference],
  ];

  const text = [
    `Thank you for your order!`,
    '',
    `We're so excited to create a storybook starring ${child}. Your payment went through and your order is confirmed.`,
    '',
    'YOUR ORDER',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'DELIVERY',
    delivery,
    ...(address.length ? ['', ...address.map((line) => `  ${line}`)] : []),
    '',
    ...(receiptUrl ? [`Your receipt, to print or save as a PDF: ${receiptUrl}`, ''] : []),
    ...footer.text,
  ].join('\n');

  const e = escapeHtml;
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:6px 12px 6px 0;color:${EMAIL_COLORS.muted};white-space:nowrap;vertical-align:top">${e(label)}</td>` +
    `<td style="padding:6px 0;color:${EMAIL_COLORS.ink};font-weight:bold">${e(value)}</td></tr>`;
  const html = emailLayout({
    title: subject,
    preheader: `Your order ${reference} is confirmed. ${amount} paid.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">Thank you for your order!</h1>\n` +
        `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">We're so excited to create a storybook starring <strong>${e(child)}</strong>. Your payment went through and your order is confirmed.</p>`,
      `<h2 style="margin:0 0 8px;font-size:18px;color:${EMAIL_COLORS.accent}">Your order</h2>\n` +
        `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4">\n${details.map(row).join('\n')}\n</table>`,
      `<h2 style="margin:0 0 8px;font-size:18px;color:${EMAIL_COLORS.accent}">Delivery</h2>\n` +
        `<p style="margin:0 0 8px;font-size:15px;line-height:1.5">${e(delivery)}</p>` +
        (address.length
          ? `\n<p style="margin:0 0 8px;font-size:15px;line-height:1.5;padding-left:12px;border-left:3px solid ${EMAIL_COLORS.rule}">${address.map(e).join('<br>')}</p>`
          : ''),
      ...(receiptUrl
        ? [
            `<p style="margin:0;font-size:15px;line-height:1.5">To print it or save it as a PDF: <a href="${e(receiptUrl)}" style="color:${EMAIL_COLORS.accent}">your receipt</a></p>`,
          ]
        : []),
      footer.html,
    ],
  });

  return { subject, html, text };
}

/** The outbox row for an order's confirmation: queued once per order, whoever records the payment. */
export function orderConfirmationOutboxEmail(order: OrderConfirmationOrder, options: OrderEmailOptions): OutboxEmailInput {
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
