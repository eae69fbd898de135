/**
 * Several books in one checkout: the parent adds books (a sibling, a cousin, the same child in the
 * other format) to a waiting first order, up to five; each book is priced from the catalogue with
 * the family discount; one payment, through Stripe (a local fake of its API) or the sandbox, pays
 * them all; each book stays its own order, and refunding one refunds its own price only.
 */
import { createAdmin, signIn } from '../support/admin';
import { CONFIRM_SANDBOX, placeOrder, RECORD_PAYMENT, START_PAYMENT, type CheckoutOrderRef } from '../support/checkout';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { digitalOrder, printedOrder } from '../support/orders';
import { itOnPostgres, openSession, sessionsWaitingForLocks } from '../support/postgres-only';
import { startTestServer, type TestServer } from '../support/test-server';
import { adminActor } from '../../server/src/orders/actor';
import { lockExistingOrder } from '../../server/src/orders/order-lock';
import { ReceiptLinks } from '../../server/src/orders/receipt-links';

const WEBHOOK_SECRET = 'whsec_test_storybook';
let fake: FakeStripe;
let stripeShop: TestServer;
let sandboxShop: TestServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  [stripeShop, sandboxShop] = await Promise.all([
    startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_storybook',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_storybook',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    }),
    startTestServer(),
  ]);
  await createAdmin(stripeShop);
});
afterAll(async () => {
  await Promise.all([stripeShop?.close(), sandboxShop?.close()]);
  await fake?.close();
});

const ADD_BOOK = `mutation($input: CreateOrderInput!, $childPhoto: Upload!, $addTo: CheckoutRefInput) {
  createOrder(input: $input, childPhoto: $childPhoto, addTo: $addTo) {
    orderId checkoutToken order { id amountCents } userErrors { code field message }
  }
}`;
const CHECKOUT = `query($orderId: ID!, $checkoutToken: String!) {
  checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {
    id amountCents totalCents listTotalCents familyDiscountCents
    books { id reference bookFormat title childName listPriceCents amountCents added }
  }
}`;
const REMOVE_BOOK = `mutation($orderId: ID!, $checkoutToken: String!, $bookId: ID!) {
  removeCheckoutBook(orderId: $orderId, checkoutToken: $checkoutToken, bookId: $bookId) {
    order { totalCents books { id amountCents } } userErrors { code field message }
  }
}`;
const REFUND = `mutation($orderId: ID!, $reason: String!) {
  refundOrder(orderId: $orderId, reason: $reason) { order { id status refundableCents } userErrors { code field message } }
}`;
const APPLY_CODE = `mutation($orderId: ID!, $checkoutToken: String!, $code: String!) {
  applyDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken, code: $code) {
    order { amountCents totalCents familyDiscountCents } userErrors { message }
  }
}`;

