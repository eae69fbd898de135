/** Helpers for the browser tests: real images, orders made through the API, and the admin API to check what was stored. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Cookie, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../../playwright.config';

export function pngPhoto(width = 120, height = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 200, b: 120 } } })
    .png()
    .toBuffer();
}

/**
 * Chooses the child's photo on the order form, once the form takes it, and waits until the form
 * below it stops moving: the photo's preview appears once the photo is checked, and, when the child
 * is named, the book's cover above the terms (one render later). A tick or tap before then can land
 * on whatever has just moved under it.
 */
export async function chooseChildPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const input = page.getByLabel("Child's photo", { exact: true });
  // The form is disabled until the page is hydrated and any draft restored; a file set before then is lost.
  await expect(input).toBeEnabled();
  await input.setInputFiles(file);
  await expect(page.getByRole('img', { name: "Preview of your child's photo" })).toBeVisible();
  if (await page.getByLabel("Child's name", { exact: true }).inputValue()) {
    await expect(page.getByRole('img', { name: /^Book cover: / })).toBeVisible();
  }
}

const ORDER_FIELDS = `id status childName childAge moral email bookFormat bookStyle amountCents
  shippingAddress { fullName streetAddress addressLine2 city state zipCode country phone } photoUrl`;

/**
 * The request contexts signed in as the e2e admin. A sign-in hashes the password at production's
 * scrypt cost (a core for most of a second), so a context signs in once, not per call.
 */
const signedIn = new WeakSet<APIRequestContext>();

/** Signs `request` in as the e2e admin through the API, once (the context keeps the cookie). */
async function signInRequest(request: APIRequestContext): Promise<void> {
  if (signedIn.has(request)) return;
  const login = await request.post('/graphql', {
    data: {
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }',
      variables: { e: E2E_ADMIN.email, p: E2E_ADMIN.password },
    },
  });
  if (!(await login.json()).data.login.admin) throw new Error('e2e admin could not sign in');
  signedIn.add(request);
}

/** Signs in through the API (the request context keeps the cookie) and reads one order. */
export async function adminOrder(
  request: APIRequestContext,
  id: string,
  fields = ORDER_FIELDS,
): Promise<Record<string, any> | null> {
  await signInRequest(request);
  const response = await request.post('/graphql', {
    data: {
      query: `query($id: ID!) { order(id: $id) { ${fields} } }`,
      variables: { id },
    },
  });
  return (await response.json()).data.order;
}

export const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'A Storybook Where Your Child Is the Hero'],
  ['/create', "Create Your Child's Storybook"],
  ['/faq', 'Frequently Asked Questions'],
  ['/about', 'About Us'],
  ['/process', 'Our Process'],
  ['/benefits', 'Benefits of Personalized Storybooks'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  // Opened without a payment just made in this tab, it claims none.
  ['/payment-success?format=digital', 'Looking for your order?'],
  ['/payment-success?format=printed', 'Looking for your order?'],
  ['/no-such-page', 'Page Not Found'],
];

/** One GraphQL call through the API (the request context keeps its own cookies). */
export async function graphqlCall(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const response = await request.post('/graphql', { data: { query, variables } });
  const body = await response.json();
  if (!body.data || body.errors) throw new Error(`GraphQL call failed: ${JSON.stringify(body)}`);
  return body.data;
}

export interface ApiOrder {
  orderId: string;
  checkoutToken: string;
}

/**
 * A Pending digital order straight through the API (multipart, with a real PNG as the photo); with
 * `addTo`, a book added to that checkout (its answer carries no token of its own).
 */
export async function createOrderByApi(
  request: APIRequestContext,
  input: Record<string, unknown> = {},
  addTo: ApiOrder | null = null,
): Promise<ApiOrder> {
  const order = {
    childName: 'Ivy',
    childAge: 5,
    moral: 'Courage',
    storyIdea: '',
    email: 'ivy.parent@example.com',
    bookFormat: 'digital',
    ...input,
  };
  const query = `mutation($input: CreateOrderInput!, $childPhoto: Upload!, $addTo: CheckoutRefInput) {
    createOrder(input: $input, childPhoto: $childPhoto, addTo: $addTo) { orderId checkoutToken userErrors { message } } }`;
  const response = await request.post('/graphql', {
    headers: { 'Apollo-Require-Preflight': 'true' },
    multipart: {
      operations: JSON.stringify({ query, variables: { input: order, childPhoto: null, addTo } }),
      // Not "0": integer-like keys would be sent first, and the file must follow the map.
      map: JSON.stringify({ photo: ['variables.childPhoto'] }),
      photo: { name: 'child.png', mimeType: 'image/png', buffer: await pngPhoto() },
    },
  });
  const body = await response.json();
  if (!body.data) throw new Error(`createOrder failed: ${JSON.stringify(body)}`);
  const { orderId, checkoutToken, userErrors } = body.data.createOrder;
  expect(userErrors).toEqual([]);
  return { orderId, checkoutToken };
}

