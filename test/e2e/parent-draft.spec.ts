/**
 * The order form never loses what was typed (a phone, 390 px): the draft survives a reload,
 * Back, 'Cancel and return to form' and a declined card, sending it again never makes a
 * second Pending order, and once paid the draft is gone and the payment page says so.
 * Orders are counted through the admin API.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { chooseChildPhoto, graphqlCall, pngPhoto, uniqueName } from './support/shop';

test.use({ viewport: { width: 390, height: 844 } });

/** Every order whose child has this (unique) name, as the admin API lists them. */
async function ordersNamed(request: APIRequestContext, childName: string): Promise<Array<Record<string, any>>> {
  await graphqlCall(request, 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }', {
    e: E2E_ADMIN.email,
    p: E2E_ADMIN.password,
  });
  const { orders } = await graphqlCall(
    request,
    'query($s: String!) { orders(search: $s, first: 100) { edges { node { id status childName childAge } } } }',
    { s: childName },
  );
  return orders.edges.map((edge: { node: Record<string, any> }) => edge.node);
}

/** The child's name, photo and terms in the stored draft, read from IndexedDB in the page. */
function draftSummary(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown> | null>((resolve) => {
        const open = indexedDB.open('storybook-shop', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get('order-form');
          get.onsuccess = () => {
            open.result.close();
            const draft = get.result as
              { values: { childName: string; acceptTerms: boolean }; photo: { name: string } | null } | undefined;
            resolve(
              draft
                ? { childName: draft.values.childName, photo: draft.photo?.name ?? null, acceptTerms: draft.values.acceptTerms }
                : null,
            );
          };
          get.onerror = () => resolve(null);
        };
      }),
  );
}

/** The child's name in the stored draft, read from IndexedDB in the page. */
function draftChildName(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('storybook-shop', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get('order-form');
          get.onsuccess = () => {
            open.result.close();
            resolve((get.result as { values?: { childName?: string } } | undefined)?.values?.childName ?? null);
          };
          get.onerror = () => resolve(null);
        };
      }),
  );
}

const nameField = (page: Page) => page.getByLabel("Child's name", { exact: true });

async function fillForm(page: Page, name: string) {
  await page.goto('/create?type=digital');
  await nameField(page).fill(name);
  await page.getByLabel('Age', { exact: true }).fill('6');
  await page.getByLabel('Dedication (optional)').fill(`For ${name}, with love`);
  await page.getByRole('radio', { name: 'Kindness' }).check();
  await page.getByLabel('Email', { exact: true }).fill('draft.parent@example.com');
  await chooseChildPhoto(page, { name: 'child.png', mimeType: 'image/png', buffer: await pngPhoto() });
  await page.getByLabel('I accept the terms and conditions').check();
  // Written shortly after typing stops: the last change (the terms) with the photo.
  await expect.poll(() => draftSummary(page)).toEqual({ childName: name, photo: 'child.png', acceptTerms: true });
}

async function submitForm(page: Page): Promise<string> {
  await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
  await page.waitForURL(/\/payment\?/);
  // The payment page itself, not only its address (its code may still be loading).
  await expect(page.getByRole('region', { name: 'Order Summary' })).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId')!;
}

async function expectFormKept(page: Page, name: string) {
  await expect(nameField(page)).toHaveValue(name);
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('6');
  await expect(page.getByLabel('Dedication (optional)')).toHaveValue(`For ${name}, with love`);
  await expect(page.getByRole('radio', { name: 'Kindness' })).toBeChecked();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('draft.parent@example.com');
  await expect(page.getByRole('img', { name: "Preview of your child's photo" })).toBeVisible();
  await expect(page.getByLabel('I accept the terms and conditions')).toBeChecked();
}

async function payWithCard(page: Page, cardNumber: string, expiry = '12/34') {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $25' }).click();
}

test('a reload, Back and Cancel keep the draft, and sending it again reuses the one Pending order', async ({ page, request }) => {
  // A long walk (three trips to the payment page, each with its overlays), not a timed check.
  test.slow();
  const name = uniqueName('Draft');
  await fillForm(page, name);
  await page.reload();
  await expectFormKept(page, name);
  await expect(page.getByRole('img', { name: `Book cover: The Gentle Tale of ${name}` })).toBeVisible();

  const orderId = await submitForm(page);

  // Back from the payment page: everything is there, and nothing changed sends nothing new.
  await page.goBack();
  await expectFormKept(page, name);
  expect(await submitForm(page)).toBe(orderId);

  // 'Cancel and return to form', a change, and the same order is updated.
  await page.getByRole('link', { name: 'Cancel and return to form' }).click();
  await expectFormKept(page, name);
  await page.getByLabel('Age', { exact: true }).fill('7');
  expect(await submitForm(page)).toBe(orderId);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(`Starring ${name}`);

  const orders = await ordersNamed(request, name);
  expect(orders).toEqual([expect.objectContaining({ id: orderId, status: 'Pending', childAge: 7 })]);
});

