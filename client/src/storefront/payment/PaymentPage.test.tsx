import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { PAYMENT_MESSAGES } from './payment-messages';
import {
  APPLY_DISCOUNT_CODE_MUTATION,
  CHECKOUT_ORDER_QUERY,
  CONFIRM_SANDBOX_PAYMENT_MUTATION,
  RECORD_PAYMENT_MUTATION,
  REQUEST_ORDER_LINKS_FOR_ORDER_MUTATION,
  START_PAYMENT_MUTATION,
} from './payment-operations';
import { PaymentPage } from './PaymentPage';
import { ORDER_LINK_MESSAGES } from './OrderLinkByEmail';
import { SANDBOX_NOTICE } from './SandboxCardForm';

const ORDER_ID = 'order-1';
const TOKEN = 'token-abc';
const auth = { orderId: ORDER_ID, checkoutToken: TOKEN };

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const checkoutOrder = (overrides: Record<string, unknown> | null = {}): MockLink.MockedResponse => ({
  request: { query: CHECKOUT_ORDER_QUERY, variables: auth },
  result: {
    data: {
      checkoutOrder:
        overrides &&
        ({
          __typename: 'CheckoutOrder',
          id: ORDER_ID,
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
              id: ORDER_ID,
              title: 'Digital Comic Book',
              childName: 'Mia',
              listPriceCents: 2500,
              amountCents: 2500,
              added: false,
            },
          ],
          currency: 'USD',
          status: 'Pending',
          childName: 'Mia',
          reference: 'ORDER-1',
          photoUrl: null,
          moral: 'Kindness',
          bookStyle: null,
          email: 'mia.parent@example.com',
          shippingAddress: null,
          shippingIncluded: false,
          paidAt: null,
          ...overrides,
        } as Record<string, unknown>),
      catalogue: {
        __typename: 'Catalogue',
        plans: [
          { __typename: 'Plan', format: 'digital', delivery: 'Delivered by e-mail within 24 hours' },
          {
            __typename: 'Plan',
            format: 'printed',
            delivery: 'Printed and shipped in 7-10 business days to the United States and Canada',
          },
        ],
        lifeLessons: [{ __typename: 'LifeLesson', value: 'Kindness', label: 'Kindness' }],
        bookStyles: [{ __typename: 'BookStyleOption', value: 'adventure', label: 'Adventure' }],
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

const startPayment = (payload: Record<string, unknown> = {}): MockLink.MockedResponse => ({
  request: { query: START_PAYMENT_MUTATION, variables: auth },
  result: {
    data: {
      startPayment: {
        __typename: 'StartPaymentPayload',
        provider: 'sandbox',
        paymentId: 'sbx_1',
        clientSecret: null,
        publishableKey: null,
        amountCents: 2500,
        currency: 'USD',
        userErrors: [],
        ...payload,
      },
    },
  },
});

const confirm = (cardNumber: string, declined = false): MockLink.MockedResponse => ({
  request: { query: CONFIRM_SANDBOX_PAYMENT_MUTATION, variables: { ...auth, paymentId: 'sbx_1', cardNumber } },
  result: {
    data: {
      confirmSandboxPayment: {
        __typename: 'ConfirmSandboxPaymentPayload',
        succeeded: !declined,
        userErrors: declined
          ? [{ __typename: 'UserError', code: 'PAYMENT_DECLINED', field: 'cardNumber', message: 'Your card was declined.' }]
          : [],
      },
    },
  },
  delay: 20,
});

const record = (outcome: 'paid' | 'refused' = 'paid'): MockLink.MockedResponse => ({
  request: { query: RECORD_PAYMENT_MUTATION, variables: { ...auth, paymentId: 'sbx_1', provider: 'sandbox' } },
  result: {
    data: {
      recordPayment: {
        __typename: 'RecordPaymentPayload',
        order: outcome === 'paid' ? { __typename: 'CheckoutOrder', id: ORDER_ID, status: 'Paid' } : null,
        userErrors:
          outcome === 'paid'
            ? []
            : [
                {
                  __typename: 'UserError',
                  code: 'PAYMENT_FAILED',
                  field: 'paymentId',
                  message: 'The payment has not succeeded.',
                },
              ],
      },
    },
  },
  delay: 20,
});

/** `onRequest` sees each operation's name as it leaves the client, before its mock answers. */
function renderPayment(url: string, mocks: MockLink.MockedResponse[] = [], onRequest?: (operationName: string) => void) {
  const user = userEvent.setup();
  const link = onRequest
    ? ApolloLink.from([
        new ApolloLink((operation, forward) => {
          onRequest(operation.operationName ?? '');
          return forward(operation);
        }),
        new MockLink(mocks),
      ])
    : undefined;
  render(
    <MockedProvider mocks={mocks} link={link}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/payment" element={<PaymentPage />} />
          <Route path="/payment-success" element={<h1>Payment Successful!</h1>} />
          <Route path="/create" element={<h1>Order form</h1>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
  return { user };
}

const PAY_URL = `/payment?orderId=${ORDER_ID}&amount=25&format=digital`;
const alert = () => screen.getByRole('alert');
const currentLocation = () => screen.getByTestId('location').textContent ?? '';

async function payWith(user: ReturnType<typeof userEvent.setup>, cardNumber: string) {
  await user.clear(await screen.findByLabelText('Card number'));
  await user.type(screen.getByLabelText('Card number'), cardNumber);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay $25' }));
}

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('paymentOrderId', ORDER_ID);
  sessionStorage.setItem('checkoutToken', TOKEN);
});

describe('PaymentPage: the link and the session', () => {
  it.each([
    ['/payment?amount=25', PAYMENT_MESSAGES.missingOrder],
    ['/payment?orderId=order-1', PAYMENT_MESSAGES.missingOrder],
    ['/payment?orderId=order-1&amount=0', PAYMENT_MESSAGES.invalidAmount],
    ['/payment?orderId=order-1&amount=twenty', PAYMENT_MESSAGES.invalidAmount],
  ])('%s says %s and offers Try Again', (url, message) => {
    renderPayment(url);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Complete Your Payment');
    expect(alert()).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/create');
  });

  it("without this tab's token shows nothing of the order, and e-mails its link to the address on it", async () => {
    sessionStorage.setItem('paymentOrderId', 'another-order');
    const { user } = renderPayment(PAY_URL, [
      {
        request: { query: REQUEST_ORDER_LINKS_FOR_ORDER_MUTATION, variables: { orderId: ORDER_ID } },
        result: {
          data: { requestOrderLinksForOrder: { __typename: 'RequestOrderLinksPayload', userErrors: [] } },
        },
      },
    ]);
    expect(screen.getByText(ORDER_LINK_MESSAGES.explain)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_MESSAGES.missingOrder)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ORDER_LINK_MESSAGES.sent);
    expect(screen.queryByRole('button', { name: 'E-mail me the link' })).not.toBeInTheDocument();
  });

  it('treats an order the token does not open as missing', async () => {
    renderPayment(PAY_URL, [checkoutOrder(null)]);
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.missingOrder);
  });

  it('says so when the order is already paid, links to its order page, and offers no payment', async () => {
    renderPayment(PAY_URL, [checkoutOrder({ status: 'Paid' })]);
    expect(await screen.findByText(PAYMENT_MESSAGES.alreadyPaid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/order/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_MESSAGES.missingOrder)).not.toBeInTheDocument();
  });

  it('says a cancelled order was cancelled, with its order page and the way back to the form', async () => {
    renderPayment(PAY_URL, [checkoutOrder({ status: 'Cancelled' })]);
    expect(await screen.findByText(PAYMENT_MESSAGES.cancelled)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_MESSAGES.alreadyPaid)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/order/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Back to the order form' })).toHaveAttribute('href', '/create');
  });
});

describe('PaymentPage: the summary and the sandbox', () => {
  it("shows the order's own amount, never a different one from the link", async () => {
    renderPayment(`/payment?orderId=${ORDER_ID}&amount=1&format=printed`, [checkoutOrder(), startPayment()]);
    expect(await screen.findByText('Digital Comic Book')).toBeInTheDocument();
    expect(screen.getByText('Starring Mia')).toBeInTheDocument();
    expect(screen.getByText('Delivered by e-mail within 24 hours')).toBeInTheDocument();
    expect(screen.getByText('$25')).toBeInTheDocument();
    expect(screen.queryByText('$1')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $25' })).toBeEnabled();
    expect(screen.getByText(SANDBOX_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel and return to form' })).toHaveAttribute('href', '/create');
  });

  it.each([
    [['Mia'], "One last step, and our storytellers start on Mia's book."],
    [['Mia', 'Mia'], "One last step, and our storytellers start on Mia's books."],
    [['Mia', 'Leo'], "One last step, and our storytellers start on Mia's and Leo's books."],
    [['Mia', 'Leo', 'Ava'], "One last step, and our storytellers start on Mia's, Leo's, and Ava's books."],
  ])('names every child of the checkout in its first line: %j', async (names, line) => {
    const books = names.map((childName, index) => ({
      __typename: 'CheckoutBook',
      id: index === 0 ? ORDER_ID : `order-${index + 1}`,
      title: 'Digital Comic Book',
      childName,
      listPriceCents: 2500,
      amountCents: 2500,
      added: index > 0,
    }));
    const total = 2500 * names.length;
    renderPayment(PAY_URL, [checkoutOrder({ books, totalCents: total }), startPayment({ amountCents: total })]);
    expect(await screen.findByText(line)).toBeInTheDocument();
  });

  it('shows what is bought: photo, name, lesson, style, e-mail, address, shipping included, and the cover', async () => {
    renderPayment(`/payment?orderId=${ORDER_ID}&amount=50&format=printed`, [
      checkoutOrder({
        title: 'Premium Printed Storybook',
        bookFormat: 'printed',
        amountCents: 5000,
        bookStyle: 'adventure',
        photoUrl: '/media/photos/mia.jpg?sig=1',
        shippingIncluded: true,
        shippingAddress: {
          __typename: 'ShippingAddress',
          fullName: 'Ana Parent',
          streetAddress: '1 Maple Ave',
          addressLine2: 'Unit 4',
          city: 'Toronto',
          state: 'ON',
          zipCode: 'M5V 2T6',
          country: 'Canada',
        },
      }),
      startPayment({ amountCents: 5000 }),
    ]);
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(screen.getByRole('img', { name: 'The photo of Mia' })).toHaveAttribute('src', '/media/photos/mia.jpg?sig=1');
    for (const text of ['Premium Printed Storybook', 'Starring Mia', 'Kindness', 'Adventure', 'mia.parent@example.com']) {
      expect(summary).toHaveTextContent(text);
    }
    // A long address wraps before its @ or one of its dots, never inside a word.
    expect(summary.querySelector('.payment-summary__email')?.innerHTML).toBe(
      '<span class="email-address">mia<wbr>.parent<wbr>@example<wbr>.com</span>',
    );
    expect(summary).toHaveTextContent('Ana Parent1 Maple AveUnit 4Toronto, ON M5V 2T6Canada');
    expect(summary).toHaveTextContent('Shipping included.');
    // When the book arrives if paid now, as dates from the catalogue's 7-10 business days (worked
    // out once the page is in the browser, after its first render).
    await waitFor(() =>
      expect(summary).toHaveTextContent(/Arrives between \w{3}, \w{3} \d+ and \w{3}, \w{3} \d+ \(7-10 business days\)\./),
    );
    expect(await screen.findByRole('img', { name: 'Book cover: Mia and the Great Expedition' })).toBeInTheDocument();
  });

  it('asks for the payment as the checkout opens, beside the order, and starts it once', async () => {
    const asked: string[] = [];
    renderPayment(PAY_URL, [{ ...checkoutOrder(), delay: 80 }, startPayment()], (name) => asked.push(name));
    // The order is not back yet, and the payment is asked for already.
    await waitFor(() => expect(asked).toEqual(['CheckoutOrder', 'StartPayment']));
    expect(screen.getByText('Loading your order…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $25' })).toBeEnabled();
    expect(screen.getByText(SANDBOX_NOTICE)).toBeInTheDocument();
    expect(asked).toEqual(['CheckoutOrder', 'StartPayment']);
  });

  it('starts the payment again when the one asked for early is for another amount than the order has', async () => {
    const asked: string[] = [];
    const { user } = renderPayment(
      PAY_URL,
      [
        checkoutOrder(),
        // A code applied in another tab, between the two answers: the order is $25 again now.
        { ...startPayment({ paymentId: 'sbx_old', amountCents: 2000 }), delay: 40 },
        startPayment(),
        confirm('4242424242424242'),
        record(),
      ],
      (name) => asked.push(name),
    );
    await payWith(user, '4242 4242 4242 4242');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?format=digital'));
    // The payment confirmed is the $25 one (sbx_1): a confirmation of sbx_old has no answer here.
    expect(asked.filter((name) => name === 'StartPayment')).toHaveLength(2);
  });

  it('reads the order again when its payment is for another amount, and offers that amount, never the old one', async () => {
    const asked: string[] = [];
    // A second book was added in another tab after this page read the order: the checkout is $30 now.
    const thirty = { amountCents: 3000, totalCents: 3000, listPriceCents: 3000 };
    const { user } = renderPayment(
      PAY_URL,
      [
        checkoutOrder(),
        startPayment({ amountCents: 3000 }),
        startPayment({ amountCents: 3000 }),
        checkoutOrder(thirty),
        startPayment({ amountCents: 3000 }),
        confirm('4242424242424242'),
        record(),
      ],
      (name) => asked.push(name),
    );
    const pay = await screen.findByRole('button', { name: 'Pay $30' });
    expect(screen.queryByRole('button', { name: 'Pay $25' })).not.toBeInTheDocument();
    expect(screen.getByText('Total $30')).toBeInTheDocument();
    expect(screen.getByText('Your order changed since this page opened: the total is now $30.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(asked.filter((name) => name === 'CheckoutOrder')).toHaveLength(2);
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?format=digital'));
  });

  it('offers no payment when the order, read again, still disagrees with the amount of its payment', async () => {
    renderPayment(PAY_URL, [
      checkoutOrder(),
      startPayment({ amountCents: 3000 }),
      startPayment({ amountCents: 3000 }),
      checkoutOrder(),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.loadFailed);
    expect(screen.getByText("The payment's amount differs from the order's.")).toBeInTheDocument();
    expect(screen.queryByText(/Your order changed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('pays with the success card, records the payment and goes to the success page', async () => {
    const { user } = renderPayment(PAY_URL, [checkoutOrder(), startPayment(), confirm('4242424242424242'), record()]);
    await payWith(user, '4242 4242 4242 4242');
    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $25' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?format=digital'));
  });

  it('after a decline offers Use another card: the card form empties, takes focus, and the next card pays', async () => {
    const { user } = renderPayment(PAY_URL, [
      checkoutOrder(),
      startPayment(),
      confirm('4000000000000002', true),
      confirm('4242424242424242'),
      record(),
    ]);
    await payWith(user, '4000000000000002');
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.paymentFailed);
    expect(alert()).toHaveTextContent('Your card was declined.');
    // Not the same card again, and not a way back to the form.
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try Again' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
    // Typed without spaces, shown in groups of four.
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.queryByText('Processing your payment...')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use another card' }));
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVC')).toHaveValue('');
    await payWith(user, '4242 4242 4242 4242');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?format=digital'));
    expect(currentLocation()).not.toContain('/create');
  });

  it('takes the expiry as 1230 from a number pad, as well as 12/30', async () => {
    const { user } = renderPayment(PAY_URL, [checkoutOrder(), startPayment(), confirm('4242424242424242'), record()]);
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $25' }));
    expect(screen.queryByText('Please enter a card number, an expiry date (MM/YY) and a CVC.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?format=digital'));
    expect(sessionStorage.getItem('paidOrderId')).toBe(ORDER_ID);
  });

  it('says recording failed, and on the next try only records (the card is not charged twice)', async () => {
    const { user } = renderPayment(PAY_URL, [
      checkoutOrder(),
      startPayment(),
      confirm('4242424242424242'),
      record('refused'),
      record(),
    ]);
    await payWith(user, '4242424242424242');
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.recordFailed);
    await user.click(screen.getByRole('button', { name: 'Pay $25' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?format=digital'));
  });

  it('asks for the whole card before sending anything', async () => {
    const { user } = renderPayment(PAY_URL, [checkoutOrder(), startPayment()]);
    await user.type(await screen.findByLabelText('Card number'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay $25' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a card number, an expiry date (MM/YY) and a CVC.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it("maps a restricted provider account to the spec's account message", async () => {
    renderPayment(PAY_URL, [
      checkoutOrder(),
      startPayment({
        provider: null,
        paymentId: null,
        userErrors: [
          { __typename: 'UserError', code: 'PAYMENT_ACCOUNT_RESTRICTED', field: null, message: 'The provider refused the shop.' },
        ],
      }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.accountRestricted);
  });

  it('shows a refusal of the early ask without asking again: a lapsed code says so, with the new price', async () => {
    const asked: string[] = [];
    const lapsed = 'The code SPRING lapsed while your order waited. Your order is now $25.00.';
    renderPayment(
      PAY_URL,
      [
        { ...checkoutOrder(), delay: 40 },
        startPayment({
          provider: null,
          paymentId: null,
          userErrors: [{ __typename: 'UserError', code: 'WRONG_STATUS', field: 'orderId', message: lapsed }],
        }),
        // Asked again, the server would start a payment for the new price under the old one.
        startPayment(),
      ],
      (name) => asked.push(name),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(lapsed);
    expect(screen.queryByRole('button', { name: 'Pay $25' })).not.toBeInTheDocument();
    expect(asked.filter((name) => name === 'StartPayment')).toHaveLength(1);
  });

  it("goes by the refusal's code, not its wording: other refusals are shown as the server words them", async () => {
    renderPayment(PAY_URL, [
      checkoutOrder(),
      startPayment({
        provider: null,
        paymentId: null,
        userErrors: [{ __typename: 'UserError', code: 'WRONG_STATUS', field: null, message: 'Paid already (account_invalid)' }],
      }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Paid already (account_invalid)');
    expect(alert).not.toHaveTextContent(PAYMENT_MESSAGES.accountRestricted);
  });

  it('shows the yellow load notice with Refresh Page when payment cannot be started', async () => {
    const unreachable = { request: { query: START_PAYMENT_MUTATION, variables: auth }, error: new Error('Failed to fetch') };
    // Asked as the checkout opens, and once more by the form when that did not come.
    renderPayment(PAY_URL, [checkoutOrder(), unreachable, unreachable]);
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.loadFailed);
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
  });
});

describe('PaymentPage: a discount code', () => {
  const applyCode = (code: string, answer: 'applied' | 'used up'): MockLink.MockedResponse => ({
    request: { query: APPLY_DISCOUNT_CODE_MUTATION, variables: { ...auth, code } },
    result: {
      data: {
        applyDiscountCode: {
          __typename: 'CheckoutOrderPayload',
          order:
            answer === 'applied'
              ? {
                  __typename: 'CheckoutOrder',
                  id: ORDER_ID,
                  amountCents: 2000,
                  listPriceCents: 2500,
                  totalCents: 2000,
                  familyDiscountCents: 0,
                  discount: { __typename: 'AppliedDiscount', code: 'FAMILY5', amountCents: 500 },
                  books: [
                    {
                      __typename: 'CheckoutBook',
                      id: ORDER_ID,
                      title: 'Digital Comic Book',
                      childName: 'Mia',
                      listPriceCents: 2500,
                      amountCents: 2000,
                      added: false,
                    },
                  ],
                }
              : null,
          userErrors:
            answer === 'applied'
              ? []
              : [
                  {
                    __typename: 'UserError',
                    code: 'INVALID_INPUT',
                    field: 'code',
                    message: 'That discount code has been used up.',
                  },
                ],
        },
      },
    },
  });

  it("shows the server's price with the code, and starts the payment afresh for it", async () => {
    const { user } = renderPayment(PAY_URL, [
      checkoutOrder(),
      startPayment(),
      applyCode('family5', 'applied'),
      startPayment({ amountCents: 2000 }),
    ]);
    expect(await screen.findByRole('button', { name: 'Pay $25' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    await user.type(screen.getByLabelText('Discount code'), 'family5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/applied: \$5 off/)).toHaveTextContent('Code FAMILY5 applied: $5 off.');
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary).toHaveTextContent('Book$25');
    expect(summary).toHaveTextContent('Discount code FAMILY5−$5');
    expect(summary).toHaveTextContent('Total$20');
    expect(await screen.findByRole('button', { name: 'Pay $20' })).toBeEnabled();
    // Said once by the live region; focus goes to what took Apply's place.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Code FAMILY5 applied: $5 off.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove code FAMILY5' })).toHaveFocus());
  });

  it("asks for a code before sending one, and shows the server's refusal on the field", async () => {
    const { user } = renderPayment(PAY_URL, [checkoutOrder(), startPayment(), applyCode('FULL', 'used up')]);
    await screen.findByRole('button', { name: 'Pay $25' });
    await user.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alert()).toHaveTextContent('Please enter a discount code.');
    await user.type(screen.getByLabelText('Discount code'), 'FULL');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(alert()).toHaveTextContent('That discount code has been used up.'));
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Pay $25' })).toBeEnabled();
  });
});

describe('PaymentPage: the arrival overlay', () => {
  it('shows Loading Payment Options for 1.5 s after the redirect from the form, once', async () => {
    sessionStorage.setItem('redirectingToPayment', 'true');
    renderPayment(PAY_URL, [checkoutOrder(), startPayment()]);
    const overlay = screen.getByText('Loading Payment Options');
    expect(sessionStorage.getItem('redirectingToPayment')).toBeNull();
    const shownAt = Date.now();
    await waitForElementToBeRemoved(overlay);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1300);
  });

  it('stays hidden when the page is opened any other way', () => {
    renderPayment(PAY_URL, [checkoutOrder(), startPayment()]);
    expect(screen.queryByText('Loading Payment Options')).not.toBeInTheDocument();
  });
});