async function addBook(client: GraphQLClient, addTo: CheckoutOrderRef | null, input: Record<string, unknown>) {
  const response = await client.upload(
    ADD_BOOK,
    { input, addTo },
    { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
  );
  return response.data!.createOrder as {
    orderId: string | null;
    checkoutToken: string | null;
    userErrors: Array<{ code: string; field: string | null; message: string }>;
  };
}

const sibling = (childName: string, format: 'digital' | 'printed' = 'digital') => ({
  ...(format === 'digital' ? digitalOrder() : printedOrder()),
  childName,
});

/** Moves a book out of Pending, as a change to it does: the shop's counts of orders by status move with it. */
const CANCEL_BOOK = `UPDATE orders SET status = 'Cancelled', cancelled_at = now() WHERE id = $1`;

/**
 * Runs `act` while another session holds the book's row, as every change to an order does. Once
 * `act` is seen waiting (the one session that can wait here), that change runs `change` on the book
 * (an SQL statement given the book's id) and commits. Answers what `act` answered: without
 * deadlock, `act` waits for the change and goes on.
 */
async function whileAChangeHolds<T>(server: TestServer, bookId: string, change: string, act: () => Promise<T>): Promise<T> {
  const session = await openSession(server.dataSource);
  try {
    await session.runner.startTransaction();
    await lockExistingOrder(session.runner.manager, bookId);
    const acting = act();
    expect(await sessionsWaitingForLocks(server.dataSource, 1)).toBe(1);
    await session.runner.query(change, [bookId]);
    await session.runner.commitTransaction();
    return await acting;
  } finally {
    await session.close();
  }
}

async function rows(server: TestServer, ids: string[]) {
  const found: Array<{
    id: string;
    status: string;
    amount_cents: number;
    payment_id: string | null;
    checkout_id: string | null;
  }> = await server.dataSource.query(
    'SELECT id, status, amount_cents, payment_id, checkout_id FROM orders WHERE id = ANY($1::uuid[]) ORDER BY created_at, id',
    [ids],
  );
  return ids.map((id) => found.find((row) => row.id === id)!);
}

describe('adding books to a checkout', () => {
  it('prices every book with the family discount, and one Stripe payment pays them all', async () => {
    const parent = new GraphQLClient(stripeShop.url);
    const first = await placeOrder(parent, sibling('Mia', 'printed'));
    const added = await addBook(parent, first, sibling('Leo'));
    expect(added.userErrors).toEqual([]);

    const checkout = (await parent.query(CHECKOUT, first)).data!.checkoutOrder;
    expect(checkout).toMatchObject({
      id: first.orderId,
      amountCents: 4500,
      totalCents: 4500 + 2250,
      listTotalCents: 7500,
      familyDiscountCents: 750,
      books: [
        { id: first.orderId, bookFormat: 'printed', childName: 'Mia', listPriceCents: 5000, amountCents: 4500, added: false },
        { id: added.orderId, bookFormat: 'digital', childName: 'Leo', listPriceCents: 2500, amountCents: 2250, added: true },
      ],
    });
    expect(await rows(stripeShop, [first.orderId, added.orderId!])).toMatchObject([
      { checkout_id: first.orderId, amount_cents: 4500 },
      { checkout_id: first.orderId, amount_cents: 2250 },
    ]);

    const started = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    expect(started).toMatchObject({ amountCents: 6750, userErrors: [] });
    expect(fake.intents.get(started.paymentId)).toMatchObject({ amount: 6750, metadata: { orderId: first.orderId } });

    // The added book is paid, priced and changed through the first order: it gets no token of its own,
    // and the first order's token does not open it.
    expect(added.checkoutToken).toBeNull();
    const alone = (await parent.query(START_PAYMENT, { orderId: added.orderId, checkoutToken: first.checkoutToken })).data!
      .startPayment;
    expect(alone.userErrors).toEqual([
      { field: 'orderId', message: 'We could not find this order. Please start again from the order form.' },
    ]);

    fake.succeed(started.paymentId);
    const recorded = (await parent.query(RECORD_PAYMENT, { ...first, paymentId: started.paymentId })).data!.recordPayment;
    expect(recorded.userErrors).toEqual([]);
    expect(await rows(stripeShop, [first.orderId, added.orderId!])).toMatchObject([
      { status: 'Paid', payment_id: started.paymentId },
      { status: 'Paid', payment_id: started.paymentId },
    ]);
    // Each book has its own confirmation, with its own order page.
    const emails = await stripeShop.dataSource.query(
      `SELECT order_id FROM outbox_emails WHERE template = 'order-confirmation' AND order_id = ANY($1::uuid[])`,
      [[first.orderId, added.orderId]],
    );
    expect(emails.map((e: { order_id: string }) => e.order_id).sort()).toEqual([first.orderId, added.orderId].sort());

    // The webhook for the same payment then changes nothing.
    const event = fake.eventFor(started.paymentId, 'payment_intent.succeeded');
    expect((await deliverWebhook(stripeShop.url, WEBHOOK_SECRET, event)).status).toBe(200);
    const events = await stripeShop.dataSource.query(
      `SELECT order_id FROM order_events WHERE type IN ('paid', 'payment_needs_attention') AND order_id = ANY($1::uuid[])`,
      [[first.orderId, added.orderId]],
    );
    expect(events).toHaveLength(2);
  });

  it('refuses a payment made for the checkout before a book was added, and leaves every book waiting', async () => {
    const parent = new GraphQLClient(stripeShop.url);
    const first = await placeOrder(parent, sibling('Ava'));
    const started = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    expect(started.amountCents).toBe(2500);
    const added = await addBook(parent, first, sibling('Max'));
    expect(added.userErrors).toEqual([]);
    fake.succeed(started.paymentId);
    const recorded = (await parent.query(RECORD_PAYMENT, { ...first, paymentId: started.paymentId })).data!.recordPayment;
    expect(recorded.userErrors).toEqual([{ field: 'paymentId', message: 'This payment does not match your order.' }]);
    expect((await rows(stripeShop, [first.orderId, added.orderId!])).map((row) => row.status)).toEqual(['Pending', 'Pending']);
  });

  it('refuses a book while a payment of the checkout is under way, and keeps nothing of it', async () => {
    const parent = new GraphQLClient(stripeShop.url);
    const first = await placeOrder(parent, sibling('Ivy'));
    const started = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    fake.setStatus(started.paymentId, 'processing');
    const before = Number((await stripeShop.dataSource.query('SELECT count(*) AS n FROM orders'))[0].n);
    const refused = await addBook(parent, first, sibling('Noah'));
    expect(refused).toMatchObject({
      orderId: null,
      userErrors: [
        {
          code: 'WRONG_STATUS',
          field: 'orderId',
          message: 'A payment for this checkout is already under way, so its books cannot change now.',
        },
      ],
    });
    expect(Number((await stripeShop.dataSource.query('SELECT count(*) AS n FROM orders'))[0].n)).toBe(before);
  });

  it('refunds one book of three: its own price, at Stripe and on its order, the other two stay paid', async () => {
    const parent = new GraphQLClient(stripeShop.url);
    const admin = new GraphQLClient(stripeShop.url);
    await signIn(admin);
    const first = await placeOrder(parent, sibling('Ann'));
    const second = await addBook(parent, first, sibling('Ben', 'printed'));
    const third = await addBook(parent, first, sibling('Cat'));
    const ids = [first.orderId, second.orderId!, third.orderId!];
    const { paymentId, amountCents } = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    expect(amountCents).toBe(2250 + 4500 + 2250);
    fake.succeed(paymentId);
    await parent.query(RECORD_PAYMENT, { ...first, paymentId });

    const refunded = (await admin.query(REFUND, { orderId: second.orderId, reason: 'Ordered twice by mistake.' })).data!
      .refundOrder;
    expect(refunded).toEqual({ order: { id: second.orderId, status: 'Refunded', refundableCents: 0 }, userErrors: [] });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentId);
    expect(refunds.map((refund) => refund.amount)).toEqual([4500]);
    expect((await rows(stripeShop, ids)).map((row) => row.status)).toEqual(['Paid', 'Refunded', 'Paid']);

    // Its webhook records it on the book it refunded, not on the first order.
    expect((await deliverWebhook(stripeShop.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(paymentId))).status).toBe(200);
    const recorded = await stripeShop.dataSource.query(
      'SELECT order_id, amount_cents FROM refunds WHERE payment_id = $1 AND status = $2',
      [paymentId, 'succeeded'],
    );
    expect(recorded).toEqual([{ order_id: second.orderId, amount_cents: 4500 }]);
    expect((await rows(stripeShop, ids)).map((row) => row.status)).toEqual(['Paid', 'Refunded', 'Paid']);

    // The first book refunds its own 2,250 cents, never the whole payment.
    const firstRefund = (await admin.query(REFUND, { orderId: first.orderId, reason: 'Changed our mind.' })).data!.refundOrder;
    expect(firstRefund.order).toMatchObject({ status: 'Refunded', refundableCents: 0 });
    expect(
      [...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentId).map((refund) => refund.amount),
    ).toEqual([4500, 2250]);
    const left = (await admin.query(`query($id: ID!) { order(id: $id) { refundableCents } }`, { id: third.orderId })).data!.order;
    expect(left.refundableCents).toBe(2250);

    // The studio sees each book as its own order, with the other books of its checkout beside it.
    const siblings = (
      await admin.query(`query($id: ID!) { order(id: $id) { checkoutBooks { id first status amountCents } } }`, {
        id: second.orderId,
      })
    ).data!.order.checkoutBooks;
    expect(siblings).toEqual([
      { id: first.orderId, first: true, status: 'Refunded', amountCents: 2250 },
      { id: third.orderId, first: false, status: 'Paid', amountCents: 2250 },
    ]);

    // One receipt for the payment, from any of its books: every book, the family discount, what went back.
    const receipt = (
      await parent.query(
        `query($token: String!) { orderPage(token: $token) { receipt { number lines { description amountCents } totalCents refundedCents } } }`,
        { token: first.checkoutToken },
      )
    ).data!.orderPage.receipt;
    expect(receipt).toEqual({
      number: first.orderId.slice(0, 8),
      lines: [
        { description: 'Digital Comic Book: Kindness, starring Ann', amountCents: 2500 },
        { description: 'Premium Printed Storybook: Kindness, starring Ben (shipping included)', amountCents: 5000 },
        { description: 'Digital Comic Book: Kindness, starring Cat', amountCents: 2500 },
        { description: 'Family discount (10% off every book)', amountCents: -1000 },
      ],
      totalCents: 9000,
      refundedCents: 6750,
    });
  });
});

