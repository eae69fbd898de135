/**
 * Answering a parent's change request besides a revision: a reply or a decline, each e-mailed to
 * the parent, shown on their timeline, closing the request (and its queue item). The parent is
 * told at once that the request arrived. Refusals change nothing.
 */
import { createAdmin, signIn } from '../support/admin';
import { placePaidOrder } from '../support/checkout';
import { GraphQLClient, type UploadFile } from '../support/graphql-client';
import { digitalOrder } from '../support/orders';
import { REAL_PDF } from '../support/pdfs';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_MP4 } from '../support/videos';

let server: TestServer;
let admin: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example.com' });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
});
afterAll(() => server?.close());

const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) { userErrors { message } }
}`;
const CHANGE = `mutation($token: String!, $message: String!) {
  requestOrderChange(token: $token, message: $message) { userErrors { message } }
}`;
const ANSWER = `mutation($orderId: ID!, $reply: String!) {
  answerChangeRequest(orderId: $orderId, reply: $reply) { order { id changeRequest { message } } userErrors { code field message } }
}`;
const DECLINE = `mutation($orderId: ID!, $reason: String!) {
  declineChangeRequest(orderId: $orderId, reason: $reason) { order { id changeRequest { message } } userErrors { code field message } }
}`;
const TIMELINE = 'query($token: String!) { orderPage(token: $token) { canRequestChange timeline { title detail } } }';
const QUEUE = '{ workQueue(reason: CHANGES_ASKED, first: 100) { items { order { id } } } }';

const video = (): UploadFile => ({ name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 });
const pdf = (): UploadFile => ({ name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF });

async function orderWithRequest(message = 'Please spell her name Zoë') {
  const parent = new GraphQLClient(server.url);
  const { orderId, checkoutToken } = await placePaidOrder(parent, digitalOrder());
  await admin.upload(COMPLETE, { orderId }, { video: video(), storybookPdf: pdf() });
  expect((await parent.query(CHANGE, { token: checkoutToken, message })).data!.requestOrderChange.userErrors).toEqual([]);
  return { parent, orderId, token: checkoutToken };
}
const emails = (orderId: string, template: string) =>
  server.dataSource.query(`SELECT to_address, subject, text, html FROM outbox_emails WHERE order_id = $1 AND template = $2`, [
    orderId,
    template,
  ]);
const queued = async (orderId: string) =>
  (await admin.query(QUEUE)).data!.workQueue.items.some((i: { order: { id: string } }) => i.order.id === orderId);

describe('a change request', () => {
  it('is acknowledged to the parent at once, quoting what they asked, with the link to their order', async () => {
    const { orderId } = await orderWithRequest('Bigger letters on page 2');
    const [received] = await emails(orderId, 'change-request-received');
    expect(received.to_address).toBe(digitalOrder().email.toLowerCase());
    expect(received.subject).toMatch(/^We received your change request for order /);
    expect(received.text).toContain('Bigger letters on page 2');
    expect(received.text).toContain('We answer within 2 days');
    expect(received.text).toMatch(/https:\/\/shop\.example\.com\/order\/[\w-]{43}/);
  });

  it('is answered with a reply: e-mailed, on the timeline, closed, and out of the queue', async () => {
    const { parent, orderId, token } = await orderWithRequest();
    expect(await queued(orderId)).toBe(true);
    const reply = 'We checked: the book already says Zoë with the diaeresis on every page.\nLook at page 3.';
    expect((await admin.query(ANSWER, { orderId, reply })).data!.answerChangeRequest).toEqual({
      order: { id: orderId, changeRequest: null },
      userErrors: [],
    });
    const [sent] = await emails(orderId, 'change-request-answered');
    expect(sent.text).toContain(reply);
    expect(sent.html).toContain('Zoë with the diaeresis');
    const page = (await parent.query(TIMELINE, { token })).data!.orderPage;
    expect(page.timeline.at(-1)).toEqual({ title: 'Our studio answered your request', detail: reply });
    // The free round was the request itself.
    expect(page.canRequestChange).toBe(false);
    expect(await queued(orderId)).toBe(false);
  });

  it('is declined with a reason, e-mailed and on the timeline', async () => {
    const { parent, orderId, token } = await orderWithRequest('Add our dog to every page');
    const reason = 'We can change words and colours, but a new character would mean a new book.';
    expect((await admin.query(DECLINE, { orderId, reason })).data!.declineChangeRequest.userErrors).toEqual([]);
    const [sent] = await emails(orderId, 'change-request-declined');
    expect(sent.subject).toMatch(/^About your change request for order /);
    expect(sent.text).toContain(reason);
    expect((await parent.query(TIMELINE, { token })).data!.orderPage.timeline.at(-1)).toEqual({
      title: 'We could not make the change',
      detail: reason,
    });
    expect(await queued(orderId)).toBe(false);
  });

  it('refuses an answer with no open request, an empty one, an unknown order and no session, changing nothing', async () => {
    const { orderId } = await orderWithRequest();
    await admin.query(ANSWER, { orderId, reply: 'Done.' });
    const eventsBefore = await server.dataSource.query('SELECT count(*)::int AS n FROM order_events WHERE order_id = $1', [
      orderId,
    ]);
    expect((await admin.query(ANSWER, { orderId, reply: 'Again' })).data!.answerChangeRequest.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'status', message: 'This order has no open change request to answer.' },
    ]);
    expect((await admin.query(DECLINE, { orderId, reason: '  ' })).data!.declineChangeRequest.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'text', message: 'Please write what to tell the parent.' },
    ]);
    expect(
      (await admin.query(ANSWER, { orderId: '00000000-0000-4000-8000-000000000000', reply: 'Hi' })).data!.answerChangeRequest
        .userErrors,
    ).toEqual([{ code: 'NOT_FOUND', field: 'orderId', message: 'Order not found.' }]);
    const anonymous = await new GraphQLClient(server.url).query(ANSWER, { orderId, reply: 'Hi' });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await server.dataSource.query('SELECT count(*)::int AS n FROM order_events WHERE order_id = $1', [orderId])).toEqual(
      eventsBefore,
    );
    expect(await emails(orderId, 'change-request-answered')).toHaveLength(1);
  });

  it("loses the staff's answer with the child's details when the parent deletes them", async () => {
    const { parent, orderId, token } = await orderWithRequest();
    await admin.query(ANSWER, { orderId, reply: 'Zoë is spelt right on every page.' });
    await parent.query('mutation($token: String!) { deleteChildData(token: $token) { userErrors { message } } }', { token });
    const [event] = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'change_answered'`,
      [orderId],
    );
    expect(event.data.message).toBe("[deleted at the parent's request]");
    const [sent] = await emails(orderId, 'change-request-answered');
    expect(sent.text).not.toContain('Zoë is spelt right');
  });
});
