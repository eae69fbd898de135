/**
 * E-mails to the shop's staff (STAFF_EMAIL): one for every newly paid order, one for every
 * change a parent asks for, and one for each piece of studio work that goes overdue, each
 * linking to the order in the dashboard. One outbox row per
 * address; the idempotency key names the order (and the request), so a retried payment or a
 * repeated webhook never notifies anyone twice.
 */
import { lessonLabel, planFor } from '../../catalogue/catalogue';
import { sha256Hex } from '../../common/tokens';
import type { Order } from '../../orders/order.entity';
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailLayout, oneLine, type RenderedEmail } from './email-layout';
import { formatAmount, orderReference } from '../../orders/order-format';

export const STAFF_NEW_ORDER_TEMPLATE = 'staff-new-order';
export const STAFF_CHANGE_REQUEST_TEMPLATE = 'staff-change-request';

export interface StaffNotificationOptions {
  /** Lower-cased, validated addresses (config.staffEmails); empty: no staff e-mails at all. */
  staffEmails: readonly string[];
  publicUrl: string;
}

/** The builder the change-request service calls inside its transaction, queueing each row it returns. */
export type StaffChangeRequestEmails = (order: Order, message: string) => OutboxEmailInput[];

/** The builder the studio's overdue job calls inside its transaction. */
export type StaffOverdueEmails = (order: Order, work: { what: string; key: string; dueAt: Date }) => OutboxEmailInput[];

/** What the e-mails need of an order (an `Order` entity fits). */
type StaffOrder = Pick<Order, 'id' | 'childName' | 'childAge' | 'moral' | 'bookFormat' | 'amountCents' | 'currency' | 'email'>;

export function orderDashboardUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/dashboard?order=${encodeURIComponent(orderId)}`;
}

/** The staff's words for a child whose details the parent deleted. */
export const DELETED_CHILD = "details deleted at the parent's request";

function details(order: StaffOrder): Array<[string, string]> {
  const lesson = lessonLabel(order.moral);
  return [
    ['Order', orderReference(order.id)],
    ['Child', order.childName === null ? DELETED_CHILD : `${order.childName ?? DELETED_CHILD}, age ${order.childAge}`],
    ['Format', planFor(order.bookFormat).title],
    ['Life lesson', lesson],
    ['Amount', formatAmount(order.amountCents, order.currency)],
    ['Parent', order.email],
  ];
}

function render(options: {
  subject: string;
  heading: string;
  intro: string;
  rows: Array<[string, string]>;
  quote?: string;
  link: string;
}): RenderedEmail {
  const e = escapeHtml;
  const subject = oneLine(options.subject);
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:4px 12px 4px 0;color:${EMAIL_COLORS.muted};white-space:nowrap;vertical-align:top">${e(label)}</td>` +
    `<td style="padding:4px 0;color:${EMAIL_COLORS.ink};font-weight:bold">${e(value)}</td></tr>`;
  const html = emailLayout({
    title: subject,
    preheader: options.intro,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:22px;color:${EMAIL_COLORS.accent}">${e(options.heading)}</h1>\n` +
        `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${e(options.intro)}</p>`,
      `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4">\n${options.rows.map(row).join('\n')}\n</table>` +
        (options.quote === undefined
          ? ''
          : `\n<p style="margin:12px 0 0;font-size:15px;line-height:1.5;padding-left:12px;border-left:3px solid ${EMAIL_COLORS.rule};white-space:pre-wrap">${e(options.quote)}</p>`),
      `<p style="margin:0;font-size:15px"><a href="${e(options.link)}" style="color:${EMAIL_COLORS.accent}">Open the order in the dashboard</a></p>`,
    ],
  });
  const text = [
    options.intro,
    '',
    ...options.rows.map(([label, value]) => `${label}: ${value}`),
    ...(options.quote === undefined ? [] : ['', 'What the parent wrote:', options.quote]),
    '',
    `Open the order in the dashboard: ${options.link}`,
  ].join('\n');
  return { subject, html, text };
}

/** A short, stable stand-in for an address in an idempotency key (keys are at most 200 characters). */
function addressKey(address: string): string {
  return sha256Hex(address).slice(0, 16);
}

function toEachAddress(
  options: StaffNotificationOptions,
  template: string,
  keyOf: (address: string) => string,
  orderId: string,
  email: RenderedEmail,
): OutboxEmailInput[] {
  return options.staffEmails.map((to) => ({ idempotencyKey: keyOf(to), orderId, template, to, ...email }));
}

/** "New order": for `lifecycle.onEnter(OrderStatus.Paid, ...)`. Keyed by order, so an order is announced once. */
export function staffNewOrderEmails(order: StaffOrder, options: StaffNotificationOptions): OutboxEmailInput[] {
  if (options.staffEmails.length === 0) return [];
  const reference = orderReference(order.id);
  const amount = formatAmount(order.amountCents, order.currency);
  const email = render({
    subject: `New order ${reference}: ${order.childName ?? DELETED_CHILD}, ${planFor(order.bookFormat).title}, ${amount}`,
    heading: 'A new order is paid',
    intro: `Order ${reference} for ${order.childName ?? DELETED_CHILD} is paid and waiting for its book.`,
    rows: details(order),
    link: orderDashboardUrl(options.publicUrl, order.id),
  });
  return toEachAddress(
    options,
    STAFF_NEW_ORDER_TEMPLATE,
    (to) => `${STAFF_NEW_ORDER_TEMPLATE}:${order.id}:${addressKey(to)}`,
    order.id,
    email,
  );
}