/**
 * The payment page for an order made through the API, as the order form would have opened it:
 * the order and its checkout token in this tab's session. `baseURL` for a shop of its own.
 */
export async function openPaymentPage(
  page: Page,
  order: ApiOrder,
  { baseURL = '', amount = 25, format = 'digital' }: { baseURL?: string; amount?: number; format?: string } = {},
): Promise<void> {
  await page.goto(`${baseURL}/faq`);
  await page.evaluate(({ orderId, checkoutToken }) => {
    sessionStorage.setItem('paymentOrderId', orderId);
    sessionStorage.setItem('checkoutToken', checkoutToken);
  }, order);
  await page.goto(`${baseURL}/payment?orderId=${order.orderId}&amount=${amount}&format=${format}`);
}

/** Pays an order in the sandbox as the payment page would: start, the success card, record. */
export async function payOrderByApi(request: APIRequestContext, order: ApiOrder): Promise<void> {
  const { startPayment } = await graphqlCall(
    request,
    `mutation($orderId: ID!, $checkoutToken: String!) {
      startPayment(orderId: $orderId, checkoutToken: $checkoutToken) { paymentId userErrors { message } } }`,
    { ...order },
  );
  expect(startPayment.userErrors).toEqual([]);
  const { confirmSandboxPayment } = await graphqlCall(
    request,
    `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {
      confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId,
        cardNumber: "4242 4242 4242 4242") { succeeded userErrors { message } } }`,
    { ...order, paymentId: startPayment.paymentId },
  );
  expect(confirmSandboxPayment).toEqual({ succeeded: true, userErrors: [] });
  const { recordPayment } = await graphqlCall(
    request,
    `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {
      recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {
        order { status } userErrors { message } } }`,
    { ...order, paymentId: startPayment.paymentId },
  );
  expect(recordPayment).toEqual({ order: { status: 'Paid' }, userErrors: [] });
}

/** A Paid order, made and paid through the API. */
export async function createPaidOrderByApi(request: APIRequestContext, input: Record<string, unknown> = {}): Promise<string> {
  const order = await createOrderByApi(request, input);
  await payOrderByApi(request, order);
  return order.orderId;
}

/** A name no other test uses, so searches and filters find only this test's orders. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`;
}

/** This worker's e2e admin session, from its first sign-in through the form (see signedIn for why). */
let adminSession: Cookie[] | null = null;

/**
 * Signs the page's browser in as the e2e admin and waits for the dashboard: through the login
 * form the first time in a worker, then with that session's cookie, until it has ended (a test
 * signed out), when the form signs in again.
 */
export async function loginAsAdmin(page: Page): Promise<void> {
  const orders = page.getByRole('heading', { level: 1, name: 'Orders' });
  if (adminSession) {
    await page.context().addCookies(adminSession);
    await page.goto('/admin/dashboard');
    const login = page.getByRole('button', { name: 'Login' });
    await expect(orders.or(login)).toBeVisible();
    if (await orders.isVisible()) return;
    adminSession = null;
  }
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
  await expect(orders).toBeVisible();
  // The session alone: the other cookies (the consent banner's, say) stay each test's own.
  adminSession = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('storybook_session'));
}

