/**
 * The finished book over real HTTP: a digital order is delivered with its video and storybook
 * PDF (a printed one may carry a PDF), every delivery is a version, a revision sends a new
 * version with the order's link, and the parent's page offers both files.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient, type UploadFile } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { pdfOfSize, REAL_PDF } from '../support/pdfs';
import { holdWrites, itOnPostgres, openSession, sessionsWaitingForLocks } from '../support/postgres-only';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_MP4, WEBM_HEAD } from '../support/videos';
import { CUSTOMER } from '../../server/src/orders/actor';
import { lockExistingOrder } from '../../server/src/orders/order-lock';

const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
    order { id status videoUrl pdfUrl } userErrors { code field message }
  }
}`;
const REVISE = `mutation($orderId: ID!, $video: Upload, $storybookPdf: Upload) {
  reviseDelivery(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
    order { id status videoUrl pdfUrl changeRequest { message } } userErrors { code field message }
  }
}`;
/** The e-mailed link opens the parent's order page, which carries the latest delivery. */
const PAGE = `query($token: String!) {
  orderPage(token: $token) { childName delivery { version watchUrl videoDownloadUrl contentType pdfUrl } }
}`;
const ORDER = `query($id: ID!) { order(id: $id) { id changeRequest { message requestedAt } } }`;

let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example.com' });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const video = (data: Buffer = REAL_MP4): UploadFile => ({ name: 'story.mp4', type: 'video/mp4', data });
const pdf = (data: Buffer = REAL_PDF): UploadFile => ({ name: 'storybook.pdf', type: 'application/pdf', data });
const book = (files: { video?: UploadFile; storybookPdf?: UploadFile } = {}) => ({
  video: files.video ?? video(),
  storybookPdf: files.storybookPdf ?? pdf(),
});

