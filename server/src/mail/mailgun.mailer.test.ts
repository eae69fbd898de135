/**
 * MailgunMailer against a local HTTP endpoint standing in for Mailgun's API, alone and behind
 * the outbox worker: an endpoint that fails at first gets the e-mail once it recovers, once.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../common/logger';
import { MailgunMailer } from './mailgun.mailer';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';
import { orderConfirmationOutboxEmail } from './templates/order-confirmation';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A stand-in for Mailgun: answers each request with the next of `answers` (the last one repeats). */
async function fakeMailgun(answers: Array<{ status: number; body: unknown }>) {
  const requests: SeenRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = Object.fromEntries(
      [...(await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData())].map(
        ([key, value]) => [key, String(value)],
      ),
    );
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, form });
    const answer = answers[Math.min(requests.length, answers.length) - 1];
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const QUEUED = { status: 200, body: { id: '<msg@mg>', message: 'Queued. Thank you.' } };
const FAILING = { status: 500, body: { message: 'Internal Server Error' } };
const message = { to: 'parent@example.com', subject: 'Your order', html: '<p>Thanks</p>', text: 'Thanks' };
const mailerFor = (url: string) =>
  new MailgunMailer({ apiKey: 'key-test-123', domain: 'mg.example.com', from: 'Storybook Shop <orders@mg.example.com>', url });

