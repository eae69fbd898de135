/**
 * Proofs the parent approves before the book is made: sent by the studio as a PDF (judged by its
 * bytes), reviewed on the order page, approved or sent back with changes, approved by an owner for
 * the parent with a note, a reminder after 48 hours; a printed book goes to print only with its
 * newest proof approved; the parent's deletion takes the proofs too. Refusals change nothing.
 */
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createLogger } from '../../server/src/common/logger';
import { OrphanedFiles } from '../../server/src/media/orphaned-files';
import { pdfFirstPage } from '../../server/src/media/pdf-first-page';
import { ProofFirstPagesBackfill1766500000000 } from '../../server/src/migrations/1766500000000-proof-first-pages-backfill';
import { drawProofFirstPage, proofFirstPageJob } from '../../server/src/proofs/proof-first-page.job';
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { digitalOrder, printedOrder } from '../support/orders';
import { pdfOfSize, REAL_PDF } from '../support/pdfs';
import { APPROVE_PROOF, approvedProof, proofFile, SEND_PROOF } from '../support/proofs';
import { itOnPostgres } from '../support/postgres-only';
import { startTestServer, type TestServer } from '../support/test-server';
import { queueReasonsOf } from '../support/work-queue';

const STAFF = 'studio@shop.example';
const PDF_MAX_BYTES = 64 * 1024;

let server: TestServer;
let owner: GraphQLClient;
let studio: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({
    PUBLIC_URL: 'https://shop.example.com',
    STAFF_EMAIL: STAFF,
    PDF_MAX_BYTES: String(PDF_MAX_BYTES),
  });
  await createAdmin(server);
  owner = new GraphQLClient(server.url);
  await signIn(owner);
  await createAdmin(server, 'illustrator@example.com');
  await server.dataSource.query(`UPDATE admin_users SET role = 'STUDIO' WHERE email = 'illustrator@example.com'`);
  studio = new GraphQLClient(server.url);
  await signIn(studio, 'illustrator@example.com');
});
afterAll(() => server?.close());

const PAGE = `query($token: String!) {
  orderPage(token: $token) {
    status canAnswerProof
    proof { version status sentAt answeredAt changesAsked approvedOnBehalf bytes url }
    timeline { title detail }
  }
}`;
const CHANGES = `mutation($token: String!, $version: Int!, $message: String!) {
  requestProofChanges(token: $token, version: $version, message: $message) {
    order { canAnswerProof proof { version status changesAsked } } userErrors { code field message }
  }
}`;
const FOR_PARENT = `mutation($orderId: ID!, $version: Int!, $note: String!) {
  approveProofForParent(orderId: $orderId, version: $version, note: $note) {
    proof { version status answeredBy message approvedOnBehalf } userErrors { code field message }
  }
}`;
const PROOFS = `query($id: ID!) { order(id: $id) { proofs { version status sentBy answeredBy message remindedAt url } } }`;
const SHIP = `mutation($orderId: ID!, $carrier: String!, $trackingNumber: String!) {
  shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) { order { status } userErrors { code field message } }
}`;
const DELETE = `mutation($token: String!) { deleteChildData(token: $token) { order { proof { version } } userErrors { message } } }`;

const proofRows = (orderId: string) =>
  server.dataSource.query(`SELECT version, status, pdf_key, message FROM order_proofs WHERE order_id = $1 ORDER BY version`, [
    orderId,
  ]);
const emails = (orderId: string, template: string) =>
  server.dataSource.query(
    `SELECT to_address, subject, text FROM outbox_emails WHERE order_id = $1 AND template = $2 ORDER BY created_at`,
    [orderId, template],
  );
const storedProofs = (orderId: string): string[] => {
  const dir = path.join(server.dataDir, 'files', 'proofs');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(orderId)) : [];
};
const reasonsOf = (orderId: string) => queueReasonsOf(owner, orderId);

async function paidOrder(input = digitalOrder()) {
  const parent = new GraphQLClient(server.url);
  const { orderId, checkoutToken } = await placePaidOrder(parent, input);
  return { parent, orderId, token: checkoutToken };
}

