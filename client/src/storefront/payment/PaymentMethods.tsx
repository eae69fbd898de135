import { useMutation } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useRef, useState, useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Spinner } from '../../ui/Spinner';
import { formatPrice } from '../../ui/formatPrice';
import { LoadFailureBoundary } from './LoadFailureBoundary';
import { PAYMENT_MESSAGES } from './payment-messages';
import { CONFIRM_SANDBOX_PAYMENT_MUTATION, START_PAYMENT_MUTATION } from './payment-operations';
import { PaymentErrorMessage } from './PaymentErrorMessage';
import { PaymentLoadNotice } from './PaymentLoadNotice';
import { PaymentProcessing } from './PaymentProcessing';
import { SandboxCardForm } from './SandboxCardForm';
import type { PaymentStartAnswer, TakeEarlyPaymentStart } from './use-early-payment-start';
import { type ConfirmOutcome, type PayableOrder, usePay } from './use-pay';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));
const PayPalCheckout = lazy(() => import('./PayPalCheckout'));

/** What the payment page needs to show PayPal's buttons (shopConfig.paypal). */
export interface PayPalButtonsConfig {
  clientId: string;
  sdkUrl: string;
}

/** Why a payment was not offered: the provider's amount and the order's differ. */
const AMOUNT_CHANGED = "The payment's amount differs from the order's.";

/** Whether a payment the provider made ready is for another amount than the order's (unknown is not). */
function isOtherAmount(paymentCents: number | null | undefined, orderCents: number): boolean {
  return paymentCents != null && paymentCents !== orderCents;
}

type Started =
  | { state: 'starting' }
  | { state: 'unreachable'; detail: string | null }
  | { state: 'refused'; message: string }
  | {
      state: 'ready';
      provider: 'sandbox' | 'stripe' | 'paypal';
      paymentId: string;
      clientSecret: string | null;
      publishableKey: string | null;
    };

/** Where Stripe returns to after a redirecting payment method: this page, as it was. */
function returnUrl(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  ['payment_intent', 'payment_intent_client_secret', 'redirect_status'].forEach((key) => params.delete(key));
  return `${window.location.origin}/payment?${params.toString()}`;
}

/**
 * Starts the card provider's payment for the order (or takes the one the checkout asked for as it
 * opened), then shows its form: the sandbox's test card form, or Stripe's Payment Element (loaded
 * only then); with PayPal, PayPal's buttons above it.
 */