/**
 * Opens `path` and waits until its page has hydrated (`html[data-hydrated]`): a click on
 * prerendered markup before then does nothing, as it would for a visitor on a slow phone.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

const STORY_MP4 = path.join(__dirname, '..', 'fixtures', 'story.mp4');

/** Completes a paid order as an admin would, through the API with the fixture video. */
export async function completeOrderByApi(request: APIRequestContext, orderId: string): Promise<void> {
  await adminOrder(request, orderId, 'id'); // signs the request context in
  const query = `mutation($orderId: ID!, $video: Upload!) {
    completeOrderWithVideo(orderId: $orderId, video: $video) { order { status } userErrors { message } } }`;
  const response = await request.post('/graphql', {
    headers: { 'Apollo-Require-Preflight': 'true' },
    multipart: {
      operations: JSON.stringify({ query, variables: { orderId, video: null } }),
      map: JSON.stringify({ video: ['variables.video'] }),
      video: { name: 'story.mp4', mimeType: 'video/mp4', buffer: readFileSync(STORY_MP4) },
    },
  });
  const body = await response.json();
  expect(body.data.completeOrderWithVideo).toEqual({ order: { status: 'Completed' }, userErrors: [] });
}

const STORYBOOK_PDF = path.join(__dirname, '..', 'fixtures', 'storybook.pdf');

/** Sends a proof of a Paid order as the studio would, and approves it as the parent, through the API. */
export async function approveProofByApi(request: APIRequestContext, order: ApiOrder): Promise<void> {
  await adminOrder(request, order.orderId, 'id'); // signs the request context in
  const query = `mutation($orderId: ID!, $proof: Upload!) {
    sendProof(orderId: $orderId, proof: $proof) { proof { version } userErrors { message } } }`;
  const response = await request.post('/graphql', {
    headers: { 'Apollo-Require-Preflight': 'true' },
    multipart: {
      operations: JSON.stringify({ query, variables: { orderId: order.orderId, proof: null } }),
      map: JSON.stringify({ proof: ['variables.proof'] }),
      proof: { name: 'proof.pdf', mimeType: 'application/pdf', buffer: readFileSync(STORYBOOK_PDF) },
    },
  });
  const { sendProof } = (await response.json()).data;
  expect(sendProof.userErrors).toEqual([]);
  const { approveProof } = await graphqlCall(
    request,
    'mutation($token: String!, $version: Int!) { approveProof(token: $token, version: $version) { userErrors { message } } }',
    { token: order.checkoutToken, version: sendProof.proof.version },
  );
  expect(approveProof.userErrors).toEqual([]);
}

/** A printed order's input for the API: the child, an e-mail of their own, the classic style, an address in Portland. */
export function printedOrderInput(childName: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    childName,
    email: `${childName.toLowerCase()}@example.com`,
    bookFormat: 'printed',
    bookStyle: 'classic',
    shippingAddress: {
      fullName: 'Ana Parent',
      streetAddress: '1 Maple Ave',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'United States',
    },
    ...extra,
  };
}

/**
 * Searches the dashboard's orders for `text` and waits for the search's own list: the list shown
 * meanwhile is the one before, dimmed once the answer takes a moment, and is no place to look.
 */
export async function searchOrders(page: Page, text: string): Promise<void> {
  const searchbox = page.getByRole('searchbox', { name: 'Search orders' });
  await searchbox.fill(text);
  await searchbox.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
  await expect(page.locator('.admin-dashboard__list')).toHaveAttribute('aria-busy', 'false');
}

/** Opens the panel of the order for `childName` from its row in the dashboard's list, and answers the panel. */
export async function openOrderPanel(page: Page, childName: string): Promise<Locator> {
  await page
    .getByRole('row', { name: new RegExp(childName) })
    .getByRole('button', { name: /^Details/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `${childName}'s order` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The dashboard searched for `childName`, and that order's panel opened. */
export async function openOrder(page: Page, childName: string): Promise<Locator> {
  await page.goto(`/admin/dashboard?q=${childName}`);
  return openOrderPanel(page, childName);
}

/** Sends proof `version` (the sample storybook PDF unless given) from an order's panel, and waits for the panel to say so. */
export async function sendProofFromPanel(
  dialog: Locator,
  version: number,
  pdf: string | { name: string; mimeType: string; buffer: Buffer } = STORYBOOK_PDF,
): Promise<void> {
  const form = dialog.getByRole('form', { name: 'Send a proof' });
  await form.getByLabel(`Proof ${version} (PDF)`).setInputFiles(pdf);
  await form.getByRole('button', { name: 'Send proof to the parent' }).click();
  await expect(form.getByRole('status')).toHaveText('Proof sent: the parent is e-mailed to review it.');
  await expect(dialog.getByRole('list', { name: 'Proofs' })).toContainText(`Proof ${version} · Waiting for the parent`);
}
