/**
 * Gifts: a gift message (on a printed book's dedication page, in a digital book's delivery
 * e-mail) and a digital book's delivery date, whose e-mail waits until 08:00 that day where the
 * parent is. The parent sees the day on the order page and may change it until the e-mail has
 * gone; a revision made while it waits sends nothing more; a deletion of the child's details
 * takes the message from every copy.
 */
import { placeOrder, placePaidOrder } from '../support/checkout';
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { REAL_PDF } from '../support/pdfs';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_MP4 } from '../support/videos';
import { CSV_HEADER, orderCsvRow } from '../../server/src/admin-orders/orders-csv';
import { REDACTED } from '../../server/src/order-page/child-data-redaction';
import { addDays, GIFT_DATE_MESSAGES, todayIn } from '../../server/src/orders/gift-delivery';
import { GIFT_DATE_CHANGE_MESSAGES } from '../../server/src/order-page/gift-delivery-state';
import { Order } from '../../server/src/orders/order.entity';

const ZONE = 'America/Toronto';
const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) { userErrors { message } }
}`;
const REVISE = `mutation($orderId: ID!, $video: Upload) {
  reviseDelivery(orderId: $orderId, video: $video) { userErrors { message } }
}`;
const PAGE = `query($token: String!) {
  orderPage(token: $token) {
    giftMessage
    giftDelivery { date sendAt emailedAt canChange }
    timeline { title detail }
  }
}`;
const CHANGE_DATE = `mutation($token: String!, $date: String, $timeZone: String) {
  changeGiftDeliveryDate(token: $token, date: $date, timeZone: $timeZone) {
    order { giftDelivery { date sendAt canChange } }
    userErrors { field message code }
  }
}`;
const MESSAGE = 'Happy birthday, Mia!\nLove, Grandma & Grandpa';

let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const daysAhead = (days: number) => addDays(todayIn(ZONE, new Date()), days);
const giftOrder = (days = 10) => ({
  ...digitalOrder(),
  giftMessage: MESSAGE,
  giftDeliveryDate: daysAhead(days),
  giftTimeZone: ZONE,
});

/** The hour and day it is in Toronto at `instant`. */
const torontoTime = (instant: Date | string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(instant))
    .replace(',', '');

async function deliver(orderId: string): Promise<void> {
  const files = {
    video: { name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 },
    storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
  };
  expect((await admin.upload(COMPLETE, { orderId }, files)).data!.completeOrderWithVideo.userErrors).toEqual([]);
}

type EmailRow = { template: string; status: string; text: string; html: string; not_before: Date | null; next_attempt_at: Date };
const deliveryEmails = (orderId: string): Promise<EmailRow[]> =>
  server.dataSource.query(
    `SELECT template, status, text, html, not_before, next_attempt_at FROM outbox_emails
     WHERE order_id = $1 AND template IN ('video-delivery', 'delivery-revised') ORDER BY created_at, id`,
    [orderId],
  );
const page = async (token: string) => (await parent.query(PAGE, { token })).data!.orderPage;
const orderCount = async () => Number((await server.dataSource.query('SELECT count(*)::int AS n FROM orders'))[0].n);

describe('a digital gift', () => {
  it("keeps its message and day; its delivery e-mail waits for 08:00 that day in the parent's zone and carries the message", async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent, giftOrder(10));
    const stored = await server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
    expect(stored.giftMessage).toBe(MESSAGE);
    expect(stored.giftDeliveryDate).toBe(daysAhead(10));
    expect(torontoTime(stored.giftSendAt!)).toBe(`${daysAhead(10)} 08:00`);

    expect(await page(checkoutToken)).toMatchObject({
      giftMessage: MESSAGE,
      giftDelivery: { date: daysAhead(10), emailedAt: null, canChange: true },
    });

    const backlog = (await server.app.services.outbox.backlog()).pending;
    await deliver(orderId);
    const [email] = await deliveryEmails(orderId);
    expect(email.status).toBe('pending');
    expect(new Date(email.not_before!).getTime()).toBe(stored.giftSendAt!.getTime());
    expect(new Date(email.next_attempt_at).getTime()).toBe(stored.giftSendAt!.getTime());
    expect(email.text).toContain('A gift for Mia, with this message:\n\n  Happy birthday, Mia!\n  Love, Grandma & Grandpa\n');
    expect(email.html).toContain('Happy birthday, Mia!\nLove, Grandma &amp; Grandpa</blockquote>');
    // Waiting for its day is not being late.
    expect((await server.app.services.outbox.backlog()).pending).toBe(backlog);
  });

  it('may be moved or cleared from the order page, and the waiting e-mail moves with it, until the e-mail has gone', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent, giftOrder(10));
    await deliver(orderId);

    const moved = (await parent.query(CHANGE_DATE, { token: checkoutToken, date: daysAhead(20), timeZone: ZONE })).data!
      .changeGiftDeliveryDate;
    expect(moved.userErrors).toEqual([]);
    expect(moved.order.giftDelivery).toMatchObject({ date: daysAhead(20), canChange: true });
    expect(torontoTime(moved.order.giftDelivery.sendAt)).toBe(`${daysAhead(20)} 08:00`);
    const [waiting] = await deliveryEmails(orderId);
    expect(new Date(waiting.next_attempt_at).toISOString()).toBe(moved.order.giftDelivery.sendAt);
    expect((await page(checkoutToken)).timeline).toContainEqual({
      title: 'Delivery date changed',
      detail: `We will e-mail the book on ${daysAhead(20)}.`,
    });

    const cleared = (await parent.query(CHANGE_DATE, { token: checkoutToken, date: null })).data!.changeGiftDeliveryDate;
    expect(cleared.order.giftDelivery).toMatchObject({ date: null, sendAt: null, canChange: true });
    const [now] = await deliveryEmails(orderId);
    expect(now.not_before).toBeNull();
    expect(new Date(now.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());

    // Once the e-mail has gone, the day is history.
    await server.dataSource.query(`UPDATE outbox_emails SET status = 'sent', attempts = 1, sent_at = now() WHERE order_id = $1`, [
      orderId,
    ]);
    const late = (await parent.query(CHANGE_DATE, { token: checkoutToken, date: daysAhead(30), timeZone: ZONE })).data!
      .changeGiftDeliveryDate;
    expect(late.userErrors).toEqual([{ field: 'date', message: GIFT_DATE_CHANGE_MESSAGES.emailed, code: 'WRONG_STATUS' }]);
    const after = await page(checkoutToken);
    expect(after.giftDelivery.canChange).toBe(false);
    expect(after.giftDelivery.emailedAt).not.toBeNull();
    expect((await server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).giftDeliveryDate).toBeNull();
  });

  it('a day outside today to a year ahead, or in an unknown zone, is refused with its reason, and nothing changes', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent, giftOrder(5));
    const cases: Array<[string | null, string, string]> = [
      [daysAhead(-1), ZONE, GIFT_DATE_MESSAGES.range],
      [daysAhead(366), ZONE, GIFT_DATE_MESSAGES.range],
      ['2026-02-30', ZONE, GIFT_DATE_MESSAGES.format],
      ['next friday', ZONE, GIFT_DATE_MESSAGES.format],
      [daysAhead(3), 'Mars/Olympus_Mons', GIFT_DATE_MESSAGES.timeZone],
    ];
    for (const [date, timeZone, message] of cases) {
      const result = (await parent.query(CHANGE_DATE, { token: checkoutToken, date, timeZone })).data!.changeGiftDeliveryDate;
      expect(result.userErrors).toEqual([{ field: 'date', message, code: 'INVALID_INPUT' }]);
    }
    expect((await server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).giftDeliveryDate).toBe(daysAhead(5));
  });

  it('a revision made while the e-mail waits sends nothing more: the one e-mail opens the new version on the day', async () => {
    const { orderId } = await placePaidOrder(parent, giftOrder(7));
    await deliver(orderId);
    const revised = await admin.upload(REVISE, { orderId }, { video: { name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 } });
    expect(revised.data!.reviseDelivery.userErrors).toEqual([]);
    expect((await deliveryEmails(orderId)).map((e) => e.template)).toEqual(['video-delivery']);
  });

  it("loses its message, in the order and in the waiting e-mail, when the parent deletes the child's details", async () => {
    const { orderId, checkoutToken } = await placePaidOrder(parent, giftOrder(4));
    await deliver(orderId);
    expect((await server.app.services.orderPages.deleteChildData(checkoutToken)).ok).toBe(true);
    expect((await server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).giftMessage).toBeNull();
    const [email] = await deliveryEmails(orderId);
    expect(email.text).not.toContain('Happy birthday');
    expect(email.text).not.toContain('Grandma');
    expect(email.text).toContain(REDACTED);
    const changed = (await parent.query(CHANGE_DATE, { token: checkoutToken, date: daysAhead(8), timeZone: ZONE })).data!
      .changeGiftDeliveryDate;
    expect(changed.userErrors[0].message).toBe(GIFT_DATE_CHANGE_MESSAGES.childDataDeleted);
  });
});

describe('placing a gift', () => {
  it('refuses a delivery date outside the allowed days, for a printed book, or with a bad zone; nothing is created', async () => {
    const before = await orderCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...giftOrder(), giftDeliveryDate: daysAhead(-1) }, GIFT_DATE_MESSAGES.range],
      [{ ...giftOrder(), giftDeliveryDate: daysAhead(366) }, GIFT_DATE_MESSAGES.range],
      [{ ...giftOrder(), giftDeliveryDate: '24/12/2026' }, GIFT_DATE_MESSAGES.format],
      [{ ...giftOrder(), giftTimeZone: 'Nowhere/Atlantis' }, GIFT_DATE_MESSAGES.timeZone],
      [{ ...printedOrder(), giftDeliveryDate: daysAhead(3), giftTimeZone: ZONE }, GIFT_DATE_MESSAGES.printed],
      [{ ...giftOrder(), giftMessage: 'x'.repeat(301) }, 'Gift message must be at most 300 characters'],
      [
        { ...giftOrder(), giftMessage: 'Love\tGrandma' },
        'Gift message can have line breaks but no tabs or other control characters',
      ],
    ];
    for (const [input, message] of cases) {
      await expect(placeOrder(parent, input)).rejects.toThrow(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it("accepts today in the parent's zone, and a printed gift keeps its message for the dedication page", async () => {
    const today = await placeOrder(parent, giftOrder(0));
    expect((await server.dataSource.getRepository(Order).findOneByOrFail({ id: today.orderId })).giftDeliveryDate).toBe(
      daysAhead(0),
    );

    const printed = await placePaidOrder(parent, { ...printedOrder(), giftMessage: 'For Mia from Grandma' });
    const order = await server.dataSource.getRepository(Order).findOneByOrFail({ id: printed.orderId });
    expect(order).toMatchObject({ giftMessage: 'For Mia from Grandma', giftDeliveryDate: null, giftSendAt: null });
    expect((await page(printed.checkoutToken)).giftDelivery).toBeNull();
    // The studio's export has both, at the end of each row.
    const header = CSV_HEADER.trim().split(',');
    expect(header.slice(-2)).toEqual(['Gift message', 'Gift delivery date']);
    expect(orderCsvRow(order).trim().split(',').slice(-2)).toEqual(['For Mia from Grandma', '']);
  });
});
