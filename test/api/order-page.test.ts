/**
 * The parent's private order page over real HTTP: the access tokens (wrong, altered, revoked,
 * another order's, an older delivery link's), the timeline per status, the changes a Pending
 * order takes, the dedication, the e-mails' links, the change request and the deletion of the
 * child's data. "Find my order" and its limits: order-lookup.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAdmin, signIn } from '../support/admin';
import { CONFIRM_SANDBOX, placeOrder, placePaidOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder, printedOrder } from '../support/orders';
import { REAL_PDF } from '../support/pdfs';
import { approvedProof } from '../support/proofs';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_MP4 } from '../support/videos';

const PUBLIC_URL = 'https://shop.example.com';

const PAGE = `query($token: String!) {
  orderPage(token: $token) {
    id reference status childName childAge moral storyIdea dedication bookFormat bookStyle title email
    shippingAddress { fullName streetAddress city state zipCode country }
    amountCents currency shippingIncluded createdAt photoUrl
    timeline { at title detail }
    delivery { version deliveredAt watchUrl videoDownloadUrl pdfUrl contentType }
    shipment { carrier trackingNumber trackingUrl shippedAt }
    refunds { amountCents refundedAt reason }
    canRequestChange changeRequestDeadline changeRequests { message requestedAt }
    childDataDeleted canPay
  }
}`;
const CHECKOUT = `query($orderId: ID!, $checkoutToken: String!) {
  checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {
    id reference status childName moral bookStyle email shippingAddress { city } shippingIncluded paidAt photoUrl amountCents
  }
}`;
const UPDATE = `mutation($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!, $childPhoto: Upload) {
  updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input, childPhoto: $childPhoto) {
    orderId checkoutToken order { id status childName amountCents bookFormat } userErrors { code field message }
  }
}`;
const CHANGE = `mutation($token: String!, $message: String!) {
  requestOrderChange(token: $token, message: $message) {
    order { canRequestChange changeRequests { message } timeline { title detail } } userErrors { code field message }
  }
}`;
const DELETE = `mutation($token: String!) {
  deleteChildData(token: $token) {
    order { status childName childAge storyIdea dedication shippingAddress { city } photoUrl delivery { version } childDataDeleted canPay timeline { title } }
    userErrors { code field message }
  }
}`;
const RENEW = `mutation($token: String!) { renewOrderLink(token: $token) { token userErrors { code field message } } }`;
const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) { order { id status } userErrors { message } }
}`;
const SHIP = `mutation($orderId: ID!, $carrier: String!, $trackingNumber: String!) {
  shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) { order { id status } userErrors { message } }
}`;
const REFUND = `mutation($orderId: ID!, $reason: String!) {
  refundOrder(orderId: $orderId, reason: $reason) { order { id status } userErrors { message } }
}`;
const CANCEL = `mutation($orderId: ID!) { cancelOrder(orderId: $orderId) { order { id status } userErrors { message } } }`;
const ADMIN_ORDER = `query($id: ID!) { order(id: $id) { id childName childAge storyIdea dedication shippingAddress { city } photoUrl videoUrl amountCents paymentId email childDataDeletedAt } }`;

let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, STAFF_EMAIL: 'studio@shop.example' });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const page = async (token: string) => (await parent.query(PAGE, { token })).data!.orderPage;
const altered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
const photo = async () => ({ childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } });
const book = () => ({
  video: { name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 },
  storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
});
const emailsTo = (address: string) =>
  server.dataSource.query(
    'SELECT template, order_id, subject, html, text FROM outbox_emails WHERE to_address = $1 ORDER BY created_at, id',
    [address],
  );
const emailsOf = (orderId: string) =>
  server.dataSource.query('SELECT template, subject, html, text FROM outbox_emails WHERE order_id = $1 ORDER BY created_at, id', [
    orderId,
  ]);
const orderLinks = (text: string) => [...text.matchAll(/https:\/\/shop\.example\.com\/order\/([\w-]+)/g)].map((m) => m[1]);
const fileExists = (key: string) => existsSync(path.join(server.dataDir, 'files', key));

async function delivered(input: Record<string, unknown> = digitalOrder()) {
  const ref = await placePaidOrder(parent, input);
  const response = await admin.upload(COMPLETE, { orderId: ref.orderId }, book());
  expect(response.data!.completeOrderWithVideo.userErrors).toEqual([]);
  return ref;
}

describe('the access token', () => {
  it('opens the page of its own order, with what was ordered', async () => {
    const { orderId, checkoutToken } = await placeOrder(parent, {
      ...printedOrder(),
      dedication: 'For Mia,\nwho is brave.',
    });
    const shown = await page(checkoutToken);
    expect(shown).toMatchObject({
      id: orderId,
      reference: orderId.slice(0, 8),
      status: 'Pending',
      childName: 'Mia',
      childAge: 6,
      moral: 'Kindness',
      storyIdea: 'Mia finds a lost puppy and helps it home',
      dedication: 'For Mia,\nwho is brave.',
      bookFormat: 'printed',
      bookStyle: 'adventure',
      title: 'Premium Printed Storybook',
      email: 'parent@example.com',
      shippingAddress: { fullName: 'Sam Parent', city: 'Portland', country: 'United States' },
      amountCents: 5000,
      currency: 'USD',
      shippingIncluded: true,
      canPay: true,
      childDataDeleted: false,
      delivery: null,
      shipment: null,
      refunds: [],
      canRequestChange: false,
      changeRequestDeadline: null,
      changeRequests: [],
    });
    expect(shown.timeline.map((entry: { title: string }) => entry.title)).toEqual(['Order placed']);
    const image = await fetch(`${server.url}${shown.photoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('shows nothing for a wrong, altered or empty token', async () => {
    const { checkoutToken } = await placeOrder(parent);
    expect(checkoutToken).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect(await page('not-a-real-token')).toBeNull();
    expect(await page(altered(checkoutToken))).toBeNull();
    expect(await page('')).toBeNull();
    expect(await page('x'.repeat(5000))).toBeNull();
  });

  it('is refused for another order by every entry point that takes an order id', async () => {
    const mine = await placeOrder(parent);
    const other = await placeOrder(parent);
    const crossed = { orderId: other.orderId, checkoutToken: mine.checkoutToken };
    expect((await parent.query(CHECKOUT, crossed)).data!.checkoutOrder).toBeNull();
    expect((await parent.query(START_PAYMENT, crossed)).data!.startPayment.userErrors).toHaveLength(1);
    const started = (await parent.query(START_PAYMENT, other)).data!.startPayment;
    expect(
      (await parent.query(CONFIRM_SANDBOX, { ...crossed, paymentId: started.paymentId, cardNumber: '4242424242424242' })).data!
        .confirmSandboxPayment.userErrors,
    ).toHaveLength(1);
    expect(
      (await parent.query(RECORD_PAYMENT, { ...crossed, paymentId: started.paymentId })).data!.recordPayment.userErrors,
    ).toHaveLength(1);
    const update = (await parent.query(UPDATE, { ...crossed, input: { ...digitalOrder(), childName: 'Eve' } })).data!
      .updatePendingOrder;
    expect(update.userErrors).toEqual([
      { code: 'NOT_FOUND', field: 'orderId', message: 'We could not find this order. Please start again from the order form.' },
    ]);
    expect((await page(other.checkoutToken)).childName).toBe('Mia');
    expect((await page(other.checkoutToken)).status).toBe('Pending');
  });

  it('is refused by the page mutations when wrong or altered', async () => {
    const { checkoutToken } = await delivered();
    for (const token of ['nope', altered(checkoutToken)]) {
      expect((await parent.query(CHANGE, { token, message: 'Bigger font' })).data!.requestOrderChange.userErrors[0].code).toBe(
        'NOT_FOUND',
      );
      expect((await parent.query(DELETE, { token })).data!.deleteChildData.userErrors[0].code).toBe('NOT_FOUND');
      expect((await parent.query(RENEW, { token })).data!.renewOrderLink).toMatchObject({ token: null });
    }
    expect((await page(checkoutToken)).childDataDeleted).toBe(false);
  });

  it('stops working once renewed; the new token and the e-mailed one work', async () => {
    const { orderId, checkoutToken } = await placeOrder(parent, { ...digitalOrder(), email: 'renew@example.com' });
    const renewed = (await parent.query(RENEW, { token: checkoutToken })).data!.renewOrderLink;
    expect(renewed.userErrors).toEqual([]);
    expect(renewed.token).toMatch(/^[\w-]{43}$/);
    expect(await page(checkoutToken)).toBeNull();
    expect((await parent.query(CHECKOUT, { orderId, checkoutToken })).data!.checkoutOrder).toBeNull();
    expect((await page(renewed.token)).id).toBe(orderId);
    // The renewed token pays like the first one did.
    expect((await parent.query(CHECKOUT, { orderId, checkoutToken: renewed.token })).data!.checkoutOrder.id).toBe(orderId);

    const [email] = (await emailsTo('renew@example.com')).filter(
      (e: { template: string }) => e.template === 'order-link-renewed',
    );
    const [emailed] = orderLinks(email.text);
    expect((await page(emailed)).id).toBe(orderId);
    expect((await page(renewed.token)).timeline.at(-1).title).toBe('Private link renewed');
  });

  it('of an older delivery link (/video/{token}) opens the page, but pays and changes nothing', async () => {
    const { orderId } = await delivered({ ...digitalOrder(), childName: 'Ava' });
    const legacy = 'legacy-video-link-token-0123456789abcdefghijk';
    await server.dataSource.query(
      `INSERT INTO video_links (id, order_id, token_hash, expires_at, created_by)
       VALUES (gen_random_uuid(), $1, encode(sha256(convert_to($2, 'UTF8')), 'hex'), now() + interval '1 day', 'admin:a@example.com')`,
      [orderId, legacy],
    );
    const shown = await page(legacy);
    expect(shown).toMatchObject({ id: orderId, childName: 'Ava', status: 'Completed', canPay: false });
    expect(shown.delivery.watchUrl).toMatch(/^\/media\/videos\//);
    expect((await parent.query(DELETE, { token: legacy })).data!.deleteChildData.userErrors[0].code).toBe('NOT_FOUND');
    await server.dataSource.query(`UPDATE video_links SET expires_at = now() - interval '1 second' WHERE order_id = $1`, [
      orderId,
    ]);
    expect(await page(legacy)).toBeNull();
  });
});

describe('the timeline', () => {
  const titles = async (token: string) => (await page(token)).timeline.map((entry: { title: string }) => entry.title);

  it('follows a printed order from placed to shipped, then refunded, in plain words', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent, printedOrder());
    expect(await titles(checkoutToken)).toEqual(['Order placed', 'Payment received']);
    expect((await page(checkoutToken)).canPay).toBe(false);

    await approvedProof(admin, parent, orderId, checkoutToken);
    await admin.upload(COMPLETE, { orderId }, book());
    let shown = await page(checkoutToken);
    expect(shown.timeline.map((entry: { title: string }) => entry.title)).toEqual([
      'Order placed',
      'Payment received',
      'A proof of your book is ready to review',
      'You approved the proof',
      'Your book is ready',
    ]);
    expect(shown.delivery).toMatchObject({ version: 1, contentType: 'video/mp4' });
    expect((await fetch(`${server.url}${shown.delivery.watchUrl}`)).status).toBe(200);
    expect((await fetch(`${server.url}${shown.delivery.pdfUrl}`)).status).toBe(200);
    // Made, not shipped: the change window's days count from the parcel's arrival.
    expect(shown.canRequestChange).toBe(true);
    expect(shown.changeRequestDeadline).toBeNull();

    await admin.query(SHIP, { orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    shown = await page(checkoutToken);
    // 3 business days on the road, then 7 days: at least 10 days from now.
    const deadline = new Date(shown.changeRequestDeadline).getTime() - Date.now();
    expect(deadline).toBeGreaterThan(9.9 * 86_400_000);
    expect(deadline).toBeLessThanOrEqual(12 * 86_400_000);
    expect(shown.timeline.at(-1)).toMatchObject({ title: 'Shipped with UPS', detail: 'Tracking number 1Z999AA10123456784' });
    expect(shown.shipment).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
    });

    await admin.query(REFUND, { orderId, reason: 'The book arrived damaged.' });
    shown = await page(checkoutToken);
    expect(shown.status).toBe('Refunded');
    expect(shown.timeline.at(-1)).toMatchObject({ title: 'Refunded', detail: '$50.00' });
    expect(shown.refunds).toEqual([expect.objectContaining({ amountCents: 5000, reason: 'The book arrived damaged.' })]);
    expect(shown.delivery).toBeNull();
    expect(shown.canRequestChange).toBe(false);
  });

  it('says a cancelled order was cancelled', async () => {
    const { orderId, checkoutToken } = await placeOrder(parent);
    await admin.query(CANCEL, { orderId });
    expect(await titles(checkoutToken)).toEqual(['Order placed', 'Order cancelled']);
    expect((await page(checkoutToken)).canPay).toBe(false);
  });

  it('leaves out what is for the staff only, such as a payment alert', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent);
    await server.dataSource.query(
      `INSERT INTO order_events (id, order_id, type, actor, data) VALUES (gen_random_uuid(), $1, 'payment_needs_attention', 'sandbox-webhook', '{"paymentId":"x"}')`,
      [orderId],
    );
    expect(await titles(checkoutToken)).toEqual(['Order placed', 'Payment received']);
  });
});

describe('updatePendingOrder', () => {
  it('replaces what the parent entered on the same order and token, and keeps the photo when none is sent', async () => {
    const { orderId, checkoutToken } = await placeOrder(parent);
    const [before] = await server.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [orderId]);
    const ordersBefore = (await server.dataSource.query('SELECT count(*)::int AS count FROM orders'))[0].count;
    const response = await parent.query(UPDATE, {
      orderId,
      checkoutToken,
      input: { ...printedOrder(), childName: 'Zoe', dedication: 'For Zoe' },
    });
    const payload = response.data!.updatePendingOrder;
    expect(payload.userErrors).toEqual([]);
    expect(payload).toMatchObject({ orderId, checkoutToken, order: { id: orderId, childName: 'Zoe', amountCents: 5000 } });
    const [row] = await server.dataSource.query('SELECT * FROM orders WHERE id = $1', [orderId]);
    expect(row).toMatchObject({ child_name: 'Zoe', book_format: 'printed', amount_cents: 5000, dedication: 'For Zoe' });
    expect(row.photo_key).toBe(before.photo_key);
    expect(fileExists(row.photo_key)).toBe(true);
    expect((await server.dataSource.query('SELECT count(*)::int AS count FROM orders'))[0].count).toBe(ordersBefore);
    expect((await page(checkoutToken)).timeline.map((e: { title: string }) => e.title)).toEqual([
      'Order placed',
      'Order details updated',
    ]);
  });

  it('takes a new photo and removes the old file', async () => {
    const { orderId, checkoutToken } = await placeOrder(parent);
    const [before] = await server.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [orderId]);
    const response = await parent.upload(UPDATE, { orderId, checkoutToken, input: digitalOrder() }, await photo());
    expect(response.data!.updatePendingOrder.userErrors).toEqual([]);
    const [after] = await server.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [orderId]);
    expect(after.photo_key).not.toBe(before.photo_key);
    expect(fileExists(after.photo_key)).toBe(true);
    expect(fileExists(before.photo_key)).toBe(false);
  });

  it("refuses with createOrder's own messages, and changes nothing", async () => {
    const { orderId, checkoutToken } = await placeOrder(parent);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ childAge: 40 }, 'childAge', 'Child age must be between 2 and 12'],
      [{ email: 'nope' }, 'email', 'Invalid email address'],
      [{ bookFormat: 'vinyl' }, 'bookFormat', 'Invalid book format'],
      [{ dedication: 'x'.repeat(301) }, 'dedication', 'Dedication must be at most 300 characters'],
    ];
    for (const [change, field, message] of cases) {
      const payload = (await parent.query(UPDATE, { orderId, checkoutToken, input: { ...digitalOrder(), ...change } })).data!
        .updatePendingOrder;
      expect(payload.userErrors).toEqual([{ code: 'INVALID_INPUT', field, message }]);
    }
    expect((await page(checkoutToken)).timeline).toHaveLength(1);
  });

  it('is refused once the order is paid, or cancelled', async () => {
    const paid = await placePaidOrder(parent);
    expect(
      (await parent.query(UPDATE, { ...paid, input: { ...digitalOrder(), childName: 'Late' } })).data!.updatePendingOrder
        .userErrors,
    ).toEqual([{ code: 'WRONG_STATUS', field: 'status', message: 'This order has already been paid.' }]);
    expect((await page(paid.checkoutToken)).childName).toBe('Mia');

    const cancelled = await placeOrder(parent);
    await admin.query(CANCEL, { orderId: cancelled.orderId });
    expect((await parent.query(UPDATE, { ...cancelled, input: digitalOrder() })).data!.updatePendingOrder.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'status', message: 'This order was cancelled.' },
    ]);
  });
});

describe('the dedication', () => {
  const create = async (dedication: string) =>
    (await parent.upload(CREATE_ORDER, { input: { ...digitalOrder(), dedication } }, await photo())).data!.createOrder;

  it('is stored with its line breaks and shown to the admin', async () => {
    const created = await create('  For Leo,\r\nwith love  ');
    expect(created.userErrors).toEqual([]);
    expect((await page(created.checkoutToken)).dedication).toBe('For Leo,\nwith love');
    expect((await admin.query(ADMIN_ORDER, { id: created.orderId })).data!.order.dedication).toBe('For Leo,\nwith love');
  });

  it('takes 300 characters and refuses 301', async () => {
    expect((await create('é'.repeat(300))).userErrors).toEqual([]);
    expect((await create('a'.repeat(301))).userErrors).toEqual([
      { field: 'dedication', message: 'Dedication must be at most 300 characters' },
    ]);
  });

  it('refuses tabs and other control characters with a clear message', async () => {
    for (const bad of ['For\tLeo', 'For\u0000Leo', 'For\u0007Leo']) {
      expect((await create(bad)).userErrors).toEqual([
        { field: 'dedication', message: 'Dedication can have line breaks but no tabs or other control characters' },
      ]);
    }
  });

  it('is checked after the story idea', async () => {
    const response = await parent.upload(
      CREATE_ORDER,
      { input: { ...digitalOrder(), storyIdea: 'x'.repeat(1001), dedication: 'y'.repeat(301) } },
      await photo(),
    );
    expect(response.data!.createOrder.userErrors[0].field).toBe('storyIdea');
  });
});

describe('checkoutOrder', () => {
  it("gives the payment page's recap, and keeps answering once paid", async () => {
    const { orderId, checkoutToken } = await placeOrder(parent, printedOrder());
    const pending = (await parent.query(CHECKOUT, { orderId, checkoutToken })).data!.checkoutOrder;
    expect(pending).toMatchObject({
      reference: orderId.slice(0, 8),
      moral: 'Kindness',
      bookStyle: 'adventure',
      email: 'parent@example.com',
      shippingAddress: { city: 'Portland' },
      shippingIncluded: true,
      paidAt: null,
    });
    expect((await fetch(`${server.url}${pending.photoUrl}`)).status).toBe(200);

    const started = (await parent.query(START_PAYMENT, { orderId, checkoutToken })).data!.startPayment;
    await parent.query(CONFIRM_SANDBOX, { orderId, checkoutToken, paymentId: started.paymentId, cardNumber: '4242424242424242' });
    await parent.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId: started.paymentId });
    const paid = (await parent.query(CHECKOUT, { orderId, checkoutToken })).data!.checkoutOrder;
    expect(paid.status).toBe('Paid');
    expect(paid.paidAt).not.toBeNull();
  });
});

describe('the e-mails about an order', () => {
  it("all link to /order/ with the order's one link, which opens the page", async () => {
    const ref = await placePaidOrder(parent, { ...printedOrder(), email: 'links@example.com' });
    const { orderId } = ref;
    await approvedProof(admin, parent, orderId, ref.checkoutToken);
    expect((await admin.upload(COMPLETE, { orderId }, book())).data!.completeOrderWithVideo.userErrors).toEqual([]);
    await admin.query(SHIP, { orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await admin.query(REFUND, { orderId, reason: 'Sorry for the delay.' });
    const emails = (await emailsOf(orderId)).filter((e: { template: string }) => !e.template.startsWith('staff'));
    expect(emails.map((e: { template: string }) => e.template)).toEqual([
      'order-confirmation',
      'proof-ready',
      'video-delivery',
      'shipping-confirmation',
      'refund-confirmation',
    ]);
    const seen = new Set<string>();
    for (const email of emails) {
      expect(email.text).not.toContain('/video/');
      expect(email.text).not.toContain('mention your order reference');
      const [token] = orderLinks(email.text);
      expect(token).toBeDefined();
      expect(email.html).toContain(`${PUBLIC_URL}/order/${token}`);
      seen.add(token);
    }
    // One live link per order: every e-mail carries the same one.
    expect(seen.size).toBe(1);
    expect((await page([...seen][0])).id).toBe(orderId);
  });
});

describe('requestOrderChange', () => {
  it('records one free change within 7 days of delivery, and refuses a second', async () => {
    const { orderId, checkoutToken } = await delivered();
    const payload = (await parent.query(CHANGE, { token: checkoutToken, message: '  Please spell it Mía  ' })).data!
      .requestOrderChange;
    expect(payload.userErrors).toEqual([]);
    expect(payload.order).toMatchObject({ canRequestChange: false, changeRequests: [{ message: 'Please spell it Mía' }] });
    expect(payload.order.timeline.at(-1)).toEqual({ title: 'Change requested', detail: 'Please spell it Mía' });
    const [{ count }] = await server.dataSource.query(
      `SELECT count(*)::int AS count FROM order_events WHERE order_id = $1 AND type = 'change_requested'`,
      [orderId],
    );
    expect(count).toBe(1);

    const again = (await parent.query(CHANGE, { token: checkoutToken, message: 'And the colour' })).data!.requestOrderChange;
    expect(again.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'status', message: 'The free revision for this order has already been requested.' },
    ]);
  });

  it("keeps a printed book's window open until 7 days after it should arrive, not 7 days after its video", async () => {
    const { orderId, checkoutToken } = await delivered(printedOrder());
    await server.dataSource.query(`UPDATE orders SET completed_at = now() - interval '10 days' WHERE id = $1`, [orderId]);
    // Made, not shipped yet: the days have not started.
    expect(await page(checkoutToken)).toMatchObject({ canRequestChange: true, changeRequestDeadline: null });
    // Shipped yesterday: 3 business days on the road, then 7 days.
    await server.dataSource.query(
      `UPDATE orders SET status = 'Shipped', shipped_at = now() - interval '1 day', shipping_carrier = 'UPS', tracking_number = '1Z999' WHERE id = $1`,
      [orderId],
    );
    const shown = await page(checkoutToken);
    expect(shown.canRequestChange).toBe(true);
    const until = new Date(shown.changeRequestDeadline).getTime();
    expect(until).toBeGreaterThan(Date.now() + 8 * 86_400_000);
    expect(until).toBeLessThan(Date.now() + 13 * 86_400_000);
    expect(
      (await parent.query(CHANGE, { token: checkoutToken, message: 'The name on the cover' })).data!.requestOrderChange
        .userErrors,
    ).toEqual([]);
  });

  it('is refused before delivery, after the 7 days, and past 1,000 characters', async () => {
    const paid = await placePaidOrder(parent);
    expect((await parent.query(CHANGE, { token: paid.checkoutToken, message: 'x' })).data!.requestOrderChange.userErrors).toEqual(
      [{ code: 'WRONG_STATUS', field: 'status', message: 'Changes can be requested once the book has been delivered.' }],
    );

    const { orderId, checkoutToken } = await delivered();
    expect(
      (await parent.query(CHANGE, { token: checkoutToken, message: 'x'.repeat(1001) })).data!.requestOrderChange.userErrors,
    ).toEqual([{ code: 'INVALID_INPUT', field: 'message', message: 'Please keep your request to 1,000 characters or fewer.' }]);
    await server.dataSource.query(`UPDATE orders SET completed_at = now() - interval '8 days' WHERE id = $1`, [orderId]);
    expect((await page(checkoutToken)).canRequestChange).toBe(false);
    expect((await parent.query(CHANGE, { token: checkoutToken, message: 'x' })).data!.requestOrderChange.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'status', message: 'Changes can be requested within 7 days of delivery.' },
    ]);
  });
});

describe('requestOrderChange with control characters', () => {
  it('refuses a NUL byte or an escape with a message and records nothing, and keeps line breaks and tabs', async () => {
    const { orderId, checkoutToken } = await delivered();
    for (const message of ['Spell it Mia\u0000', 'Bigger \u001b[31mfont']) {
      const payload = (await parent.query(CHANGE, { token: checkoutToken, message })).data!.requestOrderChange;
      expect(payload).toEqual({
        order: null,
        userErrors: [{ code: 'INVALID_INPUT', field: 'message', message: 'Your request cannot contain control characters.' }],
      });
    }
    expect(
      await server.dataSource.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND type = 'change_requested'`, [orderId]),
    ).toEqual([]);
    const lines = (await parent.query(CHANGE, { token: checkoutToken, message: 'Page 2:\n\tbigger font' })).data!
      .requestOrderChange;
    expect(lines.userErrors).toEqual([]);
  });
});

describe('deleteChildData', () => {
  it("deletes the files at once, blanks the child's details, keeps the accounts, and e-mails a confirmation", async () => {
    const { orderId, checkoutToken } = await delivered({
      ...printedOrder(),
      email: 'forget@example.com',
      dedication: 'For Mia',
    });
    const before = await page(checkoutToken);
    const [keys] = await server.dataSource.query('SELECT photo_key, video_key, pdf_key, payment_id FROM orders WHERE id = $1', [
      orderId,
    ]);
    for (const key of [keys.photo_key, keys.video_key, keys.pdf_key]) expect(fileExists(key)).toBe(true);

    const payload = (await parent.query(DELETE, { token: checkoutToken })).data!.deleteChildData;
    expect(payload.userErrors).toEqual([]);
    expect(payload.order).toMatchObject({
      status: 'Completed',
      childName: null,
      childAge: null,
      storyIdea: null,
      dedication: null,
      shippingAddress: null,
      photoUrl: null,
      delivery: null,
      childDataDeleted: true,
      canPay: false,
    });
    expect(payload.order.timeline.at(-1).title).toBe("Your child's photo and details were deleted");
    for (const key of [keys.photo_key, keys.video_key, keys.pdf_key]) expect(fileExists(key)).toBe(false);
    expect((await fetch(`${server.url}${before.photoUrl}`)).status).toBe(404);
    expect((await fetch(`${server.url}${before.delivery.watchUrl}`)).status).toBe(404);

    const [row] = await server.dataSource.query('SELECT * FROM orders WHERE id = $1', [orderId]);
    expect(row).toMatchObject({
      child_name: null,
      child_age: null,
      story_idea: '',
      dedication: null,
      shipping_address: null,
      photo_key: null,
      video_key: null,
      pdf_key: null,
      email: 'forget@example.com',
      amount_cents: 5000,
      payment_id: keys.payment_id,
      status: 'Completed',
    });
    expect(row.paid_at).not.toBeNull();
    expect(row.child_data_deleted_at).not.toBeNull();

    const adminView = (await admin.query(ADMIN_ORDER, { id: orderId })).data!.order;
    expect(adminView).toMatchObject({ id: orderId, childName: null, photoUrl: null, videoUrl: null, paymentId: keys.payment_id });
    expect(adminView.childDataDeletedAt).not.toBeNull();

    const confirmations = (await emailsTo('forget@example.com')).filter(
      (e: { template: string }) => e.template === 'child-data-deleted',
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0].text).toContain("We have deleted your child's photo");
    expect(confirmations[0].text).not.toContain('Mia');

    // Again: nothing more happens.
    const again = (await parent.query(DELETE, { token: checkoutToken })).data!.deleteChildData;
    expect(again.userErrors).toEqual([]);
    expect(again.order.childDataDeleted).toBe(true);
    const events = await server.dataSource.query(
      `SELECT count(*)::int AS count FROM order_events WHERE order_id = $1 AND type = 'child_data_deleted'`,
      [orderId],
    );
    expect(events[0].count).toBe(1);
    expect(
      (await emailsTo('forget@example.com')).filter((e: { template: string }) => e.template === 'child-data-deleted'),
    ).toHaveLength(1);

    // The book can no longer be changed.
    expect((await parent.query(CHANGE, { token: checkoutToken, message: 'x' })).data!.requestOrderChange.userErrors[0].code).toBe(
      'WRONG_STATUS',
    );
    // The CSV export still lists the order, without the child's details.
    const csv = await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie: admin.cookie! } });
    const line = (await csv.text()).split('\n').find((l) => l.startsWith(orderId));
    expect(line).toContain("Deleted at the parent's request");
  });

  it("takes the child's name, the address and the change requests out of the stored e-mails and the history", async () => {
    const secrets = ['Zephyrine', '77 Quillfeather Lane', 'Dunmorrow', 'Ada Quillfeather'];
    const { orderId, checkoutToken } = await delivered({
      ...printedOrder(),
      childName: 'Zephyrine',
      storyIdea: 'Zephyrine sails to the moon',
      dedication: 'For Zephyrine & her cat',
      shippingAddress: {
        fullName: 'Ada Quillfeather',
        streetAddress: '77 Quillfeather Lane',
        city: 'Dunmorrow',
        state: 'OR',
        zipCode: '97202',
        country: 'United States',
      },
    });
    const asked = await parent.query(CHANGE, {
      token: checkoutToken,
      message: 'Please spell it Zephyrine, and the parcel goes to 77 Quillfeather Lane.',
    });
    expect(asked.data!.requestOrderChange.userErrors).toEqual([]);
    const holding = async () => {
      const [emails] = await server.dataSource.query(
        `SELECT count(*)::int AS count FROM outbox_emails WHERE subject ILIKE ANY($1) OR html ILIKE ANY($1) OR text ILIKE ANY($1)`,
        [secrets.map((s) => `%${s}%`)],
      );
      const [events] = await server.dataSource.query(
        `SELECT count(*)::int AS count FROM order_events WHERE order_id = $1 AND data::text ILIKE ANY($2)`,
        [orderId, secrets.map((s) => `%${s}%`)],
      );
      return { emails: emails.count, events: events.count };
    };
    const before = await holding();
    // The confirmation, staff's new order, the delivery, staff's change request.
    expect(before.emails).toBeGreaterThanOrEqual(4);
    expect(before.events).toBeGreaterThanOrEqual(1);

    expect((await parent.query(DELETE, { token: checkoutToken })).data!.deleteChildData.userErrors).toEqual([]);

    expect(await holding()).toEqual({ emails: 0, events: 0 });
    // The e-mails stay, as a record of what was sent and when, with a marker where the details were.
    const kept = await emailsOf(orderId);
    expect(kept.length).toBeGreaterThanOrEqual(before.emails);
    expect(kept.some((e: { text: string }) => e.text.includes("[deleted at the parent's request]"))).toBe(true);
    // What the parent sees says the request was deleted, and the history still shows it happened.
    const shown = await page(checkoutToken);
    expect(shown.changeRequests).toEqual([{ message: "[deleted at the parent's request]", requestedAt: expect.any(String) }]);
    expect(JSON.stringify(shown)).not.toMatch(/Zephyrine|Quillfeather|Dunmorrow/);
    const adminView = (
      await admin.query(`query($id: ID!) { order(id: $id) { childName shippingAddress { city } changeRequest { message } } }`, {
        id: orderId,
      })
    ).data!.order;
    expect(adminView).toEqual({
      childName: null,
      shippingAddress: null,
      changeRequest: { message: "[deleted at the parent's request]" },
    });
  });

  it('cancels a Pending order, which can then not be paid', async () => {
    const { orderId, checkoutToken } = await placeOrder(parent);
    const payload = (await parent.query(DELETE, { token: checkoutToken })).data!.deleteChildData;
    expect(payload.order).toMatchObject({ status: 'Cancelled', childDataDeleted: true, canPay: false });
    expect((await parent.query(START_PAYMENT, { orderId, checkoutToken })).data!.startPayment.userErrors).toHaveLength(1);
  });
});
