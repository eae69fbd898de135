/**
 * A book as a gift, from a phone: the order form's gift box (a message, and for a digital book the
 * day its e-mail goes out), paid in the sandbox, then the day moved from the order page; axe on
 * the form and the page, nothing wider than the screen, at phone and desktop widths.
 */
import { expect, type Page, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { adminOrder, chooseChildPhoto, gotoHydrated, pngPhoto, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

/** The day `days` from today on the browser's calendar, YYYY-MM-DD, and as the page names it. */
function dayAhead(page: Page, days: number): Promise<{ iso: string; long: string }> {
  return page.evaluate((n) => {
    const day = new Date();
    day.setDate(day.getDate() + n);
    const pad = (v: number) => String(v).padStart(2, '0');
    const iso = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate())),
    );
    return { iso, long };
  }, days);
}

const MESSAGE = 'Happy birthday, little one!\nLove, Grandma and Grandpa';

// The grandparent is on a phone (390 px); the form and the order page are checked at both widths.
test('a grandparent sends a digital book as a gift on a chosen day, then moves the day from the order page, checked at 390 and 1280 px', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // the whole form, the payment, then the order page
  await page.setViewportSize({ width: 390, height: 900 });
  const childName = uniqueName('Gift');
  await gotoHydrated(page, '/create');
  await page.getByLabel("Child's name", { exact: true }).fill(childName);
  await page.getByLabel('Age', { exact: true }).fill('6');
  await page.getByRole('radio', { name: 'Kindness' }).check();
  await page.getByLabel('Email', { exact: true }).fill('grandma@example.com');
  await chooseChildPhoto(page, { name: 'child.png', mimeType: 'image/png', buffer: await pngPhoto() });

  // The gift's details show once the box is ticked; a printed book's message goes on its dedication page, with no day.
  const gift = page.getByLabel('This book is a gift (optional)');
  await expect(page.getByLabel('Gift message (optional)')).toBeHidden();
  await gift.check();
  await page.getByRole('radio', { name: 'Premium Printed Storybook' }).check();
  await expect(page.getByText('Printed on the dedication page, under the dedication', { exact: false })).toBeVisible();
  await expect(page.getByLabel('E-mail the book on (optional)')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Digital Comic Book' }).check();

  await page.getByLabel('Gift message (optional)').fill(MESSAGE);
  const day = await dayAhead(page, 10);
  const dateField = page.getByLabel('E-mail the book on (optional)');
  // A day in the past is refused before anything is sent, on its field.
  await dateField.fill((await dayAhead(page, -1)).iso);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    'Please choose a delivery date from today to 365 days ahead, or leave it empty.',
  );
  await expect(dateField).toBeFocused();
  await dateField.fill(day.iso);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await atBothWidths(page, async (width) => {
    expect(await graveAxeViolations(page)).toEqual([]);
    await fitsWidth(page, width);
    await page.locator('.gift-fields').screenshot({ path: testInfo.outputPath(`gift-form-${width}.png`) });
  });

  await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
  await page.waitForURL(/\/payment\?/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const token = await page.evaluate(() => sessionStorage.getItem('checkoutToken'));
  await expect(page.getByText('Loading Payment Options')).toBeHidden({ timeout: 10_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await page.waitForURL('**/payment-success?format=digital');

  const stored = await adminOrder(request, orderId, 'giftMessage giftDeliveryDate giftSendAt');
  expect(stored).toMatchObject({ giftMessage: MESSAGE, giftDeliveryDate: day.iso });

  // The order page names the day, and moves it.
  await gotoHydrated(page, `/order/${token}`);
  const section = page.getByRole('region', { name: 'Delivery day' });
  await expect(section).toContainText(`We will e-mail the book on ${day.long}`);
  await expect(page.getByRole('region', { name: 'What you ordered' })).toContainText('Happy birthday, little one!');
  await section.getByRole('button', { name: 'Change the day' }).click();
  const later = await dayAhead(page, 20);
  await section.getByLabel('E-mail the book on').fill(later.iso);
  await section.getByRole('button', { name: 'Save the day' }).click();
  await expect(section.getByRole('status')).toHaveText(`Saved: we will e-mail the book on ${later.long}.`);
  await expect(section).toContainText(`We will e-mail the book on ${later.long}`);
  await expect(page.getByRole('region', { name: 'Where your order stands' })).toContainText('Delivery date changed');
  await atBothWidths(page, async (width) => {
    expect(await graveAxeViolations(page)).toEqual([]);
    await fitsWidth(page, width);
    await section.screenshot({ path: testInfo.outputPath(`gift-day-${width}.png`) });
  });
  expect(await adminOrder(request, orderId, 'giftDeliveryDate')).toEqual({ giftDeliveryDate: later.iso });
});