describe('sending a proof', () => {
  it('stores the PDF as version 1, e-mails the parent, and shows it on the order page, where it is read by ranges', async () => {
    const { parent, orderId, token } = await paidOrder();
    expect(await reasonsOf(orderId)).toEqual(['TO_START']);

    const sent = (await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() })).data!.sendProof;
    expect(sent.userErrors).toEqual([]);
    expect(sent.proof).toMatchObject({
      version: 1,
      status: 'AWAITING_ANSWER',
      bytes: REAL_PDF.length,
      sentBy: 'admin:illustrator@example.com',
    });

    const [email] = await emails(orderId, 'proof-ready');
    expect(email.to_address).toBe(digitalOrder().email.toLowerCase());
    expect(email.subject).toBe("Mia's book is ready to review");
    expect(email.text).toMatch(/Review your book: https:\/\/shop\.example\.com\/order\/\S+/);

    const page = (await parent.query(PAGE, { token })).data!.orderPage;
    expect(page.canAnswerProof).toBe(true);
    expect(page.proof).toMatchObject({ version: 1, status: 'AWAITING_ANSWER', answeredAt: null, bytes: REAL_PDF.length });
    expect(page.timeline.map((entry: { title: string }) => entry.title)).toContain('A proof of your book is ready to review');
    expect(page.proof.url).toMatch(/^\/media\/proofs\//);
    const part = await fetch(`${server.url}${page.proof.url}`, { headers: { Range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-4/${REAL_PDF.length}`);
    expect(part.headers.get('content-type')).toBe('application/pdf');
    expect(await part.text()).toBe('%PDF-');
    // Waiting for the parent: nothing for the studio to do meanwhile.
    expect(await reasonsOf(orderId)).toEqual([]);
  });

  it.each([
    [
      'a file that is not a PDF',
      async () => proofFile(await makePng(8, 8)),
      'INVALID_INPUT',
      'Please upload the storybook as a PDF file.',
    ],
    [
      'a PDF past the cap',
      () => proofFile(pdfOfSize(PDF_MAX_BYTES + 1)),
      'INVALID_INPUT',
      'The PDF is too large: the limit is 64 KB.',
    ],
  ])('refuses %s, storing nothing', async (_name, file, code, message) => {
    const { orderId } = await paidOrder();
    const sent = (await studio.upload(SEND_PROOF, { orderId }, { proof: await file() })).data!.sendProof;
    expect(sent.userErrors).toEqual([{ code, field: 'proof', message }]);
    expect(await proofRows(orderId)).toEqual([]);
    expect(storedProofs(orderId)).toEqual([]);
    expect(await emails(orderId, 'proof-ready')).toEqual([]);
  });

  it('refuses an order that is not being made, an unknown order and a visitor', async () => {
    const pending = await placeOrder(new GraphQLClient(server.url), digitalOrder());
    const refused = (await studio.upload(SEND_PROOF, { orderId: pending.orderId }, { proof: proofFile() })).data!.sendProof;
    expect(refused.userErrors).toEqual([
      {
        code: 'WRONG_STATUS',
        field: 'status',
        message: 'A proof is sent while the book is being made: for a Paid order, or a printed one not yet shipped.',
      },
    ]);
    const unknown = (await studio.upload(SEND_PROOF, { orderId: '00000000-0000-4000-8000-000000000000' }, { proof: proofFile() }))
      .data!.sendProof;
    expect(unknown.userErrors).toEqual([{ code: 'NOT_FOUND', field: 'orderId', message: 'Order not found.' }]);
    const visitor = await new GraphQLClient(server.url).upload(SEND_PROOF, { orderId: pending.orderId }, { proof: proofFile() });
    expect(visitor.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await proofRows(pending.orderId)).toEqual([]);
    expect(storedProofs(pending.orderId)).toEqual([]);
  });
});

describe("the parent's answer", () => {
  it('asks for changes, which the studio sees and a second proof answers; the second is approved', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });

    const empty = (await parent.query(CHANGES, { token, version: 1, message: '   ' })).data!.requestProofChanges;
    expect(empty.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'message', message: 'Please tell us what you would like changed.' },
    ]);

    const asked = (await parent.query(CHANGES, { token, version: 1, message: 'Her hair is curlier' })).data!.requestProofChanges;
    expect(asked).toMatchObject({
      order: { canAnswerProof: false, proof: { version: 1, status: 'CHANGES_ASKED', changesAsked: 'Her hair is curlier' } },
      userErrors: [],
    });
    expect(await reasonsOf(orderId)).toEqual(['CHANGES_ASKED']);
    const [staff] = await emails(orderId, 'staff-proof-answer');
    expect(staff).toMatchObject({ to_address: STAFF, subject: expect.stringContaining('Changes asked on proof 1') });
    expect(staff.text).toContain('Her hair is curlier');

    const again = (await parent.query(APPROVE_PROOF, { token, version: 1 })).data!.approveProof;
    expect(again.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'proof', message: 'There is no proof waiting for your answer.' },
    ]);

    const second = (await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() })).data!.sendProof;
    expect(second.proof).toMatchObject({ version: 2, status: 'AWAITING_ANSWER' });
    expect((await emails(orderId, 'proof-ready')).map((e: { text: string }) => e.text.includes('with your changes'))).toEqual([
      false,
      true,
    ]);
    expect(await reasonsOf(orderId)).toEqual([]);

    const approved = (await parent.query(APPROVE_PROOF, { token, version: 2 })).data!.approveProof;
    expect(approved).toEqual({ order: { canAnswerProof: false, proof: { version: 2, status: 'APPROVED' } }, userErrors: [] });
    expect(await reasonsOf(orderId)).toEqual(['APPROVED']);
    expect((await emails(orderId, 'staff-proof-answer')).map((e: { subject: string }) => e.subject)).toEqual([
      expect.stringContaining('Changes asked on proof 1'),
      expect.stringContaining('Proof 2 approved'),
    ]);
    const timeline = (await parent.query(PAGE, { token })).data!.orderPage.timeline.map((e: { title: string }) => e.title);
    expect(timeline).toEqual(expect.arrayContaining(['You asked for changes to the proof', 'You approved the proof']));
  });

  it('replaces a proof still waiting when a newer one is sent: only the newest is answered', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    // The parent still had the first open: their answer is refused, and names the proof to look at.
    const stale = (await parent.query(APPROVE_PROOF, { token, version: 1 })).data!.approveProof;
    expect(stale.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'version', message: 'A newer proof was sent: please look at proof 2 first.' },
    ]);
    const staleOwner = (await owner.query(FOR_PARENT, { orderId, version: 1, note: 'Said yes' })).data!.approveProofForParent;
    expect(staleOwner.userErrors[0].field).toBe('version');
    const unknown = (await parent.query(APPROVE_PROOF, { token, version: 3 })).data!.approveProof;
    expect(unknown.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'version', message: 'There is no proof 3: the newest is proof 2.' },
    ]);
    await parent.query(APPROVE_PROOF, { token, version: 2 });
    expect((await proofRows(orderId)).map((row: { status: string }) => row.status)).toEqual(['REPLACED', 'APPROVED']);
    // The second replaced an unanswered one: its e-mail does not speak of the parent's changes.
    expect((await emails(orderId, 'proof-ready')).map((e: { text: string }) => e.text.includes('with your changes'))).toEqual([
      false,
      false,
    ]);
  });

  itOnPostgres('counts one of two answers sent at once', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    const answers = await Promise.all([
      parent.query(APPROVE_PROOF, { token, version: 1 }),
      parent.query(CHANGES, { token, version: 1, message: 'Bigger letters' }),
    ]);
    const accepted = answers.filter(
      (answer) => (Object.values(answer.data!)[0] as { userErrors: unknown[] }).userErrors.length === 0,
    );
    expect(accepted).toHaveLength(1);
    const events = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND type IN ('proof_approved', 'proof_changes_requested')`,
      [orderId],
    );
    expect(events[0].n).toBe(1);
  });

  it('is refused with a link that opens no order', async () => {
    const refused = (await new GraphQLClient(server.url).query(APPROVE_PROOF, { token: 'made-up', version: 1 })).data!
      .approveProof;
    expect(refused.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'token' });
  });
});

