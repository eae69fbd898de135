import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { RECEIPT_QUERY } from './order-page-operations';
import { RECEIPT_MESSAGES, ReceiptPage } from './ReceiptPage';

const RECEIPT = {
  __typename: 'OrderReceipt',
  number: '3f2a9c10',
  paidAt: '2025-03-05T14:09:00.000Z',
  shopName: 'Tiny Tales Storybooks',
  shopAddress: ['12 Story Lane', 'Portland, OR 97201'],
  billedTo: 'parent@example.com',
  lines: [
    {
      __typename: 'ReceiptLine',
      description: 'Premium Printed Storybook: Courage, starring Mia (shipping included)',
      amountCents: 5000,
    },
  ],
  totalCents: 5000,
  currency: 'USD',
  paidWith: 'Card, through Stripe',
  refundedCents: 750,
};

const ORDER_ID = '3f2a9c10-7b4d-4e8a-9c2f-1a2b3c4d5e6f';
const SIGNATURE = 'sig_abc';

const receiptMock = (
  receipt: typeof RECEIPT | null,
  refunds: Array<{ amountCents: number; refundedAt: string }> = [],
): MockLink.MockedResponse => ({
  request: { query: RECEIPT_QUERY, variables: { orderId: ORDER_ID, signature: SIGNATURE } },
  result: {
    data: {
      receipt: receipt && { ...receipt, refunds: refunds.map((refund) => ({ __typename: 'ReceiptRefund', ...refund })) },
    },
  },
});

function renderReceipt(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[`/receipt/${ORDER_ID}/${SIGNATURE}`]}>
        <Routes>
          <Route path="/receipt/:orderId/:signature" element={<ReceiptPage />} />
          <Route path="/" element={<p>the home page</p>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('ReceiptPage', () => {
  it('shows the shop, the book, the total, the refunds and what is left, and prints', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderReceipt([receiptMock(RECEIPT, [{ amountCents: 750, refundedAt: '2025-03-09T10:00:00.000Z' }])]);
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(receipt).getByText('Tiny Tales Storybooks')).toBeInTheDocument();
    expect(within(receipt).getByText('Portland, OR 97201')).toBeInTheDocument();
    expect(within(receipt).getByText('3f2a9c10')).toBeInTheDocument();
    expect(within(receipt).getByText('Card, through Stripe')).toBeInTheDocument();
    const table = within(receipt).getByRole('table');
    expect(
      within(table).getByRole('row', {
        name: /Premium Printed Storybook: Courage, starring Mia \(shipping included\) \$50\.00$/,
      }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Total paid $50.00' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Refunded on .* −\$7\.50$/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Paid after refunds $42.50' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: RECEIPT_MESSAGES.print }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('says so when the link opens no receipt (altered, or the order not paid), and leads home', async () => {
    renderReceipt([receiptMock(null)]);
    expect(await screen.findByRole('heading', { name: RECEIPT_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: RECEIPT_MESSAGES.home }));
    expect(await screen.findByText('the home page')).toBeInTheDocument();
  });
});
