/**
 * Printing at Lulu (PRINT_PROVIDER=lulu) against a fake of Lulu's Print API: the print files are
 * checked before anything is sent (page size with bleed, page count, the cover against Lulu's
 * cover dimensions) and priced; one print job an order, never two, whatever is retried; Lulu's
 * webhook is believed only with its signature, and acted on as Lulu's API says the job is.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PRINT_CANCEL_JOB } from '../../server/src/printing/print-cancel.job';
import { createAdmin, signIn } from '../support/admin';
import { placePaidOrder } from '../support/checkout';
import { type FakeLulu, luluEnv, startFakeLulu } from '../support/fake-lulu';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { digitalOrder, printedOrder } from '../support/orders';
import { coverPt, PAGE_PT, pdfUpload, pdfWithPages, POD_PACKAGE_ID, printFiles } from '../support/print-files';
import { REAL_PDF } from '../support/pdfs';
import { approvedProof } from '../support/proofs';
import { startTestServer, type TestServer } from '../support/test-server';
import { queueReasonsOf } from '../support/work-queue';

let lulu: FakeLulu;
let server: TestServer;
let owner: GraphQLClient;
let studio: GraphQLClient;

beforeAll(async () => {
  lulu = await startFakeLulu();
  server = await startTestServer({
    PUBLIC_URL: 'https://shop.example.com',
    STAFF_EMAIL: 'studio@shop.example',
    ...luluEnv(lulu, POD_PACKAGE_ID),
    LULU_SHIPPING_LEVEL: 'PRIORITY_MAIL',
  });
  // Lulu fetches the files from the shop's public address; here that is the server under test.
  lulu.fileOrigin = server.url;
  await createAdmin(server);
  owner = new GraphQLClient(server.url);
  await signIn(owner);
  await createAdmin(server, 'illustrator@example.com');
  await server.dataSource.query(`UPDATE admin_users SET role = 'STUDIO' WHERE email = 'illustrator@example.com'`);
  studio = new GraphQLClient(server.url);
  await signIn(studio, 'illustrator@example.com');
});
afterAll(async () => {
  await server?.close();
  await lulu?.close();
});

const UPLOAD = `mutation($orderId: ID!, $interior: Upload!, $cover: Upload!) {
  uploadPrintFiles(orderId: $orderId, interior: $interior, cover: $cover) {
    printJob { provider status pageCount costCents currency externalId error hasFiles }
    userErrors { code field message }
  }
}`;
const SEND = `mutation($orderId: ID!) {
  sendToPrinter(orderId: $orderId) {
    order { id status } printJob { status statusLabel externalId costCents error } userErrors { code field message }
  }
}`;
const ORDER = `query($id: ID!) {
  order(id: $id) { status shippingCarrier trackingNumber printJob { status externalId error hasFiles } }
}`;

async function approvedPrintedOrder(input: Record<string, unknown> = printedOrder()) {
  const parent = new GraphQLClient(server.url);
  const { orderId, checkoutToken } = await placePaidOrder(parent, input);
  await approvedProof(studio, parent, orderId, checkoutToken);
  return { parent, orderId, token: checkoutToken };
}

const upload = async (orderId: string, files?: Awaited<ReturnType<typeof printFiles>>) =>
  (await studio.upload(UPLOAD, { orderId }, { ...(files ?? (await printFiles())) })).data!.uploadPrintFiles;
const send = async (orderId: string) => (await studio.query(SEND, { orderId })).data!.sendToPrinter;
const jobsFor = (orderId: string) => lulu.jobs.filter((job) => job.external_id === orderId);
const printRow = async (orderId: string) =>
  (await server.dataSource.query(`SELECT * FROM print_jobs WHERE order_id = $1`, [orderId]))[0];
const storedPrintFiles = (orderId: string): string[] => {
  const dir = path.join(server.dataDir, 'files', 'print');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(orderId)) : [];
};
const reasonsOf = (orderId: string) => queueReasonsOf(owner, orderId);
const shippingEmails = (orderId: string) =>
  server.dataSource.query(`SELECT subject, text FROM outbox_emails WHERE order_id = $1 AND template = 'shipping-confirmation'`, [
    orderId,
  ]);
const postWebhook = (webhook: { body: string; headers: Record<string, string> }) =>
  fetch(`${server.url}/webhooks/lulu`, { method: 'POST', headers: webhook.headers, body: webhook.body });

describe('print files', () => {
  it('are checked, priced by Lulu and stored; a STUDIO member may do it', async () => {
    const { orderId } = await approvedPrintedOrder();
    const ready = await upload(orderId);
    expect(ready.userErrors).toEqual([]);
    // Lulu's price for 24 pages by priority mail, from its cost calculation: 10.00 + 24 x 0.15 + 8.99.
    expect(ready.printJob).toEqual({
      provider: 'lulu',
      status: 'FILES_READY',
      pageCount: 24,
      costCents: 2259,
      currency: 'USD',
      externalId: null,
      error: null,
      hasFiles: true,
    });
    expect(storedPrintFiles(orderId)).toHaveLength(2);
    const calculation = lulu.requests.find((request) => request.path === '/print-job-cost-calculations/');
    expect(calculation?.body).toMatchObject({
      line_items: [{ pod_package_id: POD_PACKAGE_ID, page_count: 24, quantity: 1 }],
      shipping_address: { country_code: 'US', state_code: 'OR', postcode: '97201', phone_number: '+1 503 555 0100' },
      shipping_option: 'PRIORITY_MAIL',
    });
    expect(jobsFor(orderId)).toEqual([]);
  });

  it.each([
    [
      'a PNG as the interior',
      async () => ({
        ...(await printFiles()),
        interior: { name: 'x.pdf', type: 'application/pdf', data: await makePng(20, 20) },
      }),
      'interior',
      /PDF/,
    ],
    [
      'interior pages without bleed (8.5 in)',
      async () => ({ ...(await printFiles()), interior: pdfUpload('i.pdf', await pdfWithPages(24, 612)) }),
      'interior',
      /8\.75 × 8\.75 in.*page 1 is 8\.5 × 8\.5 in/,
    ],
    [
      'one page of another size',
      async () => {
        const pages = await pdfWithPages(24, PAGE_PT);
        const { PDFDocument } = await import('pdf-lib');
        const document = await PDFDocument.load(pages);
        document.getPage(6).setSize(PAGE_PT, 700);
        return { ...(await printFiles()), interior: pdfUpload('i.pdf', Buffer.from(await document.save())) };
      },
      'interior',
      /page 7 is 8\.75 × 9\.72 in/,
    ],
    [
      'too few pages for a hardcover',
      async () => ({ ...(await printFiles(12)) }),
      'interior',
      /24 to 800 interior pages; this interior has 12/,
    ],
    [
      'a cover of two pages',
      async () => ({
        ...(await printFiles()),
        cover: pdfUpload('c.pdf', await pdfWithPages(2, coverPt(24).width, coverPt(24).height)),
      }),
      'cover',
      /one page.*has 2/,
    ],
    [
      'a cover sized for another page count',
      async () => ({
        ...(await printFiles()),
        cover: pdfUpload('c.pdf', await pdfWithPages(1, coverPt(300).width, coverPt(300).height)),
      }),
      'cover',
      /For 24 interior pages the cover must be/,
    ],
    [
      'a damaged PDF',
      async () => ({ ...(await printFiles()), interior: pdfUpload('i.pdf', Buffer.from('%PDF-1.7\nnot really a pdf')) }),
      'interior',
      /could not be read as a PDF/,
    ],
  ])('are refused, with nothing stored or sent, for %s', async (_name, files, field, message) => {
    const { orderId } = await approvedPrintedOrder();
    const refused = await upload(orderId, (await files()) as Awaited<ReturnType<typeof printFiles>>);
    expect(refused.printJob).toBeNull();
    expect(refused.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_INPUT', field })]);
    expect(refused.userErrors[0].message).toMatch(message);
    expect(storedPrintFiles(orderId)).toEqual([]);
    expect(await printRow(orderId)).toBeUndefined();
  });

  it('are refused for a digital book, an unapproved proof, an unpaid order, and without a session', async () => {
    const digital = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    expect((await upload(digital.orderId)).userErrors[0]).toMatchObject({
      code: 'WRONG_STATUS',
      message: 'Only a printed book goes to the printer.',
    });

    const unapproved = await placePaidOrder(new GraphQLClient(server.url), printedOrder());
    expect((await upload(unapproved.orderId)).userErrors[0]).toMatchObject({
      code: 'WRONG_STATUS',
      message: 'A printed book goes to print only once the parent has approved its newest proof.',
    });
    expect((await send(unapproved.orderId)).userErrors[0].code).toBe('WRONG_STATUS');

    // Without a session: the upload is refused before a file is read, and so is sending.
    const tiny = pdfUpload('tiny.pdf', REAL_PDF);
    const stranger = new GraphQLClient(server.url);
    const anonymous = await stranger.upload(UPLOAD, { orderId: unapproved.orderId }, { interior: tiny, cover: tiny });
    expect(anonymous.data?.uploadPrintFiles ?? null).toBeNull();
    expect(anonymous.errors?.[0].extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    const anonymousSend = await stranger.query(SEND, { orderId: unapproved.orderId });
    expect(anonymousSend.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(lulu.jobs.filter((job) => job.external_id === digital.orderId || job.external_id === unapproved.orderId)).toEqual([]);
  });
});

describe('sending to Lulu', () => {
  it('makes one print job with the order id as external id, links Lulu can fetch, the address and level', async () => {
    const { orderId, parent, token } = await approvedPrintedOrder({
      ...printedOrder(),
      shippingAddress: { ...printedOrder().shippingAddress, state: 'Oregon' },
    });
    const files = await printFiles();
    await upload(orderId, files);
    expect(await reasonsOf(orderId)).toEqual(['APPROVED']);
    const sent = await send(orderId);
    expect(sent.userErrors).toEqual([]);
    const [job] = jobsFor(orderId);
    expect(sent.printJob).toMatchObject({ status: 'CREATED', externalId: String(job.id), costCents: 2259, error: null });
    expect(job).toMatchObject({
      shipping_level: 'PRIORITY_MAIL',
      contact_email: 'studio@shop.example',
      shipping_address: {
        name: 'Sam Parent',
        street1: '12 Oak Street',
        city: 'Portland',
        state_code: 'OR',
        country_code: 'US',
        postcode: '97201',
      },
    });
    // Lulu downloaded both files through their signed links.
    expect(job.fetched).toEqual({ interior: files.interior.data.length, cover: files.cover.data.length });
    expect(job.line_items[0].printable_normalization.interior.source_url).toMatch(
      /^https:\/\/shop\.example\.com\/media\/print\/.+\?exp=\d+&sig=/,
    );
    // The book is the printer's now: nothing for the studio until Lulu says otherwise.
    expect(await reasonsOf(orderId)).toEqual([]);
    const page = await parent.query(`query($token: String!) { orderPage(token: $token) { timeline { title } } }`, { token });
    expect(page.data!.orderPage.timeline.map((entry: { title: string }) => entry.title)).toContain(
      'Your book went to the printer',
    );

    const again = await send(orderId);
    expect(again.userErrors[0]).toMatchObject({
      code: 'WRONG_STATUS',
      message: `The book is already with the printer (job ${job.id}).`,
    });
    const byHand = await studio.query(
      `mutation($orderId: ID!) { shipOrder(orderId: $orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784") { order { status } userErrors { message } } }`,
      { orderId },
    );
    expect(byHand.data!.shipOrder.userErrors[0].message).toBe(
      `This book is with the printer (job ${job.id}), which ships it: the order is marked shipped, with the printer's tracking number, when the printer says so.`,
    );
    const replaced = await upload(orderId);
    expect(replaced.userErrors[0].message).toBe(`The book is already with the printer (job ${job.id}).`);
    expect(jobsFor(orderId)).toHaveLength(1);
  });

  it('never prints twice when Lulu made the job but its answer was lost', async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    lulu.failNext('POST', '/print-jobs/', 502, true);
    const lost = await send(orderId);
    expect(lost.userErrors[0]).toMatchObject({ code: 'INTERNAL_FAILURE' });
    expect(lost.userErrors[0].message).toMatch(/a retry never prints the book twice/);
    expect((await printRow(orderId)).status).toBe('SENDING');
    expect(jobsFor(orderId)).toHaveLength(1);

    const retried = await send(orderId);
    expect(retried.userErrors).toEqual([]);
    expect(retried.printJob.externalId).toBe(String(jobsFor(orderId)[0].id));
    expect(jobsFor(orderId)).toHaveLength(1);
  });

  it("shows Lulu's refusal and keeps the files ready to send again", async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    lulu.failNext('POST', '/print-jobs/', 400);
    const refused = await send(orderId);
    expect(refused.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The printer refused it: Bad request; Refused by the fake',
    });
    expect(await printRow(orderId)).toMatchObject({ status: 'FILES_READY', error: 'Bad request; Refused by the fake' });
    expect((await send(orderId)).userErrors).toEqual([]);
    expect(jobsFor(orderId)).toHaveLength(1);
  });

  it('makes one job when two sends start at once', async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    const answers = await Promise.all([send(orderId), send(orderId)]);
    const accepted = answers.filter((answer) => answer.userErrors.length === 0);
    const refused = answers.filter((answer) => answer.userErrors.length > 0);
    expect(accepted).toHaveLength(1);
    expect(refused[0].userErrors[0].message).toMatch(
      /^(The book is being sent to the printer right now|The book is already with the printer)/,
    );
    expect(jobsFor(orderId)).toHaveLength(1);
  });

  it('waits for a send that holds the job, and takes over from one that died holding it', async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    // A send in another instance holds the job for the next minutes.
    await server.dataSource.query(
      `UPDATE print_jobs SET status = 'SENDING', sending_until = now() + interval '4 minutes' WHERE order_id = $1`,
      [orderId],
    );
    expect((await send(orderId)).userErrors[0].message).toBe(
      'The book is being sent to the printer right now. Look again in a minute.',
    );
    expect(jobsFor(orderId)).toEqual([]);
    // That instance died: its hold ran out, and the next send finishes the job.
    await server.dataSource.query(`UPDATE print_jobs SET sending_until = now() - interval '1 second' WHERE order_id = $1`, [
      orderId,
    ]);
    const resumed = await send(orderId);
    expect(resumed.userErrors).toEqual([]);
    expect(jobsFor(orderId)).toHaveLength(1);
    expect((await printRow(orderId)).sending_until).toBeNull();
  });

  it('makes a print problem at once of a job Lulu turns down as it takes it (a file it could not fetch)', async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    lulu.fileOrigin = 'http://127.0.0.1:9';
    try {
      const sent = await send(orderId);
      expect(sent.printJob).toMatchObject({
        status: 'REJECTED',
        error: 'Could not download the interior file from its source_url.',
      });
    } finally {
      lulu.fileOrigin = server.url;
    }
    expect(await reasonsOf(orderId)).toEqual(['PRINT_PROBLEM']);
  });

  it('is refused for an address without a state, which Lulu needs', async () => {
    const { orderId } = await approvedPrintedOrder({
      ...printedOrder(),
      shippingAddress: { ...printedOrder().shippingAddress, state: '' },
    });
    const refused = await upload(orderId);
    expect(refused.userErrors[0]).toMatchObject({
      code: 'WRONG_STATUS',
      message:
        'The shipping address has no state or province, which the printer needs: ask the parent for it. The book cannot go to the printer without one.',
    });
    expect(storedPrintFiles(orderId)).toEqual([]);
  });

  it('asks for a new token when Lulu expires the one it gave', async () => {
    const { orderId } = await approvedPrintedOrder();
    lulu.expireTokens();
    expect((await upload(orderId)).userErrors).toEqual([]);
  });
});

describe("Lulu's webhook", () => {
  async function orderAtLulu() {
    const { orderId, parent, token } = await approvedPrintedOrder();
    await upload(orderId);
    const sent = await send(orderId);
    return { orderId, parent, token, jobId: Number(sent.printJob.externalId) };
  }

  it('ships the order with the tracking number Lulu gives, and e-mails the parent once', async () => {
    const { orderId, jobId } = await orderAtLulu();
    lulu.setStatus(jobId, 'SHIPPED');
    const response = await postWebhook(lulu.webhookFor(jobId));
    expect(response.status).toBe(200);
    const order = (await owner.query(ORDER, { id: orderId })).data!.order;
    expect(order).toMatchObject({
      status: 'Shipped',
      shippingCarrier: 'UPS',
      trackingNumber: `1Z999AA1${String(jobId).padStart(10, '0')}`,
    });
    expect(order.printJob.status).toBe('SHIPPED');
    const emails = await shippingEmails(orderId);
    expect(emails).toHaveLength(1);
    expect(emails[0].text).toContain(`1Z999AA1${String(jobId).padStart(10, '0')}`);

    expect((await postWebhook(lulu.webhookFor(jobId))).status).toBe(200);
    expect(await shippingEmails(orderId)).toHaveLength(1);
  });

  it('refuses a forged signature and changes nothing', async () => {
    const { orderId, jobId } = await orderAtLulu();
    lulu.setStatus(jobId, 'SHIPPED');
    const forged = lulu.webhookFor(jobId, 'not-the-secret');
    expect((await postWebhook(forged)).status).toBe(401);
    expect(
      (await postWebhook({ body: lulu.webhookFor(jobId).body, headers: { 'content-type': 'application/json' } })).status,
    ).toBe(401);
    expect((await owner.query(ORDER, { id: orderId })).data!.order.status).toBe('Paid');
    expect(await shippingEmails(orderId)).toEqual([]);
  });

  it("acts on what Lulu's API says, not on the body", async () => {
    const { orderId, jobId } = await orderAtLulu();
    lulu.setStatus(jobId, 'IN_PRODUCTION');
    // A correctly signed body that claims more than Lulu's API says (a replay of another job's shipment, say).
    const claim = JSON.parse(lulu.webhookFor(jobId).body);
    claim.data.status = { name: 'SHIPPED' };
    const body = JSON.stringify(claim);
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', lulu.clientSecret).update(body).digest('hex');
    expect((await postWebhook({ body, headers: { 'Lulu-HMAC-SHA256': signature } })).status).toBe(200);
    const order = (await owner.query(ORDER, { id: orderId })).data!.order;
    expect(order.status).toBe('Paid');
    expect(order.printJob.status).toBe('IN_PRODUCTION');
  });

  it('ignores a signed webhook about a job the shop did not send, and another topic', async () => {
    const unknown = lulu.webhookFor(999_999);
    const response = await postWebhook(unknown);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'ignored: unknown job' });

    const { createHmac } = await import('node:crypto');
    const body = JSON.stringify({ topic: 'SOMETHING_NEW', data: { id: 1 } });
    const signature = createHmac('sha256', lulu.clientSecret).update(body).digest('hex');
    const other = await postWebhook({ body, headers: { 'Lulu-HMAC-SHA256': signature } });
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ outcome: 'ignored: topic SOMETHING_NEW' });
  });

  it('puts a rejected job in the queue as a print problem with its message; new files go as a new job', async () => {
    const { orderId, jobId } = await orderAtLulu();
    lulu.setStatus(jobId, 'REJECTED', 'The interior file has fonts that are not embedded.');
    expect((await postWebhook(lulu.webhookFor(jobId))).status).toBe(200);
    expect(await reasonsOf(orderId)).toEqual(['PRINT_PROBLEM']);
    expect((await owner.query(ORDER, { id: orderId })).data!.order.printJob).toMatchObject({
      status: 'REJECTED',
      error: 'The interior file has fonts that are not embedded.',
    });
    expect((await send(orderId)).userErrors[0].message).toBe(
      'The printer turned the last job down: upload corrected files, then send again.',
    );

    expect((await upload(orderId)).userErrors).toEqual([]);
    const resent = await send(orderId);
    expect(resent.userErrors).toEqual([]);
    expect(jobsFor(orderId).map((job) => job.status.name)).toEqual(['REJECTED', 'CREATED']);
    expect(await reasonsOf(orderId)).toEqual([]);
  });

  it('leaves a book Lulu turned down to be printed elsewhere and shipped by hand', async () => {
    const { orderId, jobId } = await orderAtLulu();
    lulu.setStatus(jobId, 'ERROR', 'The printer broke down.');
    expect((await postWebhook(lulu.webhookFor(jobId))).status).toBe(200);
    const byHand = await studio.query(
      `mutation($orderId: ID!) { shipOrder(orderId: $orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784") { order { status } userErrors { message } } }`,
      { orderId },
    );
    expect(byHand.data!.shipOrder).toEqual({ order: { status: 'Shipped' }, userErrors: [] });
  });

  it('is not needed when lost: the sync job asks Lulu about open jobs, past one Lulu cannot answer about', async () => {
    const stuck = await orderAtLulu();
    const { orderId, jobId } = await orderAtLulu();
    lulu.setStatus(jobId, 'SHIPPED');
    lulu.failNext('GET', `/print-jobs/${stuck.jobId}/`, 503);
    await expect(server.app.services.printing.syncOpenJobs()).rejects.toThrow(/1 of \d+ print jobs could not be synced/);
    expect((await owner.query(ORDER, { id: orderId })).data!.order.status).toBe('Shipped');
    expect(await shippingEmails(orderId)).toHaveLength(1);
  });
});

describe('cancelling at Lulu', () => {
  const CANCEL = `mutation($orderId: ID!) { cancelPrintJob(orderId: $orderId) { printJob { status error } userErrors { code message } } }`;

  it('is for owners, before production only; the book then needs new files', async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    const sent = await send(orderId);
    const jobId = Number(sent.printJob.externalId);

    const forbidden = await studio.query(CANCEL, { orderId });
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const cancelled = (await owner.query(CANCEL, { orderId })).data!.cancelPrintJob;
    expect(cancelled).toEqual({
      printJob: { status: 'CANCELED', error: 'Cancelled at the printer by admin:admin@example.com.' },
      userErrors: [],
    });
    expect(lulu.jobs.find((job) => job.id === jobId)!.status.name).toBe('CANCELED');
    expect(await reasonsOf(orderId)).toEqual(['PRINT_PROBLEM']);
    expect((await owner.query(CANCEL, { orderId })).data!.cancelPrintJob.userErrors[0].message).toBe(
      'There is no print job at the printer to cancel.',
    );
    expect((await upload(orderId)).userErrors).toEqual([]);
  });

  it("is refused with Lulu's reason once the book is in production", async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    const jobId = Number((await send(orderId)).printJob.externalId);
    lulu.setStatus(jobId, 'IN_PRODUCTION');
    const late = (await owner.query(CANCEL, { orderId })).data!.cancelPrintJob;
    expect(late.userErrors[0]).toMatchObject({ code: 'WRONG_STATUS' });
    expect(late.userErrors[0].message).toMatch(
      /^The printer no longer takes a cancellation \(the book is in production\): name: Invalid status transition from IN_PRODUCTION to CANCELED\.$/,
    );
    expect(lulu.jobs.find((job) => job.id === jobId)!.status.name).toBe('IN_PRODUCTION');
  });

  it('happens by itself when the order is refunded in full', async () => {
    const { orderId } = await approvedPrintedOrder();
    await upload(orderId);
    const jobId = Number((await send(orderId)).printJob.externalId);
    const refunded = await owner.query(
      `mutation($orderId: ID!) { refundOrder(orderId: $orderId, reason: "The family moved") { order { status } userErrors { message } } }`,
      { orderId },
    );
    expect(refunded.data!.refundOrder).toEqual({ order: { status: 'Refunded' }, userErrors: [] });
    // The cancellation alone: the earlier tests' proofs wait for their first pages to be drawn.
    await server.app.services.jobs.drain([PRINT_CANCEL_JOB]);
    expect(lulu.jobs.find((job) => job.id === jobId)!.status.name).toBe('CANCELED');
    expect((await printRow(orderId)).status).toBe('CANCELED');
  });
});

describe("the parent's deletion of the child's details", () => {
  it('removes the print files', async () => {
    const { orderId, parent, token } = await approvedPrintedOrder();
    await upload(orderId);
    expect(storedPrintFiles(orderId)).toHaveLength(2);
    const deleted = await parent.query(
      `mutation($token: String!) { deleteChildData(token: $token) { userErrors { message } } }`,
      { token },
    );
    expect(deleted.data!.deleteChildData.userErrors).toEqual([]);
    expect(storedPrintFiles(orderId)).toEqual([]);
    expect((await owner.query(ORDER, { id: orderId })).data!.order.printJob.hasFiles).toBe(false);
  });
});
