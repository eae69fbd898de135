/**
 * The orders table at desktop width keeps each parent's e-mail address readable: a long address
 * wraps only before its @ or a dot of its domain, or after a hyphen, never inside a word.
 */
import { expect, test } from '@playwright/test';
import { createPaidOrderByApi, loginAsAdmin, searchOrders, uniqueName } from './support/shop';
import { fitsWidth } from './support/page-checks';

test('a long e-mail address wraps only at its @, a dot or a hyphen, at 1280 px', async ({ page, request }) => {
  const childName = uniqueName('Mail');
  const email = `alexandrina.montgomery-fitzwilliam.${childName.toLowerCase()}@family-mail.example.com`;
  await createPaidOrderByApi(request, { childName, email });
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page);
  await searchOrders(page, childName);
  const cell = page
    .getByRole('row', { name: new RegExp(childName) })
    .getByRole('cell')
    .filter({ hasText: '@' });
  await expect(cell).toHaveText(email);

  // Where each rendered line of the cell starts: the character before it and its first one.
  const lineStarts = await cell.evaluate((element) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    let previous = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop + 2) starts.push(previous + text[i]);
        lastTop = top;
        previous = text[i];
      }
    }
    return starts;
  });
  for (const start of lineStarts) expect(start).toMatch(/^(.[@.]|-.)$/);
  await fitsWidth(page, 1280);
  await page.screenshot({ path: test.info().outputPath('orders-table-1280.png') });
});
