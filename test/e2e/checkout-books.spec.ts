/**
 * Several books in one checkout, in the browser: after the first book the parent chooses "Add
 * another book", fills the order form for a sibling and comes back to the same payment page, which
 * lists both books with the family discount; a book can be taken out again; one sandbox payment
 * pays them all, and the success page names both.
 */
import { expect, type Page, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { chooseChildPhoto, gotoHydrated, pngPhoto } from './support/shop';
import { atBothWidths } from './support/widths';

async function fillBook(page: Page, childName: string, email: string) {
  await page.getByLabel("Child's name", { exact: true }).fill(childName);
  await page.getByLabel('Age', { exact: true }).fill('7');
  await page.getByRole('radio', { name: 'Courage' }).check();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await chooseChildPhoto(page, { name: `${childName}.png`, mimeType: 'image/png', buffer: await pngPhoto() });
  await page.getByLabel('I accept the terms and conditions').check();
}

test.describe('several books in one checkout', () => {
  // The parent's journey runs on a phone (390 px); the checkout of two books is checked at 1280 px too.
  test("adds a sibling's book with the family discount, takes one out, and pays for both at once, checked at 390 and 1280 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const email = 'family@example.com';
    await gotoHydrated(page, '/create');
    await fillBook(page, 'Nora', email);
    await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
    await page.waitForURL('**/payment?**');
    const paymentUrl = page.url();
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('For a sibling, a cousin or the same child in the other format: 10% off every book');

    // A sibling's book: the form says what it joins and what it costs there.
    await summary.getByRole('button', { name: 'Add another book' }).click();
    await page.waitForURL('**/create?add=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Another Book');
    await expect(page.getByText('This book joins your checkout: 10% off every book')).toBeVisible();
    await expect(page.locator('.order-form__total')).toContainText('$22.50');
    await fillBook(page, 'Otto', email);
    await page.getByRole('button', { name: 'Add This Book' }).click();
    await page.waitForURL(paymentUrl);

    // Both books, the family discount, one total.
    const books = summary.getByRole('list', { name: 'Books in this checkout' });
    await expect(books.getByRole('listitem')).toHaveCount(2);
    await expect(books).toContainText('Starring Nora');
    await expect(books).toContainText('Starring Otto');
    await expect(summary).toContainText('Family discount');
    await expect(summary).toContainText('−$5');
    await expect(page.getByRole('button', { name: 'Pay $45' })).toBeVisible();
    await expect(page.locator('.payment-card__recap')).toContainText('2 books, starring Nora, Otto');
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });

    // A third, then taken out again: the price goes back to two books'.
    await summary.getByRole('button', { name: 'Add another book' }).click();
    await page.waitForURL('**/create?add=1');
    await fillBook(page, 'Pia', email);
    await page.getByRole('button', { name: 'Add This Book' }).click();
    await page.waitForURL(paymentUrl);
    await expect(books.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Pay $67.50' })).toBeVisible();
    // The first book is the checkout itself: only the added ones can be taken out.
    await expect(books.getByRole('button', { name: 'Remove the book starring Nora' })).toHaveCount(0);
    await books.getByRole('button', { name: 'Remove the book starring Pia' }).click();
    await expect(summary.getByRole('status')).toHaveText('The book starring Pia was taken out of your checkout.');
    await expect(books.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Pay $45' })).toBeVisible();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $45' }).click();
    await page.waitForURL('**/payment-success?**');
    const recap = page.getByRole('region', { name: 'Your order' });
    await expect(recap).toContainText('Also in this order');
    await expect(recap).toContainText('Digital Comic Book, starring Otto');
    await expect(recap).toContainText('$45');
  });

  test("a checkout link without this tab's checkout opens the ordinary order form", async ({ page }) => {
    await gotoHydrated(page, '/create?add=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Create Your Child's Storybook");
    await expect(page.getByRole('button', { name: "Create My Child's Storybook" })).toBeVisible();
  });
});
