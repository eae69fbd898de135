import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createLogger, EMAIL_MASK, type Logger } from '../common/logger';
import { Order } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';
import { OutboxService, type OutboxEmailInput } from './outbox.service';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(() => server.dataSource.query('DELETE FROM outbox_emails'));

const recordingLogger = () => {
  const lines: Array<{ level: string; msg: string; fields?: Record<string, unknown> }> = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => lines.push({ level, msg, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
};

const email = (over: Partial<OutboxEmailInput> = {}): OutboxEmailInput => ({
  idempotencyKey: `test:${randomUUID()}`,
  orderId: null,
  template: 'test',
  to: 'parent@example.com',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  ...over,
});

const rows = () =>
  server.dataSource.query(
    `SELECT idempotency_key, order_id, template, to_address, subject, html, text, status, attempts,
            next_attempt_at, locked_until, last_error, provider_message_id, sent_at
     FROM outbox_emails ORDER BY created_at, id`,
  );

async function insertOrder(dataSource: DataSource): Promise<string> {
  const id = randomUUID();
  await dataSource.getRepository(Order).insert({
    id,
    childName: 'Mia',
    childAge: 6,
    moral: 'Kindness',
    storyIdea: '',
    email: 'parent@example.com',
    bookFormat: 'digital',
    bookStyle: null,
    shippingAddress: null,
    status: OrderStatus.Paid,
    amountCents: 2500,
    currency: 'USD',
    photoKey: null,
  });
  return id;
}

describe('OutboxService.enqueue', () => {
  it('writes a pending row, due now, with everything the worker needs', async () => {
    const { logger } = recordingLogger();
    const outbox = new OutboxService(server.dataSource, logger, { sendingEnabled: true });
    const orderId = await insertOrder(server.dataSource);
    const before = Date.now();
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(manager, email({ idempotencyKey: 'k1', orderId, template: 'order-confirmation' })),
    );
    const [row, ...rest] = await rows();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      idempotency_key: 'k1',
      order_id: orderId,
      template: 'order-confirmation',
      to_address: 'parent@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
      status: 'pending',
      attempts: 0,
      locked_until: null,
      last_error: null,
      provider_message_id: null,
      sent_at: null,
    });
    expect(row.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('queues an e-mail once per idempotency key, keeping the first, in one transaction or across several', async () => {
    const outbox = new OutboxService(server.dataSource, recordingLogger().logger, { sendingEnabled: true });
    await server.dataSource.transaction(async (manager) => {
      await outbox.enqueue(manager, email({ idempotencyKey: 'once', subject: 'first' }));
      await outbox.enqueue(manager, email({ idempotencyKey: 'once', subject: 'second' }));
    });
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(manager, email({ idempotencyKey: 'once', subject: 'third' })),
    );
    expect((await rows()).map((r: { subject: string }) => r.subject)).toEqual(['first']);
  });

  it('queues one row when two transactions race with the same key, and neither fails', async () => {
    const outbox = new OutboxService(server.dataSource, recordingLogger().logger, { sendingEnabled: true });
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((subject) =>
        server.dataSource.transaction(async (manager) => {
          await outbox.enqueue(manager, email({ idempotencyKey: 'race', subject }));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await rows()).toHaveLength(1);
  });

  it('leaves no row when the transaction that queued it rolls back', async () => {
    const { logger } = recordingLogger();
    const outbox = new OutboxService(server.dataSource, logger, { sendingEnabled: true });
    await expect(
      server.dataSource.transaction(async (manager) => {
        await outbox.enqueue(manager, email({ idempotencyKey: 'rolled-back' }));
        throw new Error('the payment could not be recorded');
      }),
    ).rejects.toThrow('the payment could not be recorded');
    expect(await rows()).toEqual([]);
    // The key is free again: the retried change queues its e-mail.
    await server.dataSource.transaction((manager) => outbox.enqueue(manager, email({ idempotencyKey: 'rolled-back' })));
    expect(await rows()).toHaveLength(1);
  });

  it('prints the e-mail to the log when no mail provider is configured, and leaves it pending', async () => {
    const { logger, lines } = recordingLogger();
    const outbox = new OutboxService(server.dataSource, logger, { sendingEnabled: false });
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(manager, email({ idempotencyKey: 'dev', to: 'dev@example.com', subject: 'Your order', text: 'Thanks!' })),
    );
    const info = lines.filter((line) => line.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0].fields).toMatchObject({ to: 'dev@example.com', subject: 'Your order', text: 'Thanks!' });
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0 }]);

    // The same e-mail again: nothing new to show.
    await server.dataSource.transaction((manager) => outbox.enqueue(manager, email({ idempotencyKey: 'dev' })));
    expect(lines.filter((line) => line.level === 'info')).toHaveLength(1);
  });

  it('in production, logs only that an e-mail waits in the outbox, with the address masked', async () => {
    const raw: string[] = [];
    const logger = createLogger('info', { production: true, destination: { write: (line: string) => raw.push(line) } });
    const outbox = new OutboxService(server.dataSource, logger, { sendingEnabled: false, logContents: false });
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(
        manager,
        email({ to: 'parent@example.com', subject: 'Your order', text: 'Thanks, Mia!', html: '<p>Mia</p>' }),
      ),
    );
    expect(raw).toHaveLength(1);
    expect(JSON.parse(raw[0])).toMatchObject({ msg: 'e-mail queued, not sent: no mail provider is configured', to: EMAIL_MASK });
    expect(raw[0]).not.toMatch(/parent@example\.com|Your order|Thanks|Mia/);
  });

  it('keeps addresses and bodies out of the log when e-mails are really sent', async () => {
    const { logger, lines } = recordingLogger();
    const outbox = new OutboxService(server.dataSource, logger, { sendingEnabled: true });
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(manager, email({ to: 'private@example.com', text: 'secret body' })),
    );
    expect(JSON.stringify(lines)).not.toMatch(/private@example\.com|secret body/);
  });
});