describe('MailgunMailer', () => {
  it("posts the message to /v3/{domain}/messages with the API key and returns Mailgun's id", async () => {
    const mailgun = await fakeMailgun([QUEUED]);
    try {
      await expect(mailerFor(mailgun.url).send(message)).resolves.toEqual({ messageId: '<msg@mg>' });
      expect(mailgun.requests).toEqual([
        {
          method: 'POST',
          url: '/v3/mg.example.com/messages',
          authorization: `Basic ${Buffer.from('api:key-test-123').toString('base64')}`,
          form: {
            from: 'Storybook Shop <orders@mg.example.com>',
            to: 'parent@example.com',
            subject: 'Your order',
            html: '<p>Thanks</p>',
            text: 'Thanks',
          },
        },
      ]);
    } finally {
      await mailgun.close();
    }
  });

  it.each([
    [500, { message: 'Internal Server Error' }],
    [401, { message: 'Invalid private key' }],
    [400, { message: "'to' parameter is not a valid address" }],
  ])('rejects when Mailgun answers %i, naming the status and never the key', async (status, body) => {
    const mailgun = await fakeMailgun([{ status, body }]);
    try {
      const error: Error = await mailerFor(mailgun.url)
        .send(message)
        .then(
          () => {
            throw new Error('expected a rejection');
          },
          (e: Error) => e,
        );
      expect(error.message).toMatch(new RegExp(`^Mailgun did not accept the e-mail: ${status}\\b`));
      expect(error.message).not.toContain('key-test-123');
      expect(mailgun.requests).toHaveLength(1);
    } finally {
      await mailgun.close();
    }
  });

  it('rejects a 2xx answer without a message id', async () => {
    const mailgun = await fakeMailgun([{ status: 200, body: { message: 'Queued. Thank you.' } }]);
    try {
      await expect(mailerFor(mailgun.url).send(message)).rejects.toThrow(/^Mailgun did not accept the e-mail: 200/);
    } finally {
      await mailgun.close();
    }
  });

  it('rejects when nothing answers, saying so', async () => {
    const mailgun = await fakeMailgun([QUEUED]);
    await mailgun.close();
    await expect(mailerFor(mailgun.url).send(message)).rejects.toThrow(
      /^Mailgun did not accept the e-mail: no answer \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
    );
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const silentServer = createServer(() => undefined); // reads the request, never answers
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silentServer.address() as AddressInfo).port}`;
      const mailer = new MailgunMailer({ apiKey: 'k', domain: 'mg.example.com', from: 'a@example.com', url, timeoutMs: 300 });
      await expect(mailer.send(message)).rejects.toThrow(/^Mailgun did not accept the e-mail: no answer \(.*timeout/);
    } finally {
      silentServer.closeAllConnections();
      await new Promise<void>((resolve) => silentServer.close(() => resolve()));
    }
  });

  it('refuses to be built without a key, a domain or a sender', () => {
    expect(() => new MailgunMailer({ apiKey: '', domain: 'mg.example.com', from: 'a@b.c' })).toThrow(/API key/);
    expect(() => new MailgunMailer({ apiKey: 'k', domain: '', from: 'a@b.c' })).toThrow(/domain/);
    expect(() => new MailgunMailer({ apiKey: 'k', domain: 'mg.example.com', from: '' })).toThrow(/From/);
  });
});

describe('the outbox worker with MailgunMailer, against an endpoint that fails twice then recovers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('sends the order confirmation exactly once, after the endpoint recovers', async () => {
    const mailgun = await fakeMailgun([FAILING, FAILING, QUEUED]);
    try {
      const { dataSource } = server;
      const logger = createLogger('silent');
      const orderId = '6b1f0a52-3c1e-4f4e-9a57-0c6b1a2d3e4f';
      await dataSource.query(
        `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency, checkout_token_hash)
         VALUES ($1, $2, 6, 'Courage', 'parent@example.com', 'digital', 'Paid', 2500, 'USD', repeat('0', 64))`,
        [orderId, '<img src=x onerror=alert(1)>'],
      );
      const [order] = await dataSource.query(
        `SELECT id, child_name AS "childName", child_age AS "childAge", moral, book_format AS "bookFormat",
                book_style AS "bookStyle", amount_cents AS "amountCents", currency, email, shipping_address AS "shippingAddress"
         FROM orders WHERE id = $1`,
        [orderId],
      );
      const outbox = new OutboxService(dataSource, logger, { sendingEnabled: true });
      const queue = () =>
        dataSource.transaction((manager) =>
          outbox.enqueue(manager, orderConfirmationOutboxEmail(order, { publicUrl: 'https://shop.example.com' })),
        );
      await queue();
      await queue(); // a webhook and the browser both recording the payment: still one e-mail

      const worker = new OutboxWorker(dataSource, mailerFor(mailgun.url), logger);
      const t0 = new Date(Date.now() + 1000);
      const runs = [];
      for (const offsetMs of [0, 10_000, 30_000, 60_000, 150_000, 151_000, 3_600_000, 86_400_000]) {
        runs.push(await worker.processDue(new Date(t0.getTime() + offsetMs)));
      }
      expect(runs).toEqual([
        { sent: 0, failed: 1 }, // t0: 500, retry in 30 s
        { sent: 0, failed: 0 }, // not due yet
        { sent: 0, failed: 1 }, // t0 + 30 s: 500, retry in 2 min
        { sent: 0, failed: 0 },
        { sent: 1, failed: 0 }, // t0 + 2 min 30 s: accepted
        { sent: 0, failed: 0 },
        { sent: 0, failed: 0 },
        { sent: 0, failed: 0 },
      ]);
      expect(mailgun.requests).toHaveLength(3);
      const [first, , last] = mailgun.requests;
      expect(last.form).toEqual(first.form);
      expect(last.form.to).toBe('parent@example.com');
      expect(last.form.subject).toBe("Your order is confirmed: <img src=x onerror=alert(1)>'s storybook is on its way");
      expect(last.form.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(last.form.html).not.toContain('<img');
      expect(last.form.text).toContain('$25.00');

      const rows = await dataSource.query(
        `SELECT order_id, template, status, attempts, provider_message_id, sent_at, locked_until, last_error FROM outbox_emails`,
      );
      expect(rows).toEqual([
        {
          order_id: orderId,
          template: 'order-confirmation',
          status: 'sent',
          attempts: 3,
          provider_message_id: '<msg@mg>',
          sent_at: new Date(t0.getTime() + 150_000),
          locked_until: null,
          last_error: expect.stringMatching(/^Mailgun did not accept the e-mail: 500/),
        },
      ]);
    } finally {
      await mailgun.close();
    }
  });
});
