import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { andList } from '../../ui/en-us';
import { Spinner } from '../../ui/Spinner';
import { formatPrice } from '../../ui/formatPrice';
import { loadCoverPreview, OrderSummary } from './OrderSummary';
import { PaidOrderNotice } from './PaidOrderNotice';
import { PAYMENT_MESSAGES } from './payment-messages';
import { CHECKOUT_ORDER_QUERY } from './payment-operations';
import { AddBookButton, CheckoutBookList } from './CheckoutBooks';
import { DiscountCodeForm } from './DiscountCodeForm';
import { PaymentErrorMessage } from './PaymentErrorMessage';
import { PaymentLoadNotice } from './PaymentLoadNotice';
import { PaymentMethods } from './PaymentMethods';
import { ReturnedPayment } from './ReturnedPayment';
import { useEarlyPaymentStart } from './use-early-payment-start';

export interface CheckoutPanelProps {
  orderId: string;
  checkoutToken: string;
}

/**
 * Reads the order from the server, then offers to pay for it. Title and amount always come
 * from the order: an amount in the link that differs is never shown (nor charged).
 */
export function CheckoutPanel({ orderId, checkoutToken }: CheckoutPanelProps) {
  const [searchParams] = useSearchParams();
  const returnedPaymentId = searchParams.get('redirect_status') === 'succeeded' ? searchParams.get('payment_intent') : null;
  // Always asked afresh: the order may have been paid in another tab since.
  // While a payment is being made, the discount code (and with it the price) stays as it is.
  const [paying, setPaying] = useState(false);
  const { data, loading, error, refetch } = useQuery(CHECKOUT_ORDER_QUERY, {
    variables: { orderId, checkoutToken },
    fetchPolicy: 'network-only',
  });
  // The payment came back for another amount: the order as it is now, and its total; the parent
  // is told when the total is not the one the page showed.
  const [totalChanged, setTotalChanged] = useState(false);
  const readTotalAgain = useCallback(
    (shownCents: number) =>
      refetch().then((result) => {
        const total = result.data?.checkoutOrder?.totalCents ?? null;
        if (total !== null && total !== shownCents) setTotalChanged(true);
        return total;
      }),
    [refetch],
  );
  const takeEarlyStart = useEarlyPaymentStart(orderId, checkoutToken);
  // The summary's cover, fetched beside the order rather than once the order is shown.
  useEffect(() => void loadCoverPreview().catch(() => undefined), []);

  if (loading && !data) return <Spinner label="Loading your order…" />;
  if (error && !data) return <PaymentLoadNotice detail={error.message} />;
  const order = data?.checkoutOrder;
  if (!order) return <PaymentErrorMessage message={PAYMENT_MESSAGES.missingOrder} />;

  if (order.status !== 'Pending' && returnedPaymentId) {
    return <ReturnedPayment order={order} checkoutToken={checkoutToken} paymentId={returnedPaymentId} />;
  }
  if (order.status !== 'Pending') {
    return <PaidOrderNotice orderId={order.id} status={order.status} checkoutToken={checkoutToken} />;
  }

  const delivery = data.catalogue.plans.find((plan) => plan.format === order.bookFormat)?.delivery ?? null;
  const several = order.books.length > 1;
  // What is paid: every book of the checkout, together.
  const payable = { ...order, amountCents: order.totalCents };

  return (
    <>
      <p className="payment-page__intro">
        One last step, and our storytellers start on {whoseBooks(order.books.map((book) => book.childName))}.
      </p>
      <div className="payment-layout">
        <OrderSummary
          order={order}
          delivery={delivery}
          arrival={order.bookFormat === 'printed' ? data.catalogue.printedDelivery : null}
          labels={{
            lessons: Object.fromEntries(data.catalogue.lifeLessons.map((lesson) => [lesson.value, lesson.label])),
            styles: Object.fromEntries(data.catalogue.bookStyles.map((style) => [style.value, style.label])),
          }}
          several={several}
          books={
            <CheckoutBookList
              books={order.books}
              familyDiscountCents={order.familyDiscountCents}
              orderId={order.id}
              checkoutToken={checkoutToken}
              currency={order.currency}
              disabled={paying}
            />
          }
          actions={
            <AddBookButton
              books={order.books.length}
              maxBooks={data.catalogue.familyDiscount.maxBooks}
              description={data.catalogue.familyDiscount.description}
              disabled={paying}
            />
          }
        />
        <section className="payment-card" aria-labelledby="payment-card-title">
          <h2 id="payment-card-title" className="payment-card__heading">
            Payment
          </h2>
          {/* On a phone the summary follows the payment form: what is paid for, in a line, first. */}
          <p className="payment-card__recap">
            <span className="payment-card__recap-what">
              {several
                ? `${order.books.length} books, starring ${order.books.map((book) => book.childName).join(', ')}`
                : `${order.title}, starring ${order.childName}`}
            </span>
            <span className="payment-card__recap-total">Total {formatPrice(order.totalCents, order.currency)}</span>
            <a className="payment-card__recap-link" href="#payment-summary-title">
              Order details
            </a>
          </p>
          {/* Always in the page, so what it says is announced. */}
          <p className="payment-card__changed" role="status">
            {totalChanged &&
              `Your order changed since this page opened: the total is now ${formatPrice(order.totalCents, order.currency)}.`}
          </p>
          <DiscountCodeForm
            orderId={order.id}
            checkoutToken={checkoutToken}
            currency={order.currency}
            discount={order.discount ?? null}
            disabled={paying}
          />
          {/* A new amount (a code applied or removed) starts the payment for it afresh. */}
          <PaymentMethods
            key={order.totalCents}
            order={payable}
            checkoutToken={checkoutToken}
            paypal={data.shopConfig.paypal}
            takeEarlyStart={takeEarlyStart}
            onProcessingChange={setPaying}
            onAmountChanged={readTotalAgain}
          />
          <p className="payment-card__cancel">
            <Link to="/create">Cancel and return to form</Link>
          </p>
        </section>
      </div>
    </>
  );
}

/** "Ivy's book", "Ivy's books" (one child, two formats), "Ivy's and Leo's books". */
function whoseBooks(childNames: string[]): string {
  const names = [...new Set(childNames)];
  const whose = andList(names.map((name) => `${name}'s`));
  return `${whose} ${childNames.length > 1 ? 'books' : 'book'}`;
}
