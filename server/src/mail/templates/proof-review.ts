/**
 * E-mails to the parent about a proof of their book: that it is ready to review on the order
 * page, 48 hours later without an answer a reminder, and that the shop recorded the approval
 * they gave another way. HTML and plain text; the link is the
 * order page's, with a token of its own.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import {
  capitalized,
  childNameIn,
  EMAIL_COLORS,
  emailButton,
  emailFooter,
  emailLayout,
  emailParagraph,
  type RenderedEmail,
} from './email-layout';
import { orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';

export const PROOF_READY_TEMPLATE = 'proof-ready';
export const PROOF_REMINDER_TEMPLATE = 'proof-reminder';
export const PROOF_APPROVED_FOR_YOU_TEMPLATE = 'proof-approved-for-you';

interface ProofOrder {
  id: string;
  email: string;
  childName: string | null;
  bookFormat: string;
}

function render(
  order: ProofOrder,
  options: OrderEmailOptions,
  parts: { subject: string; heading: string; intro: string; ask?: string; button?: string },
): RenderedEmail {
  const reference = orderReference(order.id);
  const footer = emailFooter(options.publicUrl.replace(/\/+$/, ''), reference, options.orderUrl);
  const e = escapeHtml;
  const button = parts.button ?? 'Review your book';
  const ask =
    parts.ask ??
    (order.bookFormat === 'printed'
      ? 'Look through every page. When it is right, approve it and we print it; if anything should change, tell us what.'
      : 'Look through every page. When it is right, approve it and we finish your book; if anything should change, tell us what.');
  const text = [parts.heading, '', parts.intro, ask, '', `${button}: ${options.orderUrl}`, '', ...footer.text].join('\n');
  const html = emailLayout({
    title: parts.subject,
    preheader: parts.intro,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">${e(parts.heading)}</h1>\n` +
        emailParagraph(e(parts.intro)) +
        '\n' +
        emailParagraph(e(ask)),
      emailButton(options.orderUrl, button),
      footer.html,
    ],
  });
  return { subject: parts.subject, html, text };
}

/**
 * "Your book is ready to review": proof `version` was sent, `afterChanges` when it answers the
 * changes the parent asked for. Keyed by order and version: one e-mail a proof.
 */
export function proofReadyOutboxEmail(
  order: ProofOrder,
  version: number,
  afterChanges: boolean,
  options: OrderEmailOptions,
): OutboxEmailInput {
  const child = childNameIn(order.childName);
  return {
    idempotencyKey: `${PROOF_READY_TEMPLATE}:${order.id}:${version}`,
    orderId: order.id,
    template: PROOF_READY_TEMPLATE,
    to: order.email,
    ...render(order, options, {
      subject: `${capitalized(child)}'s book is ready to review`,
      heading: 'Your book is ready to review',
      intro:
        version === 1
          ? `The first proof of ${child}'s storybook (order ${orderReference(order.id)}) is ready on your order page.`
          : afterChanges
            ? `A new proof of ${child}'s storybook (order ${orderReference(order.id)}), with your changes, is ready on your order page.`
            : `A new proof of ${child}'s storybook (order ${orderReference(order.id)}) is ready on your order page: it replaces the one we sent before.`,
    }),
  };
}

/** The reminder, once a proof has waited 48 hours for an answer. One a proof. */
export function proofReminderOutboxEmail(order: ProofOrder, version: number, options: OrderEmailOptions): OutboxEmailInput {
  const child = childNameIn(order.childName);
  return {
    idempotencyKey: `${PROOF_REMINDER_TEMPLATE}:${order.id}:${version}`,
    orderId: order.id,
    template: PROOF_REMINDER_TEMPLATE,
    to: order.email,
    ...render(order, options, {
      subject: `A reminder: ${child}'s book is waiting for your review`,
      heading: 'Your book is waiting for you',
      intro: `The proof of ${child}'s storybook (order ${orderReference(order.id)}) is still waiting for your answer: we make the book as soon as you approve it.`,
    }),
  };
}

/**
 * The parent said yes another way (by e-mail, on the phone) and an owner recorded it: the parent
 * is told, so an approval they did not give cannot pass unseen. One a proof.
 */
export function proofApprovedForYouOutboxEmail(order: ProofOrder, version: number, options: OrderEmailOptions): OutboxEmailInput {
  const child = childNameIn(order.childName);
  const making = order.bookFormat === 'printed' ? 'making and printing' : 'making';
  return {
    idempotencyKey: `${PROOF_APPROVED_FOR_YOU_TEMPLATE}:${order.id}:${version}`,
    orderId: order.id,
    template: PROOF_APPROVED_FOR_YOU_TEMPLATE,
    to: order.email,
    ...render(order, options, {
      subject: `We recorded your approval of ${child}'s book`,
      heading: 'Your approval is recorded',
      intro: `You told us the proof of ${child}'s storybook (order ${orderReference(order.id)}) is right, so we recorded your approval and are ${making} your book now.`,
      ask: 'If you did not approve it, or something should still change, tell us today, with your order reference, and we will stop.',
      button: 'See your order',
    }),
  };
}
