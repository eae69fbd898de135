/**
 * The contact form: a message is stored, e-mailed to each staff address (STAFF_EMAIL) and
 * acknowledged to the sender, through the outbox; bad input gets the form's message and stores
 * nothing; ten messages an hour per address; the staff list them and mark them answered.
 */
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    STAFF_EMAIL: 'studio@example.com, owner@example.com',
    RATE_LIMITS: 'on',
    TRUST_PROXY: '1',
  });
  await createAdmin(server);
});
afterAll(() => server?.close());

const SEND = `mutation($input: ContactMessageInput!) {
  sendContactMessage(input: $input) { sent userErrors { code field message } }
}`;
const LIST = `query($answered: Boolean) {
  contactMessages(answered: $answered) { id name email orderReference message answeredAt answeredBy }
  contactMessagesWaiting
}`;
const ANSWERED = `mutation($id: ID!) {
  markContactMessageAnswered(id: $id) { message { id answeredAt answeredBy } userErrors { code field message } }
}`;

const visitor = (address: string) => new GraphQLClient(server.url, { 'x-forwarded-for': address });
const count = async (table: string) => Number((await server.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: ' Ana Parent ',
  email: ' Ana.Parent@Example.com ',
  orderReference: ' 8dbd1044 ',
  message: 'Can the book arrive before the 12th?\nIt is a birthday present.',
  ...overrides,
});

describe('the contact form', () => {
  it('stores the message, e-mails each staff address and acknowledges it to the sender', async () => {
    const sent = (await visitor('203.0.113.1').query(SEND, { input: valid() })).data!.sendContactMessage;
    expect(sent).toEqual({ sent: true, userErrors: [] });
    const [row] = await server.dataSource.query(
      'SELECT id, name, email, order_reference, message, answered_at FROM contact_messages ORDER BY created_at DESC LIMIT 1',
    );
    expect(row).toMatchObject({
      name: 'Ana Parent',
      email: 'ana.parent@example.com',
      order_reference: '8dbd1044',
      message: 'Can the book arrive before the 12th?\nIt is a birthday present.',
      answered_at: null,
    });
    const emails = await server.dataSource.query(
      `SELECT template, to_address AS "to", subject, text FROM outbox_emails WHERE idempotency_key LIKE $1 ORDER BY to_address`,
      [`%${row.id}%`],
    );
    expect(emails.map((email: { template: string; to: string }) => [email.template, email.to])).toEqual([
      ['contact-acknowledgement', 'ana.parent@example.com'],
      ['staff-contact-message', 'owner@example.com'],
      ['staff-contact-message', 'studio@example.com'],
    ]);
    const staff = emails.find((email: { to: string }) => email.to === 'studio@example.com');
    expect(staff.subject).toBe('Message from Ana Parent about order 8dbd1044');
    expect(staff.text).toContain('From: Ana Parent <ana.parent@example.com>');
    expect(staff.text).toContain('It is a birthday present.');
    const acknowledgement = emails.find((email: { template: string }) => email.template === 'contact-acknowledgement');
    expect(acknowledgement.subject).toBe('We have your message');
    expect(acknowledgement.text).toContain('a real person will answer it within one business day');
  });

  it.each([
    [{ name: '  ' }, 'name', 'Please enter your name.'],
    [{ name: 'A'.repeat(101) }, 'name', 'Please keep your name to 100 characters or fewer.'],
    [{ email: 'ana@example' }, 'email', 'Please enter a valid email address.'],
    [{ orderReference: 'x'.repeat(41) }, 'orderReference', 'Please keep the order reference to 40 characters or fewer.'],
    [{ message: ' ' }, 'message', 'Please write your message.'],
    [{ message: 'a'.repeat(2001) }, 'message', 'Please keep your message to 2,000 characters or fewer.'],
    [{ message: 'null\u0000byte' }, 'message', 'Your message cannot contain control characters.'],
    [{ name: '', email: 'nope', message: '' }, 'name', 'Please enter your name.'],
  ])('refuses %j with the first problem, in the form order, and stores nothing', async (overrides, field, message) => {
    const [messages, emails] = [await count('contact_messages'), await count('outbox_emails')];
    const refused = (await visitor('203.0.113.2').query(SEND, { input: valid(overrides) })).data!.sendContactMessage;
    expect(refused).toEqual({ sent: false, userErrors: [{ code: 'INVALID_INPUT', field, message }] });
    expect([await count('contact_messages'), await count('outbox_emails')]).toEqual([messages, emails]);
  });

  it('takes ten messages an hour from one address, and stores nothing past them', async () => {
    const sender = visitor('203.0.113.3');
    for (let i = 0; i < 10; i++) {
      expect((await sender.query(SEND, { input: valid({ orderReference: null }) })).data!.sendContactMessage.sent).toBe(true);
    }
    const before = await count('contact_messages');
    const refused = (await sender.query(SEND, { input: valid() })).data!.sendContactMessage;
    expect(refused).toEqual({
      sent: false,
      userErrors: [{ code: 'RATE_LIMITED', field: null, message: 'Too many requests. Please try again later.' }],
    });
    expect(await count('contact_messages')).toBe(before);
    expect((await visitor('203.0.113.4').query(SEND, { input: valid() })).data!.sendContactMessage.sent).toBe(true);
  });

  it('shows the messages to signed-in staff only, who mark them answered once', async () => {
    await visitor('203.0.113.5').query(SEND, { input: valid({ name: 'Grandma Rose', orderReference: '' }) });
    const stranger = await visitor('203.0.113.6').query(LIST);
    expect(stranger.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const admin = visitor('203.0.113.7');
    await signIn(admin);
    const listed = (await admin.query(LIST, { answered: false })).data!;
    const rose = listed.contactMessages.find((message: { name: string }) => message.name === 'Grandma Rose');
    expect(rose).toMatchObject({ orderReference: null, answeredAt: null });
    expect(listed.contactMessagesWaiting).toBe(listed.contactMessages.length);

    const answered = (await admin.query(ANSWERED, { id: rose.id })).data!.markContactMessageAnswered;
    expect(answered.userErrors).toEqual([]);
    expect(answered.message.answeredBy).toBe('admin@example.com');
    const again = (await admin.query(ANSWERED, { id: rose.id })).data!.markContactMessageAnswered;
    expect(again.message.answeredAt).toBe(answered.message.answeredAt);
    const waiting = (await admin.query(LIST, { answered: false })).data!;
    expect(waiting.contactMessages.map((message: { id: string }) => message.id)).not.toContain(rose.id);
    expect(waiting.contactMessagesWaiting).toBe(listed.contactMessagesWaiting - 1);

    const unknown = (await admin.query(ANSWERED, { id: 'not-an-id' })).data!.markContactMessageAnswered;
    expect(unknown.userErrors).toEqual([{ code: 'NOT_FOUND', field: 'id', message: 'That message was not found.' }]);
  });
});
