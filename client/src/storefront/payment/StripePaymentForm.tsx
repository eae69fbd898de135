/**
 * Stripe's wallet buttons (its Express Checkout Element: Apple Pay, Google Pay, Link) first, then
 * its Payment Element for a card. This module (and with it Stripe.js) is loaded on demand, only
 * when the server's provider is Stripe: the storefront's first load carries no Stripe code.
 */
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  loadStripe,
  type Stripe,
  type StripeElements,
  type StripeElementsOptions,
  type StripeExpressCheckoutElementConfirmEvent,
  type StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { type FormEvent, type Ref, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { Spinner } from '../../ui/Spinner';
import { PaymentLoadNotice } from './PaymentLoadNotice';
import type { ConfirmOutcome } from './use-pay';

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the parent back after a payment method that redirects (e.g. a bank). */
  returnUrl: string;
  payLabel: string;
  processing: boolean;
  pay: (confirm: () => Promise<ConfirmOutcome>) => Promise<unknown>;
  /** The form element, so the page can retry the payment and move focus to it. */
  formRef?: Ref<HTMLFormElement>;
}

// The shop's colours, so the card fields look like the rest of the page.
const APPEARANCE: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: { colorPrimary: '#6c3ce1', colorText: '#2b2540', colorDanger: '#b3261e', borderRadius: '10px' },
};

function describe(error: unknown): string {
  return error instanceof Error ? error.message : 'Stripe.js could not be loaded.';
}

/** Asks Stripe to take the payment with what the Elements hold (a wallet's, or the card typed), and says how it went. */
async function confirmWith(stripe: Stripe, elements: StripeElements, returnUrl: string): Promise<ConfirmOutcome> {
  const { error, paymentIntent } = await stripe.confirmPayment({
    elements,
    redirect: 'if_required',
    confirmParams: { return_url: returnUrl },
  });
  if (error) {
    return {
      failure: {
        codes: [error.code, error.decline_code, error.message],
        // Stripe words card problems for customers; anything else stays in our words only.
        detail: error.type === 'card_error' ? (error.message ?? null) : null,
        // The Payment Element already points at an incomplete or invalid field.
        silent: error.type === 'validation_error',
      },
    };
  }
  return paymentIntent ? { paymentId: paymentIntent.id } : { failure: { codes: [] } };
}

/** Which wallets Stripe offers here: laid out but unseen until Stripe says (as Stripe advises), then shown, or gone. */
type Wallets = 'asking' | 'offered' | 'none';

/** How long the first of Stripe's two elements to be drawn waits, unseen, for the other. */
const WAIT_MS = 1500;

/**
 * The wallets this browser offers (Apple Pay in Safari with a card in Wallet, Google Pay, Link),
 * as one-tap buttons above the card form; nothing at all where there is none. A wallet's payment
 * is confirmed like the card form's, and a failure is told to the wallet's sheet as well.
 */
function WalletButtons({
  returnUrl,
  processing,
  pay,
  wallets,
}: Pick<StripePaymentFormProps, 'returnUrl' | 'processing' | 'pay'> & { wallets: Wallets }) {
  const stripe = useStripe();
  const elements = useElements();

  function onConfirm(event: StripeExpressCheckoutElementConfirmEvent) {
    if (!stripe || !elements || processing) {
      event.paymentFailed({ reason: 'fail' });
      return;
    }
    let confirmed = false;
    // A payment already on its way (another press) asks Stripe nothing: the wallet's sheet must not wait.
    const settle = () => {
      if (!confirmed) event.paymentFailed({ reason: 'fail' });
    };
    void pay(async () => {
      confirmed = true;
      const outcome = await confirmWith(stripe, elements, returnUrl);
      if ('failure' in outcome) event.paymentFailed({ reason: 'fail' });
      return outcome;
    }).then(settle, settle);
  }

  return (
    <div className={`stripe-wallets stripe-wallets--${wallets}`} hidden={wallets === 'none'}>
      <ExpressCheckoutElement options={{ buttonHeight: 48, layout: { maxColumns: 1, maxRows: 3 } }} onConfirm={onConfirm} />
      <p className="payment-methods__or">or pay by card</p>
    </div>
  );
}