describe('approving for the parent', () => {
  it('is for owners only, needs a note, and is recorded as approved on their behalf', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });

    const forbidden = await studio.query(FOR_PARENT, { orderId, version: 1, note: 'Parent said yes by e-mail' });
    expect(forbidden.errors?.[0]).toMatchObject({
      message: 'Only an owner of the shop can do this.',
      extensions: { code: 'FORBIDDEN' },
    });
    const noNote = (await owner.query(FOR_PARENT, { orderId, version: 1, note: ' ' })).data!.approveProofForParent;
    expect(noNote.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'note' });
    expect((await proofRows(orderId))[0].status).toBe('AWAITING_ANSWER');

    const approved = (await owner.query(FOR_PARENT, { orderId, version: 1, note: 'Parent said yes by e-mail on 24 Nov' })).data!
      .approveProofForParent;
    expect(approved).toEqual({
      proof: {
        version: 1,
        status: 'APPROVED',
        answeredBy: 'admin:admin@example.com',
        message: 'Parent said yes by e-mail on 24 Nov',
        approvedOnBehalf: true,
      },
      userErrors: [],
    });
    const page = (await parent.query(PAGE, { token })).data!.orderPage;
    expect(page.proof).toMatchObject({ status: 'APPROVED', approvedOnBehalf: true, changesAsked: null });
    expect(page.timeline).toContainEqual({ title: 'Proof approved for you', detail: 'Our studio recorded your approval.' });
    expect(JSON.stringify(page)).not.toContain('24 Nov');
    // The parent is told, so an approval they did not give cannot pass unseen; the owner's note stays the staff's.
    const told = await emails(orderId, 'proof-approved-for-you');
    expect(told).toHaveLength(1);
    expect(told[0].subject).toMatch(/^We recorded your approval of .+'s book$/);
    expect(told[0].text).toContain('If you did not approve it, or something should still change, tell us today');
    expect(told[0].text).not.toContain('24 Nov');
    const [html] = await server.dataSource.query(`SELECT html FROM outbox_emails WHERE order_id = $1 AND template = $2`, [
      orderId,
      'proof-approved-for-you',
    ]);
    expect(html.html).not.toContain('24 Nov');

    const twice = (await owner.query(FOR_PARENT, { orderId, version: 1, note: 'again' })).data!.approveProofForParent;
    expect(twice.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'proof', message: 'The newest proof is already approved.' },
    ]);
    expect(await emails(orderId, 'proof-approved-for-you')).toHaveLength(1);
  });
});