test("a decline keeps the draft; 'Use another card' empties the card form, the next card pays; Back after paying says it is paid", async ({
  page,
  request,
}) => {
  const name = uniqueName('Decline');
  await fillForm(page, name);
  const orderId = await submitForm(page);
  await expect(page.getByText('Loading Payment Options')).toBeHidden({ timeout: 5_000 });

  await payWithCard(page, '4000 0000 0000 0002', '1234');
  const alert = page.getByRole('alert').filter({ hasText: 'There was an error processing your payment. Please try again.' });
  await expect(alert).toBeInViewport();
  // Below the sticky navigation, not under it.
  const navBottom = await page
    .locator('nav')
    .first()
    .evaluate((nav) => nav.getBoundingClientRect().bottom);
  expect((await alert.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom - 1);
  await expect(page.getByLabel('Card number')).toBeFocused();

  // The draft is still there for the form.
  expect(await draftChildName(page)).toBe(name);

  await alert.getByRole('button', { name: 'Use another card' }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveValue('');
  // Typed as a phone's number pad sends it, shown in groups of four.
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await payWithCard(page, '4242 4242 4242 4242', '1234');
  await page.waitForURL('**/payment-success?format=digital');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
  await expect(page.getByText('We sent a confirmation to draft.parent@example.com')).toBeVisible();
  const orderLink = page.getByRole('link', { name: 'View your order' });
  await expect(orderLink).toHaveAttribute('href', /^\/order\/[\w-]{43}$/);

  // Back: the order is paid, with its page; never 'Missing order information'.
  await page.goBack();
  await expect(page.getByText('This order has already been paid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', /^\/order\/[\w-]{43}$/);
  await expect(page.getByText('Missing order information. Please try again.')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  // Paid: the form starts empty again.
  await page.goto('/create');
  await expect(page.getByRole('radio', { name: 'Kindness' })).toBeVisible();
  await expect(nameField(page)).toHaveValue('');
  expect(await draftChildName(page)).toBeNull();

  expect(await ordersNamed(request, name)).toEqual([expect.objectContaining({ id: orderId, status: 'Paid' })]);
});

test('an order cancelled meanwhile is replaced by a new one when the form is sent again', async ({ page, request }) => {
  const name = uniqueName('Cancelled');
  await fillForm(page, name);
  const first = await submitForm(page);
  await graphqlCall(request, 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }', {
    e: E2E_ADMIN.email,
    p: E2E_ADMIN.password,
  });
  const { cancelOrder } = await graphqlCall(
    request,
    'mutation($id: ID!) { cancelOrder(orderId: $id) { order { status } userErrors { message } } }',
    { id: first },
  );
  expect(cancelOrder).toEqual({ order: { status: 'Cancelled' }, userErrors: [] });

  await page.getByRole('link', { name: 'Cancel and return to form' }).click();
  await page.getByLabel('Age', { exact: true }).fill('8');
  const second = await submitForm(page);
  expect(second).not.toBe(first);
  const orders = await ordersNamed(request, name);
  expect(orders).toHaveLength(2);
  expect(orders).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: first, status: 'Cancelled' }),
      expect.objectContaining({ id: second, status: 'Pending', childAge: 8 }),
    ]),
  );
});

test("'Start over' empties the form and forgets the draft", async ({ page }) => {
  const name = uniqueName('Over');
  await fillForm(page, name);
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(nameField(page)).toHaveValue('');
  await expect(page.getByRole('img', { name: "Preview of your child's photo" })).toHaveCount(0);
  await expect.poll(() => draftChildName(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Kindness' })).not.toBeChecked();
  await expect(nameField(page)).toHaveValue('');
});

test("nothing says 'already paid' on the way from paying to success, even when the success page is slow to load", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen = { paid: false };
    (window as unknown as { seenPaid: typeof seen }).seenPaid = seen;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('already been paid')) seen.paid = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // A slow link: the success page's code arrives late.
  await page.route(/\/assets\/PaymentSuccessPage-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const name = uniqueName('Slow');
  await fillForm(page, name);
  await submitForm(page);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
  expect(await page.evaluate(() => (window as unknown as { seenPaid: { paid: boolean } }).seenPaid.paid)).toBe(false);
});
