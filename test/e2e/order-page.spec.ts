/**
 * The parent's private order page against the real server, on a phone (390 px) and a desktop
 * (1280 px): a Pending order paid from its page in a browser that never saw the order form,
 * Find my order and the link it e-mails, a change request on a delivered book, and deleting the
 * child's data (the photo's signed link stops working). Each page passes axe and never scrolls
 * sideways.
 */
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { fitsWidth, graveAxeViolations, layoutShifts, recordLayoutShifts } from './support/page-checks';
import { atBothWidths, WIDTHS } from './support/widths';
import {
  adminOrder,
  createOrderByApi,
  payOrderByApi,
  uniqueName,
  type ApiOrder,
  completeOrderByApi,
  gotoHydrated,
} from './support/shop';

/** A printed order made and paid through the API; its checkout token is one of its links. */
async function paidPrintedOrder(request: APIRequestContext, childName: string): Promise<ApiOrder> {
  const order = await createOrderByApi(request, {
    childName,
    email: `${childName.toLowerCase()}@example.com`,
    bookFormat: 'printed',
    bookStyle: 'classic',
    dedication: `For ${childName},\nwho is brave every day.`,
    shippingAddress: {
      fullName: 'Ana Parent',
      streetAddress: '1 Maple Ave',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'United States',
    },
  });
  await payOrderByApi(request, order);
  return order;
}