const filesIn = (folder: string) => {
  const dir = path.join(server.dataDir, 'files', folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const storedFiles = () => [...filesIn('videos').map((f) => `videos/${f}`), ...filesIn('books').map((f) => `books/${f}`)].sort();
const orderRow = async (id: string) =>
  (await server.dataSource.query('SELECT status, video_key, pdf_key FROM orders WHERE id = $1', [id]))[0];
const versions = (id: string) =>
  server.dataSource.query(
    'SELECT version, video_key, pdf_key, actor FROM order_deliveries WHERE order_id = $1 ORDER BY version',
    [id],
  );
const eventTypes = async (id: string) =>
  (await server.dataSource.query('SELECT type FROM order_events WHERE order_id = $1 ORDER BY created_at, id', [id])).map(
    (row: { type: string }) => row.type,
  );
const emails = (id: string) =>
  server.dataSource.query(`SELECT template, subject, text, html FROM outbox_emails WHERE order_id = $1 ORDER BY created_at, id`, [
    id,
  ]);
const tokenIn = (text: string) => /https:\/\/shop\.example\.com\/order\/([\w-]+)/.exec(text)?.[1];
const deliveryOf = async (token: string) => {
  const page = (await parent.query(PAGE, { token })).data!.orderPage;
  return { childName: page.childName, ...page.delivery };
};
const bytesAt = async (url: string) => Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());

async function deliveredDigitalOrder(childName = 'Mia'): Promise<string> {
  const { orderId } = await placePaidOrder(parent, { ...digitalOrder(), childName });
  const response = await admin.upload(COMPLETE, { orderId }, book());
  expect(response.data!.completeOrderWithVideo.userErrors).toEqual([]);
  return orderId;
}

describe('completing a digital order', () => {
  it('is refused without the storybook PDF, storing nothing and changing nothing', async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = storedFiles();
    const response = await admin.upload(COMPLETE, { orderId }, { video: video() });
    expect(response.data!.completeOrderWithVideo).toEqual({
      order: null,
      userErrors: [
        {
          code: 'INVALID_INPUT',
          field: 'storybookPdf',
          message: 'A digital order needs its storybook PDF: please add the PDF file.',
        },
      ],
    });
    expect(storedFiles()).toEqual(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', video_key: null, pdf_key: null });
    expect(await versions(orderId)).toEqual([]);
    expect(await emails(orderId)).toHaveLength(1); // the receipt, no delivery e-mail
  });

  it('stores the video and the PDF exactly, as version 1, and says so in the e-mail', async () => {
    const { orderId } = await placePaidOrder(parent, { ...digitalOrder(), childName: 'Ada' });
    const before = storedFiles();

    const response = await admin.upload(COMPLETE, { orderId }, book());
    const payload = response.data!.completeOrderWithVideo;
    expect(payload.userErrors).toEqual([]);
    expect(payload.order.status).toBe('Completed');

    const row = await orderRow(orderId);
    expect(row.pdf_key).toMatch(new RegExp(`^books/${orderId}-[0-9a-f]{8}\\.pdf$`));
    expect(storedFiles()).toEqual([...before, row.video_key, row.pdf_key].sort());
    expect((await bytesAt(payload.order.videoUrl)).equals(REAL_MP4)).toBe(true);
    const storedPdf = await fetch(`${server.url}${payload.order.pdfUrl}`);
    expect(storedPdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await storedPdf.arrayBuffer()).equals(REAL_PDF)).toBe(true);

    expect(await versions(orderId)).toEqual([
      { version: 1, video_key: row.video_key, pdf_key: row.pdf_key, actor: 'admin:admin@example.com' },
    ]);
    const [, delivery] = await emails(orderId);
    expect(delivery.template).toBe('video-delivery');
    expect(delivery.text).toContain('the storybook as a PDF to download');
  });

  it('refuses a file that is not a PDF, removing the video it had stored', async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = storedFiles();
    const notPdf = { name: 'storybook.pdf', type: 'application/pdf', data: Buffer.from('<html>a web page</html>') };
    const response = await admin.upload(COMPLETE, { orderId }, book({ storybookPdf: notPdf }));
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'storybookPdf', message: 'Please upload the storybook as a PDF file.' },
    ]);
    expect(storedFiles()).toEqual(before);
    expect((await orderRow(orderId)).status).toBe('Paid');
  });

  it('completes a digital order once when two uploads race, keeping only the winner’s files', async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = storedFiles();
    const results = await Promise.all([admin.upload(COMPLETE, { orderId }, book()), admin.upload(COMPLETE, { orderId }, book())]);
    const errors = results.map((r) => r.data!.completeOrderWithVideo.userErrors);
    expect(errors.filter((e) => e.length === 0)).toHaveLength(1);
    expect(errors.flat()).toEqual([{ code: 'WRONG_STATUS', field: 'status', message: 'This order has already been completed.' }]);
    const row = await orderRow(orderId);
    expect(storedFiles()).toEqual([...before, row.video_key, row.pdf_key].sort());
    expect(await versions(orderId)).toHaveLength(1);
    expect((await emails(orderId)).filter((e: { template: string }) => e.template === 'video-delivery')).toHaveLength(1);
  });
});

describe('completing a printed order', () => {
  it('takes the video alone', async () => {
    const { orderId } = await placePaidOrder(parent, printedOrder());
    const response = await admin.upload(COMPLETE, { orderId }, { video: video() });
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([]);
    expect(response.data!.completeOrderWithVideo.order.pdfUrl).toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'Completed', pdf_key: null });
    expect(await versions(orderId)).toMatchObject([{ version: 1, pdf_key: null }]);
    const [, delivery] = await emails(orderId);
    expect(delivery.text).not.toContain('PDF');
  });

  it('takes a PDF beside the video', async () => {
    const { orderId } = await placePaidOrder(parent, printedOrder());
    const response = await admin.upload(COMPLETE, { orderId }, book());
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([]);
    expect((await bytesAt(response.data!.completeOrderWithVideo.order.pdfUrl)).equals(REAL_PDF)).toBe(true);
  });
});

