/**
 * The confirmation that the parent's request to delete their child's data was carried out: what
 * is gone and what the shop keeps for its accounts. HTML and plain text.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailFooter, emailLayout, emailParagraph, type RenderedEmail } from './email-layout';
import { orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';

export const CHILD_DATA_DELETED_TEMPLATE = 'child-data-deleted';

export interface ChildDataDeletedOrder {
  id: string;
  email: string;
}

export const DELETED_WHAT =
  "We have deleted your child's photo, the finished video and PDF, and your child's name, age, story idea, dedication, gift message and the shipping address.";
export const KEPT_WHAT =
  'We keep only what our accounts need: the order reference, the amount paid, the dates, the payment reference and your e-mail address for receipts.';

export function childDataDeletedEmail(order: ChildDataDeletedOrder, options: OrderEmailOptions): RenderedEmail {
  const reference = orderReference(order.id);
  const footer = emailFooter(options.publicUrl.replace(/\/+$/, ''), reference, options.orderUrl);
  const subject = `Your child's data for order ${reference} has been deleted`;
  const text = [
    "Your child's data has been deleted",
    '',
    `As you asked, for order ${reference}:`,
    DELETED_WHAT,
    '',
    KEPT_WHAT,
    '',
    ...footer.text,
  ].join('\n');
  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: `Order ${reference}: your child's photo and details are deleted.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">Your child's data has been deleted</h1>\n` +
        emailParagraph(`As you asked, for order <strong>${e(reference)}</strong>: ${e(DELETED_WHAT)}`),
      emailParagraph(e(KEPT_WHAT)),
      footer.html,
    ],
  });
  return { subject, html, text };
}

/** Sent once per order: deleting again changes nothing and sends nothing. */
export function childDataDeletedOutboxEmail(order: ChildDataDeletedOrder, options: OrderEmailOptions): OutboxEmailInput {
  const { subject, html, text } = childDataDeletedEmail(order, options);
  return {
    idempotencyKey: `${CHILD_DATA_DELETED_TEMPLATE}:${order.id}`,
    orderId: order.id,
    template: CHILD_DATA_DELETED_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}