/** A browser with no cookie, no session storage and no history of this order: the parent on another device. */
async function freshPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test.describe("the parent's order page", () => {
  // Each test walks a parent's whole journey across pages and runs axe more than once.
  test.beforeEach(() => test.slow());

  test('a Pending order is paid from its order page in a fresh browser, at 390 px', async ({ browser, request }) => {
    const childName = uniqueName('Pay');
    const order = await createOrderByApi(request, { childName, email: `${childName.toLowerCase()}@example.com` });
    const { context, page } = await freshPage(browser, 390);
    try {
      await page.goto(`/order/${order.checkoutToken}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is waiting for payment');
      await expect(page.getByText(`Order ${order.orderId.slice(0, 8)}`)).toBeVisible();
      await expect(page.getByText('Nothing has been charged yet', { exact: false })).toBeVisible();
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, 390);

      await page.getByRole('button', { name: 'Complete payment' }).click();
      await page.waitForURL(/\/payment\?/);
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.orderId);
      // The token travels in the tab's session storage, never in the address.
      expect(page.url()).not.toContain(order.checkoutToken);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $25' }).click();
      await page.waitForURL('**/payment-success**');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
      expect((await adminOrder(request, order.orderId, 'status'))?.status).toBe('Paid');

      // The same link now says where the paid order stands.
      await page.goto(`/order/${order.checkoutToken}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`We are making ${childName}'s book`);
      await expect(page.getByRole('button', { name: 'Complete payment' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Where your order stands' }).getByRole('listitem')).toHaveCount(2);
    } finally {
      await context.close();
    }
  });

  test('Find my order e-mails the link, which opens the order, at 390 px', async ({ browser, page, request }) => {
    const childName = uniqueName('Find');
    const email = `${childName.toLowerCase()}@example.com`;
    const order = await createOrderByApi(request, { childName, email });
    await page.setViewportSize({ width: 390, height: 900 });

    await gotoHydrated(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Find my order' }).click();
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find my order');
    await page.getByRole('main').getByLabel('Email address', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'E-mail me my links' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');

    await page.getByRole('main').getByLabel('Email address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'E-mail me my links' }).click();
    await expect(page.getByText('If we have orders for that address, we have e-mailed you their links')).toBeVisible();
    // An address with no orders gets exactly the same answer.
    await page.reload();
    await page
      .getByRole('main')
      .getByLabel('Email address', { exact: true })
      .fill(`${uniqueName('nobody')}@example.com`);
    await page.getByRole('button', { name: 'E-mail me my links' }).click();
    await expect(page.getByText('If we have orders for that address, we have e-mailed you their links')).toBeVisible();
    expect(await graveAxeViolations(page)).toEqual([]);
    await fitsWidth(page, 390);

    // The e-mail, as the admin API shows the outbox.
    const stored = await adminOrder(request, order.orderId, 'emails { template toAddress text }');
    const lookup = (stored?.emails as Array<{ template: string; toAddress: string; text: string }>).find(
      (mail) => mail.toAddress === email && mail.template === 'order-links',
    );
    expect(lookup, JSON.stringify(stored?.emails)).toBeTruthy();
    const link = lookup!.text.match(/https?:\/\/\S+\/order\/[\w-]+/)![0];

    const parent = await freshPage(browser, 390);
    try {
      await parent.page.goto(new URL(new URL(link).pathname, page.url()).href);
      await expect(parent.page.getByRole('heading', { level: 1 })).toHaveText('Your order is waiting for payment');
      await expect(parent.page.getByText(childName, { exact: true })).toBeVisible();
    } finally {
      await parent.context.close();
    }
  });

  // The parent asks from a phone (390 px); each screen on the way is checked at 1280 px too.
  test('a change is requested on a delivered book, and the page passes axe, checked at 390 and 1280 px', async ({
    browser,
    request,
  }, testInfo) => {
    const childName = uniqueName('Change');
    const order = await paidPrintedOrder(request, childName);
    await completeOrderByApi(request, order.orderId);

    const { context, page } = await freshPage(browser, 390);
    try {
      await page.goto(`/order/${order.checkoutToken}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${childName}'s story is ready`);
      await expect(page.getByRole('link', { name: 'Download video' })).toBeVisible();
      await expect(page.getByText(`For ${childName},`)).toBeVisible();
      await expect(page.getByText(/You can ask until/)).toBeVisible();
      await atBothWidths(page, async (at) => {
        expect(await graveAxeViolations(page)).toEqual([]);
        await fitsWidth(page, at);
        await page.screenshot({ path: testInfo.outputPath(`completed-${at}.png`), fullPage: true });
      });

      await page.getByRole('button', { name: 'Request a change' }).click();
      const field = page.getByRole('textbox', { name: 'What would you like changed?' });
      await field.fill('x'.repeat(1001));
      await expect(page.getByText('1,001 / 1,000 characters')).toBeVisible();
      await page.getByRole('button', { name: 'Send my request' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please keep your request to 1,000 characters or fewer.');

      const message = `Please give ${childName} a red scarf on page 3.`;
      await field.fill(message);
      await expect(page.getByText(`${message.length} / 1,000 characters`)).toBeVisible();
      await atBothWidths(page, async (at) => {
        expect(await graveAxeViolations(page)).toEqual([]);
        await fitsWidth(page, at);
      });
      await page.getByRole('button', { name: 'Send my request' }).click();
      await expect(page.getByText('Thank you: we have your request')).toBeVisible();
      const changes = page.getByRole('region', { name: 'Changes to your book' });
      await expect(changes.getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Request a change' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Where your order stands' }).getByRole('listitem')).toHaveCount(4);

      // Recorded for the staff too, and it survives a reload.
      const stored = await adminOrder(request, order.orderId, 'changeRequest { message }');
      expect(stored?.changeRequest).toEqual({ message });
      await page.reload();
      await expect(page.getByRole('region', { name: 'Changes to your book' }).getByText(message)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("deleting the child's data removes the details, and the photo link stops working, at 390 px", async ({
    browser,
    request,
  }) => {
    const childName = uniqueName('Forget');
    const order = await paidPrintedOrder(request, childName);
    const { context, page } = await freshPage(browser, 390);
    try {
      await page.goto(`/order/${order.checkoutToken}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`We are making ${childName}'s book`);
      const photoUrl = await page.getByRole('img', { name: `Photo of ${childName}` }).getAttribute('src');
      expect(photoUrl).toBeTruthy();
      const before = await page.request.get(photoUrl!);
      expect(before.status()).toBe(200);

      await page.getByRole('button', { name: "Delete my child's photo and details" }).click();
      const dialog = page.getByRole('dialog', { name: "Delete your child's photo and details?" });
      await expect(dialog).toContainText('Deleted at once:');
      await expect(dialog).toContainText('Kept for accounting:');
      await expect(dialog).toContainText('We have not made your book yet');
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, 390);
      await dialog.getByRole('button', { name: 'Delete for good' }).click();

      await expect(page.getByText("Your child's photo and details were deleted.", { exact: true })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('img')).toHaveCount(0);
      await expect(page.getByText(childName, { exact: true })).toHaveCount(0);
      await expect(page.getByText('1 Maple Ave')).toHaveCount(0);

      // The signed link that worked a moment ago now fails: the file is gone.
      const after = await page.request.get(photoUrl!);
      expect(after.ok()).toBe(false);

      // And it stays deleted: a reload shows the same page.
      await page.reload();
      await expect(page.getByText("Your child's photo and details were deleted.", { exact: true })).toBeVisible();
      await expect(page.getByText(childName, { exact: true })).toHaveCount(0);
      const stored = await adminOrder(request, order.orderId, 'status amountCents email photoUrl');
      expect(stored).toMatchObject({ status: 'Paid', amountCents: 5000, email: `${childName.toLowerCase()}@example.com` });
    } finally {
      await context.close();
    }
  });

  for (const width of WIDTHS) {
    test(`while the order loads the footer waits below the fold, and nothing on screen moves when it arrives, at ${width} px`, async ({
      browser,
      request,
    }) => {
      const childName = uniqueName('Steady');
      const order = await createOrderByApi(request, { childName, email: `${childName.toLowerCase()}@example.com` });
      const { context, page } = await freshPage(browser, width);
      try {
        await recordLayoutShifts(page);
        // The page as the server sends it when the order could not be looked up in time: the shell
        // without the order in it, so the page asks for it.
        await page.route(`**/order/${order.checkoutToken}`, async (route) => {
          if (route.request().resourceType() !== 'document') return route.continue();
          const response = await route.fetch();
          const body = (await response.text()).replace(/<script type="application\/json" id="route-data">[^<]*<\/script>/, '');
          const headers = Object.fromEntries(
            Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
          );
          await route.fulfill({ status: response.status(), headers, body });
        });
        // The order's answer is held back until the spinner has been checked.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/graphql', async (route) => {
          if (route.request().postData()?.includes('OrderPage')) await held;
          await route.continue();
        });
        await page.goto(`/order/${order.checkoutToken}`);
        await expect(page.getByRole('status').filter({ hasText: 'Loading your order…' })).toBeVisible();
        const footer = await page.locator('footer.footer').boundingBox();
        expect(footer?.y).toBeGreaterThanOrEqual(900);
        release();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is waiting for payment');
        expect(await layoutShifts(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  test('the page comes with its order: shown on the first render, nothing asked of /graphql, nothing moves, at 390 px', async ({
    browser,
    request,
  }) => {
    const childName = uniqueName('Ready');
    const order = await createOrderByApi(request, { childName, email: `${childName.toLowerCase()}@example.com` });
    const { context, page } = await freshPage(browser, 390);
    try {
      await recordLayoutShifts(page);
      const asked: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/graphql') asked.push(sent.postData() ?? '');
      });
      const response = await page.goto(`/order/${order.checkoutToken}`);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is waiting for payment');
      await expect(page.getByText(childName).first()).toBeVisible();
      expect(asked.filter((body) => body.includes('OrderPage'))).toEqual([]);
      expect(await page.locator('#route-data').count()).toBe(0);
      expect(await layoutShifts(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("its days and times are the parent's own, written as the browser's Intl writes them, at 390 px", async ({
    browser,
    request,
  }) => {
    const childName = uniqueName('Zone');
    const order = await paidPrintedOrder(request, childName);
    await completeOrderByApi(request, order.orderId);
    // Fourteen hours ahead of UTC: for most of the day the parent's date is not the server's.
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, timezoneId: 'Pacific/Kiritimati' });
    try {
      const page = await context.newPage();
      await page.goto(`/order/${order.checkoutToken}`);
      await expect(page.getByText(/You can ask until/)).toBeVisible();
      const times = await page.locator('time[datetime]').evaluateAll((elements) =>
        elements.map((element) => {
          const instant = new Date(element.getAttribute('datetime')!);
          const text = element.textContent!.trim();
          const options: Intl.DateTimeFormatOptions = text.includes(' at ')
            ? { dateStyle: 'long', timeStyle: 'short' }
            : { dateStyle: 'long' };
          return { text, intl: new Intl.DateTimeFormat('en-US', options).format(instant) };
        }),
      );
      expect(times.length).toBeGreaterThanOrEqual(2);
      for (const { text, intl } of times) expect(text).toBe(intl);
      expect(times.some(({ text }) => text.includes(' at '))).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('an unknown link says so and leads to Find my order, at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const response = await page.goto('/order/not-a-real-token');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid any more');
    await page.getByRole('link', { name: 'Find my order' }).first().click();
    await expect(page).toHaveURL(/\/order$/);
    expect(await graveAxeViolations(page)).toEqual([]);
    await fitsWidth(page, 390);
  });
});
