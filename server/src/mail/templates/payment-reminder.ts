/**
 * The one reminder a parent gets about an order they started and did not pay: a day later, with
 * the link to the order page, where they can pay. HTML and plain text.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { capitalized, childNameIn, EMAIL_COLORS, emailButton, emailFooter, emailLayout, emailParagraph } from './email-layout';
import { formatAmount, orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';

export const PAYMENT_REMINDER_TEMPLATE = 'payment-reminder';

interface UnpaidOrder {
  id: string;
  email: string;
  childName: string | null;
  amountCents: number;
  currency: string;
}

/** Keyed by the order: never a second one. */
export function paymentReminderOutboxEmail(order: UnpaidOrder, options: OrderEmailOptions): OutboxEmailInput {
  const child = childNameIn(order.childName);
  const reference = orderReference(order.id);
  const subject = `${capitalized(child)}'s storybook is waiting for you`;
  const intro = `You started an order for ${child}'s personalised storybook (order ${reference}, ${formatAmount(order.amountCents, order.currency)}), and it has not been paid yet.`;
  const ask =
    'Your details and photo are saved: finish the payment from your order page, and our storytellers start on the book.';
  const button = 'Finish your order';
  const footer = emailFooter(options.publicUrl.replace(/\/+$/, ''), reference, options.orderUrl);
  const text = [
    subject,
    '',
    intro,
    ask,
    '',
    `${button}: ${options.orderUrl}`,
    '',
    'Changed your mind? Do nothing: an unpaid order is cancelled after 30 days, and this is the only reminder we send.',
    '',
    ...footer.text,
  ].join('\n');
  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: intro,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">${e(subject)}</h1>\n` +
        emailParagraph(e(intro)) +
        '\n' +
        emailParagraph(e(ask)),
      emailButton(options.orderUrl, button),
      emailParagraph(
        e('Changed your mind? Do nothing: an unpaid order is cancelled after 30 days, and this is the only reminder we send.'),
      ),
      footer.html,
    ],
  });
  return {
    idempotencyKey: `${PAYMENT_REMINDER_TEMPLATE}:${order.id}`,
    orderId: order.id,
    template: PAYMENT_REMINDER_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}