/**
 * now() cut to the millisecond the outbox's columns keep: a column rounds to the nearest
 * millisecond, so `now() - interval '1 hour'` may be stored up to half a millisecond later
 * and read back a moment after as just under an hour old.
 */
const MILLISECONDS_NOW = `date_trunc('milliseconds', now())`;

describe('OutboxService.backlog', () => {
  it('counts the e-mails not sent yet and the age of the oldest', async () => {
    const outbox = new OutboxService(server.dataSource, recordingLogger().logger, { sendingEnabled: true });
    expect(await outbox.backlog()).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    for (const key of ['a', 'b', 'c'])
      await server.dataSource.transaction((manager) => outbox.enqueue(manager, email({ idempotencyKey: key })));
    await server.dataSource.query(
      `UPDATE outbox_emails SET created_at = ${MILLISECONDS_NOW} - interval '1 hour' WHERE idempotency_key = 'a'`,
    );
    await server.dataSource.query(`UPDATE outbox_emails SET status = 'sent' WHERE idempotency_key = 'c'`);
    const backlog = await outbox.backlog();
    expect(backlog.pending).toBe(2);
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(3600);
    expect(backlog.oldestAgeSeconds).toBeLessThan(7200);
  });
});

describe('an e-mail that waits for its day (notBefore)', () => {
  it('is due only from then, and is not counted late while it waits', async () => {
    const outbox = new OutboxService(server.dataSource, recordingLogger().logger, { sendingEnabled: true });
    const day = new Date(Date.now() + 3 * 86_400_000);
    await server.dataSource.transaction((manager) => outbox.enqueue(manager, email({ idempotencyKey: 'gift', notBefore: day })));
    await server.dataSource.transaction((manager) => outbox.enqueue(manager, email({ idempotencyKey: 'now' })));
    const [waiting] = await server.dataSource.query(
      `SELECT next_attempt_at, not_before FROM outbox_emails WHERE idempotency_key = 'gift'`,
    );
    expect(new Date(waiting.next_attempt_at).getTime()).toBe(day.getTime());
    expect(new Date(waiting.not_before).getTime()).toBe(day.getTime());
    expect((await outbox.backlog()).pending).toBe(1);

    // Once its day has come and gone unsent, it is late from its day, not from when it was queued.
    await server.dataSource.query(
      `UPDATE outbox_emails SET created_at = now() - interval '10 days', not_before = ${MILLISECONDS_NOW} - interval '1 hour' WHERE idempotency_key = 'gift'`,
    );
    const backlog = await outbox.backlog();
    expect(backlog.pending).toBe(2);
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(3600);
    expect(backlog.oldestAgeSeconds).toBeLessThan(7200);
  });
});

describe('OutboxService.emailsForOrders', () => {
  it("returns each order's e-mails oldest first, in the order asked, [] for orders without any", async () => {
    const outbox = new OutboxService(server.dataSource, recordingLogger().logger, { sendingEnabled: true });
    const [first, second, none] = [
      await insertOrder(server.dataSource),
      await insertOrder(server.dataSource),
      await insertOrder(server.dataSource),
    ];
    const queue = (orderId: string | null, template: string) =>
      server.dataSource.transaction((manager) => outbox.enqueue(manager, email({ orderId, template })));
    await queue(first, 'order-confirmation');
    await queue(second, 'order-confirmation');
    await queue(null, 'unrelated');
    await queue(first, 'video-delivery');
    // Rows written within one millisecond would tie: make the order of creation unambiguous.
    await server.dataSource.query(
      `UPDATE outbox_emails SET created_at = created_at - interval '1 hour' WHERE template = 'order-confirmation'`,
    );

    const result = await outbox.emailsForOrders([second, none, first, randomUUID(), 'not-a-uuid']);
    expect(result.map((emails) => emails.map((e) => e.template))).toEqual([
      ['order-confirmation'],
      [],
      ['order-confirmation', 'video-delivery'],
      [],
      [],
    ]);
    expect(result[2][0]).toMatchObject({ orderId: first, toAddress: 'parent@example.com', status: 'pending', attempts: 0 });
    expect(await outbox.emailsForOrders([])).toEqual([]);
  });
});