/**
 * "A parent asks for a change". Keyed by order and message, so a retried request with the same
 * words is announced once, and a new request is announced again.
 */
export function staffChangeRequestEmails(
  order: StaffOrder,
  message: string,
  options: StaffNotificationOptions,
): OutboxEmailInput[] {
  if (options.staffEmails.length === 0) return [];
  const reference = orderReference(order.id);
  const messageKey = sha256Hex(message).slice(0, 16);
  const email = render({
    subject: `Change requested on order ${reference} (${order.childName ?? DELETED_CHILD})`,
    heading: 'A parent asks for a change',
    intro: `The parent of ${order.childName ?? DELETED_CHILD} asks for a change to order ${reference}.`,
    rows: details(order),
    quote: message,
    link: orderDashboardUrl(options.publicUrl, order.id),
  });
  return toEachAddress(
    options,
    STAFF_CHANGE_REQUEST_TEMPLATE,
    (to) => `${STAFF_CHANGE_REQUEST_TEMPLATE}:${order.id}:${messageKey}:${addressKey(to)}`,
    order.id,
    email,
  );
}

export const STAFF_OVERDUE_TEMPLATE = 'staff-overdue';

/**
 * "Overdue": a piece of studio work passed the time the shop promised. Keyed by order, what is
 * overdue and its due time, so the staff hear of each missed promise once.
 */
export function staffOverdueEmails(
  order: StaffOrder,
  work: { what: string; key: string; dueAt: Date },
  options: StaffNotificationOptions,
): OutboxEmailInput[] {
  if (options.staffEmails.length === 0) return [];
  const reference = orderReference(order.id);
  const email = render({
    subject: `Overdue: ${work.what} on order ${reference} (${order.childName ?? DELETED_CHILD})`,
    heading: 'Overdue in the studio',
    intro: `Order ${reference} was due ${work.dueAt.toUTCString()}: ${work.what}.`,
    rows: details(order),
    link: orderDashboardUrl(options.publicUrl, order.id),
  });
  const dueKey = work.dueAt.getTime().toString(36);
  return toEachAddress(
    options,
    STAFF_OVERDUE_TEMPLATE,
    (to) => `${STAFF_OVERDUE_TEMPLATE}:${order.id}:${work.key}:${dueKey}:${addressKey(to)}`,
    order.id,
    email,
  );
}

export const STAFF_PROOF_ANSWER_TEMPLATE = 'staff-proof-answer';

/** What the parent answered to a proof: approved, or changes asked with their words. */
export interface ProofAnswer {
  version: number;
  approved: boolean;
  message?: string;
}

/** The builder the proofs service calls inside its transaction. */
export type StaffProofAnswerEmails = (order: Order, answer: ProofAnswer) => OutboxEmailInput[];

/** "The parent approved the proof" or "asks for changes to it". Keyed by order and version: one e-mail an answer. */
export function staffProofAnswerEmails(
  order: StaffOrder,
  answer: ProofAnswer,
  options: StaffNotificationOptions,
): OutboxEmailInput[] {
  if (options.staffEmails.length === 0) return [];
  const reference = orderReference(order.id);
  const child = order.childName ?? DELETED_CHILD;
  const email = render(
    answer.approved
      ? {
          subject: `Proof ${answer.version} approved on order ${reference} (${child})`,
          heading: 'A parent approved the proof',
          intro: `The parent of ${child} approved proof ${answer.version} of order ${reference}: the final book can be made.`,
          rows: details(order),
          link: orderDashboardUrl(options.publicUrl, order.id),
        }
      : {
          subject: `Changes asked on proof ${answer.version} of order ${reference} (${child})`,
          heading: 'A parent asks for changes to the proof',
          intro: `The parent of ${child} asks for changes to proof ${answer.version} of order ${reference}.`,
          rows: details(order),
          quote: answer.message ?? '',
          link: orderDashboardUrl(options.publicUrl, order.id),
        },
  );
  return toEachAddress(
    options,
    STAFF_PROOF_ANSWER_TEMPLATE,
    (to) => `${STAFF_PROOF_ANSWER_TEMPLATE}:${order.id}:${answer.version}:${addressKey(to)}`,
    order.id,
    email,
  );
}

/** The builders with the shop's addresses bound: what composition.ts hands to the lifecycle and the change-request service. */
export function staffNotifications(options: StaffNotificationOptions): {
  newOrder: (order: Order) => OutboxEmailInput[];
  changeRequest: StaffChangeRequestEmails;
  overdue: StaffOverdueEmails;
  proofAnswer: StaffProofAnswerEmails;
} {
  return {
    newOrder: (order) => staffNewOrderEmails(order, options),
    changeRequest: (order, message) => staffChangeRequestEmails(order, message, options),
    overdue: (order, work) => staffOverdueEmails(order, work, options),
    proofAnswer: (order, answer) => staffProofAnswerEmails(order, answer, options),
  };
}
