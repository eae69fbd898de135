/**
 * Shipping, cancelling and refunding through the real app on the sandbox provider: each move
 * happens once, through the lifecycle, with its e-mail; each refusal carries its message and
 * leaves the order, its history, its refunds and the outbox as they were.
 */
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { approvedProof } from '../support/proofs';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: GraphQLClient;
let customer: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  customer = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const ORDER_FIELDS = 'id status shippingCarrier trackingNumber trackingUrl shippedAt cancelledAt refundedAt';
const SHIP = `mutation($orderId: ID!, $carrier: String!, $trackingNumber: String!) {
  shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {
    order { ${ORDER_FIELDS} } userErrors { code field message }
  }
}`;
const CANCEL = `mutation($orderId: ID!) {
  cancelOrder(orderId: $orderId) { order { ${ORDER_FIELDS} } userErrors { code field message } }
}`;
const REFUND = `mutation($orderId: ID!, $reason: String!) {
  refundOrder(orderId: $orderId, reason: $reason) { order { ${ORDER_FIELDS} } userErrors { code field message } }
}`;
const REFUND_EXTRA = `mutation($orderId: ID!, $paymentId: String!) {
  refundExtraCharge(orderId: $orderId, paymentId: $paymentId) { order { id status } userErrors { code field message } }
}`;
const ALERTS = `query($id: ID!) { order(id: $id) { id status paymentAlerts { paymentId amountCents reason } } }`;

/** The order row, its events, e-mails and refunds: what a refused request must leave alone. */
const snapshot = async (id: string) => ({
  order: (await server.dataSource.query('SELECT * FROM orders WHERE id = $1', [id]))[0],
  events: (await server.dataSource.query('SELECT type FROM order_events WHERE order_id = $1 ORDER BY created_at', [id])).map(
    (e: { type: string }) => e.type,
  ),
  emails: (await server.dataSource.query('SELECT template FROM outbox_emails WHERE order_id = $1 ORDER BY created_at', [id])).map(
    (e: { template: string }) => e.template,
  ),
  refunds: await server.dataSource.query('SELECT provider, amount_cents, reason, actor FROM refunds WHERE order_id = $1', [id]),
});

/** A printed book made from its approved proof, ready to ship. */
async function completedPrinted(): Promise<string> {
  const { orderId, checkoutToken } = await placePaidOrder(customer, printedOrder());
  await approvedProof(admin, customer, orderId, checkoutToken);
  await server.dataSource.query(`UPDATE orders SET status = 'Completed', completed_at = now() WHERE id = $1`, [orderId]);
  return orderId;
}

