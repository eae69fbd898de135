/**
 * The answer to "find my order": one e-mail to the address that asked, listing each of its
 * orders (newest first) with its reference, the child's name, the format, where it stands and a
 * link to its private page. HTML and plain text; every value the parent typed is escaped.
 */
import { planFor, type BookFormat } from '../../catalogue/catalogue';
import { escapeHtml } from '../escape-html';
import type { OutboxEmailInput } from '../outbox.service';
import { EMAIL_COLORS, emailLayout, emailParagraph, type RenderedEmail } from './email-layout';
import { orderReference } from '../../orders/order-format';

export const ORDER_LINKS_TEMPLATE = 'order-links';

export interface OrderLinksEntry {
  id: string;
  childName: string | null;
  bookFormat: BookFormat;
  status: string;
  createdAt: Date;
  /** {PUBLIC_URL}/order/{token}, minted for this e-mail. */
  url: string;
}

/** Where an order stands, as the list says it. */
const STATUS_WORDS: Record<string, string> = {
  Pending: 'Waiting for payment',
  Paid: 'Paid: your book is being made',
  Completed: 'Your book is ready',
  Shipped: 'Shipped',
  Cancelled: 'Cancelled',
  Refunded: 'Refunded',
};

export function orderLinksEmail(orders: readonly OrderLinksEntry[], options: { publicUrl: string }): RenderedEmail {
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const subject = orders.length === 1 ? 'The link to your storybook order' : 'The links to your storybook orders';
  const intro =
    "You asked us for the links to your orders. Each link opens the order's private page: where it stands, what you ordered and, once ready, your book. Keep them to yourself: they open your orders without a password.";
  const lines = orders.map((order) => {
    const child = order.childName ?? "Your child's details were deleted";
    const placed = order.createdAt.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    return {
      order,
      heading: `Order ${orderReference(order.id)}: ${child}`,
      facts: `${planFor(order.bookFormat).title}, placed ${placed}. ${STATUS_WORDS[order.status] ?? order.status}.`,
    };
  });
  const ignore = "If you didn't ask for this e-mail, you can ignore it: nothing has changed.";

  const text = [
    'Your storybook orders',
    '',
    intro,
    '',
    ...lines.flatMap(({ order, heading, facts }) => [heading, facts, order.url, '']),
    ignore,
    '',
    `The Storybook Shop team, ${shopUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    preheader: `The links to your ${orders.length === 1 ? 'order' : `${orders.length} orders`}.`,
    sections: [
      `<h1 style="margin:0 0 12px;font-size:24px;color:${EMAIL_COLORS.accent}">Your storybook orders</h1>\n` +
        emailParagraph(e(intro)),
      lines
        .map(
          ({ order, heading, facts }) =>
            `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;padding-left:12px;border-left:3px solid ${EMAIL_COLORS.rule}"><strong>${e(heading)}</strong><br>${e(facts)}<br><a href="${e(order.url)}" style="color:${EMAIL_COLORS.accent};word-break:break-all">Open the order page</a></p>`,
        )
        .join('\n'),
      `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:${EMAIL_COLORS.muted}">${e(ignore)}</p>\n` +
        `<p style="margin:0;font-size:15px;line-height:1.5">With warm wishes,<br>The Storybook Shop team</p>`,
    ],
  });
  return { subject, html, text };
}

/** `requestId` names this one answer (the tokens minted for it), so a retried transaction queues it once. */
export function orderLinksOutboxEmail(
  to: string,
  orders: readonly OrderLinksEntry[],
  requestId: string,
  options: { publicUrl: string },
): OutboxEmailInput {
  const { subject, html, text } = orderLinksEmail(orders, options);
  return {
    idempotencyKey: `${ORDER_LINKS_TEMPLATE}:${requestId}`,
    // Filed with the newest order, so staff see in its e-mails that the parent asked for the links.
    orderId: orders[0]?.id ?? null,
    template: ORDER_LINKS_TEMPLATE,
    to,
    subject,
    html,
    text,
  };
}