describe("after the parent deleted the child's details", () => {
  const DELETED = {
    code: 'WRONG_STATUS',
    field: 'status',
    message: "The parent deleted this child's details, so the book can no longer be delivered.",
  };
  const deleteChildData = (token: string) => server.app.services.orderPages.deleteChildData(token);

  it('refuses to deliver a Paid order, storing nothing', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent);
    expect((await deleteChildData(checkoutToken)).ok).toBe(true);
    const before = storedFiles();
    const response = await admin.upload(COMPLETE, { orderId }, book());
    expect(response.data!.completeOrderWithVideo).toEqual({ order: null, userErrors: [DELETED] });
    expect(storedFiles()).toEqual(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', video_key: null, pdf_key: null });
    expect(await versions(orderId)).toEqual([]);
  });

  it('refuses a delivery whose files were uploading when the deletion committed, and takes the files back out', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent);
    const before = storedFiles();
    const storage = server.app.services.storage;
    const put = storage.put.bind(storage);
    let deleted = false;
    const spy = jest.spyOn(storage, 'put').mockImplementation(async (key, body, type) => {
      await put(key, body, type);
      // The parent deletes the child's details while the admin's upload is still being stored.
      if (!deleted) deleted = (await deleteChildData(checkoutToken)).ok;
    });
    try {
      const response = await admin.upload(COMPLETE, { orderId }, book());
      expect(deleted).toBe(true);
      expect(response.data!.completeOrderWithVideo).toEqual({ order: null, userErrors: [DELETED] });
    } finally {
      spy.mockRestore();
    }
    expect(storedFiles()).toEqual(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', video_key: null, pdf_key: null });
    expect(await versions(orderId)).toEqual([]);
    expect(await eventTypes(orderId)).not.toContain('completed');
  });

  it('refuses a revision whose files were uploading when the deletion committed, and takes the files back out', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent);
    const before = storedFiles();
    expect((await admin.upload(COMPLETE, { orderId }, book())).data!.completeOrderWithVideo.userErrors).toEqual([]);
    const storage = server.app.services.storage;
    const put = storage.put.bind(storage);
    let deleted = false;
    let storedKey: string | null = null;
    const spy = jest.spyOn(storage, 'put').mockImplementation(async (key, body, type) => {
      await put(key, body, type);
      storedKey = key;
      if (!deleted) deleted = (await deleteChildData(checkoutToken)).ok;
    });
    try {
      const response = await admin.upload(REVISE, { orderId }, { video: video() });
      expect(deleted).toBe(true);
      // The deletion took the delivered video, so the order no longer counts as delivered either way.
      expect(response.data!.reviseDelivery.order).toBeNull();
      expect(response.data!.reviseDelivery.userErrors).toEqual([DELETED]);
    } finally {
      spy.mockRestore();
    }
    expect(storedKey).not.toBeNull();
    // Neither the delivered book (the deletion's) nor the revision's upload (taken back out) is left.
    expect(storedFiles()).toEqual(before);
    expect(await versions(orderId)).toHaveLength(1);
  });
});