describe('refunds and receipts of a checkout, through Stripe', () => {
  it("records a refund made in Stripe's dashboard on the book with that much of its price left", async () => {
    const parent = new GraphQLClient(stripeShop.url);
    const first = await placeOrder(parent, sibling('Dan'));
    const second = await addBook(parent, first, sibling('Eli', 'printed'));
    const { paymentId } = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    fake.succeed(paymentId);
    await parent.query(RECORD_PAYMENT, { ...first, paymentId });
    // 45.00 back: more than the first book's 22.50, all of the second book's price.
    fake.refundInDashboard(paymentId, { amount: 4500 });
    expect((await deliverWebhook(stripeShop.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(paymentId))).status).toBe(200);
    expect((await rows(stripeShop, [first.orderId, second.orderId!])).map((row) => row.status)).toEqual(['Paid', 'Refunded']);
    const recorded = await stripeShop.dataSource.query('SELECT order_id, amount_cents FROM refunds WHERE payment_id = $1', [
      paymentId,
    ]);
    expect(recorded).toEqual([{ order_id: second.orderId, amount_cents: 4500 }]);
  });

  itOnPostgres(
    'refunds two books in one webhook while a change holds one of them, waiting for it rather than deadlock',
    async () => {
      const parent = new GraphQLClient(stripeShop.url);
      const first = await placeOrder(parent, sibling('Hal'));
      const second = await addBook(parent, first, sibling('Ida', 'printed'));
      const { paymentId } = (await parent.query(START_PAYMENT, first)).data!.startPayment;
      fake.succeed(paymentId);
      await parent.query(RECORD_PAYMENT, { ...first, paymentId });
      // Two refunds in Stripe's dashboard, each one book's price: one event refunds both books.
      fake.refundInDashboard(paymentId, { amount: 2250 });
      fake.refundInDashboard(paymentId, { amount: 4500 });
      // A change to one book holds its row, as every change does, while the event comes: the book
      // the event's refunds come to last (they are taken by the book's id).
      const held = [first.orderId, second.orderId!].sort()[1];
      // Once the webhook waits for it, the change takes the book off the studio's queue, which moves the queue's counters.
      const webhook = await whileAChangeHolds(stripeShop, held, 'DELETE FROM work_items WHERE order_id = $1', () =>
        deliverWebhook(stripeShop.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(paymentId)),
      );
      expect(webhook.status).toBe(200);
      expect((await rows(stripeShop, [first.orderId, second.orderId!])).map((row) => row.status)).toEqual([
        'Refunded',
        'Refunded',
      ]);
    },
  );

  it("gives a book sent to another family's address a receipt of its own share, naming no other child", async () => {
    const parent = new GraphQLClient(stripeShop.url);
    const first = await placeOrder(parent, sibling('Fay'));
    const cousin = await addBook(parent, first, { ...sibling('Gus'), email: 'aunt@example.com' });
    const { paymentId } = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    fake.succeed(paymentId);
    await parent.query(RECORD_PAYMENT, { ...first, paymentId });
    const [, , signature] = new ReceiptLinks('test-media-secret-of-at-least-32-bytes')
      .path(cousin.orderId!)
      .split('/')
      .filter(Boolean);
    const receipt = (
      await parent.query(
        'query($orderId: ID!, $signature: String!) { receipt(orderId: $orderId, signature: $signature) { billedTo lines { description amountCents } totalCents } }',
        { orderId: cousin.orderId, signature },
      )
    ).data!.receipt;
    expect(receipt).toEqual({
      billedTo: 'aunt@example.com',
      lines: [{ description: 'Digital Comic Book: Kindness, starring Gus', amountCents: 2250 }],
      totalCents: 2250,
    });
  });
});

