/**
 * Discount codes: owners create and disable them (STUDIO is refused); a parent applies one on the
 * payment page and pays the catalogue's price less its discount, worked out on the server. A code
 * at its limit is refused, also when checkouts take its last use at the same moment; every
 * refusal changes nothing. The order, its receipt, the admin's panel and the CSV say the code.
 */
import { createAdmin, signIn } from '../support/admin';
import { CONFIRM_SANDBOX, placeOrder, RECORD_PAYMENT, START_PAYMENT, type CheckoutOrderRef } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { itOnPostgres, sessionsWaitingForLocks } from '../support/postgres-only';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let owner: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  owner = new GraphQLClient(server.url);
  await signIn(owner);
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const CODE_FIELDS =
  'id code terms percentOff amountOffCents minimumCents maxUses expiresAt disabledAt createdBy used held status';
const CREATE = `mutation($input: CreateDiscountCodeInput!) {
  createDiscountCode(input: $input) { discountCode { ${CODE_FIELDS} } userErrors { code field message } }
}`;
const DISABLE = `mutation($id: ID!) {
  disableDiscountCode(id: $id) { discountCode { ${CODE_FIELDS} } userErrors { code field message } }
}`;
const LIST = `{ discountCodes { ${CODE_FIELDS} } }`;
const APPLY = `mutation($orderId: ID!, $checkoutToken: String!, $code: String!) {
  applyDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken, code: $code) {
    order { id amountCents listPriceCents discount { code amountCents } } userErrors { code field message }
  }
}`;
const REMOVE = `mutation($orderId: ID!, $checkoutToken: String!) {
  removeDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken) {
    order { id amountCents listPriceCents discount { code amountCents } } userErrors { code field message }
  }
}`;
const CHECKOUT = `query($orderId: ID!, $checkoutToken: String!) {
  checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) { amountCents listPriceCents discount { code amountCents } }
}`;

let codes = 0;
/** A new code with its own name; `terms` default to 10% off, no limit. */
async function newCode(terms: Record<string, unknown> = {}) {
  const code = `KIDS${++codes}`;
  const created = (
    await owner.query(CREATE, { input: { code, ...('amountOffCents' in terms ? {} : { percentOff: 10 }), ...terms } })
  ).data!.createDiscountCode;
  expect(created.userErrors).toEqual([]);
  return created.discountCode as { id: string; code: string };
}

const apply = async (ref: CheckoutOrderRef, code: string) =>
  (await parent.query(APPLY, { ...ref, code })).data!.applyDiscountCode;
const amount = async (orderId: string) =>
  Number((await server.dataSource.query('SELECT amount_cents FROM orders WHERE id = $1', [orderId]))[0].amount_cents);

async function pay(ref: CheckoutOrderRef) {
  const started = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
  await parent.query(CONFIRM_SANDBOX, { ...ref, paymentId: started.paymentId, cardNumber: '4242 4242 4242 4242' });
  return {
    started,
    recorded: (await parent.query(RECORD_PAYMENT, { ...ref, paymentId: started.paymentId })).data!.recordPayment,
  };
}

