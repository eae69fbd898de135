import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { markPaid, saveCheckout } from '../checkout-session';
import { CHECKOUT_ORDER_QUERY } from './payment-operations';
import { PaymentSuccessPage } from './PaymentSuccessPage';

const PRINTED = "You'll receive your premium printed storybook in 7-10 business days.";
const DIGITAL = "You'll get your personalized story in 24 hours or less via email.";
const auth = { orderId: 'order-1', checkoutToken: 'token-abc' };

const paidOrder = (overrides: Record<string, unknown> = {}): MockLink.MockedResponse => ({
  request: { query: CHECKOUT_ORDER_QUERY, variables: auth },
  result: {
    data: {
      checkoutOrder: {
        __typename: 'CheckoutOrder',
        id: 'order-1',
        title: 'Digital Comic Book',
        bookFormat: 'digital',
        amountCents: 2500,
        listPriceCents: 2500,
        totalCents: 2500,
        familyDiscountCents: 0,
        discount: null,
        books: [
          {
            __typename: 'CheckoutBook',
            id: 'order-1',
            title: 'Digital Comic Book',
            childName: 'Mia',
            listPriceCents: 2500,
            amountCents: 2500,
            added: false,
          },
        ],
        currency: 'USD',
        status: 'Paid',
        childName: 'Mia',
        reference: 'A1B2C3D4',
        photoUrl: null,
        moral: 'Kindness',
        bookStyle: null,
        email: 'mia.parent@example.com',
        shippingAddress: null,
        shippingIncluded: false,
        paidAt: '2026-11-23T10:00:00.000Z',
        ...overrides,
      },
      catalogue: {
        __typename: 'Catalogue',
        plans: [],
        lifeLessons: [{ __typename: 'LifeLesson', value: 'Kindness', label: 'Kindness' }],
        bookStyles: [{ __typename: 'BookStyleOption', value: 'fairytale', label: 'Fairytale' }],
        printedDelivery: { __typename: 'PrintedDelivery', arrivesFromBusinessDays: 7, arrivesByBusinessDays: 10 },
        familyDiscount: {
          __typename: 'FamilyDiscount',
          maxBooks: 5,
          description: '10% off every book when you order two or more together',
        },
      },
      shopConfig: { __typename: 'ShopConfig', paypal: null },
    },
  },
});

function renderAt(url: string, mocks: MockLink.MockedResponse[] = []) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[url]}>
        <PaymentSuccessPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

function paidInThisTab() {
  saveCheckout(auth);
  markPaid(auth.orderId);
}

beforeEach(() => sessionStorage.clear());

describe('PaymentSuccessPage after a payment in this tab', () => {
  it('promises the printed book in 7-10 business days, with the reference, the recap, the e-mail and the order page', async () => {
    paidInThisTab();
    renderAt('/payment-success?format=printed', [
      paidOrder({
        title: 'Premium Printed Storybook',
        bookFormat: 'printed',
        amountCents: 5000,
        totalCents: 5000,
        bookStyle: 'fairytale',
        shippingIncluded: true,
        shippingAddress: {
          __typename: 'ShippingAddress',
          fullName: 'Ana Parent',
          streetAddress: '1 Maple Ave',
          addressLine2: null,
          city: 'Portland',
          state: 'OR',
          zipCode: '97201',
          country: 'United States',
        },
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful!');
    expect(screen.getByText(PRINTED)).toBeInTheDocument();
    expect(screen.getByText(/shipping confirmation/)).toBeInTheDocument();
    expect(await screen.findByText('A1B2C3D4')).toBeInTheDocument();
    expect(screen.getByText('We sent a confirmation to mia.parent@example.com')).toBeInTheDocument();
    const recap = screen.getByRole('region', { name: 'Your order' });
    for (const text of [
      'Premium Printed Storybook',
      'Mia',
      'Kindness',
      'Fairytale',
      'Ana Parent, 1 Maple Ave, Portland, OR 97201',
    ]) {
      expect(recap).toHaveTextContent(text);
    }
    expect(recap).toHaveTextContent('$50, shipping included');
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/order/token-abc');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(DIGITAL)).not.toBeInTheDocument();
  });

  it('promises the digital story within 24 hours and points to inbox and spam', async () => {
    paidInThisTab();
    renderAt('/payment-success?format=digital', [paidOrder()]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful!');
    expect(screen.getByText(DIGITAL)).toBeInTheDocument();
    expect(screen.getByText(/inbox.*download link.*spam/)).toBeInTheDocument();
    expect(await screen.findByText('We sent a confirmation to mia.parent@example.com')).toBeInTheDocument();
    expect(screen.queryByText(PRINTED)).not.toBeInTheDocument();
  });

  it("goes by the order's own format over the link's", async () => {
    paidInThisTab();
    renderAt('/payment-success?format=poster', [paidOrder()]);
    expect(await screen.findByText(DIGITAL)).toBeInTheDocument();
  });

  it('keeps the paid order in the tab, so Back to the payment page can say it is paid', async () => {
    paidInThisTab();
    renderAt('/payment-success?format=digital', [paidOrder()]);
    await screen.findByText('A1B2C3D4');
    expect(sessionStorage.getItem('checkoutToken')).toBe('token-abc');
    expect(sessionStorage.getItem('paidOrderId')).toBe('order-1');
  });
});

describe('PaymentSuccessPage opened without a payment', () => {
  it.each([
    ['nothing in the tab', () => undefined],
    ['an order not yet paid', () => saveCheckout(auth)],
  ])('claims no payment with %s, and offers Find my order', async (_case, arrange) => {
    arrange();
    renderAt('/payment-success?format=digital');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Looking for your order?');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(screen.queryByText(DIGITAL)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find my order' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