describe('a printed book', () => {
  it('goes to print (ships) only with its newest proof approved', async () => {
    const { parent, orderId, token } = await paidOrder(printedOrder());
    const ship = () => owner.query(SHIP, { orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const refusal = {
      code: 'WRONG_STATUS',
      field: 'proof',
      message: 'A printed book goes to print only once the parent has approved its newest proof.',
    };
    expect((await ship()).data!.shipOrder.userErrors).toEqual([refusal]);
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    expect((await ship()).data!.shipOrder.userErrors).toEqual([refusal]);
    await parent.query(APPROVE_PROOF, { token, version: 1 });
    expect((await ship()).data!.shipOrder).toEqual({ order: { status: 'Shipped' }, userErrors: [] });
  });

  it('made before its proof was approved (Completed), still takes a proof and its approval, then ships', async () => {
    const { parent, orderId, token } = await paidOrder(printedOrder());
    await server.dataSource.query(`UPDATE orders SET status = 'Completed', completed_at = now() WHERE id = $1`, [orderId]);
    const ship = () => owner.query(SHIP, { orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await ship()).data!.shipOrder.userErrors[0].field).toBe('proof');
    expect((await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() })).data!.sendProof.userErrors).toEqual([]);
    expect((await parent.query(PAGE, { token })).data!.orderPage.canAnswerProof).toBe(true);
    expect((await parent.query(APPROVE_PROOF, { token, version: 1 })).data!.approveProof.userErrors).toEqual([]);
    expect((await ship()).data!.shipOrder).toEqual({ order: { status: 'Shipped' }, userErrors: [] });
    const refused = (await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() })).data!.sendProof;
    expect(refused.userErrors[0]).toMatchObject({ code: 'WRONG_STATUS', field: 'status' });
  });

  it('is made ready by the shared test helper, as other tests use it', async () => {
    const { parent, orderId, token } = await paidOrder(printedOrder());
    await approvedProof(studio, parent, orderId, token);
    expect((await proofRows(orderId))[0].status).toBe('APPROVED');
    // The parent approved it themselves: nothing tells them the shop recorded it for them.
    expect(await emails(orderId, 'proof-approved-for-you')).toEqual([]);
  });
});