describe('the books of a checkout, on the sandbox', () => {
  const endings: Array<[string, (parent: GraphQLClient, first: CheckoutOrderRef) => Promise<boolean>]> = [
    [
      'an admin cancels its first order',
      async (_parent, first) =>
        (await sandboxShop.app.services.cancellation.cancelOrder(first.orderId, adminActor({ email: 'owner@example.com' }))).ok,
    ],
    [
      "the parent deletes the first child's details",
      async (parent, first) =>
        (
          await parent.query(`mutation($token: String!) { deleteChildData(token: $token) { userErrors { message } } }`, {
            token: first.checkoutToken,
          })
        ).data?.deleteChildData.userErrors.length === 0,
    ],
  ];
  for (const [ending, end] of endings) {
    itOnPostgres(`ends, when ${ending}, with its added book even while a change holds that book (no deadlock)`, async () => {
      const parent = new GraphQLClient(sandboxShop.url);
      const first = await placeOrder(parent, sibling('Jo'));
      const added = await addBook(parent, first, sibling('Kit'));
      // A change to the added book holds it while the checkout ends, then moves it out of Pending.
      expect(await whileAChangeHolds(sandboxShop, added.orderId!, CANCEL_BOOK, () => end(parent, first))).toBe(true);
      expect((await rows(sandboxShop, [first.orderId, added.orderId!])).map((row) => row.status)).toEqual([
        'Cancelled',
        'Cancelled',
      ]);
    });
  }

  itOnPostgres('adds a book while a change holds one already added, waiting for it rather than deadlock', async () => {
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('Lou'));
    const added = await addBook(parent, first, sibling('Max'));
    // A change to the added book holds it while the parent adds another, then moves it out of Pending.
    const third = await whileAChangeHolds(sandboxShop, added.orderId!, CANCEL_BOOK, () => addBook(parent, first, sibling('Ned')));
    expect(third.userErrors).toEqual([]);
    const books = await rows(sandboxShop, [first.orderId, added.orderId!, third.orderId!]);
    expect(books.map((row) => row.status)).toEqual(['Pending', 'Cancelled', 'Pending']);
  });

  itOnPostgres('takes a book out while a change holds another added one, waiting for it rather than deadlock', async () => {
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('Oz'));
    const out = await addBook(parent, first, sibling('Pia'));
    const kept = await addBook(parent, first, sibling('Quin'));
    // A change to the book that stays holds it while the parent takes the other out, then moves it out of Pending.
    const removed = await whileAChangeHolds(sandboxShop, kept.orderId!, CANCEL_BOOK, () =>
      parent.query(REMOVE_BOOK, { ...first, bookId: out.orderId }),
    );
    expect(removed.data!.removeCheckoutBook.userErrors).toEqual([]);
    const books = await rows(sandboxShop, [first.orderId, out.orderId!, kept.orderId!]);
    expect(books.map((row) => row.status)).toEqual(['Pending', 'Cancelled', 'Cancelled']);
  });

  it('holds at most five books, and a sixth is refused with nothing stored', async () => {
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('One'));
    for (const name of ['Two', 'Three', 'Four', 'Five']) {
      expect((await addBook(parent, first, sibling(name))).userErrors).toEqual([]);
    }
    const photos = Number(
      (await sandboxShop.dataSource.query('SELECT count(*) AS n FROM orders WHERE photo_key IS NOT NULL'))[0].n,
    );
    const sixth = await addBook(parent, first, sibling('Six'));
    expect(sixth).toMatchObject({
      orderId: null,
      userErrors: [
        {
          code: 'INVALID_INPUT',
          field: 'addTo',
          message: 'One checkout holds at most 5 books. Please pay for these first, then start a new order.',
        },
      ],
    });
    expect(
      Number((await sandboxShop.dataSource.query('SELECT count(*) AS n FROM orders WHERE photo_key IS NOT NULL'))[0].n),
    ).toBe(photos);
    const checkout = (await parent.query(CHECKOUT, first)).data!.checkoutOrder;
    expect(checkout.books).toHaveLength(5);
    expect(checkout.totalCents).toBe(5 * 2250);
  });

  it('refuses a checkout it cannot open: a wrong token, an added book, a paid checkout', async () => {
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('Zoe'));
    const notFound = {
      code: 'NOT_FOUND',
      field: 'addTo',
      message: 'We could not find the checkout to add this book to. Please start again from the order form.',
    };
    expect((await addBook(parent, { ...first, checkoutToken: 'not-the-token' }, sibling('Kim'))).userErrors).toEqual([notFound]);
    const added = await addBook(parent, first, sibling('Kim'));
    // An added book opens no checkout of its own, with any token.
    const ofAdded = { orderId: added.orderId!, checkoutToken: first.checkoutToken };
    expect((await addBook(parent, ofAdded, sibling('Lou'))).userErrors).toEqual([notFound]);

    const { paymentId } = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    await parent.query(CONFIRM_SANDBOX, { ...first, paymentId, cardNumber: '4242 4242 4242 4242' });
    const paid = (await parent.query(RECORD_PAYMENT, { ...first, paymentId })).data!.recordPayment;
    expect(paid.userErrors).toEqual([]);
    expect((await rows(sandboxShop, [first.orderId, added.orderId!])).map((row) => row.status)).toEqual(['Paid', 'Paid']);
    expect((await addBook(parent, first, sibling('Lou'))).userErrors).toEqual([
      {
        code: 'WRONG_STATUS',
        field: 'orderId',
        message: 'This checkout has already been paid or cancelled, so its books can no longer change.',
      },
    ]);
  });

  it('takes an added book out: cancelled, its photo gone, the rest priced again', async () => {
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('Eve', 'printed'));
    const added = await addBook(parent, first, sibling('Sam'));
    const [{ photo_key: photoKey }] = await sandboxShop.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [
      added.orderId,
    ]);
    expect(await sandboxShop.app.services.storage.exists(photoKey)).toBe(true);

    // The first order is not an added book, nor is another checkout's.
    const other = await placeOrder(parent, sibling('Ora'));
    for (const bookId of [first.orderId, other.orderId]) {
      const refused = (await parent.query(REMOVE_BOOK, { ...first, bookId })).data!.removeCheckoutBook;
      expect(refused.userErrors).toEqual([
        { code: 'NOT_FOUND', field: 'bookId', message: 'That book is not part of this checkout.' },
      ]);
    }

    const removed = (await parent.query(REMOVE_BOOK, { ...first, bookId: added.orderId })).data!.removeCheckoutBook;
    expect(removed).toEqual({ order: { totalCents: 5000, books: [{ id: first.orderId, amountCents: 5000 }] }, userErrors: [] });
    expect(await rows(sandboxShop, [first.orderId, added.orderId!])).toMatchObject([
      { status: 'Pending', amount_cents: 5000 },
      { status: 'Cancelled', amount_cents: 2250 },
    ]);
    expect(await sandboxShop.app.services.storage.exists(photoKey)).toBe(false);
    const [removedRow] = await sandboxShop.dataSource.query('SELECT child_name, child_age, photo_key FROM orders WHERE id = $1', [
      added.orderId,
    ]);
    expect(removedRow).toEqual({ child_name: null, child_age: null, photo_key: null });
    const { amountCents } = (await parent.query(START_PAYMENT, first)).data!.startPayment;
    expect(amountCents).toBe(5000);
  });

  it("deleting the first child's details cancels the checkout, and the added books' details and photos go too", async () => {
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('Hal'));
    const added = await addBook(parent, first, sibling('Ida'));
    const [{ photo_key: photoKey }] = await sandboxShop.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [
      added.orderId,
    ]);
    const deleted = (
      await parent.query(`mutation($token: String!) { deleteChildData(token: $token) { userErrors { message } } }`, {
        token: first.checkoutToken,
      })
    ).data!.deleteChildData;
    expect(deleted.userErrors).toEqual([]);
    const [book] = await sandboxShop.dataSource.query(
      'SELECT status, child_name, photo_key, child_data_deleted_at FROM orders WHERE id = $1',
      [added.orderId],
    );
    expect(book).toMatchObject({ status: 'Cancelled', child_name: null, photo_key: null });
    expect(book.child_data_deleted_at).not.toBeNull();
    expect(await sandboxShop.app.services.storage.exists(photoKey)).toBe(false);
  });

  it("takes a discount code off the first book's family price", async () => {
    const owner = new GraphQLClient(sandboxShop.url);
    await createAdmin(sandboxShop);
    await signIn(owner);
    const created = (
      await owner.query(`mutation { createDiscountCode(input: { code: "FAMILY20", percentOff: 20 }) { userErrors { message } } }`)
    ).data!.createDiscountCode;
    expect(created.userErrors).toEqual([]);
    const parent = new GraphQLClient(sandboxShop.url);
    const first = await placeOrder(parent, sibling('Rae'));
    await addBook(parent, first, sibling('Tom'));
    const applied = (await parent.query(APPLY_CODE, { ...first, code: 'family20' })).data!.applyDiscountCode;
    // 2,500 less 10% is 2,250; less 20% of that is 1,800; with the second book at 2,250.
    expect(applied).toEqual({ order: { amountCents: 1800, totalCents: 4050, familyDiscountCents: 500 }, userErrors: [] });
  });
});
