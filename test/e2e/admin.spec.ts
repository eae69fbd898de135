/**
 * The admin portal in the browser against the real server: signing in and out, finding orders,
 * the order panel, and delivering a finished video, from the upload's progress bar to the
 * parent opening the e-mailed link in a browser of their own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { E2E_ADMIN } from '../../playwright.config';
import {
  createOrderByApi,
  createPaidOrderByApi,
  loginAsAdmin,
  printedOrderInput,
  searchOrders,
  uniqueName,
} from './support/shop';
import { atBothWidths } from './support/widths';

const STORY_MP4 = path.join(__dirname, 'fixtures', 'story.mp4');
const STORYBOOK_PDF = path.join(__dirname, 'fixtures', 'storybook.pdf');

const rowFor = (page: Page, childName: string): Locator => page.getByRole('row', { name: new RegExp(childName) });

test.describe('the admin portal', () => {
  test("signs in through the form: a wrong password gets the server's message, the right one the dashboard", async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both email and password');

    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.email);
    await expect(page.getByText(/^\d+ orders?$/)).toBeVisible();

    // Signed in, /admin goes straight on to the dashboard.
    await page.goto('/admin');
    await page.waitForURL('**/admin/dashboard');
  });

  test('finds orders by search, status and the start of their id', async ({ page, request }) => {
    const tag = uniqueName('Fnd');
    const paidName = `${tag}Paid`;
    const pendingName = `${tag}Pending`;
    const paidId = await createPaidOrderByApi(request, { childName: paidName, email: `${tag.toLowerCase()}.a@example.com` });
    await createOrderByApi(request, { childName: pendingName, email: `${tag.toLowerCase()}.b@example.com` });

    await loginAsAdmin(page);
    await searchOrders(page, tag);
    await expect(page.getByText('2 orders', { exact: true })).toBeVisible();
    await expect(rowFor(page, paidName).getByText('Paid', { exact: true })).toBeVisible();
    await expect(rowFor(page, pendingName).getByText('Pending', { exact: true })).toBeVisible();

    await page.getByLabel('Status').selectOption('Paid');
    await expect(page.getByText('1 order', { exact: true })).toBeVisible();
    await expect(rowFor(page, paidName)).toBeVisible();
    await expect(rowFor(page, pendingName)).toHaveCount(0);

    await page.getByLabel('Status').selectOption('Pending');
    await expect(rowFor(page, pendingName)).toBeVisible();
    await expect(rowFor(page, paidName)).toHaveCount(0);

    await page.getByLabel('Status').selectOption('Completed');
    await expect(page.getByText('No orders found.')).toBeVisible();

    // The start of an order id, as the table shows it.
    await page.getByLabel('Status').selectOption('');
    await searchOrders(page, paidId.slice(0, 8));
    await expect(rowFor(page, paidName)).toBeVisible();
    await expect(rowFor(page, paidName).getByRole('rowheader')).toHaveText(`${paidId.slice(0, 8)}...`);
    await expect(rowFor(page, pendingName)).toHaveCount(0);
  });

  test("delivers a video: progress, Completed, the delivery e-mail, and the parent's page", async ({
    page,
    request,
    browser,
  }) => {
    const childName = uniqueName('Vid');
    const email = `${childName.toLowerCase()}.parent@example.com`;
    await createPaidOrderByApi(request, { childName, email, storyIdea: 'A dragon who shares' });

    await loginAsAdmin(page);
    await searchOrders(page, childName);
    const row = rowFor(page, childName);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /^View Video/ })).toHaveCount(0);

    // The panel of a Paid order: what the parent entered, and the same upload control.
    await row.getByRole('button', { name: /^Details/ }).click();
    const dialog = page.getByRole('dialog', { name: `${childName}'s order` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('A dragon who shares');
    await expect(dialog).toContainText('$25.00');
    await expect(dialog.getByRole('img', { name: `Photo of ${childName}` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Upload Video/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: /^Details/ })).toBeFocused();

    // Hold the upload at the network until the progress bar has been seen: on localhost 50 kB
    // would otherwise be gone before anyone could look.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      const type = route.request().headers()['content-type'] ?? '';
      if (type.startsWith('multipart/form-data')) await released;
      await route.continue();
    });
    // A digital book: the video and its PDF, confirmed before anything is sent.
    await row.getByRole('button', { name: /^Upload Video/ }).click();
    const upload = page.getByRole('dialog', { name: `Deliver ${childName}'s book` });
    await upload.getByLabel(/^Story video/).setInputFiles(STORY_MP4);
    await upload.getByLabel(/^Storybook PDF/).setInputFiles(STORYBOOK_PDF);
    await upload.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send the finished book?' });
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Upload and send' }).click();
    const bar = row.getByRole('progressbar', { name: /Uploading the files/ });
    await expect(bar).toBeVisible();
    await expect(row.getByText(/^(\d{1,3}%|100% · Finishing…)$/)).toBeVisible();
    await expect(row.getByRole('button', { name: /^Uploading…/ })).toBeDisabled();
    release();

    // No mail service in this shop: the e-mail is queued, and the admin is told it was not sent.
    await expect(
      page.getByRole('status').filter({ hasText: `Video uploaded successfully. The email to ${email} is queued in the outbox` }),
    ).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(row.getByText('Completed', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Upload Video/ })).toHaveCount(0);
    const viewVideo = row.getByRole('link', { name: /^View Video/ });
    await expect(viewVideo).toHaveAttribute('target', '_blank');
    await expect(viewVideo).toHaveAttribute('rel', 'noopener noreferrer');
    const video = await page.request.get((await viewVideo.getAttribute('href'))!);
    expect(video.status()).toBe(200);
    expect(video.headers()['content-type']).toMatch(/^video\/mp4/);
    expect((await video.body()).equals(readFileSync(STORY_MP4))).toBe(true);

    // The delivery e-mail, queued with the change, readable in the panel.
    await row.getByRole('button', { name: /^Details/ }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Paid → Completed`)).toBeVisible();
    await expect(dialog).toContainText(`by admin:${E2E_ADMIN.email}`);
    const delivery = dialog.getByRole('listitem').filter({ hasText: 'video-delivery' });
    await expect(delivery).toContainText(`To ${email}`);
    await delivery.getByText('Show the e-mail text').click();
    const body = (await delivery.locator('pre').textContent()) ?? '';
    const link = body.match(/https?:\/\/\S+\/(?:order|video)\/[\w-]+/)?.[0];
    expect(link, body).toBeTruthy();

    // The parent: another browser, no admin cookie.
    const parent = await browser.newContext();
    try {
      const parentPage = await parent.newPage();
      await parentPage.goto(new URL(new URL(link!).pathname, page.url()).href);
      await expect(parentPage.getByRole('heading', { level: 1 })).toHaveText(`${childName}'s story is ready`);
      await expect(parentPage.getByText(/^Delivered on /)).toBeVisible();
      const download = parentPage.getByRole('link', { name: 'Download video' });
      await expect(download).toHaveAttribute('download', '');
      const watchUrl = await parentPage.locator('video source').getAttribute('src');
      const watched = await parentPage.request.get(watchUrl!);
      expect(watched.status()).toBe(200);
      expect(watched.headers()['content-type']).toMatch(/^video\/mp4/);
      // The player has read the file's header: it really is playable from there.
      await expect.poll(() => parentPage.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    } finally {
      await parent.close();
    }

    // An unknown token gets the friendly message.
    await page.goto('/video/not-a-real-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid any more');
  });

  test('a child named with markup shows as text, in the table and the panel', async ({ page, request }) => {
    const tag = uniqueName('xss');
    const childName = '<img src=x onerror=alert(1)>';
    await createPaidOrderByApi(request, { childName, email: `${tag}@example.com` });
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    await loginAsAdmin(page);
    await searchOrders(page, `${tag}@example.com`);
    const cell = page.getByRole('cell', { name: childName, exact: true });
    await expect(cell).toBeVisible();
    await expect(cell.locator('img')).toHaveCount(0);
    await page
      .getByRole('row', { name: /xss|img/ })
      .getByRole('button', { name: /^Details/ })
      .click();
    await expect(page.getByRole('dialog')).toContainText(`${childName}'s order`);
    await expect(page.getByRole('dialog').locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('logging out ends the session: the dashboard sends the browser back to /admin', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin$/);
    await expect(page.getByLabel('Password')).toBeVisible();

    await page.goto('/admin/dashboard');
    await page.waitForURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    // The server has ended the session, not only this page.
    const me = await page.request.post('/graphql', { data: { query: '{ me { id } }' } });
    expect((await me.json()).data.me).toBeNull();
  });

  test('an admin page opened from a link knows who is signed in from the page: no session request, no spinner', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const operations: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/graphql') && sent.method() === 'POST') {
        operations.push(/"operationName":"(\w+)"/.exec(sent.postData() ?? '')?.[1] ?? '');
      }
    });
    await page.goto('/admin/queue');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Admin Login');
    await expect(page.getByText('Checking your session…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(operations).not.toContain('AdminMe');

    // Signed out, the page says so at once: the login form, with nothing asked either.
    await page.context().clearCookies();
    operations.length = 0;
    await page.goto('/admin/dashboard');
    await page.waitForURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    expect(operations).not.toContain('AdminMe');
  });

  test("a session that ends behind the dashboard's back sends it to /admin on its next request", async ({ page }) => {
    await loginAsAdmin(page);
    // The list has its answer: Refresh is enabled while the first one loads, and asking again then
    // would join that request, begun with the session still open, rather than send one.
    await expect(page.getByText(/^(More than )?[\d,]+ orders?$/)).toBeVisible();
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    // Ended elsewhere (same cookie): the server now answers UNAUTHENTICATED.
    await page.request.post('/graphql', { data: { query: 'mutation { logout }' } });
    await refresh.click();
    await page.waitForURL(/\/admin$/);
    await expect(page.getByRole('alert')).toHaveText('Your session has expired. Please log in again.');
  });

  // At the desk (1280 px), each screen checked at both widths.
  test('the login form, the orders and the order panel pass axe and fit, checked at 390 and 1280 px', async ({
    page,
    request,
  }) => {
    const childName = uniqueName('Axe');
    await createPaidOrderByApi(
      request,
      printedOrderInput(childName, {
        storyIdea: 'A long idea that has to wrap on a phone without pushing the panel wider than the screen.',
      }),
    );
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await atBothWidths(page, async () => expect(await graveAxeViolations(page)).toEqual([]));

    await loginAsAdmin(page);
    await searchOrders(page, childName);
    await atBothWidths(page, async (width) => {
      await expect(rowFor(page, childName)).toBeVisible();
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });

    await rowFor(page, childName)
      .getByRole('button', { name: /^Details/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `${childName}'s order` });
    await expect(dialog.locator('address')).toContainText('Ana Parent');
    await dialog.getByText('Show the e-mail text').first().click();
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
      // The panel's close button is within reach on every width.
      await expect(dialog.getByRole('button', { name: 'Close order details' })).toBeInViewport();
    });
  });
});