export function PaymentMethods({
  order,
  checkoutToken,
  paypal = null,
  takeEarlyStart,
  onProcessingChange,
  onAmountChanged,
}: {
  order: PayableOrder;
  checkoutToken: string;
  paypal?: PayPalButtonsConfig | null;
  /** The payment the checkout asked for as it opened (useEarlyPaymentStart), if any. */
  takeEarlyStart?: TakeEarlyPaymentStart;
  /** Told when a payment attempt starts and ends (the discount code waits meanwhile). */
  onProcessingChange?: (processing: boolean) => void;
  /**
   * Told when the provider's payment is for another amount than the page shows (the order changed
   * since the page read it: a book or a code in another tab). It reads the order again and
   * answers with its total now; a new total brings a new form for it, which asks afresh.
   */
  onAmountChanged?: (shownCents: number) => Promise<number | null>;
}) {
  const [searchParams] = useSearchParams();
  const [startPayment] = useMutation(START_PAYMENT_MUTATION);
  const [confirmSandboxPayment] = useMutation(CONFIRM_SANDBOX_PAYMENT_MUTATION);
  const [started, setStarted] = useState<Started>({ state: 'starting' });
  const { pay, report, processing, error } = usePay(order, checkoutToken);
  const startedFor = useRef<string | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const handledReturn = useRef(false);
  const payLabel = `Pay ${formatPrice(order.amountCents, order.currency)}`;
  useEffect(() => onProcessingChange?.(processing), [processing, onProcessingChange]);

  useEffect(() => {
    // Once per order, also should the effect run twice (the server reuses it anyway).
    if (startedFor.current === order.id) return;
    startedFor.current = order.id;
    const ask = () => startPayment({ variables: { orderId: order.id, checkoutToken } });
    // The checkout's own early answer when it started this very amount, or was a refusal: that is
    // the parent's to read (a code that lapsed while the order waited says so, with the new price,
    // and is taken off; asked again, a payment for that price would go out under the old one).
    // Asked again when it did not come, or was for another amount (a code applied meanwhile),
    // unless this form has been replaced since (a new amount: the new form asks for itself).
    const fits = (answer: PaymentStartAnswer) => {
      const payload = answer.data?.startPayment;
      return Boolean(payload && (payload.userErrors.length > 0 || payload.amountCents === order.amountCents));
    };
    const askUnlessGone = () => (mounted.current ? ask() : Promise.reject(new Error('replaced')));
    const early = takeEarlyStart?.() ?? null;
    (early ? early.then((answer) => (fits(answer) ? answer : askUnlessGone()), askUnlessGone) : ask())
      .then(({ data, error: requestError }) => {
        const payload = data?.startPayment;
        const refusal = payload?.userErrors[0];
        if (requestError || !payload) {
          setStarted({ state: 'unreachable', detail: requestError?.message ?? null });
        } else if (refusal) {
          setStarted({
            state: 'refused',
            message: refusal.code === 'PAYMENT_ACCOUNT_RESTRICTED' ? PAYMENT_MESSAGES.accountRestricted : refusal.message,
          });
        } else if (payload.provider && payload.paymentId && isOtherAmount(payload.amountCents, order.amountCents)) {
          // Never a button that says one amount over a payment for another: the page shows the
          // order as it is now, and its form starts that payment. Should the order still read as
          // before, the two disagree and the parent is told the payment could not be made ready.
          const reread = onAmountChanged?.(order.amountCents) ?? Promise.resolve(order.amountCents);
          void reread
            .catch(() => order.amountCents)
            .then((total) => {
              if (total === order.amountCents) setStarted({ state: 'unreachable', detail: AMOUNT_CHANGED });
            });
        } else if (payload.provider && payload.paymentId) {
          setStarted({
            state: 'ready',
            provider: payload.provider,
            paymentId: payload.paymentId,
            clientSecret: payload.clientSecret ?? null,
            publishableKey: payload.publishableKey ?? null,
          });
        } else {
          setStarted({ state: 'unreachable', detail: null });
        }
      })
      .catch((caught: unknown) => setStarted({ state: 'unreachable', detail: caught instanceof Error ? caught.message : null }));
  }, [order.id, order.amountCents, checkoutToken, startPayment, takeEarlyStart, onAmountChanged]);

  // Back from a payment method that redirects (Stripe adds these to the return URL).
  const returnedPaymentId = searchParams.get('payment_intent');
  const redirectStatus = searchParams.get('redirect_status');
  useEffect(() => {
    if (!returnedPaymentId || !redirectStatus || handledReturn.current) return;
    handledReturn.current = true;
    void pay(
      async (): Promise<ConfirmOutcome> =>
        redirectStatus === 'failed' ? { failure: { codes: [] } } : { paymentId: returnedPaymentId },
      'stripe',
    );
  }, [returnedPaymentId, redirectStatus, pay]);

  // A failed payment: its message comes into view below the sticky navigation, the card form
  // stays, and focus moves to the card so the parent can fix it or try another.
  useLayoutEffect(() => {
    if (!error) return;
    errorRef.current?.scrollIntoView?.({ block: 'start', behavior: 'auto' });
    const form = formRef.current;
    const field = form?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
    (field ?? form)?.focus({ preventScroll: true });
  }, [error]);

  // 'Use another card': the test card form starts empty, focused on its card number.
  const [cardFormKey, setCardFormKey] = useState(0);
  useLayoutEffect(() => {
    if (cardFormKey === 0) return;
    formRef.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus();
  }, [cardFormKey]);

  /** After a decline the same card would be declined again: the form is emptied for another one. */
  function offerAnotherCard() {
    if (started.state === 'ready' && started.provider === 'sandbox') setCardFormKey((key) => key + 1);
    else (formRef.current?.querySelector<HTMLElement>('input, button') ?? formRef.current)?.focus();
  }

  /** 'Try Again': the same payment once more, with what is in the card form now. */
  function retry() {
    const form = formRef.current;
    if (form && typeof form.requestSubmit === 'function') form.requestSubmit();
    else form?.querySelector<HTMLElement>('input')?.focus();
  }

  async function confirmSandbox(paymentId: string, cardNumber: string): Promise<ConfirmOutcome> {
    const { data, error: requestError } = await confirmSandboxPayment({
      variables: { orderId: order.id, checkoutToken, paymentId, cardNumber },
    });
    const payload = data?.confirmSandboxPayment;
    if (requestError || !payload) return { failure: { codes: [] } };
    if (!payload.succeeded) {
      const refusal = payload.userErrors[0];
      return { failure: { codes: [refusal?.code], detail: refusal?.message ?? null } };
    }
    return { paymentId };
  }

  /** PayPal's button was pressed: the PayPal order for this order, created on the server. */
  async function createPayPalOrder(): Promise<string> {
    const { data, error: requestError } = await startPayment({
      variables: { orderId: order.id, checkoutToken, provider: 'paypal' },
    });
    const payload = data?.startPayment;
    const refusal = payload?.userErrors[0];
    if (requestError || !payload || refusal || !payload.paymentId) throw new Error(refusal?.code ?? 'PAYPAL_ORDER_NOT_CREATED');
    if (isOtherAmount(payload.amountCents, order.amountCents)) {
      // PayPal would ask the parent for another amount than the button's: the page shows the new one first.
      void onAmountChanged?.(order.amountCents).catch(() => null);
      throw new Error(AMOUNT_CHANGED);
    }
    return payload.paymentId;
  }

  if (started.state === 'starting') {
    return (
      <div className="payment-methods__starting">
        <Spinner label="Getting secure payment ready…" />
      </div>
    );
  }
  if (started.state === 'unreachable') return <PaymentLoadNotice detail={started.detail} />;
  if (started.state === 'refused') return <PaymentErrorMessage message={started.message} />;

  let form;
  if (started.provider === 'sandbox') {
    form = (
      <SandboxCardForm
        key={`card-form-${cardFormKey}`}
        payLabel={payLabel}
        processing={processing}
        formRef={formRef}
        onPay={(cardNumber) => void pay(() => confirmSandbox(started.paymentId, cardNumber), 'sandbox')}
      />
    );
  } else if (started.clientSecret && started.publishableKey) {
    form = (
      <LoadFailureBoundary>
        <Suspense
          fallback={
            <div className="payment-methods__starting">
              <Spinner label="Loading secure payment…" />
            </div>
          }
        >
          <StripePaymentForm
            publishableKey={started.publishableKey}
            clientSecret={started.clientSecret}
            returnUrl={returnUrl(searchParams)}
            payLabel={payLabel}
            processing={processing}
            pay={(confirm) => pay(confirm, 'stripe')}
            formRef={formRef}
          />
        </Suspense>
      </LoadFailureBoundary>
    );
  } else {
    form = <PaymentLoadNotice detail="The payment provider sent no keys." />;
  }

  return (
    <div className="payment-methods">
      {started.provider === 'stripe' && (
        <p className="payment-methods__secure">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1Zm2 0h6V7a3 3 0 0 0-6 0Z" />
          </svg>
          Secure checkout by Stripe: your card details go straight to Stripe and are never stored by us.
        </p>
      )}
      {error && (
        <PaymentErrorMessage
          ref={errorRef}
          key={error.key}
          message={error.message}
          detail={error.detail}
          onRetry={error.declined ? offerAnotherCard : retry}
          retryLabel={error.declined ? 'Use another card' : undefined}
        />
      )}
      {paypal && (
        <div className="payment-methods__paypal">
          <LoadFailureBoundary>
            <Suspense fallback={<Spinner label="Loading PayPal…" />}>
              <PayPalCheckout
                clientId={paypal.clientId}
                sdkUrl={paypal.sdkUrl}
                currency={order.currency}
                createOrder={createPayPalOrder}
                onApprove={(paypalOrderId) => pay(async () => ({ paymentId: paypalOrderId }), 'paypal', { remember: false })}
                onError={(caught) => report([caught instanceof Error ? caught.message : null])}
                disabled={processing}
              />
            </Suspense>
          </LoadFailureBoundary>
          <p className="payment-methods__or">or pay by card</p>
        </div>
      )}
      {form}
      <PaymentProcessing active={processing} />
    </div>
  );
}
