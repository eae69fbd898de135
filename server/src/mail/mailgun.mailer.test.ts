/**
 * MailgunMailer against a local HTTP endpoint standing in for Mailgun's API, alone and behind
 * the outbox worker: an endpoint that fails at first gets the e-mail once it recovers, once.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../common/logger';
import { MailgunMailer } from './mailgun.mailer';
import { OutcomeUnknownError } from './mailer';
import { OutboxService } from './outbox.service';
import { OutboxWorker, UNKNOWN_OUTCOME_LOOKUP_DELAY_MS } from './outbox.worker';
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

  it('gives up on an endpoint that does not answer in time, saying the outcome is unknown', async () => {
    const silentServer = createServer(() => undefined); // reads the request, never answers
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silentServer.address() as AddressInfo).port}`;
      const mailer = new MailgunMailer({ apiKey: 'k', domain: 'mg.example.com', from: 'a@example.com', url, timeoutMs: 300 });
      const sending = mailer.send(message);
      await expect(sending).rejects.toThrow(/^outcome unknown: no answer \(.*timeout/);
      await expect(sending).rejects.toBeInstanceOf(OutcomeUnknownError);
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
        `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency)
         VALUES ($1, $2, 6, 'Courage', 'parent@example.com', 'digital', 'Paid', 2500, 'USD')`,
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
          outbox.enqueue(
            manager,
            orderConfirmationOutboxEmail(order, {
              publicUrl: 'https://shop.example.com',
              orderUrl: 'https://shop.example.com/order/tok',
            }),
          ),
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

/**
 * A stand-in for Mailgun that keeps the messages it accepted and serves them through the Events
 * API. `sends` decides each POST in turn (the last repeats): accept, accept but answer after
 * the mailer's timeout, answer nothing until the timeout without accepting, or fail with a 500.
 * `lookups` does the same for each events request: answer, or fail with a 503.
 */