describe('the owners’ discount codes', () => {
  it('creates a code in upper case, lists it with its terms and uses, and refuses the same code in any case', async () => {
    const created = (
      await owner.query(CREATE, {
        input: { code: ' spring-5 ', amountOffCents: 500, minimumCents: 4000, maxUses: 3, expiresAt: '2099-01-01T00:00:00.000Z' },
      })
    ).data!.createDiscountCode;
    expect(created).toEqual({
      discountCode: {
        id: expect.any(String),
        code: 'SPRING-5',
        terms: '$5.00 off',
        percentOff: null,
        amountOffCents: 500,
        minimumCents: 4000,
        maxUses: 3,
        expiresAt: '2099-01-01T00:00:00.000Z',
        disabledAt: null,
        createdBy: 'admin@example.com',
        used: 0,
        held: 0,
        status: 'ACTIVE',
      },
      userErrors: [],
    });
    const again = (await owner.query(CREATE, { input: { code: 'Spring-5', percentOff: 50 } })).data!.createDiscountCode;
    expect(again).toEqual({
      discountCode: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'code', message: 'There is already a code SPRING-5.' }],
    });
    const listed = (await owner.query(LIST)).data!.discountCodes;
    expect(listed.filter((code: { code: string }) => code.code === 'SPRING-5')).toEqual([created.discountCode]);
  });

  it.each([
    [{ code: 'ab', percentOff: 10 }, 'code', 'A code is 3 to 32 letters, digits, dashes or underscores.'],
    [{ code: 'TWO WORDS', percentOff: 10 }, 'code', 'A code is 3 to 32 letters, digits, dashes or underscores.'],
    [
      { code: 'BOTH', percentOff: 10, amountOffCents: 500 },
      'amountOffCents',
      'Give either a percentage or an amount off, not both.',
    ],
    [{ code: 'NEITHER' }, 'percentOff', 'Give either a percentage or an amount off, not both.'],
    [{ code: 'GREEDY', percentOff: 95 }, 'percentOff', 'A percentage off is a whole number from 1 to 90.'],
    [{ code: 'PENNY', amountOffCents: 50 }, 'amountOffCents', 'An amount off is at least $1.00, in whole cents.'],
    [{ code: 'NEGMIN', percentOff: 10, minimumCents: -1 }, 'minimumCents', 'A minimum is zero or more, in whole cents.'],
    [{ code: 'NOUSES', percentOff: 10, maxUses: 0 }, 'maxUses', 'Maximum uses is a whole number of at least 1.'],
    [{ code: 'STALE', percentOff: 10, expiresAt: '2020-01-01T00:00:00.000Z' }, 'expiresAt', 'The expiry must be in the future.'],
  ])('refuses %j and creates nothing', async (input, field, message) => {
    const before = (await owner.query(LIST)).data!.discountCodes.length;
    const refused = (await owner.query(CREATE, { input })).data!.createDiscountCode;
    expect(refused).toEqual({ discountCode: null, userErrors: [{ code: 'INVALID_INPUT', field, message }] });
    expect((await owner.query(LIST)).data!.discountCodes).toHaveLength(before);
  });

  it('are the owners’ alone: a studio member is refused FORBIDDEN and changes nothing', async () => {
    const code = await newCode();
    await createAdmin(server, 'studio@example.com', 'a studio password');
    await server.dataSource.query(`UPDATE admin_users SET role = 'STUDIO' WHERE email = 'studio@example.com'`);
    const studio = new GraphQLClient(server.url);
    await signIn(studio, 'studio@example.com', 'a studio password');
    for (const [query, variables] of [
      [LIST, {}],
      [CREATE, { input: { code: 'MINE', percentOff: 90 } }],
      [DISABLE, { id: code.id }],
    ] as const) {
      const response = await studio.query(query, variables);
      expect(response.errors?.[0]).toMatchObject({
        message: 'Only an owner of the shop can do this.',
        extensions: { code: 'FORBIDDEN' },
      });
    }
    const [row] = await server.dataSource.query(`SELECT disabled_at FROM discount_codes WHERE id = $1`, [code.id]);
    expect(row.disabled_at).toBeNull();
    expect(await server.dataSource.query(`SELECT 1 FROM discount_codes WHERE code = 'MINE'`)).toEqual([]);
    const anonymous = await new GraphQLClient(server.url).query(LIST);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('a code on the payment page', () => {
  it('takes its discount off the catalogue price, and the parent pays that: order, receipt, panel and CSV say so', async () => {
    const code = await newCode({ percentOff: 10 });
    const ref = await placeOrder(parent, digitalOrder());
    expect(await apply(ref, `  ${code.code.toLowerCase()} `)).toEqual({
      order: { id: ref.orderId, amountCents: 2250, listPriceCents: 2500, discount: { code: code.code, amountCents: 250 } },
      userErrors: [],
    });
    expect((await parent.query(CHECKOUT, ref)).data!.checkoutOrder).toEqual({
      amountCents: 2250,
      listPriceCents: 2500,
      discount: { code: code.code, amountCents: 250 },
    });

    const { started, recorded } = await pay(ref);
    expect(started.amountCents).toBe(2250);
    expect(recorded).toEqual({ order: { id: ref.orderId, status: 'Paid', amountCents: 2250 }, userErrors: [] });
    // Paid: the code can no longer be changed.
    expect((await parent.query(REMOVE, ref)).data!.removeDiscountCode.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'orderId', message: 'This order has already been paid.' },
    ]);

    const page = (
      await parent.query(
        `query($token: String!) { orderPage(token: $token) { receipt { totalCents lines { description amountCents } } timeline { title detail } } }`,
        { token: ref.checkoutToken },
      )
    ).data!.orderPage;
    expect(page.receipt.totalCents).toBe(2250);
    expect(page.receipt.lines).toEqual([
      { description: expect.stringContaining('Digital Comic Book'), amountCents: 2500 },
      { description: `Discount code ${code.code}`, amountCents: -250 },
    ]);
    expect(page.timeline).toContainEqual({ title: 'Discount code applied', detail: `${code.code}: $2.50 off` });

    const panel = (
      await owner.query(`query($id: ID!) { order(id: $id) { amountCents discount { code amountCents } } }`, { id: ref.orderId })
    ).data!.order;
    expect(panel).toEqual({ amountCents: 2250, discount: { code: code.code, amountCents: 250 } });

    const csv = await (await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie: owner.cookie! } })).text();
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(
      header.endsWith(',Discount code,Discount,"Apartment, suite",Phone for the carrier,Gift message,Gift delivery date'),
    ).toBe(true);
    // A digital book and not a gift: no apartment, no phone, no gift after the discount's two columns.
    expect(rows.find((row) => row.startsWith(ref.orderId))).toMatch(new RegExp(`,22\\.50,USD,.*,${code.code},2\\.50,,,,$`));

    const listed = (await owner.query(LIST)).data!.discountCodes.find((row: { id: string }) => row.id === code.id);
    expect(listed).toMatchObject({ used: 1, held: 0, status: 'ACTIVE' });
  });

  it('moves a payment started before the code to the new amount, and the parent pays that', async () => {
    const code = await newCode({ amountOffCents: 500 });
    const ref = await placeOrder(parent, digitalOrder());
    const before = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
    expect(before.amountCents).toBe(2500);
    await apply(ref, code.code);
    const { started, recorded } = await pay(ref);
    expect(started).toMatchObject({ amountCents: 2000, userErrors: [] });
    expect(recorded).toEqual({ order: { id: ref.orderId, status: 'Paid', amountCents: 2000 }, userErrors: [] });
    const [payment] = await server.dataSource.query('SELECT amount_received_cents FROM sandbox_payments WHERE order_id = $1', [
      ref.orderId,
    ]);
    expect(Number(payment.amount_received_cents)).toBe(2000);
  });

  it.each([
    ['an unknown code', () => 'NO-SUCH-CODE', 'That discount code is not valid.'],
    ['an empty entry', () => '   ', 'Please enter a discount code.'],
  ])('refuses %s and changes nothing', async (_name, code, message) => {
    const ref = await placeOrder(parent, digitalOrder());
    expect(await apply(ref, code())).toEqual({ order: null, userErrors: [{ code: 'INVALID_INPUT', field: 'code', message }] });
    expect(await amount(ref.orderId)).toBe(2500);
  });

  it('refuses a disabled, an expired and a below-minimum code, and changes nothing', async () => {
    const ref = await placeOrder(parent, digitalOrder());
    const disabled = await newCode();
    expect((await owner.query(DISABLE, { id: disabled.id })).data!.disableDiscountCode.discountCode).toMatchObject({
      status: 'DISABLED',
      disabledAt: expect.any(String),
    });
    expect((await apply(ref, disabled.code)).userErrors[0].message).toBe('That discount code is not valid.');

    const expired = await newCode();
    await server.dataSource.query(`UPDATE discount_codes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      expired.id,
    ]);
    expect((await apply(ref, expired.code)).userErrors[0].message).toBe('That discount code has expired.');

    const minimum = await newCode({ minimumCents: 4000 });
    expect((await apply(ref, minimum.code)).userErrors[0].message).toBe('That discount code is for books of $40.00 or more.');
    expect(await amount(ref.orderId)).toBe(2500);
    expect(await server.dataSource.query('SELECT 1 FROM order_discounts WHERE order_id = $1', [ref.orderId])).toEqual([]);
    // The printed book meets the minimum.
    const printed = await placeOrder(parent, printedOrder());
    expect((await apply(printed, minimum.code)).order).toMatchObject({ amountCents: 4500 });
  });

  itOnPostgres('takes turns on the code: of four checkouts asking for its last use at the same moment, one gets it', async () => {
    const code = await newCode({ maxUses: 1 });
    const refs = await Promise.all([1, 2, 3, 4].map(() => placeOrder(parent, digitalOrder())));
    const holder = server.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT id FROM discount_codes WHERE id = $1 FOR UPDATE', [code.id]);
    const all = Promise.all(refs.map((ref) => apply(ref, code.code)));
    let waiting: number;
    try {
      waiting = await sessionsWaitingForLocks(server.dataSource, 4);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    expect(waiting).toBe(4);
    const answers = await all;
    expect(answers.filter((answer) => answer.order)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.order).map((answer) => answer.userErrors[0].message)).toEqual(
      Array(3).fill('That discount code has been used up.'),
    );
  });

  it('gives one checkout the last use of a code; removing it, or cancelling unpaid, gives it back; paying spends it', async () => {
    const code = await newCode({ maxUses: 1 });
    const refs = await Promise.all([1, 2, 3, 4].map(() => placeOrder(parent, digitalOrder())));
    const answers = await Promise.all(refs.map((ref) => apply(ref, code.code)));
    const won = answers.filter((answer) => answer.order);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => !answer.order).map((answer) => answer.userErrors[0].message)).toEqual(
      Array(3).fill('That discount code has been used up.'),
    );
    const amounts = await Promise.all(refs.map((ref) => amount(ref.orderId)));
    expect(amounts.sort()).toEqual([2250, 2500, 2500, 2500]);
    expect((await owner.query(LIST)).data!.discountCodes.find((row: { id: string }) => row.id === code.id)).toMatchObject({
      used: 0,
      held: 1,
      status: 'USED_UP',
    });

    const holder = refs[answers.findIndex((answer) => answer.order)];
    const others = refs.filter((ref) => ref !== holder);
    expect((await parent.query(REMOVE, holder)).data!.removeDiscountCode).toEqual({
      order: { id: holder.orderId, amountCents: 2500, listPriceCents: 2500, discount: null },
      userErrors: [],
    });
    expect((await apply(others[0], code.code)).order.amountCents).toBe(2250);
    expect((await apply(others[1], code.code)).userErrors[0].message).toBe('That discount code has been used up.');
    // An order cancelled unpaid holds no use.
    await server.dataSource.query(`UPDATE orders SET status = 'Cancelled', cancelled_at = now() WHERE id = $1`, [
      others[0].orderId,
    ]);
    expect((await apply(others[1], code.code)).order.amountCents).toBe(2250);
    // Once paid, the use is spent for good.
    expect((await pay(others[1])).recorded.order.status).toBe('Paid');
    expect((await apply(others[2], code.code)).userErrors[0].message).toBe('That discount code has been used up.');
    expect((await owner.query(LIST)).data!.discountCodes.find((row: { id: string }) => row.id === code.id)).toMatchObject({
      used: 1,
      held: 0,
    });
  });

  it('cannot change the price while a payment of the order is under way', async () => {
    const code = await newCode();
    const ref = await placeOrder(parent, digitalOrder());
    const { paymentId } = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
    await parent.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4242 4242 4242 4242' });
    const refusal = {
      order: null,
      userErrors: [
        {
          code: 'WRONG_STATUS',
          field: 'orderId',
          message: 'A payment for this order is already under way, so its price cannot change now.',
        },
      ],
    };
    expect(await apply(ref, code.code)).toEqual(refusal);
    expect((await parent.query(REMOVE, ref)).data!.removeDiscountCode).toEqual(refusal);
    expect(await amount(ref.orderId)).toBe(2500);
    expect((await parent.query(RECORD_PAYMENT, { ...ref, paymentId })).data!.recordPayment.order).toMatchObject({
      status: 'Paid',
      amountCents: 2500,
    });
  });

  itOnPostgres(
    'refuses a payment whose order changed price while it was being recorded, rather than record it at the new price',
    async () => {
      const code = await newCode({ amountOffCents: 1000 });
      const ref = await placeOrder(parent, printedOrder());
      await apply(ref, code.code);
      const { paymentId } = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
      await parent.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4242 4242 4242 4242' });
      const UPDATE = `mutation($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!) {
      updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input) { order { amountCents } userErrors { message } }
    }`;
      const holder = server.dataSource.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [ref.orderId]);
      let waiting: number;
      let update: Promise<unknown>;
      let record: Promise<{ data?: Record<string, any> | null }>;
      try {
        // The new format waits for the row first; the payment, checked against the $40 order, waits behind it.
        update = parent.query(UPDATE, { ...ref, input: digitalOrder() });
        await sessionsWaitingForLocks(server.dataSource, 1);
        record = parent.query(RECORD_PAYMENT, { ...ref, paymentId });
        waiting = await sessionsWaitingForLocks(server.dataSource, 2);
      } finally {
        await holder.commitTransaction();
        await holder.release();
      }
      expect(waiting).toBe(2);
      await update;
      expect((await record).data!.recordPayment).toEqual({
        order: null,
        userErrors: [{ field: 'paymentId', message: 'This payment does not match your order.' }],
      });
      const [row] = await server.dataSource.query('SELECT status, amount_cents, payment_id FROM orders WHERE id = $1', [
        ref.orderId,
      ]);
      expect(row).toEqual({ status: 'Pending', amount_cents: 1500, payment_id: null });
    },
  );

  it("lets an unpaid order's hold on a use lapse after a day; its next payment takes a use again, or drops the code", async () => {
    const code = await newCode({ maxUses: 1 });
    const waited = await placeOrder(parent, digitalOrder());
    await apply(waited, code.code);
    const lapse = (orderId: string) =>
      server.dataSource.query(`UPDATE order_discounts SET applied_at = now() - interval '25 hours' WHERE order_id = $1`, [
        orderId,
      ]);
    await lapse(waited.orderId);
    // Nobody took the use meanwhile: the payment starts with the discount, and the hold is new again.
    expect((await parent.query(START_PAYMENT, waited)).data!.startPayment).toMatchObject({ amountCents: 2250, userErrors: [] });
    const [{ fresh }] = await server.dataSource.query(
      `SELECT applied_at > now() - interval '1 minute' AS fresh FROM order_discounts WHERE order_id = $1`,
      [waited.orderId],
    );
    expect(fresh).toBe(true);

    await lapse(waited.orderId);
    const other = await placeOrder(parent, digitalOrder());
    expect((await apply(other, code.code)).order.amountCents).toBe(2250);
    expect((await parent.query(START_PAYMENT, waited)).data!.startPayment).toMatchObject({
      paymentId: null,
      userErrors: [
        {
          field: 'orderId',
          message: `Discount code ${code.code} was used up while your order waited, so it no longer applies: the price is $25.00. Please check it, then pay.`,
        },
      ],
    });
    expect(await amount(waited.orderId)).toBe(2500);
    expect((await parent.query(START_PAYMENT, waited)).data!.startPayment).toMatchObject({ amountCents: 2500, userErrors: [] });
  });

  it('never takes more when the format changes after its code was disabled', async () => {
    const code = await newCode({ percentOff: 10 });
    const ref = await placeOrder(parent, digitalOrder());
    expect((await apply(ref, code.code)).order.amountCents).toBe(2250);
    await owner.query(DISABLE, { id: code.id });
    const UPDATE = `mutation($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!) {
      updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input) { order { amountCents } userErrors { message } }
    }`;
    expect((await parent.query(UPDATE, { ...ref, input: printedOrder() })).data!.updatePendingOrder.order.amountCents).toBe(4750);
  });

  it('is worked out again when the parent changes the format, and comes off when the new book is under its minimum', async () => {
    const code = await newCode({ amountOffCents: 1000, minimumCents: 4000 });
    const ref = await placeOrder(parent, printedOrder());
    expect((await apply(ref, code.code)).order.amountCents).toBe(4000);
    const UPDATE = `mutation($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!) {
      updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input) { order { amountCents } userErrors { message } }
    }`;
    const updated = (await parent.query(UPDATE, { ...ref, input: digitalOrder() })).data!.updatePendingOrder;
    expect(updated).toEqual({ order: { amountCents: 2500 }, userErrors: [] });
    expect((await parent.query(CHECKOUT, ref)).data!.checkoutOrder).toEqual({
      amountCents: 2500,
      listPriceCents: 2500,
      discount: null,
    });
    const timeline = (
      await parent.query(`query($token: String!) { orderPage(token: $token) { timeline { title detail } } }`, {
        token: ref.checkoutToken,
      })
    ).data!.orderPage.timeline;
    expect(timeline).toContainEqual({
      title: 'Order details updated',
      detail: `Discount code ${code.code} no longer applies to this book.`,
    });

    const percent = await newCode({ percentOff: 20 });
    expect((await apply(ref, percent.code)).order.amountCents).toBe(2000);
    expect((await parent.query(UPDATE, { ...ref, input: printedOrder() })).data!.updatePendingOrder.order.amountCents).toBe(4000);
  });

  it('is refused for a wrong checkout token, changing nothing', async () => {
    const code = await newCode();
    const ref = await placeOrder(parent, digitalOrder());
    expect(await apply({ ...ref, checkoutToken: 'not-the-token' }, code.code)).toEqual({
      order: null,
      userErrors: [
        { code: 'NOT_FOUND', field: 'orderId', message: 'We could not find this order. Please start again from the order form.' },
      ],
    });
    expect(await amount(ref.orderId)).toBe(2500);
  });
});