describe('shipping a printed book', () => {
  it.each([
    ['USPS', '9400 1000 0000 0000 0000 00', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000'],
    ['ups', '1Z999AA10123456784', 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784'],
    ['FedEx', '7489-1234-5678', 'https://www.fedex.com/fedextrack/?trknbr=748912345678'],
    ['DHL', '1234567890', 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890'],
    [
      'Canada Post',
      '1234 5678 9012 3456',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456',
    ],
    ['Purolator', '329000000001', 'https://www.purolator.com/en/shipping/tracker?pins=329000000001'],
    ['Local Courier Co', 'LC-42', null],
  ])('ships with %s, storing the carrier and number, linking %s', async (carrier, trackingNumber, url) => {
    const id = await completedPrinted();
    const response = await admin.query(SHIP, { orderId: id, carrier: ` ${carrier} `, trackingNumber: ` ${trackingNumber} ` });
    const { order, userErrors } = response.data!.shipOrder;
    expect(userErrors).toEqual([]);
    expect(order).toMatchObject({ id, status: 'Shipped', trackingNumber, trackingUrl: url });
    expect(order.shippedAt).not.toBeNull();
    expect(order.shippingCarrier).toBe(carrier === 'ups' ? 'UPS' : carrier);

    const [event] = await server.dataSource.query(
      `SELECT from_status, to_status, actor, data FROM order_events WHERE order_id = $1 AND type = 'shipped'`,
      [id],
    );
    expect(event).toMatchObject({ from_status: 'Completed', to_status: 'Shipped', actor: 'admin:admin@example.com' });
    const [email] = await server.dataSource.query(
      `SELECT to_address, subject, text, html FROM outbox_emails WHERE order_id = $1 AND template = 'shipping-confirmation'`,
      [id],
    );
    expect(email.to_address).toBe('parent@example.com');
    expect(email.subject).toBe("Mia's storybook has shipped");
    expect(email.text).toContain(`Tracking number: ${trackingNumber}`);
    if (url) {
      expect(email.text).toContain(`Track your parcel: ${url}`);
      expect(email.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    } else {
      expect(email.text).not.toContain('Track your parcel');
    }
  });

  it.each([
    ['', '1Z999', 'carrier', 'Please choose the carrier.'],
    ['x'.repeat(33), '1Z999', 'carrier', "The carrier's name can be at most 32 characters."],
    ['UPS', '   ', 'trackingNumber', 'Please enter the tracking number.'],
    ['UPS', '1'.repeat(65), 'trackingNumber', 'The tracking number can be at most 64 characters.'],
    ['UPS', '1Z999<script>', 'trackingNumber', 'A tracking number has only letters, digits, spaces and dashes.'],
    ['UPS', '1Z 999\n42', 'trackingNumber', 'A tracking number has only letters, digits, spaces and dashes.'],
  ])('refuses carrier %j with tracking number %j, changing nothing', async (carrier, trackingNumber, field, message) => {
    const id = await completedPrinted();
    const before = await snapshot(id);
    const response = await admin.query(SHIP, { orderId: id, carrier, trackingNumber });
    expect(response.data!.shipOrder).toEqual({ order: null, userErrors: [{ code: 'INVALID_INPUT', field, message }] });
    expect(await snapshot(id)).toEqual(before);
  });

  it('ships a Paid printed order without a video: the book is what the parent paid for', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(customer, printedOrder());
    await approvedProof(admin, customer, orderId, checkoutToken);
    const response = await admin.query(SHIP, { orderId, carrier: 'USPS', trackingNumber: '9400100000000000000001' });
    expect(response.data!.shipOrder).toMatchObject({ order: { status: 'Shipped', trackingNumber: '9400100000000000000001' } });
    const after = await snapshot(orderId);
    expect(after.events.at(-1)).toBe('shipped');
    expect(after.emails).toContain('shipping-confirmation');
    expect(after.order.completed_at).toBeNull();
  });

  it('refuses a digital order (Paid or Completed) and a second shipment, changing nothing', async () => {
    const digital = (await placePaidOrder(customer, digitalOrder())).orderId;
    await server.dataSource.query(`UPDATE orders SET status = 'Completed', completed_at = now() WHERE id = $1`, [digital]);
    const paidDigital = (await placePaidOrder(customer, digitalOrder())).orderId;
    const shipped = await completedPrinted();
    await admin.query(SHIP, { orderId: shipped, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });

    for (const [id, message] of [
      [digital, 'Only printed books are shipped.'],
      [paidDigital, 'Only printed books are shipped.'],
      [shipped, 'This order has already been shipped.'],
    ]) {
      const before = await snapshot(id);
      const response = await admin.query(SHIP, { orderId: id, carrier: 'USPS', trackingNumber: '9400100000000000000000' });
      expect(response.data!.shipOrder).toEqual({
        order: null,
        userErrors: [{ code: 'WRONG_STATUS', field: 'status', message }],
      });
      expect(await snapshot(id)).toEqual(before);
    }
    expect((await snapshot(shipped)).emails.filter((t: string) => t === 'shipping-confirmation')).toHaveLength(1);
  });

  it('answers an unknown order with NOT_FOUND', async () => {
    for (const orderId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await admin.query(SHIP, { orderId, carrier: 'UPS', trackingNumber: '1Z999' });
      expect(response.data!.shipOrder.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found.' });
    }
  });
});

describe('printing with PRINT_PROVIDER=manual (the default)', () => {
  it('has no print partner: print files and print jobs are refused, and the order is shipped by hand', async () => {
    expect((await admin.query(`{ printPartner { provider productId shippingLevel } }`)).data!.printPartner).toEqual({
      provider: 'manual',
      productId: null,
      shippingLevel: null,
    });
    const orderId = await completedPrinted();
    const before = await snapshot(orderId);
    const sent = (
      await admin.query(
        `mutation($orderId: ID!) { sendToPrinter(orderId: $orderId) { printJob { status } userErrors { code message } } }`,
        {
          orderId,
        },
      )
    ).data!.sendToPrinter;
    expect(sent).toEqual({
      printJob: null,
      userErrors: [
        {
          code: 'WRONG_STATUS',
          message: 'This shop has no print partner (PRINT_PROVIDER=manual): print the book elsewhere and mark the order shipped.',
        },
      ],
    });
    expect(await snapshot(orderId)).toEqual(before);
    const shipped = (await admin.query(SHIP, { orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).data!.shipOrder;
    expect(shipped.order.status).toBe('Shipped');
  });
});

describe('correcting a tracking number', () => {
  const CORRECT = `mutation($orderId: ID!, $carrier: String!, $trackingNumber: String!) {
    correctTracking(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {
      order { ${ORDER_FIELDS} } userErrors { code field message }
    }
  }`;

  it('replaces the carrier and number, keeps both in the history and e-mails the parent the new ones', async () => {
    const id = await completedPrinted();
    await admin.query(SHIP, { orderId: id, carrier: 'UPS', trackingNumber: '1Z999WRONG' });
    const response = await admin.query(CORRECT, { orderId: id, carrier: 'FedEx', trackingNumber: '449044304137821' });
    expect(response.data!.correctTracking).toMatchObject({
      order: {
        status: 'Shipped',
        shippingCarrier: 'FedEx',
        trackingNumber: '449044304137821',
        trackingUrl: expect.stringContaining('449044304137821'),
      },
      userErrors: [],
    });
    const [event] = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'tracking_corrected'`,
      [id],
    );
    expect(event.data).toEqual({
      carrier: 'FedEx',
      trackingNumber: '449044304137821',
      previousCarrier: 'UPS',
      previousTrackingNumber: '1Z999WRONG',
    });
    const mails = await server.dataSource.query(
      `SELECT subject, text FROM outbox_emails WHERE order_id = $1 AND template = 'shipping-confirmation' ORDER BY created_at`,
      [id],
    );
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Corrected tracking: /);
    expect(mails[1].text).toContain('The tracking details we sent earlier were wrong: these replace them.');
    expect(mails[1].text).toContain('449044304137821');

    // The same again changes nothing and sends nothing.
    await admin.query(CORRECT, { orderId: id, carrier: 'FedEx', trackingNumber: '449044304137821' });
    expect((await snapshot(id)).emails.filter((t: string) => t === 'shipping-confirmation')).toHaveLength(2);
  });

  it('refuses an order not shipped, a bad number and an unknown order, changing nothing', async () => {
    const id = await completedPrinted();
    const before = await snapshot(id);
    expect((await admin.query(CORRECT, { orderId: id, carrier: 'UPS', trackingNumber: '1Z1' })).data!.correctTracking).toEqual({
      order: null,
      userErrors: [{ code: 'WRONG_STATUS', field: 'status', message: 'Only a shipped order has tracking to correct.' }],
    });
    expect(
      (await admin.query(CORRECT, { orderId: id, carrier: 'UPS', trackingNumber: '<b>' })).data!.correctTracking.userErrors,
    ).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'trackingNumber',
        message: 'A tracking number has only letters, digits, spaces and dashes.',
      },
    ]);
    expect(await snapshot(id)).toEqual(before);
    const unknown = await admin.query(CORRECT, {
      orderId: '00000000-0000-4000-8000-000000000000',
      carrier: 'UPS',
      trackingNumber: '1Z1',
    });
    expect(unknown.data!.correctTracking.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('cancelling an unpaid order', () => {
  it('cancels a Pending order through the lifecycle, without an e-mail', async () => {
    const { orderId } = await placeOrder(customer, digitalOrder());
    const response = await admin.query(CANCEL, { orderId });
    expect(response.data!.cancelOrder.userErrors).toEqual([]);
    expect(response.data!.cancelOrder.order).toMatchObject({ id: orderId, status: 'Cancelled' });
    expect(response.data!.cancelOrder.order.cancelledAt).not.toBeNull();
    const after = await snapshot(orderId);
    expect(after.events).toEqual(['created', 'cancelled']);
    expect(after.emails).toEqual([]);
  });

  it('refuses a Paid order (refund it instead) and a second cancellation, changing nothing', async () => {
    const paid = (await placePaidOrder(customer, digitalOrder())).orderId;
    const cancelled = (await placeOrder(customer, digitalOrder())).orderId;
    await admin.query(CANCEL, { orderId: cancelled });
    for (const [id, message] of [
      [paid, 'A paid order cannot be cancelled; refund it instead.'],
      [cancelled, 'This order has been cancelled.'],
    ]) {
      const before = await snapshot(id);
      const response = await admin.query(CANCEL, { orderId: id });
      expect(response.data!.cancelOrder).toEqual({
        order: null,
        userErrors: [{ code: 'WRONG_STATUS', field: 'status', message }],
      });
      expect(await snapshot(id)).toEqual(before);
    }
  });
});

describe('refunding on the sandbox provider', () => {
  it('refunds a paid order in full once, records it, marks it Refunded and e-mails the parent', async () => {
    const { orderId } = await placePaidOrder(customer, printedOrder());
    const response = await admin.query(REFUND, { orderId, reason: '  The photo could not be used for the book.  ' });
    expect(response.data!.refundOrder.userErrors).toEqual([]);
    expect(response.data!.refundOrder.order).toMatchObject({ id: orderId, status: 'Refunded' });

    const after = await snapshot(orderId);
    expect(after.refunds).toEqual([
      {
        provider: 'sandbox',
        amount_cents: 5000,
        reason: 'The photo could not be used for the book.',
        actor: 'admin:admin@example.com',
      },
    ]);
    expect(after.events.at(-1)).toBe('refunded');
    expect(after.emails).toEqual(['order-confirmation', 'refund-confirmation']);
    const [email] = await server.dataSource.query(
      `SELECT subject, text FROM outbox_emails WHERE order_id = $1 AND template = 'refund-confirmation'`,
      [orderId],
    );
    expect(email.subject).toBe('Your refund of $50.00 is on its way');
    expect(email.text).toContain('Reason: The photo could not be used for the book.');
    expect(email.text).toContain('5-10 business days');
    const [{ total }] = await server.dataSource.query(
      `SELECT sum(r.amount_cents)::int AS total FROM sandbox_refunds r JOIN orders o ON o.payment_id = r.payment_id WHERE o.id = $1`,
      [orderId],
    );
    expect(total).toBe(5000);

    const again = await admin.query(REFUND, { orderId, reason: 'Again' });
    expect(again.data!.refundOrder.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'status', message: 'This order has been refunded.' },
    ]);
    expect(await snapshot(orderId)).toEqual(after);
  });

  it('refunds part of a payment: the status stays, the parent is e-mailed the amount, and the rest can follow', async () => {
    const { orderId } = await placePaidOrder(customer, printedOrder());
    const PARTIAL = `mutation($orderId: ID!, $reason: String!, $amountCents: Int) {
      refundOrder(orderId: $orderId, reason: $reason, amountCents: $amountCents) {
        order { status refundableCents } userErrors { code field message }
      }
    }`;
    const before = await snapshot(orderId);
    for (const [amountCents, message] of [
      [0, 'Please enter an amount to refund of at least $0.01.'],
      [-100, 'Please enter an amount to refund of at least $0.01.'],
      [5001, 'Only $50.00 is left to refund on this payment.'],
    ] as const) {
      const refused = (await admin.query(PARTIAL, { orderId, reason: 'Shipping was late', amountCents })).data!.refundOrder;
      expect(refused.userErrors).toEqual([{ code: 'INVALID_INPUT', field: 'amountCents', message }]);
    }
    expect(await snapshot(orderId)).toEqual(before);

    const part = (await admin.query(PARTIAL, { orderId, reason: 'Shipping was late', amountCents: 1250 })).data!.refundOrder;
    expect(part).toEqual({ order: { status: 'Paid', refundableCents: 3750 }, userErrors: [] });
    const after = await snapshot(orderId);
    expect(after.events.at(-1)).toBe('partial_refund');
    const emails = async () =>
      server.dataSource.query(
        `SELECT subject, text FROM outbox_emails WHERE order_id = $1 AND template = 'refund-confirmation' ORDER BY created_at`,
        [orderId],
      );
    expect(await emails()).toEqual([
      { subject: 'Your refund of $12.50 is on its way', text: expect.stringContaining('Reason: Shipping was late') },
    ]);
    const tooMuch = (await admin.query(PARTIAL, { orderId, reason: 'More', amountCents: 3751 })).data!.refundOrder;
    expect(tooMuch.userErrors[0].message).toBe('Only $37.50 is left to refund on this payment.');

    const rest = (await admin.query(PARTIAL, { orderId, reason: 'The book never arrived' })).data!.refundOrder;
    expect(rest).toEqual({ order: { status: 'Refunded', refundableCents: 0 }, userErrors: [] });
    expect((await emails()).map((e: { subject: string }) => e.subject)).toEqual([
      'Your refund of $12.50 is on its way',
      'Your refund of $37.50 is on its way',
    ]);
    const [{ total }] = await server.dataSource.query(
      `SELECT sum(r.amount_cents)::int AS total FROM sandbox_refunds r JOIN orders o ON o.payment_id = r.payment_id WHERE o.id = $1`,
      [orderId],
    );
    expect(total).toBe(5000);
  });

  it('the sandbox, like a provider, never refunds more than was paid, and replays a refund for its key', async () => {
    const { orderId } = await placePaidOrder(customer, digitalOrder());
    const [{ payment_id: paymentId }] = await server.dataSource.query('SELECT payment_id FROM orders WHERE id = $1', [orderId]);
    const provider = server.app.services.payments.providers.checkout;
    const first = await provider.refund({
      paymentId,
      amountCents: 2000,
      currency: 'USD',
      idempotencyKey: 'k1',
      reason: 'part',
      reference: 'r1',
    });
    expect(first).toMatchObject({ amountCents: 2000, status: 'succeeded' });
    expect(
      await provider.refund({
        paymentId,
        amountCents: 2000,
        currency: 'USD',
        idempotencyKey: 'k1',
        reason: 'part',
        reference: 'r1',
      }),
    ).toEqual(first);
    await expect(
      provider.refund({
        paymentId,
        amountCents: 501,
        currency: 'USD',
        idempotencyKey: 'k2',
        reason: 'too much',
        reference: 'r2',
      }),
    ).rejects.toMatchObject({ name: 'RefundRefusedError', code: 'amount_too_large' });
    expect(await provider.listRefunds(paymentId)).toEqual([first]);
  });

  it('refuses a Pending order, and a refund without a reason, changing nothing', async () => {
    const pending = (await placeOrder(customer, digitalOrder())).orderId;
    const paid = (await placePaidOrder(customer, digitalOrder())).orderId;
    for (const [id, reason, error] of [
      [pending, 'Asked', { code: 'WRONG_STATUS', field: 'status', message: 'This order has not been paid yet.' }],
      [paid, '   ', { code: 'INVALID_INPUT', field: 'reason', message: 'Please enter the reason for the refund.' }],
      [
        paid,
        'x'.repeat(501),
        { code: 'INVALID_INPUT', field: 'reason', message: 'Please keep the reason under 500 characters.' },
      ],
    ] as const) {
      const before = await snapshot(id);
      const response = await admin.query(REFUND, { orderId: id, reason });
      expect(response.data!.refundOrder).toEqual({ order: null, userErrors: [error] });
      expect(await snapshot(id)).toEqual(before);
    }
  });

  it('lists an extra charge as an alert, refunds it once without changing the status, and the alert goes', async () => {
    const { orderId } = await placePaidOrder(customer, digitalOrder());
    // A second payment taken for the order (the sandbox keeps one per order, so it hangs off another row),
    // flagged as the webhook flags it.
    const extraId = 'sbx_pi_extra0000000000000001';
    const [{ id: otherOrder }] = await server.dataSource.query(
      `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency)
       VALUES (gen_random_uuid(), 'Other', 5, 'Kindness', 'x@example.com', 'digital', 'Pending', 2500, 'USD') RETURNING id`,
    );
    await server.dataSource.query(
      `INSERT INTO sandbox_payments (id, order_id, amount_cents, currency, status, amount_received_cents)
       VALUES ($1, $2, 2500, 'USD', 'succeeded', 2500)`,
      [extraId, otherOrder],
    );
    await server.dataSource.query(
      `INSERT INTO order_events (id, order_id, type, actor, data)
       VALUES (gen_random_uuid(), $1, 'payment_needs_attention', 'stripe-webhook', $2)`,
      [orderId, JSON.stringify({ paymentId: extraId, reason: 'This order has already been paid.', amountCents: 2500 })],
    );
    const listed = await admin.query(ALERTS, { id: orderId });
    expect(listed.data!.order.paymentAlerts).toEqual([
      { paymentId: extraId, amountCents: 2500, reason: 'This order has already been paid.' },
    ]);

    const unknown = await admin.query(REFUND_EXTRA, { orderId, paymentId: 'sbx_pi_nope' });
    expect(unknown.data!.refundExtraCharge.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'paymentId' });

    const refunded = await admin.query(REFUND_EXTRA, { orderId, paymentId: extraId });
    expect(refunded.data!.refundExtraCharge).toEqual({ order: { id: orderId, status: 'Paid' }, userErrors: [] });
    const after = await snapshot(orderId);
    expect(after.order.status).toBe('Paid');
    expect(after.events.at(-1)).toBe('extra_charge_refunded');
    expect(after.refunds).toEqual([
      { provider: 'sandbox', amount_cents: 2500, reason: expect.any(String), actor: 'admin:admin@example.com' },
    ]);
    expect((await admin.query(ALERTS, { id: orderId })).data!.order.paymentAlerts).toEqual([]);

    const again = await admin.query(REFUND_EXTRA, { orderId, paymentId: extraId });
    expect(again.data!.refundExtraCharge.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'paymentId' });
    expect(await snapshot(orderId)).toEqual(after);
  });
});

describe('without an admin', () => {
  it('answers every fulfilment call UNAUTHENTICATED and changes nothing', async () => {
    const pending = (await placeOrder(customer, digitalOrder())).orderId;
    const completed = await completedPrinted();
    const before = [await snapshot(pending), await snapshot(completed)];
    const anonymous = new GraphQLClient(server.url);
    const calls: Array<[string, Record<string, unknown>]> = [
      [SHIP, { orderId: completed, carrier: 'UPS', trackingNumber: '1Z999' }],
      [REFUND, { orderId: completed, reason: 'Because' }],
      [REFUND_EXTRA, { orderId: completed, paymentId: 'sbx_pi_x' }],
      [CANCEL, { orderId: pending }],
      [ALERTS, { id: completed }],
    ];
    for (const [query, variables] of calls) {
      const response = await anonymous.query(query, variables);
      expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect([await snapshot(pending), await snapshot(completed)]).toEqual(before);
  });
});