describe('a revision', () => {
  it("stores the next version, e-mails the order's link, which opens it, and keeps the old files", async () => {
    const orderId = await deliveredDigitalOrder('Leo');
    const first = await orderRow(orderId);
    const [, firstEmail] = await emails(orderId);
    const firstToken = tokenIn(firstEmail.text)!;

    const newVideo = Buffer.concat([WEBM_HEAD, Buffer.alloc(2048, 7)]);
    const response = await admin.upload(REVISE, { orderId }, { video: { name: 'v2.webm', type: 'video/webm', data: newVideo } });
    const payload = response.data!.reviseDelivery;
    expect(payload.userErrors).toEqual([]);
    expect(payload.order.status).toBe('Completed');

    const second = await orderRow(orderId);
    expect(second.video_key).not.toBe(first.video_key);
    expect(second.video_key).toMatch(/\.webm$/);
    expect(second.pdf_key).toBe(first.pdf_key); // a digital revision keeps its PDF
    expect(await versions(orderId)).toMatchObject([
      { version: 1, video_key: first.video_key, pdf_key: first.pdf_key },
      { version: 2, video_key: second.video_key, pdf_key: first.pdf_key },
    ]);
    expect(storedFiles()).toEqual(expect.arrayContaining([first.video_key, first.pdf_key, second.video_key]));
    expect(await eventTypes(orderId)).toEqual(['created', 'paid', 'completed', 'delivery_revised']);

    const revisedEmail = (await emails(orderId)).at(-1);
    expect(revisedEmail).toMatchObject({ template: 'delivery-revised', subject: "Leo's story has been updated" });
    // The order's one link, which now opens the new version.
    expect(tokenIn(revisedEmail.text)).toBe(firstToken);
    const delivery = await deliveryOf(firstToken);
    expect(delivery).toMatchObject({ childName: 'Leo', contentType: 'video/webm' });
    expect((await bytesAt(delivery.watchUrl)).equals(newVideo)).toBe(true);
  });

  it('replaces the PDF alone, and a third version follows the second', async () => {
    const orderId = await deliveredDigitalOrder();
    const first = await orderRow(orderId);
    const newPdf = Buffer.concat([REAL_PDF, Buffer.from('% revised\n')]);
    await admin.upload(REVISE, { orderId }, { storybookPdf: pdf(newPdf) });
    const response = await admin.upload(REVISE, { orderId }, { video: video() });
    expect(response.data!.reviseDelivery.userErrors).toEqual([]);
    const rows = await versions(orderId);
    expect(rows.map((r: { version: number }) => r.version)).toEqual([1, 2, 3]);
    expect(rows[1].video_key).toBe(first.video_key);
    expect(rows[2].pdf_key).toBe(rows[1].pdf_key);
    expect((await bytesAt(response.data!.reviseDelivery.order.pdfUrl)).equals(newPdf)).toBe(true);
  });

  it('needs at least one file', async () => {
    const orderId = await deliveredDigitalOrder();
    const response = await admin.query(REVISE, { orderId });
    expect(response.data!.reviseDelivery.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'video', message: 'Please choose a new video or PDF for the revision.' },
    ]);
    expect(await versions(orderId)).toHaveLength(1);
  });

  it('is refused for a Paid or Pending order, storing nothing', async () => {
    const { orderId: paid } = await placePaidOrder(parent);
    const { orderId: pending } = await placeOrder(parent);
    const before = storedFiles();
    for (const orderId of [paid, pending]) {
      const response = await admin.upload(REVISE, { orderId }, book());
      expect(response.data!.reviseDelivery.userErrors).toEqual([
        { code: 'WRONG_STATUS', field: 'status', message: 'Only a delivered order can be revised.' },
      ]);
      expect(await versions(orderId)).toEqual([]);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a bad file, keeping the current version and storing nothing', async () => {
    const orderId = await deliveredDigitalOrder();
    const before = storedFiles();
    const current = await orderRow(orderId);
    const response = await admin.upload(REVISE, { orderId }, book({ storybookPdf: pdf(Buffer.from('not a pdf')) }));
    expect(response.data!.reviseDelivery.userErrors[0].field).toBe('storybookPdf');
    expect(storedFiles()).toEqual(before);
    expect(await orderRow(orderId)).toEqual(current);
  });

  it('is for admins only', async () => {
    const orderId = await deliveredDigitalOrder();
    const response = await parent.upload(REVISE, { orderId }, { video: video() });
    expect(response.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await versions(orderId)).toHaveLength(1);
  });

  it('answers the parent’s request for a change', async () => {
    const orderId = await deliveredDigitalOrder();
    const recorded = await server.app.services.changeRequests.recordChangeRequest(orderId, '  Please spell it Mía  ', CUSTOMER);
    expect(recorded.ok).toBe(true);
    const asked = (await admin.query(ORDER, { id: orderId })).data!.order.changeRequest;
    expect(asked.message).toBe('Please spell it Mía');
    expect(new Date(asked.requestedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const response = await admin.upload(REVISE, { orderId }, { video: video() });
    expect(response.data!.reviseDelivery.order.changeRequest).toBeNull();
  });
});

describe("the parent's delivery page", () => {
  it('offers the video and the PDF, each serving the exact bytes', async () => {
    const orderId = await deliveredDigitalOrder('Noor');
    const token = tokenIn((await emails(orderId))[1].text)!;
    const delivery = await deliveryOf(token);
    expect(delivery.childName).toBe('Noor');
    expect((await bytesAt(delivery.watchUrl)).equals(REAL_MP4)).toBe(true);
    const download = await fetch(`${server.url}${delivery.pdfUrl}`);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // Saved under the child's and the lesson's names, not the storage key's uuid.
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="noor-kindness-storybook.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(REAL_PDF)).toBe(true);
    // A name the shop would not make is not offered: the file keeps its stored name.
    const forged = new URL(delivery.pdfUrl, server.url);
    forged.searchParams.set('name', '../../invoice.exe');
    const refusedName = await fetch(forged);
    expect(refusedName.status).toBe(200);
    expect(refusedName.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f-]+(-[0-9a-f]+)?\.pdf"$/);
    // Signed with the same expiry as the video's links.
    const expiry = (url: string) => new URL(url, server.url).searchParams.get('exp');
    expect(expiry(delivery.pdfUrl)).toBe(expiry(delivery.watchUrl));
  });

  it('has no PDF link for a printed order delivered without one', async () => {
    const { orderId } = await placePaidOrder(parent, printedOrder());
    await admin.upload(COMPLETE, { orderId }, { video: video() });
    const token = tokenIn((await emails(orderId))[1].text)!;
    expect((await deliveryOf(token)).pdfUrl).toBeNull();
  });
});

describe('a change request', () => {
  const record = (orderId: string, message: string, now?: Date) =>
    server.app.services.changeRequests.recordChangeRequest(orderId, message, CUSTOMER, now);

  it('is recorded once, as the free round, and refused after that', async () => {
    const orderId = await deliveredDigitalOrder();
    expect(await record(orderId, 'A blue cape, please')).toMatchObject({ ok: true, value: { message: 'A blue cape, please' } });
    expect(await record(orderId, 'And a red hat')).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'WRONG_STATUS',
        message: 'The free revision for this order has already been requested.',
      }),
    });
    const events = await server.dataSource.query(
      `SELECT actor, data FROM order_events WHERE order_id = $1 AND type = 'change_requested'`,
      [orderId],
    );
    expect(events).toEqual([{ actor: 'customer', data: { message: 'A blue cape, please' } }]);
  });

  it('takes 1,000 characters and no more, and not an empty message', async () => {
    const orderId = await deliveredDigitalOrder();
    expect(await record(orderId, 'x'.repeat(1001))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'message', message: 'Please keep your request to 1,000 characters or fewer.' },
    });
    expect(await record(orderId, '   ')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'Please tell us what you would like changed.' },
    });
    expect(await eventTypes(orderId)).not.toContain('change_requested');
    expect((await record(orderId, 'é'.repeat(1000))).ok).toBe(true);
  });

  it('is taken within 7 days of delivery only', async () => {
    const orderId = await deliveredDigitalOrder();
    const [{ completed_at: completedAt }] = await server.dataSource.query('SELECT completed_at FROM orders WHERE id = $1', [
      orderId,
    ]);
    const day = 86_400_000;
    expect(await record(orderId, 'Too late', new Date(completedAt.getTime() + 7 * day + 1000))).toMatchObject({
      ok: false,
      error: { code: 'WRONG_STATUS', message: 'Changes can be requested within 7 days of delivery.' },
    });
    expect((await record(orderId, 'Just in time', new Date(completedAt.getTime() + 7 * day - 1000))).ok).toBe(true);
  });

  it('is refused before the book is delivered', async () => {
    const { orderId } = await placePaidOrder(parent);
    expect(await record(orderId, 'Can you hurry?')).toMatchObject({
      ok: false,
      error: { code: 'WRONG_STATUS', message: 'Changes can be requested once the book has been delivered.' },
    });
  });

  it('shows on the admin list until a revision answers it', async () => {
    const orderId = await deliveredDigitalOrder();
    expect((await admin.query(ORDER, { id: orderId })).data!.order.changeRequest).toBeNull();
    await record(orderId, 'Her name is Zoë');
    const list = await admin.query(`{ orders(first: 100) { edges { node { id changeRequest { message } } } } }`);
    const row = list.data!.orders.edges.find((e: { node: { id: string } }) => e.node.id === orderId);
    expect(row.node.changeRequest).toEqual({ message: 'Her name is Zoë' });
  });
});