function StripeForm({
  returnUrl,
  payLabel,
  processing,
  pay,
  formRef,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [wallets, setWallets] = useState<Wallets>('asking');
  const [waited, setWaited] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Stripe draws the card fields and says which wallets there are one after the other: the form
  // is shown whole once both are known, so nothing in it moves as they arrive. Whichever comes
  // first waits for the other no longer than WAIT_MS: the card fields, or the wallets, are then
  // shown alone, and a parent can pay with them.
  const drawing = !waited && !(ready && wallets !== 'asking');
  const oneDrawn = ready || wallets !== 'asking';
  useEffect(() => {
    if (!drawing || !oneDrawn) return;
    const timer = setTimeout(() => setWaited(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [drawing, oneDrawn]);
  // Wallets Stripe offers only after the card form is shown stay hidden: nothing moves under a
  // parent's finger while they type, and the card form pays.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = !drawing;
  }, [drawing]);
  // What Stripe tells of its two elements: drawn (`ready`, with the wallets it offers), or failed
  // (`loaderror`; without its wallets the card form still pays). It tells each once, and may tell it
  // as soon as an element is mounted, so the handlers go on as the elements are created, in this
  // layout effect that follows their components' own. Their `on…` props would be attached only
  // after the page has painted, which is too late for an element Stripe draws at once.
  useLayoutEffect(() => {
    const card = elements?.getElement('payment');
    const express = elements?.getElement('expressCheckout');
    const onCardReady = () => setReady(true);
    const onCardError = (event: { error: { message?: string } }) =>
      setLoadError(event.error.message ?? 'The payment form could not be loaded.');
    const onWallets = (found: Wallets) => setWallets(found === 'offered' && shown.current ? 'none' : found);
    const onExpressReady = (event: StripeExpressCheckoutElementReadyEvent) =>
      onWallets(event.availablePaymentMethods ? 'offered' : 'none');
    const onExpressError = () => onWallets('none');
    card?.on('ready', onCardReady).on('loaderror', onCardError);
    express?.on('ready', onExpressReady).on('loaderror', onExpressError);
    return () => {
      card?.off('ready', onCardReady).off('loaderror', onCardError);
      express?.off('ready', onExpressReady).off('loaderror', onExpressError);
    };
  }, [elements]);

  if (loadError !== null) return <PaymentLoadNotice detail={loadError} />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    void pay(() => confirmWith(stripe, elements, returnUrl));
  }

  return (
    <form
      ref={formRef}
      className={drawing ? 'stripe-payment stripe-payment--drawing' : 'stripe-payment'}
      onSubmit={onSubmit}
      aria-label="Card payment"
      tabIndex={-1}
    >
      {drawing && (
        <div className="stripe-payment__drawing">
          <Spinner label="Loading secure payment…" />
        </div>
      )}
      <WalletButtons returnUrl={returnUrl} processing={processing} pay={pay} wallets={wallets} />
      <PaymentElement options={{ layout: 'tabs' }} />
      <button
        type="submit"
        className="button button--primary button--large stripe-payment__pay"
        disabled={!stripe || !elements || !ready || processing}
      >
        {payLabel}
      </button>
    </form>
  );
}

export default function StripePaymentForm({ publishableKey, clientSecret, ...form }: StripePaymentFormProps) {
  const [loadError, setLoadError] = useState<string | null>(null);
  // Started once; a failure resolves to null for <Elements> (which cannot take a rejection)
  // and shows the load notice instead.
  const [stripe] = useState<Promise<Stripe | null>>(() =>
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!loaded) setLoadError('Stripe.js is not available in this browser.');
        return loaded;
      },
      (error: unknown) => {
        setLoadError(describe(error));
        return null;
      },
    ),
  );
  if (loadError !== null) return <PaymentLoadNotice detail={loadError} />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
      <StripeForm {...form} />
    </Elements>
  );
}
