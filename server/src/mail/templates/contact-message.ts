/**
 * The contact form's e-mails: the message itself to each staff address (STAFF_EMAIL), with who to
 * answer, and a short acknowledgement to the sender saying it arrived and when to expect an
 * answer. Keyed by the message: never queued twice.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailLayout, emailParagraph } from './email-layout';

export const STAFF_CONTACT_TEMPLATE = 'staff-contact-message';
export const CONTACT_ACKNOWLEDGEMENT_TEMPLATE = 'contact-acknowledgement';

interface SentMessage {
  id: string;
  name: string;
  email: string;
  orderReference: string | null;
  message: string;
}

/** The message, to each staff address. */
export function staffContactEmails(sent: SentMessage, staffEmails: readonly string[], publicUrl: string): OutboxEmailInput[] {
  const subject = `Message from ${sent.name}${sent.orderReference ? ` about order ${sent.orderReference}` : ''}`;
  const messagesUrl = `${publicUrl.replace(/\/+$/, '')}/admin/messages`;
  const rows: Array<[string, string]> = [
    ['From', `${sent.name} <${sent.email}>`],
    ...(sent.orderReference ? [['Order', sent.orderReference] as [string, string]] : []),
  ];
  const text = [
    subject,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    sent.message,
    '',
    `All messages: ${messagesUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: sent.message.slice(0, 120),
    sections: [
      `<h1 style="margin:0 0 12px;font-size:22px;color:${EMAIL_COLORS.accent}">${e(subject)}</h1>\n` +
        rows.map(([label, value]) => emailParagraph(`<strong>${e(label)}:</strong> ${e(value)}`)).join('\n'),
      `<blockquote style="margin:0;padding:12px 16px;border-left:4px solid ${EMAIL_COLORS.accent};white-space:pre-wrap">${e(sent.message)}</blockquote>`,
      emailParagraph(
        `Answer by replying to ${e(sent.email)}, then mark it answered: <a href="${e(messagesUrl)}">${e(messagesUrl)}</a>`,
      ),
    ],
  });
  return staffEmails.map((to) => ({
    idempotencyKey: `${STAFF_CONTACT_TEMPLATE}:${sent.id}:${to}`,
    orderId: null,
    template: STAFF_CONTACT_TEMPLATE,
    to,
    subject,
    html,
    text,
  }));
}

/** The sender's acknowledgement: their message arrived, and a person answers within a working day. */
export function contactAcknowledgementEmail(sent: SentMessage): OutboxEmailInput {
  const subject = 'We have your message';
  const intro = `Thank you, ${sent.name}. Your message reached us, and a real person will answer it within one business day.`;
  const text = [subject, '', intro, '', 'What you wrote:', sent.message].join('\n');
  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: intro,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">${e(subject)}</h1>\n` + emailParagraph(e(intro)),
      emailParagraph(e('What you wrote:')) +
        `\n<blockquote style="margin:0;padding:12px 16px;border-left:4px solid ${EMAIL_COLORS.accent};white-space:pre-wrap">${e(sent.message)}</blockquote>`,
    ],
  });
  return {
    idempotencyKey: `${CONTACT_ACKNOWLEDGEMENT_TEMPLATE}:${sent.id}`,
    orderId: null,
    template: CONTACT_ACKNOWLEDGEMENT_TEMPLATE,
    to: sent.email,
    subject,
    html,
    text,
  };
}