describe('the reminder', () => {
  it('e-mails the parent once when a proof has waited 48 hours, and never for an answered one', async () => {
    const waiting = await paidOrder();
    const answered = await paidOrder();
    for (const { orderId } of [waiting, answered]) await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await answered.parent.query(APPROVE_PROOF, { token: answered.token, version: 1 });
    const later = new Date(Date.now() + 48 * 3600_000 + 60_000);
    const tooSoon = new Date(Date.now() + 47 * 3600_000);

    await server.app.services.proofs.remindUnanswered(tooSoon);
    expect(await emails(waiting.orderId, 'proof-reminder')).toEqual([]);
    await server.app.services.proofs.remindUnanswered(later);
    await server.app.services.proofs.remindUnanswered(later);
    const reminders = await emails(waiting.orderId, 'proof-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toBe("A reminder: Mia's book is waiting for your review");
    expect(await emails(answered.orderId, 'proof-reminder')).toEqual([]);
    expect((await owner.query(PROOFS, { id: waiting.orderId })).data!.order.proofs[0].remindedAt).not.toBeNull();
  });
});

describe("the first page's size", () => {
  const SIZE = `query($token: String!) { orderPage(token: $token) { proof { version firstPage { width } firstPageSize { width height } } } }`;
  const proofOf = async (parent: GraphQLClient, token: string) => (await parent.query(SIZE, { token })).data!.orderPage.proof;

  it('is read as the proof is sent, in points, before its image is drawn, so the order page holds its shape', async () => {
    const { parent, orderId, token } = await paidOrder();
    const doc = await PDFDocument.create();
    doc.addPage([432, 648]); // 6 x 9 in, upright
    const sent = await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile(Buffer.from(await doc.save())) });
    expect(sent.data!.sendProof.userErrors).toEqual([]);
    expect(await proofOf(parent, token)).toEqual({ version: 1, firstPage: null, firstPageSize: { width: 432, height: 648 } });
    const [row] = await server.dataSource.query(`SELECT page_width_pt, page_height_pt FROM order_proofs WHERE order_id = $1`, [
      orderId,
    ]);
    expect(row).toEqual({ page_width_pt: 432, page_height_pt: 648 });
  });

  it("is answered no more once the proof's files are deleted with the child's details", async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    const sizes = async () =>
      (await owner.query(`query($id: ID!) { order(id: $id) { proofs { firstPageSize { width } } } }`, { id: orderId })).data!
        .order.proofs;
    expect(await sizes()).toEqual([{ firstPageSize: { width: expect.any(Number) } }]);
    await parent.query(DELETE, { token });
    expect(await sizes()).toEqual([{ firstPageSize: null }]);
  });

  it('is left out for a page more than four times as tall as it is wide, a strip no place is held for', async () => {
    const { parent, orderId, token } = await paidOrder();
    const doc = await PDFDocument.create();
    doc.addPage([100, 1000]);
    const sent = await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile(Buffer.from(await doc.save())) });
    expect(sent.data!.sendProof.userErrors).toEqual([]);
    expect(await proofOf(parent, token)).toEqual({ version: 1, firstPage: null, firstPageSize: null });
  });

  it('is left unknown for a PDF pdf.js cannot read, which is sent all the same', async () => {
    const { parent, orderId, token } = await paidOrder();
    const broken = Buffer.from('%PDF-1.7\nthis is not a PDF at all\n');
    const sent = await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile(broken) });
    expect(sent.data!.sendProof.userErrors).toEqual([]);
    expect(await proofOf(parent, token)).toEqual({ version: 1, firstPage: null, firstPageSize: null });
    expect(storedProofs(orderId)).toHaveLength(1);
  });
});