describe('retention of replaced files', () => {
  it('deletes a replaced version’s files 30 days after the revision, keeping what the current version uses', async () => {
    const orderId = await deliveredDigitalOrder();
    const first = await orderRow(orderId);
    await admin.upload(REVISE, { orderId }, { video: video() });
    const current = await orderRow(orderId);

    expect(await server.app.services.photoRetention.sweepSupersededDeliveries()).toBe(0);
    expect(storedFiles()).toContain(first.video_key);

    await server.dataSource.query(
      `UPDATE order_deliveries SET created_at = now() - interval '31 days' WHERE order_id = $1 AND version = 2`,
      [orderId],
    );
    expect(await server.app.services.photoRetention.sweepSupersededDeliveries()).toBeGreaterThanOrEqual(1);
    expect(storedFiles()).not.toContain(first.video_key);
    expect(storedFiles()).toEqual(expect.arrayContaining([current.video_key, current.pdf_key]));
    expect(await eventTypes(orderId)).toContain('delivery_files_deleted');
    // Swept once: the next sweep finds nothing more to do for it.
    const [v1] = await server.dataSource.query(
      'SELECT files_removed_at FROM order_deliveries WHERE order_id = $1 AND version = 1',
      [orderId],
    );
    expect(v1.files_removed_at).toBeInstanceOf(Date);
  });
});

