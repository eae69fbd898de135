/**
 * The new link to an order's private page, after the parent renewed it: every older link has
 * stopped working, so a forwarded or leaked e-mail no longer opens the order. HTML and plain text.
 */
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailLayout, emailParagraph, type RenderedEmail } from './email-layout';
import { orderReference } from '../../orders/order-format';
import type { OrderEmailOptions } from '../../orders/order-email';

export const ORDER_LINK_RENEWED_TEMPLATE = 'order-link-renewed';

export function orderLinkRenewedEmail(order: { id: string }, options: OrderEmailOptions): RenderedEmail {
  const reference = orderReference(order.id);
  const subject = `The new link to your order ${reference}`;
  const intro = `You renewed the link to your order ${reference}. The older links, in earlier e-mails too, no longer open it. This is the new one; keep it to yourself:`;
  const text = [
    'The new link to your order',
    '',
    intro,
    options.orderUrl,
    '',
    'With warm wishes,',
    'The Storybook Shop team',
  ].join('\n');
  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: `The new link to your order ${reference}.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">The new link to your order</h1>\n` +
        emailParagraph(e(intro)) +
        `\n<p style="margin:0 0 12px;font-size:15px;line-height:1.5"><a href="${e(options.orderUrl)}" style="color:${EMAIL_COLORS.accent};word-break:break-all">${e(options.orderUrl)}</a></p>`,
      `<p style="margin:0;font-size:15px;line-height:1.5">With warm wishes,<br>The Storybook Shop team</p>`,
    ],
  });
  return { subject, html, text };
}

/** `tokenId` names the e-mail: one per renewal. */
export function orderLinkRenewedOutboxEmail(
  order: { id: string; email: string },
  tokenId: string,
  options: OrderEmailOptions,
): OutboxEmailInput {
  const { subject, html, text } = orderLinkRenewedEmail(order, options);
  return {
    idempotencyKey: `${ORDER_LINK_RENEWED_TEMPLATE}:${tokenId}`,
    orderId: order.id,
    template: ORDER_LINK_RENEWED_TEMPLATE,
    to: order.email,
    subject,
    html,
    text,
  };
}