describe('the first page as an image', () => {
  const FIRST_PAGE = `query($token: String!) { orderPage(token: $token) { proof { version firstPage { url width height } } } }`;
  const silent = createLogger('silent');
  const firstPageOf = async (parent: GraphQLClient, token: string) =>
    (await parent.query(FIRST_PAGE, { token })).data!.orderPage.proof.firstPage;

  it('is drawn by a job after the proof is sent, and served like the PDF', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    expect(await firstPageOf(parent, token)).toBeNull();

    expect(await server.app.services.jobs.drain()).toBeGreaterThanOrEqual(1);
    const firstPage = await firstPageOf(parent, token);
    // The fixture's page is 612 x 408 points: drawn 640 pixels wide, in its shape.
    expect(firstPage).toEqual({
      url: expect.stringMatching(/^\/media\/proofs\/.+-page-1-[0-9a-f]{8}\.jpg\?/),
      width: 640,
      height: 427,
    });
    const image = await fetch(`${server.url}${firstPage.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The studio's list of proofs shows it too.
    expect(
      (await owner.query(`query($id: ID!) { order(id: $id) { proofs { firstPage { width } } } }`, { id: orderId })).data,
    ).toEqual({ order: { proofs: [{ firstPage: { width: 640 } }] } });
  });

  it('is drawn for the proofs sent before the shop drew them, where the order page shows them, once updated', async () => {
    await server.app.services.jobs.drain();
    const older = async (input = digitalOrder()) => {
      const order = await paidOrder(input);
      await studio.upload(SEND_PROOF, { orderId: order.orderId }, { proof: proofFile() });
      return order;
    };
    const waiting = await older();
    const twice = await older();
    await studio.upload(SEND_PROOF, { orderId: twice.orderId }, { proof: proofFile() });
    const printedMade = await older(printedOrder());
    const shipped = await older(printedOrder());
    const digitalDelivered = await older();
    const filesRemoved = await older();
    const alreadyQueued = await older();
    const ours = [waiting, twice, printedMade, shipped, digitalDelivered, filesRemoved, alreadyQueued].map(
      (order) => order.orderId,
    );
    // As such a shop's database holds them: the proofs sent, nothing queued to draw them.
    await server.dataSource.query(`DELETE FROM jobs WHERE name = 'proof-first-page' AND payload->>'orderId' = ANY($1)`, [ours]);
    await server.dataSource.query(`UPDATE orders SET status = 'Completed' WHERE id = $1`, [printedMade.orderId]);
    await server.dataSource.query(`UPDATE orders SET status = 'Shipped' WHERE id = $1`, [shipped.orderId]);
    await server.dataSource.query(`UPDATE orders SET status = 'Completed' WHERE id = $1`, [digitalDelivered.orderId]);
    await server.dataSource.query(`UPDATE order_proofs SET files_removed_at = now() WHERE order_id = $1`, [filesRemoved.orderId]);
    // One whose drawing is waiting already (its proof was sent just as the shop was updated).
    await server.dataSource.transaction((manager) =>
      server.app.services.jobs.enqueue(manager, 'proof-first-page', { orderId: alreadyQueued.orderId }),
    );
    const queued = async () =>
      (
        await server.dataSource.query(
          `SELECT payload->>'orderId' AS "orderId" FROM jobs WHERE name = 'proof-first-page' AND status = 'queued' AND payload->>'orderId' = ANY($1)`,
          [ours],
        )
      )
        .map((row: { orderId: string }) => row.orderId)
        .sort();
    expect(await queued()).toEqual([alreadyQueued.orderId]);

    const backfill = async () => {
      const runner = server.dataSource.createQueryRunner();
      try {
        await new ProofFirstPagesBackfill1766500000000().up(runner);
      } finally {
        await runner.release();
      }
    };
    await backfill();
    // One job an order, for its newest proof; none where the page shows no proof (a shipped book,
    // a delivered digital one), none for removed files, and no second for one already queued.
    expect(await queued()).toEqual([waiting.orderId, twice.orderId, printedMade.orderId, alreadyQueued.orderId].sort());
    // The newest proof first, the others a few seconds apart: a backlog never holds up the queue.
    const due = await server.dataSource.query(
      `SELECT payload->>'orderId' AS "orderId", run_at > now() + interval '1 second' AS later FROM jobs
        WHERE name = 'proof-first-page' AND status = 'queued' AND payload->>'orderId' = ANY($1) ORDER BY run_at`,
      [[waiting.orderId, twice.orderId, printedMade.orderId]],
    );
    expect(due.map((row: { orderId: string }) => row.orderId)).toEqual([printedMade.orderId, twice.orderId, waiting.orderId]);
    expect(due.map((row: { later: boolean }) => row.later)).toEqual([false, true, true]);
    // Due a second ago (the column keeps milliseconds: now() rounded up would still be ahead).
    await server.dataSource.query(
      `UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = 'proof-first-page' AND status = 'queued'`,
    );
    await server.app.services.jobs.drain();
    expect(await firstPageOf(waiting.parent, waiting.token)).toMatchObject({ width: 640 });
    expect((await twice.parent.query(FIRST_PAGE, { token: twice.token })).data!.orderPage.proof).toMatchObject({
      version: 2,
      firstPage: { width: 640 },
    });
    expect(await firstPageOf(printedMade.parent, printedMade.token)).toMatchObject({ width: 640 });
    // Run again, it finds nothing left to draw.
    await backfill();
    expect(await queued()).toEqual([]);
  });

  it('is drawn for the newest proof, once: running the job again changes nothing', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await server.app.services.jobs.drain();
    // The same stored image, whatever second its signed link was made in (its expiry follows the clock).
    const unsigned = (page: { url: string; width: number; height: number }) => ({ ...page, url: page.url.split('?')[0] });
    const first = unsigned(await firstPageOf(parent, token));
    await server.dataSource.transaction((manager) => server.app.services.jobs.enqueue(manager, 'proof-first-page', { orderId }));
    await server.app.services.jobs.drain();
    expect(unsigned(await firstPageOf(parent, token))).toEqual(first);
    expect(storedProofs(orderId)).toHaveLength(2);

    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await server.app.services.jobs.drain();
    expect((await parent.query(FIRST_PAGE, { token })).data!.orderPage.proof).toMatchObject({
      version: 2,
      firstPage: { width: 640 },
    });
    expect(storedProofs(orderId).filter((name) => name.endsWith('.jpg'))).toHaveLength(2);
  });

  it('is kept once when two runs draw it at the same time (two instances), and the one kept is in storage', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    const draw = () => drawProofFirstPage(server.dataSource, server.app.services.storage, silent, orderId);
    await Promise.all([draw(), draw()]);
    expect(storedProofs(orderId).filter((name) => name.endsWith('.jpg'))).toHaveLength(1);
    const firstPage = await firstPageOf(parent, token);
    expect((await fetch(`${server.url}${firstPage.url}`)).status).toBe(200);
  });

  it('ends when the shop shuts down, keeping nothing, and is drawn by the next run', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    const shutdown = new AbortController();
    shutdown.abort(new Error('the shop is shutting down'));
    const job = proofFirstPageJob(server.dataSource, server.app.services.storage, silent);
    await expect(job.run({ orderId }, { jobId: 'stopped', attempt: 1, signal: shutdown.signal })).rejects.toThrow(
      'the shop is shutting down',
    );
    expect(await firstPageOf(parent, token)).toBeNull();
    expect(storedProofs(orderId).filter((name) => name.endsWith('.jpg'))).toEqual([]);

    await server.app.services.jobs.drain();
    expect(await firstPageOf(parent, token)).toMatchObject({ width: 640 });
  });

  it('is left out for a PDF that cannot be drawn, and the job does not fail', async () => {
    const { parent, orderId, token } = await paidOrder();
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('%%EOF\n')]);
    expect((await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile(broken) })).data!.sendProof.userErrors).toEqual([]);
    await server.app.services.jobs.drain();
    expect(await firstPageOf(parent, token)).toBeNull();
    expect(storedProofs(orderId).filter((name) => name.endsWith('.jpg'))).toEqual([]);
    const failed = await server.app.services.jobs.failedJobs();
    expect(failed.filter((job) => job.name === 'proof-first-page')).toEqual([]);
  });

  it("is kept by the sweep of unreferenced files, and deleted with the child's details", async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await server.app.services.jobs.drain();
    const image = storedProofs(orderId).find((name) => name.endsWith('.jpg'))!;
    const longAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(path.join(server.dataDir, 'files', 'proofs', image), longAgo, longAgo);
    await new OrphanedFiles(server.dataSource, server.app.services.storage, silent).sweep();
    expect(storedProofs(orderId)).toContain(image);

    await parent.query(DELETE, { token });
    expect(storedProofs(orderId)).toEqual([]);
  });

  it("is not kept when the child's details are deleted while it is drawn, nor drawn after", async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    const { dataSource } = server;
    await drawProofFirstPage(dataSource, server.app.services.storage, silent, orderId, {
      draw: async (source, options) => {
        const drawn = await pdfFirstPage(source, options);
        await parent.query(DELETE, { token });
        return drawn;
      },
    });
    expect(storedProofs(orderId)).toEqual([]);
    expect(await server.dataSource.query(`SELECT first_page_key FROM order_proofs WHERE order_id = $1`, [orderId])).toEqual([
      { first_page_key: null },
    ]);

    await server.app.services.jobs.drain();
    expect(storedProofs(orderId)).toEqual([]);
  });
});

describe("deleting the child's details", () => {
  it('deletes every proof file and forgets what the parent wrote about them', async () => {
    const { parent, orderId, token } = await paidOrder();
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await parent.query(CHANGES, { token, version: 1, message: 'Mia has a brother called Leo' });
    await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    await owner.query(FOR_PARENT, { orderId, version: 2, note: "Mia's grandma Rosa said yes" });
    expect(storedProofs(orderId)).toHaveLength(2);

    const deleted = (await parent.query(DELETE, { token })).data!.deleteChildData;
    expect(deleted).toEqual({ order: { proof: null }, userErrors: [] });
    expect(storedProofs(orderId)).toEqual([]);
    expect((await proofRows(orderId)).map((row: { message: string | null }) => row.message)).toEqual([null, null]);
    const events = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'proof_changes_requested'`,
      [orderId],
    );
    expect(JSON.stringify(events)).not.toContain('Leo');
    const approvals = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'proof_approved'`,
      [orderId],
    );
    expect(approvals).toHaveLength(1);
    expect(JSON.stringify(approvals)).not.toContain('Rosa');
    const outbox = await server.dataSource.query(`SELECT subject, text, html FROM outbox_emails WHERE order_id = $1`, [orderId]);
    expect(outbox.some((e: { subject: string }) => e.subject.includes('Changes asked on proof 1'))).toBe(true);
    expect(JSON.stringify(outbox)).not.toContain('Leo');
    const proofs = (await owner.query(PROOFS, { id: orderId })).data!.order.proofs;
    expect(proofs.map((proof: { url: string | null }) => proof.url)).toEqual([null, null]);
    const resent = (await studio.upload(SEND_PROOF, { orderId }, { proof: proofFile() })).data!.sendProof;
    expect(resent.userErrors[0].message).toBe("The parent deleted this child's details, so no proof can be sent.");
  });
});
