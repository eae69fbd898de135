/**
 * The refund confirmation: how much is coming back, why (in words meant for a parent, never the
 * staff's note), and when it reaches their card. HTML and plain text; customer values escaped.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { childNameIn, EMAIL_COLORS, emailFooter, emailLayout, emailParagraph, oneLine, type RenderedEmail } from './email-layout';
import { formatAmount, orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';

export const REFUND_CONFIRMATION_TEMPLATE = 'refund-confirmation';

/** Card refunds reach the statement in this many business days (Stripe's own wording: 5-10). */
export const REFUND_ARRIVAL = '5-10 business days';

export interface RefundConfirmationOrder {
  id: string;
  childName: string | null;
  email: string;
  currency: string;
}

export interface RefundDetails {
  amountCents: number;
  /** Why, in words written for the parent (the dashboard says the parent reads it); null says nothing. */
  reason: string | null;
}

export function refundConfirmationEmail(
  order: RefundConfirmationOrder,
  refund: RefundDetails,
  options: OrderEmailOptions,
): RenderedEmail {
  const amount = formatAmount(refund.amountCents, order.currency);
  const reference = orderReference(order.id);
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const footer = emailFooter(shopUrl, reference, options.orderUrl);
  const child = childNameIn(order.childName);
  const subject = oneLine(`Your refund of ${amount} is on its way`);
  const intro = `We have refunded ${amount} for ${child}'s storybook (order ${reference}) to the card you paid with.`;
  const arrival = `Refunds usually reach your card within ${REFUND_ARRIVAL}, depending on your bank. You don't need to do anything.`;

  const text = [
    'Your refund is on its way',
    '',
    intro,
    ...(refund.reason ? ['', `Reason: ${refund.reason}`] : []),
    '',
    arrival,
    '',
    ...footer.text,
  ].join('\n');

  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: `${amount} refunded for order ${reference}.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">Your refund is on its way</h1>\n` +
        emailParagraph(
          `We have refunded <strong>${e(amount)}</strong> for <strong>${e(child)}</strong>'s storybook (order ${e(reference)}) to the card you paid with.`,
        ) +
        (refund.reason
          ? `\n${emailParagraph(`<span style="color:${EMAIL_COLORS.muted}">Reason:</span> ${e(refund.reason)}`)}`
          : ''),
      emailParagraph(e(arrival)),
      footer.html,
    ],
  });
  return { subject, html, text };
}

/** One refund e-mail per refund the provider made (its id names it). */
export function refundConfirmationOutboxEmail(
  order: RefundConfirmationOrder,
  refund: RefundDetails & { refundId: string },
  options: OrderEmailOptions,
): OutboxEmailInput {
  const { subject, html, text } = refundConfirmationEmail(order, refund, options);
  return {
    idempotencyKey: `${REFUND_CONFIRMATION_TEMPLATE}:${order.id}:${refund.refundId}`.slice(0, 200),
    orderId: order.id,
    template: REFUND_CONFIRMATION_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}