describe('retention of replaced files, while the parent deletes the child’s data', () => {
  itOnPostgres('waits for the deletion that holds the order, rather than deadlock with it', async () => {
    const orderId = await deliveredDigitalOrder();
    await admin.upload(REVISE, { orderId }, { video: video() });
    await server.dataSource.query(
      `UPDATE order_deliveries SET created_at = now() - interval '31 days' WHERE order_id = $1 AND version = 2`,
      [orderId],
    );
    // The sweep takes the replaced version, then stops at its event until the history is let go.
    const history = await holdWrites(server.dataSource, 'order_events');
    const session = await openSession(server.dataSource);
    try {
      const swept = server.app.services.photoRetention.sweepSupersededDeliveries();
      expect(await sessionsWaitingForLocks(server.dataSource, 1, { query: 'INSERT INTO "order_events"' })).toBe(1);
      // As deleting the child's data does: the order's row first, then its versions.
      await session.runner.startTransaction();
      const deletion = (async () => {
        await lockExistingOrder(session.runner.manager, orderId);
        await session.runner.query(
          `UPDATE order_deliveries SET files_removed_at = now() WHERE order_id = $1 AND files_removed_at IS NULL`,
          [orderId],
        );
        await session.runner.commitTransaction();
      })();
      expect(await sessionsWaitingForLocks(server.dataSource, 1, { pid: session.pid })).toBe(1);
      await history.release();
      expect(await swept).toBeGreaterThanOrEqual(1);
      await deletion;
    } finally {
      await history.release();
      await session.close();
    }
    // This order's replaced version was the sweep's, and its files went.
    expect(await eventTypes(orderId)).toContain('delivery_files_deleted');
  });
});

describe('with a smaller PDF limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ PDF_MAX_BYTES: String(16 * 1024) });
    await createAdmin(small);
  });
  afterAll(() => small?.close());

  it('refuses a PDF past the limit with the limit in the message, storing nothing', async () => {
    const client = new GraphQLClient(small.url);
    await signIn(client);
    const { orderId } = await placePaidOrder(new GraphQLClient(small.url));
    const response = await client.upload(COMPLETE, { orderId }, book({ storybookPdf: pdf(pdfOfSize(16 * 1024 + 1)) }));
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'storybookPdf', message: 'The PDF is too large: the limit is 16 KB.' },
    ]);
    for (const folder of ['videos', 'books']) {
      const dir = path.join(small.dataDir, 'files', folder);
      expect(existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')) : []).toEqual([]);
    }
    const [row] = await small.dataSource.query('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(row.status).toBe('Paid');
    const config = await client.query('{ shopConfig { pdfMaxBytes emailSending } }');
    expect(config.data!.shopConfig).toEqual({ pdfMaxBytes: 16 * 1024, emailSending: false });
  });
});
