import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { anOrderPage, orderPageMock, TOKEN } from '../../../../test/support/client/storefront/order-page-mocks';
import { renderOrderPage } from '../../../../test/support/client/storefront/render-order-page';
import { CANCEL_PAID_ORDER_MUTATION, CORRECT_PAID_ORDER_MUTATION } from './order-page-operations';

const UNTIL = '2025-03-05T23:07:00.000Z';
const ADDRESS = {
  __typename: 'ShippingAddress',
  fullName: 'Sam Parent',
  streetAddress: '12 Oak Street',
  addressLine2: null,
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'United States',
  phone: null,
};
const open = (overrides: Record<string, unknown> = {}) =>
  anOrderPage({
    bookFormat: 'printed',
    title: 'Premium Printed Storybook',
    amountCents: 5000,
    shippingAddress: ADDRESS,
    changes: { __typename: 'PaidOrderChanges', open: true, until: UNTIL, whyNot: null },
    ...overrides,
  });

const payload = (field: string, order: Record<string, unknown> | null, userErrors: unknown[] = []) => ({
  data: { [field]: { __typename: 'OrderPagePayload', order, userErrors } },
});

describe('a paid book the studio has not started on', () => {
  it('is corrected from the page: the server refuses a wrong ZIP code on its field, then saves', async () => {
    const user = userEvent.setup();
    const wanted = {
      childName: 'Mila',
      childAge: 6,
      dedication: 'For Mia,\nwho shares everything.',
      shippingAddress: { ...ADDRESS, __typename: undefined, zipCode: '9720', addressLine2: '', phone: '' },
    };
    delete (wanted.shippingAddress as Record<string, unknown>).__typename;
    const refused: MockLink.MockedResponse = {
      request: { query: CORRECT_PAID_ORDER_MUTATION, variables: { token: TOKEN, input: wanted } },
      result: payload('correctPaidOrder', null, [
        {
          __typename: 'UserError',
          code: 'INVALID_INPUT',
          field: 'shippingAddress.zipCode',
          message: 'Invalid ZIP or postal code for the country',
        },
      ]),
    };
    const fixed = { ...wanted, shippingAddress: { ...wanted.shippingAddress, zipCode: '97202' } };
    const saved: MockLink.MockedResponse = {
      request: { query: CORRECT_PAID_ORDER_MUTATION, variables: { token: TOKEN, input: fixed } },
      result: payload('correctPaidOrder', open({ childName: 'Mila', shippingAddress: { ...ADDRESS, zipCode: '97202' } })),
    };
    renderOrderPage([orderPageMock(open()), refused, saved]);

    const section = await screen.findByRole('region', { name: 'Need to fix something?' });
    expect(section).toHaveTextContent(/you can correct your child's details and the address, or cancel for a full refund/);
    await user.click(within(section).getByRole('button', { name: 'Correct the details' }));
    const name = within(section).getByLabelText("Child's name");
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Mila');
    const zip = within(section).getByLabelText('ZIP code');
    await user.clear(zip);
    await user.type(zip, '9720');
    await user.click(within(section).getByRole('button', { name: 'Save the changes' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent('Invalid ZIP or postal code for the country');
    expect(zip).toHaveFocus();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    await user.type(zip, '2');
    await user.click(within(section).getByRole('button', { name: 'Save the changes' }));

    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Your changes are saved.'));
    expect(within(section).getByRole('button', { name: 'Correct the details' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mila');
  });

  it('is cancelled after a confirmation that says what is refunded, and Keep my order changes nothing', async () => {
    const user = userEvent.setup();
    const cancelled: MockLink.MockedResponse = {
      request: { query: CANCEL_PAID_ORDER_MUTATION, variables: { token: TOKEN } },
      result: payload(
        'cancelPaidOrder',
        open({
          status: 'Refunded',
          changes: { __typename: 'PaidOrderChanges', open: false, until: null, whyNot: null },
          refunds: [{ __typename: 'OrderPageRefund', amountCents: 5000, refundedAt: '2025-03-05T15:00:00.000Z', reason: null }],
        }),
      ),
    };
    renderOrderPage([orderPageMock(open()), cancelled]);
    const section = await screen.findByRole('region', { name: 'Need to fix something?' });
    await user.click(within(section).getByRole('button', { name: 'Cancel and refund' }));
    const confirm = within(section).getByRole('group');
    expect(confirm).toHaveTextContent("Cancel Mia's book? We refund $50 the way you paid");
    await user.click(within(confirm).getByRole('button', { name: 'Keep my order' }));
    expect(within(section).queryByRole('group')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel and refund' })).toHaveFocus();

    await user.click(within(section).getByRole('button', { name: 'Cancel and refund' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, cancel and refund' }));
    expect(await screen.findByRole('region', { name: 'Refunds' })).toHaveTextContent('$50 refunded');
    expect(screen.queryByRole('region', { name: 'Need to fix something?' })).not.toBeInTheDocument();
    // Said, and focus kept there rather than lost with the button that is gone.
    const done = await screen.findByRole('region', { name: 'Your order is cancelled' });
    await waitFor(() => expect(within(done).getByRole('status')).toHaveFocus());
    expect(within(done).getByRole('status')).toHaveTextContent('We have refunded your payment for this book.');
  });

  it('once started, says why not and where to ask instead', async () => {
    const why =
      'Our studio has started on this book, so it can no longer be changed or cancelled here. Please contact us and we will see what we can still do.';
    renderOrderPage([
      orderPageMock(open({ changes: { __typename: 'PaidOrderChanges', open: false, until: null, whyNot: why } })),
    ]);
    const section = await screen.findByRole('region', { name: 'Need to fix something?' });
    expect(section).toHaveTextContent(why);
    expect(within(section).getByRole('link', { name: 'Open the contact form' })).toHaveAttribute('href', '/contact');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
