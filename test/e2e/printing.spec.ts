/**
 * The studio's whole way with a printed book, in the browser, against a shop that prints at Lulu
 * (a fake of Lulu's Print API in this process, test/support/fake-lulu.ts): a studio member takes
 * the order from the queue and sends a proof, the parent asks for a change, the second proof is
 * approved; the print files are checked and priced, sent to Lulu (which fetches them through their
 * signed links), and Lulu's signed webhook ships the order, with the tracking e-mail to the parent.
 * At phone and desktop widths.
 */
import { expect, type APIRequestContext, type Browser, type Page, request as playwrightRequest, test } from '@playwright/test';
import { type FakeLulu, luluEnv, startFakeLulu } from '../support/fake-lulu';
import { coverPt, PAGE_PT, pdfWithPages, POD_PACKAGE_ID } from '../support/print-files';
import { type ProductionShop, startShop } from './support/production-shop';
import { atBothWidths } from './support/widths';
import {
  createOrderByApi,
  graphqlCall,
  openOrder,
  payOrderByApi,
  printedOrderInput,
  sendProofFromPanel,
  uniqueName,
} from './support/shop';
import { fitsWidth } from './support/page-checks';

const OWNER = { email: 'print-owner@example.com', password: 'print owner password 1234' };

let lulu: FakeLulu;
let shop: ProductionShop;
let baseURL: string;

test.beforeAll(async () => {
  lulu = await startFakeLulu();
  shop = await startShop({
    NODE_ENV: 'development',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    RATE_LIMITS: 'off',
    ...luluEnv(lulu, POD_PACKAGE_ID),
  });
  baseURL = `http://127.0.0.1:${shop.port}`;
  // Lulu fetches the print files from the shop's public address: here, the shop's own port.
  lulu.fileOrigin = baseURL;
});
test.afterAll(async () => {
  await shop?.stop();
  await lulu?.close();
});

const fits = async (page: Page, width: number) => await fitsWidth(page, width);

/** A studio member, invited by the owner through the API and signed in through the invitation page. */
async function studioMember(browser: Browser, api: APIRequestContext, width: number): Promise<Page> {
  await graphqlCall(api, 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }', {
    e: OWNER.email,
    p: OWNER.password,
  });
  const email = `${uniqueName('illustrator')}@example.com`;
  const { inviteAdmin } = await graphqlCall(
    api,
    'mutation($email: String!) { inviteAdmin(email: $email, role: STUDIO) { invitation { link } userErrors { message } } }',
    { email },
  );
  expect(inviteAdmin.userErrors).toEqual([]);
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(new URL(inviteAdmin.invitation.link).pathname);
  await page.getByLabel('Password (at least 12 characters)').fill('an illustrator password');
  await page.getByLabel('Password again').fill('an illustrator password');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
  return page;
}

// The studio member works at a desk (1280 px), the parent on a phone (390 px); each screen is checked at both widths.
test.describe('printing at Lulu', () => {
  test('a studio member takes a printed book from the queue to Lulu, whose webhook ships it, checked at 390 and 1280 px', async ({
    browser,
  }) => {
    test.slow(); // two proofs, the print files and Lulu's webhook, across two browsers
    const api = await playwrightRequest.newContext({ baseURL });
    const childName = uniqueName('Print');
    const order = await createOrderByApi(api, printedOrderInput(childName));
    await payOrderByApi(api, order);
    const page = await studioMember(browser, api, 1280);

    // The queue: the order is to start; Open shows its panel.
    await page.goto('/admin/queue');
    const item = page.getByRole('listitem').filter({ hasText: childName });
    await expect(item).toContainText('To start');
    await item.getByRole('button', { name: /^Open/ }).click();
    let dialog = page.getByRole('dialog', { name: `${childName}'s order` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Assign to me' }).click();
    await sendProofFromPanel(dialog, 1);

    const parent = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 } });
    const parentPage = await parent.newPage();
    await parentPage.goto(`/order/${order.checkoutToken}`);
    const review = parentPage.getByRole('region', { name: 'Review your book' });
    await review.getByRole('button', { name: 'Ask for changes' }).click();
    await review.getByLabel('What would you like changed in this proof?').fill('Her scarf is red, please.');
    await review.getByRole('button', { name: 'Send my changes' }).click();
    await expect(parentPage.getByRole('region', { name: 'The proof of your book' }).getByRole('status')).toBeVisible();

    dialog = await openOrder(page, childName);
    await sendProofFromPanel(dialog, 2);
    await parentPage.reload();
    const second = parentPage.getByRole('region', { name: 'Review your book' });
    await second.getByRole('button', { name: 'Approve' }).click();
    // The confirm step is checked by itself: when it does not come, the test says so within the
    // expect's limit instead of waiting out the test's own on the click inside it.
    const confirm = second.getByRole('group', { name: 'Approve this proof?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, approve it' }).click();
    await expect(parentPage.getByText('Thank you: you approved the proof. We are making your book now.')).toBeVisible();

    // The print files: checked against the product and priced by Lulu before anything is sent.
    dialog = await openOrder(page, childName);
    const print = dialog.getByRole('region', { name: 'Print at Lulu' });
    const cover = coverPt(24);
    await print.getByLabel('Interior PDF').setInputFiles({
      name: 'interior.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfWithPages(24, 612),
    });
    await print.getByLabel('Cover PDF').setInputFiles({
      name: 'cover.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfWithPages(1, cover.width, cover.height),
    });
    await print.getByRole('button', { name: 'Check and price' }).click();
    await expect(print.getByRole('alert')).toContainText('Every interior page must be 8.75 × 8.75 in');
    await print.getByLabel('Interior PDF').setInputFiles({
      name: 'interior.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfWithPages(24, PAGE_PT),
    });
    await print.getByRole('button', { name: 'Check and price' }).click();
    await expect(print).toContainText('24 interior pages');
    await expect(print).toContainText('$22.59');
    await atBothWidths(page, async (width) => {
      await fits(page, width);
      await page.screenshot({ path: `test-results/print-panel-${width}.png` });
    });

    await print.getByRole('button', { name: 'Send to Lulu' }).click();
    await print.getByRole('button', { name: /^Yes, send/ }).click();
    await expect(print).toContainText(/Lulu job \d+/);
    const jobs = lulu.jobs.filter((candidate) => candidate.external_id === order.orderId);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job.fetched.interior).toBeGreaterThan(0);
    expect(job.fetched.cover).toBeGreaterThan(0);

    // Lulu ships it and says so: the shop believes the signed webhook, asks Lulu, and ships the order.
    lulu.setStatus(job.id, 'SHIPPED');
    const webhook = lulu.webhookFor(job.id);
    const delivered = await api.post('/webhooks/lulu', { headers: webhook.headers, data: webhook.body });
    expect(delivered.status()).toBe(200);

    dialog = await openOrder(page, childName);
    await expect(dialog).toContainText('Shipped');
    await expect(dialog).toContainText(`1Z999AA1${String(job.id).padStart(10, '0')}`);
    await expect(dialog.getByRole('region', { name: /E-mails/ })).toContainText(/shipped/i);
    await atBothWidths(page, (width) => fits(page, width));

    await parentPage.reload();
    await expect(parentPage.getByRole('region', { name: 'Where your order stands' })).toContainText(
      `1Z999AA1${String(job.id).padStart(10, '0')}`,
    );
    await atBothWidths(parentPage, (width) => fits(parentPage, width));
    await parent.close();
    await api.dispose();
  });
});