async function mailgunWithEvents(
  sends: Array<'accept' | 'accept-late' | 'no-answer' | 'fail'>,
  lookups: Array<'answer' | 'fail'>,
) {
  const accepted: Array<{ id: string; outboxId: string }> = [];
  const posts: Array<Record<string, string>> = [];
  const eventQueries: URLSearchParams[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://mailgun');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && url.pathname === '/v3/mg.example.com/events') {
      eventQueries.push(url.searchParams);
      if (lookups[Math.min(eventQueries.length, lookups.length) - 1] === 'fail')
        return json(503, { message: 'Service Unavailable' });
      const wanted = url.searchParams.get('message-id');
      const items = accepted
        .filter((m) => url.searchParams.get('event') === 'accepted' && m.id === wanted)
        .map((m) => ({
          event: 'accepted',
          'user-variables': { 'outbox-id': m.outboxId },
          message: { headers: { 'message-id': m.id } },
        }));
      return json(200, { items, paging: {} });
    }
    const form = Object.fromEntries(
      [...(await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData())].map(
        ([key, value]) => [key, String(value)],
      ),
    );
    posts.push(form);
    const behaviour = sends[Math.min(posts.length, sends.length) - 1];
    if (behaviour === 'fail') return json(500, { message: 'Internal Server Error' });
    if (behaviour === 'no-answer') return; // the mailer times out; nothing was accepted
    // Mailgun keeps the Message-Id it was given, without the angle brackets.
    const id = form['h:Message-Id'].replace(/^<|>$/g, '');
    accepted.push({ id, outboxId: form['v:outbox-id'] });
    if (behaviour === 'accept') return json(200, { id: `<${id}>`, message: 'Queued. Thank you.' });
    const timer = setTimeout(() => json(200, { id: `<${id}>`, message: 'Queued. Thank you.' }), 1000);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted,
    posts,
    eventQueries,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the outbox worker with MailgunMailer, when an answer does not come back', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => server.dataSource.query('DELETE FROM outbox_emails'));

  const logger = createLogger('silent');
  const mailer = (url: string) =>
    new MailgunMailer({ apiKey: 'key-test-123', domain: 'mg.example.com', from: 'shop@mg.example.com', url, timeoutMs: 200 });
  const queue = async (): Promise<string> => {
    const outbox = new OutboxService(server.dataSource, logger, { sendingEnabled: true });
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(manager, {
        idempotencyKey: 'test:late',
        orderId: null,
        template: 'test',
        to: 'parent@example.com',
        subject: 'Your order',
        html: '<p>Thanks</p>',
        text: 'Thanks',
      }),
    );
    const [{ id }] = await server.dataSource.query('SELECT id FROM outbox_emails');
    return id;
  };
  const outboxRow = async () => {
    const [row] = await server.dataSource.query(
      'SELECT status, attempts, outcome_unknown, last_error, provider_message_id, sent_at FROM outbox_emails',
    );
    return row;
  };
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
  const LOOKUP = UNKNOWN_OUTCOME_LOOKUP_DELAY_MS;

  it('finds a message Mailgun accepted after the timeout through its events, and never sends it twice', async () => {
    const mailgun = await mailgunWithEvents(['accept-late', 'accept'], ['answer']);
    try {
      const id = await queue();
      const worker = new OutboxWorker(server.dataSource, mailer(mailgun.url), logger);
      const t0 = new Date(Date.now() + 1000);

      expect(await worker.processDue(t0)).toEqual({ sent: 0, failed: 1 });
      expect(mailgun.posts).toHaveLength(1);
      expect(mailgun.posts[0]).toMatchObject({ 'h:Message-Id': `<outbox-${id}@mg.example.com>`, 'v:outbox-id': id });
      expect(await outboxRow()).toMatchObject({
        status: 'pending',
        attempts: 1,
        outcome_unknown: true,
        provider_message_id: null,
      });
      expect((await outboxRow()).last_error).toMatch(/^outcome unknown: no answer \(.*timeout/);

      // Not asked again before Mailgun's event log has had time to show the message.
      expect(await worker.processDue(at(t0, LOOKUP - 1))).toEqual({ sent: 0, failed: 0 });
      expect(await worker.processDue(at(t0, LOOKUP))).toEqual({ sent: 1, failed: 0 });
      expect(mailgun.eventQueries.map((q) => q.get('message-id'))).toEqual([`outbox-${id}@mg.example.com`]);
      expect(await outboxRow()).toMatchObject({
        status: 'sent',
        attempts: 2,
        outcome_unknown: false,
        provider_message_id: `<outbox-${id}@mg.example.com>`,
        sent_at: at(t0, LOOKUP),
      });
      expect(await worker.processDue(at(t0, 86_400_000))).toEqual({ sent: 0, failed: 0 });
      expect(mailgun.posts).toHaveLength(1);
      expect(mailgun.accepted).toHaveLength(1);
    } finally {
      await mailgun.close();
    }
  });

  it('sends again after a timeout when Mailgun has no record of the message, once', async () => {
    const mailgun = await mailgunWithEvents(['no-answer', 'accept'], ['answer']);
    try {
      const id = await queue();
      const worker = new OutboxWorker(server.dataSource, mailer(mailgun.url), logger);
      const t0 = new Date(Date.now() + 1000);
      expect(await worker.processDue(t0)).toEqual({ sent: 0, failed: 1 });
      expect(await outboxRow()).toMatchObject({ status: 'pending', outcome_unknown: true });
      expect(await worker.processDue(at(t0, LOOKUP))).toEqual({ sent: 1, failed: 0 });
      expect(mailgun.eventQueries).toHaveLength(1);
      expect(mailgun.posts).toHaveLength(2);
      expect(mailgun.accepted).toEqual([{ id: `outbox-${id}@mg.example.com`, outboxId: id }]);
      expect(await outboxRow()).toMatchObject({ status: 'sent', provider_message_id: `<outbox-${id}@mg.example.com>` });
    } finally {
      await mailgun.close();
    }
  });

  it('retries a send Mailgun refused (5xx) without asking its events, and sends it once', async () => {
    const mailgun = await mailgunWithEvents(['fail', 'accept'], ['answer']);
    try {
      await queue();
      const worker = new OutboxWorker(server.dataSource, mailer(mailgun.url), logger);
      const t0 = new Date(Date.now() + 1000);
      expect(await worker.processDue(t0)).toEqual({ sent: 0, failed: 1 });
      expect(await outboxRow()).toMatchObject({ status: 'pending', outcome_unknown: false });
      expect((await outboxRow()).last_error).toMatch(/^Mailgun did not accept the e-mail: 500/);
      expect(await worker.processDue(at(t0, 30_000))).toEqual({ sent: 1, failed: 0 });
      expect(await worker.processDue(at(t0, 86_400_000))).toEqual({ sent: 0, failed: 0 });
      expect(mailgun.eventQueries).toHaveLength(0);
      expect(mailgun.posts).toHaveLength(2);
      expect(mailgun.accepted).toHaveLength(1);
      expect(await outboxRow()).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await mailgun.close();
    }
  });

  it('does not send again while the events lookup fails: it waits with backoff until Mailgun can tell', async () => {
    const mailgun = await mailgunWithEvents(['accept-late', 'accept'], ['fail', 'fail', 'answer']);
    try {
      const id = await queue();
      const worker = new OutboxWorker(server.dataSource, mailer(mailgun.url), logger);
      const t0 = new Date(Date.now() + 1000);
      expect(await worker.processDue(t0)).toEqual({ sent: 0, failed: 1 });

      const t1 = at(t0, LOOKUP);
      expect(await worker.processDue(t1)).toEqual({ sent: 0, failed: 1 });
      expect(await outboxRow()).toMatchObject({ status: 'pending', attempts: 2, outcome_unknown: true });
      expect((await outboxRow()).last_error).toBe("outcome unknown: Mailgun's events could not be read: 503");
      expect(await worker.processDue(at(t1, LOOKUP - 1))).toEqual({ sent: 0, failed: 0 });

      const t2 = at(t1, LOOKUP);
      expect(await worker.processDue(t2)).toEqual({ sent: 0, failed: 1 });
      expect(mailgun.posts).toHaveLength(1);

      expect(await worker.processDue(at(t2, 8 * 60_000))).toEqual({ sent: 1, failed: 0 });
      expect(mailgun.eventQueries).toHaveLength(3);
      expect(mailgun.posts).toHaveLength(1);
      expect(mailgun.accepted).toHaveLength(1);
      expect(await outboxRow()).toMatchObject({
        status: 'sent',
        attempts: 4,
        provider_message_id: `<outbox-${id}@mg.example.com>`,
      });
    } finally {
      await mailgun.close();
    }
  });
});
