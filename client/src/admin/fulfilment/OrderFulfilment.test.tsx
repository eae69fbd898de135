import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';

import {
  anOrder,
  meMock,
  orderDetailMock,
  ordersMock,
  type OrderRecord,
  renderAdmin,
  STUDIO_ADMIN,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';
import { formatDateTime } from '../order-format';
import {
  CANCEL_ORDER_MUTATION,
  CORRECT_TRACKING_MUTATION,
  REFUND_EXTRA_CHARGE_MUTATION,
  REFUND_ORDER_MUTATION,
  SHIP_ORDER_MUTATION,
} from './fulfilment-operations';

const DASHBOARD = '/admin/dashboard';

/** The dashboard with one order, its panel open; `after` is the order as the list shows it once an action refreshed it. */
async function openDetails(
  order: OrderRecord,
  mocks: MockLink.MockedResponse[],
  after: OrderRecord = order,
  me: Parameters<typeof meMock>[0] = undefined,
) {
  const view = renderAdmin(DASHBOARD, [
    meMock(me),
    ordersMock({ orders: [order] }),
    ordersMock({ orders: [after] }),
    videoLimitMock(),
    orderDetailMock(order),
    ...mocks,
  ]);
  await view.user.click(await screen.findByRole('button', { name: /^Details/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 2, name: `${String(order.childName)}'s order` });
  return { ...view, dialog, panel: within(dialog) };
}

type Refusal = { code: string; field: string | null; message: string };
const payload = (typename: string, order: OrderRecord | null, userErrors: Refusal[] = []) => ({
  __typename: typename,
  order,
  userErrors: userErrors.map((error) => ({ __typename: 'UserError', ...error })),
});
const mutationMock = (
  query: MockLink.MockedResponse['request']['query'],
  variables: Record<string, unknown>,
  data: Record<string, unknown>,
): MockLink.MockedResponse => ({ request: { query, variables }, result: { data }, delay: 10 });

const printedCompleted = () =>
  anOrder({
    childName: 'Leo',
    bookFormat: 'printed',
    bookStyle: 'adventure',
    amountCents: 5000,
    email: 'leo.parent@example.com',
    status: 'Completed',
    completedAt: '2025-03-06T09:00:00.000Z',
    shippingAddress: {
      __typename: 'ShippingAddress',
      fullName: 'Ana Parent',
      streetAddress: '1 Maple Ave',
      addressLine2: null,
      phone: null,
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'United States',
    },
  });

describe('the panel: shipping', () => {
  it('marks a Completed printed order as shipped, then shows the carrier, the linked number and the date', async () => {
    const order = printedCompleted();
    const shipped = {
      ...order,
      status: 'Shipped',
      shippingCarrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
      shippedAt: '2025-03-08T16:30:00.000Z',
    };
    const { user, panel } = await openDetails(
      order,
      [
        mutationMock(
          SHIP_ORDER_MUTATION,
          { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
          { shipOrder: payload('ShipOrderPayload', shipped) },
        ),
      ],
      shipped,
    );
    const form = within(panel.getByRole('form', { name: 'Mark as shipped' }));
    await user.selectOptions(form.getByLabelText('Carrier'), 'UPS');
    await user.type(form.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(form.getByRole('button', { name: 'Mark as shipped' }));
    // Nothing is sent before the confirmation, which says what the parent will be e-mailed.
    const confirm = within(form.getByRole('group', { name: 'Confirm' }));
    expect(confirm.getByText(/Ship with/)).toHaveTextContent(
      'Ship with UPS, tracking number 1Z999AA10123456784? The parent is e-mailed the tracking link at once.',
    );
    await user.click(confirm.getByRole('button', { name: 'Yes, mark as shipped' }));

    expect(await panel.findByRole('status')).toHaveTextContent(
      'Marked as shipped with UPS. The parent has been e-mailed the tracking details.',
    );
    expect(panel.queryByRole('form', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    expect(panel.getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute('href', shipped.trackingUrl);
    const value = (label: string) => panel.getAllByText(label, { selector: 'dt' })[0].nextElementSibling;
    expect(value('Shipped')).toHaveTextContent(formatDateTime(shipped.shippedAt));
    // The refreshed list shows it too.
    const row = await screen.findByRole('row', { name: /Leo/ });
    expect(await within(row).findByText('Shipped')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute('href', shipped.trackingUrl);
  });

  it("shows the server's refusal beside the field it names, and another carrier's name is sent as typed", async () => {
    const order = printedCompleted();
    const { user, panel } = await openDetails(order, [
      mutationMock(
        SHIP_ORDER_MUTATION,
        { orderId: order.id, carrier: 'Local Courier', trackingNumber: 'LC 42!' },
        {
          shipOrder: payload('ShipOrderPayload', null, [
            {
              code: 'INVALID_INPUT',
              field: 'trackingNumber',
              message: 'A tracking number has only letters, digits, spaces and dashes.',
            },
          ]),
        },
      ),
    ]);
    const form = within(panel.getByRole('form', { name: 'Mark as shipped' }));
    await user.selectOptions(form.getByLabelText('Carrier'), 'Other');
    await user.type(form.getByLabelText('Carrier name'), 'Local Courier');
    await user.type(form.getByLabelText('Tracking number'), 'LC 42!');
    await user.click(form.getByRole('button', { name: 'Mark as shipped' }));
    await user.click(form.getByRole('button', { name: 'Yes, mark as shipped' }));

    expect(await form.findByRole('alert')).toHaveTextContent('A tracking number has only letters, digits, spaces and dashes.');
    expect(form.getByLabelText('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Tracking number')).toHaveAccessibleDescription(
      'A tracking number has only letters, digits, spaces and dashes.',
    );
  });

  it('offers shipping for a Paid printed order, before any video', async () => {
    const order = { ...printedCompleted(), status: 'Paid', completedAt: null };
    const { panel } = await openDetails(order, []);
    expect(panel.getByRole('form', { name: 'Mark as shipped' })).toBeInTheDocument();
  });

  it('goes back from the confirmation without sending anything', async () => {
    const { user, panel } = await openDetails(printedCompleted(), []);
    const form = within(panel.getByRole('form', { name: 'Mark as shipped' }));
    await user.type(form.getByLabelText('Tracking number'), '1Z1');
    await user.click(form.getByRole('button', { name: 'Mark as shipped' }));
    await user.click(form.getByRole('button', { name: 'Go back' }));
    expect(form.queryByRole('group', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(form.getByLabelText('Tracking number')).toHaveValue('1Z1');
  });

  it('corrects the tracking of a shipped book after a confirmation', async () => {
    const shipped = {
      ...printedCompleted(),
      status: 'Shipped',
      shippingCarrier: 'UPS',
      trackingNumber: '1Z999WRONG',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999WRONG',
      shippedAt: '2025-03-07T09:00:00.000Z',
    };
    const corrected = {
      ...shipped,
      shippingCarrier: 'FedEx',
      trackingNumber: '449044304137821',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=449044304137821',
    };
    const { user, panel } = await openDetails(
      shipped,
      [
        mutationMock(
          CORRECT_TRACKING_MUTATION,
          { orderId: shipped.id, carrier: 'FedEx', trackingNumber: '449044304137821' },
          { correctTracking: payload('ShipOrderPayload', corrected) },
        ),
      ],
      corrected,
    );
    await user.click(panel.getByText('Tracking wrong? Correct it'));
    const form = within(panel.getByRole('form', { name: 'Correct the tracking details' }));
    await user.selectOptions(form.getByLabelText('Carrier'), 'FedEx');
    await user.type(form.getByLabelText('Tracking number'), '449044304137821');
    await user.click(form.getByRole('button', { name: 'Correct tracking' }));
    await user.click(form.getByRole('button', { name: 'Yes, correct and e-mail' }));
    expect(await panel.findByRole('status')).toHaveTextContent(
      'Tracking corrected to FedEx. The parent has been e-mailed the new details.',
    );
  });

  it('offers no shipping for a digital order', async () => {
    const order = anOrder({ status: 'Completed', bookFormat: 'digital' });
    const { panel } = await openDetails(order, []);
    expect(panel.queryByRole('form', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Refund order' })).toBeInTheDocument();
  });
});

describe('the panel: refunds', () => {
  it('asks to confirm with the amount, the e-mail and a reason, then refunds', async () => {
    const order = anOrder({ childName: 'Mia', status: 'Paid', email: 'mia.parent@example.com' });
    const refunded = { ...order, status: 'Refunded', refundedAt: '2025-03-07T08:15:00.000Z' };
    const { user, panel } = await openDetails(
      order,
      [
        mutationMock(
          REFUND_ORDER_MUTATION,
          { orderId: order.id, reason: 'The photo could not be used.', amountCents: null },
          { refundOrder: payload('RefundOrderPayload', refunded) },
        ),
      ],
      refunded,
    );
    await user.click(panel.getByRole('button', { name: 'Refund order' }));
    const confirm = within(panel.getByRole('form', { name: 'Refund $25.00 to mia.parent@example.com?' }));
    const reason = confirm.getByLabelText(/^Reason/);
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    await user.type(reason, 'The photo could not be used.');
    await user.click(confirm.getByRole('button', { name: 'Refund $25.00' }));

    expect(await panel.findByRole('status')).toHaveTextContent('The order has been refunded and the parent e-mailed.');
    expect(panel.queryByRole('button', { name: 'Refund order' })).not.toBeInTheDocument();
    const value = (label: string) => panel.getAllByText(label, { selector: 'dt' })[0].nextElementSibling;
    expect(value('Refunded')).toHaveTextContent(formatDateTime(refunded.refundedAt));
  });

  it('refunds part of the payment: checks the amount first, names it, and keeps the status', async () => {
    const order = anOrder({ childName: 'Mia', status: 'Paid', email: 'mia.parent@example.com', refundableCents: 2500 });
    const partly = { ...order, refundableCents: 1500 };
    const { user, panel } = await openDetails(
      order,
      [
        mutationMock(
          REFUND_ORDER_MUTATION,
          { orderId: order.id, reason: 'Late delivery', amountCents: 1000 },
          { refundOrder: payload('RefundOrderPayload', partly) },
        ),
      ],
      partly,
    );
    await user.click(panel.getByRole('button', { name: 'Refund order' }));
    const amount = panel.getByLabelText('Amount to refund (at most $25.00)');
    expect(amount).toHaveValue('25.00');
    await user.type(panel.getByLabelText(/^Reason/), 'Late delivery');
    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(panel.getByRole('button', { name: 'Refund $25.00' }));
    expect(panel.getByRole('alert')).toHaveTextContent('Please enter the amount to refund in dollars and cents, such as 12.50.');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(panel.getByRole('button', { name: 'Refund $30.00' }));
    expect(panel.getByRole('alert')).toHaveTextContent('Only $25.00 is left to refund on this payment.');

    await user.clear(amount);
    await user.type(amount, '10');
    const confirm = within(panel.getByRole('form', { name: 'Refund $10.00 to mia.parent@example.com?' }));
    expect(confirm.getByText(/This part goes back to the card/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Refund $10.00' }));
    expect(await panel.findByRole('status')).toHaveTextContent(
      'Refund of $10.00 made. The parent is e-mailed as soon as the money has gone back.',
    );
  });

  it('says a pending refund is pending: the order stays as it is until the money has gone back', async () => {
    const order = anOrder({ childName: 'Mia', status: 'Paid', email: 'mia.parent@example.com' });
    const pending = {
      ...order,
      refunds: [
        {
          __typename: 'RefundRecord',
          amountCents: 2500,
          status: 'pending',
          failureReason: null,
          createdAt: '2025-03-07T08:15:00.000Z',
        },
      ],
    };
    const { user, panel } = await openDetails(
      order,
      [
        mutationMock(
          REFUND_ORDER_MUTATION,
          { orderId: order.id, reason: 'Damaged', amountCents: null },
          { refundOrder: payload('RefundOrderPayload', pending) },
        ),
      ],
      pending,
    );
    await user.click(panel.getByRole('button', { name: 'Refund order' }));
    await user.type(panel.getByLabelText(/^Reason/), 'Damaged');
    await user.click(panel.getByRole('button', { name: 'Refund $25.00' }));

    expect(await panel.findByRole('status')).toHaveTextContent(
      'The refund is pending at the payment provider. The order becomes Refunded, and the parent is e-mailed, once the money has gone back.',
    );
    expect(within(panel.getByRole('list', { name: 'Refunds' })).getByText(/^Refund pending:/)).toBeInTheDocument();
  });

  it('shows a refund that failed at the provider with its reason, and offers to refund again', async () => {
    const order = anOrder({
      status: 'Paid',
      refunds: [
        {
          __typename: 'RefundRecord',
          amountCents: 2500,
          status: 'failed',
          failureReason: 'expired_or_canceled_card',
          createdAt: '2025-03-07T08:15:00.000Z',
        },
      ],
    });
    const { panel } = await openDetails(order, []);
    const alert = within(panel.getByRole('list', { name: 'Refunds' })).getByRole('alert');
    expect(alert).toHaveTextContent('Refund failed: the refund of $25.00');
    expect(alert).toHaveTextContent("(expired or canceled card). The money is back in the shop's balance");
    expect(panel.getByRole('button', { name: 'Refund order' })).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the order; Keep the order closes the confirmation", async () => {
    const order = anOrder({ status: 'Paid' });
    const { user, panel } = await openDetails(order, [
      mutationMock(
        REFUND_ORDER_MUTATION,
        { orderId: order.id, reason: '', amountCents: null },
        {
          refundOrder: payload('RefundOrderPayload', null, [
            { code: 'INVALID_INPUT', field: 'reason', message: 'Please enter the reason for the refund.' },
          ]),
        },
      ),
    ]);
    await user.click(panel.getByRole('button', { name: 'Refund order' }));
    await user.click(panel.getByRole('button', { name: 'Refund $25.00' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Please enter the reason for the refund.');
    expect(panel.getByLabelText(/^Reason/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(panel.getByRole('button', { name: 'Keep the order' }));
    expect(panel.queryByRole('form', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Refund order' })).toBeInTheDocument();
  });

  it('lists an extra charge with a Needs attention marker on the row, and refunds it', async () => {
    const alert = {
      __typename: 'PaymentAlert',
      paymentId: 'pi_extra123',
      amountCents: 2500,
      reason: 'This order has already been paid.',
      createdAt: '2025-03-06T10:00:00.000Z',
    };
    const order = anOrder({ childName: 'Ivy', status: 'Paid', paymentAlerts: [alert] });
    const resolved = { ...order, paymentAlerts: [] };
    const { user, panel } = await openDetails(
      order,
      [
        mutationMock(
          REFUND_EXTRA_CHARGE_MUTATION,
          { orderId: order.id, paymentId: 'pi_extra123' },
          { refundExtraCharge: payload('RefundOrderPayload', resolved) },
        ),
      ],
      resolved,
    );
    const row = screen.getByRole('row', { name: /Ivy/ });
    expect(within(row).getByText('Needs attention')).toBeInTheDocument();

    const alerts = within(panel.getByRole('group', { name: 'Needs attention' }));
    expect(alerts.getByText(/an extra charge of \$25\.00 was taken/)).toBeInTheDocument();
    expect(alerts.getByText('pi_extra123')).toBeInTheDocument();
    await user.click(alerts.getByRole('button', { name: 'Refund extra charge' }));

    expect(await panel.findByRole('status')).toHaveTextContent('The extra charge has been refunded.');
    expect(panel.queryByRole('group', { name: 'Needs attention' })).not.toBeInTheDocument();
    // The refreshed list drops the marker; the status stays Paid.
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Ivy/ })).queryByText('Needs attention')).toBeNull());
    expect(within(screen.getByRole('row', { name: /Ivy/ })).getByText('Paid')).toBeInTheDocument();
  });
});

describe('the panel: cancellation', () => {
  it('cancels a Pending order after a confirmation, and offers no refund for it', async () => {
    const order = anOrder({ childName: 'Noa', status: 'Pending', paidAt: null, paymentId: null });
    const cancelled = { ...order, status: 'Cancelled', cancelledAt: '2025-03-07T12:00:00.000Z' };
    const { user, panel } = await openDetails(
      order,
      [mutationMock(CANCEL_ORDER_MUTATION, { orderId: order.id }, { cancelOrder: payload('CancelOrderPayload', cancelled) })],
      cancelled,
    );
    expect(panel.queryByRole('button', { name: 'Refund order' })).not.toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Cancel order' }));
    const confirm = within(panel.getByRole('group', { name: 'Cancel this unpaid order?' }));
    expect(confirm.getByRole('button', { name: 'Yes, cancel the order' })).toHaveFocus();
    await user.click(confirm.getByRole('button', { name: 'Yes, cancel the order' }));

    expect(await panel.findByRole('status')).toHaveTextContent('The order has been cancelled.');
    expect(panel.getByText('This order was cancelled before it was paid.')).toBeInTheDocument();
    const value = (label: string) => panel.getAllByText(label, { selector: 'dt' })[0].nextElementSibling;
    expect(value('Cancelled')).toHaveTextContent(formatDateTime(cancelled.cancelledAt));
  });

  it('says so when the request fails, and changes nothing', async () => {
    const order = anOrder({ status: 'Pending', paidAt: null, paymentId: null });
    const { user, panel } = await openDetails(order, [
      { request: { query: CANCEL_ORDER_MUTATION, variables: { orderId: order.id } }, error: new Error('Failed to fetch') },
    ]);
    await user.click(panel.getByRole('button', { name: 'Cancel order' }));
    await user.click(panel.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('An error occurred while cancelling the order');
    expect(panel.getByRole('button', { name: 'Yes, cancel the order' })).toBeInTheDocument();
  });
});

describe('the panel for a studio member', () => {
  it('shows an extra charge to tell an owner about, and neither refund nor cancel buttons', async () => {
    const alert = {
      __typename: 'PaymentAlert',
      paymentId: 'pi_extra456',
      amountCents: 2500,
      reason: 'This order has already been paid.',
      createdAt: '2025-03-06T10:00:00.000Z',
    };
    const paid = anOrder({ childName: 'Ada', status: 'Paid', paymentAlerts: [alert] });
    const { panel } = await openDetails(paid, [], paid, STUDIO_ADMIN);
    const alerts = within(panel.getByRole('group', { name: 'Needs attention' }));
    expect(alerts.getByText(/an extra charge of \$25\.00 was taken/)).toBeInTheDocument();
    expect(alerts.getByText('An owner of the shop can refund it.')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /refund/i })).not.toBeInTheDocument();
  });

  it('can mark a printed book shipped, but not cancel an unpaid order', async () => {
    const { panel } = await openDetails(printedCompleted(), [], undefined, STUDIO_ADMIN);
    expect(await panel.findByRole('button', { name: /shipped/i })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /refund/i })).not.toBeInTheDocument();
  });

  it('sees a Pending order without the cancel button', async () => {
    const pending = anOrder({ childName: 'Bo', status: 'Pending', paidAt: null, paymentId: null });
    const { panel } = await openDetails(pending, [], pending, STUDIO_ADMIN);
    expect(panel.getByText('Pending', { selector: '*' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
  });
});
