/**
 * The shop's answers to a parent's request for a change, each to the parent with a link to the
 * order page: that the request arrived, the staff's reply, or why it cannot be done. HTML and
 * plain text; what the parent or the staff wrote is shown as written, escaped.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailFooter, emailLayout, emailParagraph, type RenderedEmail } from './email-layout';
import { orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';
import { sha256Hex } from '../../common/tokens';

export const CHANGE_RECEIVED_TEMPLATE = 'change-request-received';
export const CHANGE_ANSWERED_TEMPLATE = 'change-request-answered';
export const CHANGE_DECLINED_TEMPLATE = 'change-request-declined';

interface ReplyOrder {
  id: string;
  email: string;
}

function render(
  order: ReplyOrder,
  options: OrderEmailOptions,
  parts: { subject: string; heading: string; intro: string; quoteLabel: string; quote: string; outro: string },
): RenderedEmail {
  const reference = orderReference(order.id);
  const footer = emailFooter(options.publicUrl.replace(/\/+$/, ''), reference, options.orderUrl);
  const e = escapeHtml;
  const text = [
    parts.heading,
    '',
    parts.intro,
    '',
    `${parts.quoteLabel}:`,
    parts.quote,
    '',
    parts.outro,
    '',
    ...footer.text,
  ].join('\n');
  const html = emailLayout({
    title: parts.subject,
    preheader: parts.intro,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">${e(parts.heading)}</h1>\n` +
        emailParagraph(e(parts.intro)),
      `<p style="margin:0 0 4px;font-size:14px;color:${EMAIL_COLORS.muted}">${e(parts.quoteLabel)}</p>\n` +
        `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;padding-left:12px;border-left:3px solid ${EMAIL_COLORS.rule};white-space:pre-wrap">${e(parts.quote)}</p>`,
      emailParagraph(e(parts.outro)),
      footer.html,
    ],
  });
  return { subject: parts.subject, html, text };
}

function outbox(template: string, order: ReplyOrder, key: string, email: RenderedEmail): OutboxEmailInput {
  return {
    idempotencyKey: `${template}:${order.id}:${sha256Hex(key).slice(0, 16)}`,
    orderId: order.id,
    template,
    to: order.email,
    ...email,
  };
}

/** "We have your request": sent when the parent asks. */
export function changeReceivedOutboxEmail(order: ReplyOrder, message: string, options: OrderEmailOptions): OutboxEmailInput {
  const reference = orderReference(order.id);
  return outbox(
    CHANGE_RECEIVED_TEMPLATE,
    order,
    message,
    render(order, options, {
      subject: `We received your change request for order ${reference}`,
      heading: 'We received your request',
      intro: `Thank you: your request for a change to order ${reference} has reached our studio.`,
      quoteLabel: 'What you asked',
      quote: message,
      outro: 'We answer within 2 days, and e-mail you when the updated book is ready.',
    }),
  );
}

/** The staff's reply to the request, without a new version of the book. */
export function changeAnsweredOutboxEmail(order: ReplyOrder, reply: string, options: OrderEmailOptions): OutboxEmailInput {
  const reference = orderReference(order.id);
  return outbox(
    CHANGE_ANSWERED_TEMPLATE,
    order,
    reply,
    render(order, options, {
      subject: `An answer to your change request for order ${reference}`,
      heading: 'An answer from our studio',
      intro: `About your request for a change to order ${reference}:`,
      quoteLabel: 'Our studio writes',
      quote: reply,
      outro: 'Reply to this e-mail if anything is unclear.',
    }),
  );
}

/** The request cannot be met, and why. */
export function changeDeclinedOutboxEmail(order: ReplyOrder, reason: string, options: OrderEmailOptions): OutboxEmailInput {
  const reference = orderReference(order.id);
  return outbox(
    CHANGE_DECLINED_TEMPLATE,
    order,
    reason,
    render(order, options, {
      subject: `About your change request for order ${reference}`,
      heading: 'We cannot make this change',
      intro: `We are sorry: we cannot make the change you asked for on order ${reference}.`,
      quoteLabel: 'Why',
      quote: reason,
      outro: 'Reply to this e-mail if you would like to talk it through.',
    }),
  );
}
