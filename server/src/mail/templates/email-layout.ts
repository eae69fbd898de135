/**
 * The frame every shop e-mail shares: a centred card on the shop's paper colour, inline styles
 * only (mail clients drop style sheets), no external images, so nothing is fetched when opened.
 */
import type { ShippingAddress } from '../../orders/order.entity';
import { escapeHtml } from '../escape-html';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const EMAIL_COLORS = { ink: '#2d2438', muted: '#6b5b7b', accent: '#7a3e9d', rule: '#efe4d8' } as const;

/**
 * `sections` are trusted HTML built by the template, with every customer value already escaped;
 * `title` and `preheader` are plain text and escaped here.
 */
export function emailLayout({ title, preheader, sections }: { title: string; preheader: string; sections: string[] }): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
</head>
<body style="margin:0;padding:0;background:#fdf8f3;font-family:Georgia,'Times New Roman',serif;color:${EMAIL_COLORS.ink}">
<div style="display:none;max-height:0;overflow:hidden">${e(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fdf8f3">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid ${EMAIL_COLORS.rule}">
${sections.map((section, index) => `<tr><td style="padding:${index === 0 ? '28px 28px 8px' : index === sections.length - 1 ? '8px 28px 28px' : '8px 28px'}">\n${section}\n</td></tr>`).join('\n')}
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A header value: no line breaks or other control characters, whatever the customer typed. */
export function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The child's name as an e-mail says it; after the parent deleted the child's details, "your child". */
export function childNameIn(name: string | null): string {
  return name ?? 'your child';
}

/** The first letter in capitals: for a subject or a heading that may start with "your child". */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The sign-off and the "questions?" line every e-mail ends with, as HTML and as text. With the
 * order page's address, the line links to it instead of asking the parent to mention the reference.
 */
export function emailFooter(shopUrl: string, reference: string, orderUrl?: string): { html: string; text: string[] } {
  const e = escapeHtml;
  if (orderUrl) {
    return {
      html:
        `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:${EMAIL_COLORS.muted}">See where your order <strong>${e(reference)}</strong> stands, or ask us about it, on your private order page: <a href="${e(orderUrl)}" style="color:${EMAIL_COLORS.accent};word-break:break-all">${e(orderUrl)}</a>. Keep this link to yourself: it opens your order without a password.</p>\n` +
        `<p style="margin:0;font-size:15px;line-height:1.5">With warm wishes,<br>The Storybook Shop team</p>`,
      text: [
        `See where your order ${reference} stands, or ask us about it, on your private order page: ${orderUrl}`,
        'Keep this link to yourself: it opens your order without a password.',
        '',
        'With warm wishes,',
        'The Storybook Shop team',
      ],
    };
  }
  return {
    html:
      `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:${EMAIL_COLORS.muted}">Questions about your order? Visit <a href="${e(shopUrl)}" style="color:${EMAIL_COLORS.accent}">${e(shopUrl)}</a> and mention your order reference <strong>${e(reference)}</strong>.</p>\n` +
      `<p style="margin:0;font-size:15px;line-height:1.5">With warm wishes,<br>The Storybook Shop team</p>`,
    text: [
      `Questions about your order? Visit ${shopUrl} and mention your order reference ${reference}.`,
      '',
      'With warm wishes,',
      'The Storybook Shop team',
    ],
  };
}

/** The e-mail's one call to action: a filled button to `url` (both escaped here). */
export function emailButton(url: string, label: string): string {
  return `<p style="margin:0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:${EMAIL_COLORS.accent};color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

/** A paragraph of body text; `html` is trusted, every customer value in it already escaped. */
export function emailParagraph(html: string): string {
  return `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${html}</p>`;
}

/** A shipping address as the lines of a label: name, street, apartment, "City, ST 12345", country; blank parts left out. */
export function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.fullName, address.streetAddress, address.addressLine2 ?? '', cityLine, address.country].filter(
    (line) => line && line.trim(),
  );
}
