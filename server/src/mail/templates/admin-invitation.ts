/** The e-mail that invites someone to the admin portal: a one-time link to choose a password. */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailLayout } from './email-layout';

export const ADMIN_INVITATION_TEMPLATE = 'admin-invitation';

const ROLE_WORDS: Record<string, string> = {
  OWNER: 'as an owner: orders, refunds and the team',
  STUDIO: 'as a studio member: making and shipping the books',
};

export function adminInvitationOutboxEmail(invitation: {
  id: string;
  email: string;
  /** AdminRole: OWNER or STUDIO. */
  role: string;
  link: string;
  invitedBy: string;
  expiresAt: Date;
}): OutboxEmailInput {
  const e = escapeHtml;
  const expires = invitation.expiresAt.toUTCString();
  const subject = 'You are invited to run the Storybook Shop';
  const intro =
    `${invitation.invitedBy} invited you to the Storybook Shop's admin portal, where staff run orders, ` +
    `${ROLE_WORDS[invitation.role] ?? ROLE_WORDS.STUDIO}.`;
  const html = emailLayout({
    title: subject,
    preheader: 'Choose a password to join the admin portal.',
    sections: [
      `<h1 style="margin:0 0 12px;font-size:22px;color:${EMAIL_COLORS.accent}">Join the admin portal</h1>\n` +
        `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${e(intro)}</p>`,
      `<p style="margin:0 0 12px;font-size:15px"><a href="${e(invitation.link)}" style="color:${EMAIL_COLORS.accent};font-weight:bold">Choose your password</a></p>\n` +
        `<p style="margin:0;font-size:14px;line-height:1.5;color:${EMAIL_COLORS.muted}">The link works once, until ${e(expires)}. If you did not expect this e-mail, ignore it.</p>`,
    ],
  });
  const text = [
    intro,
    '',
    `Choose your password: ${invitation.link}`,
    '',
    `The link works once, until ${expires}. If you did not expect this e-mail, ignore it.`,
  ].join('\n');
  return {
    idempotencyKey: `${ADMIN_INVITATION_TEMPLATE}:${invitation.id}`,
    orderId: null,
    template: ADMIN_INVITATION_TEMPLATE,
    to: invitation.email,
    subject,
    html,
    text,
  };
}
