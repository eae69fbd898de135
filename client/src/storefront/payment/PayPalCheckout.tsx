/**
 * PayPal's buttons (PayPal, Venmo, Pay Later, cards, as PayPal offers them to the parent). This
 * module, and with it PayPal's JS SDK, is loaded only when the shop runs PayPal. The order is
 * created on the server when the parent presses a button; once they approve it in PayPal's
 * window the server captures it. A declined instrument restarts the buttons, as PayPal's guide
 * says (https://developer.paypal.com/docs/checkout/standard/customize/handle-funding-failures);
 * cancelling leaves everything as it was.
 */
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useEffect, useState } from 'react';

import { Spinner } from '../../ui/Spinner';
import { PaymentLoadNotice } from './PaymentLoadNotice';
import type { PayResult } from './use-pay';

export interface PayPalCheckoutProps {
  clientId: string;
  /** Where PayPal's JS SDK is loaded from (the server's shopConfig says). */
  sdkUrl: string;
  currency: string;
  /** Creates the PayPal order on the server; its id, or throws with the refusal's code. */
  createOrder: () => Promise<string>;
  /** Records (and so captures) the approved PayPal order. */
  onApprove: (paypalOrderId: string) => Promise<PayResult>;
  /** A button that failed before any payment was recorded (the order could not be created). */
  onError: (error: unknown) => void;
  disabled: boolean;
}

/** How PayPal's component words a failure to draw its buttons once its script is in. */
const NOT_DRAWN = 'Failed to render <PayPalButtons /> component';

/**
 * True once PayPal's buttons have failed to draw. The component reports it by throwing from a state
 * update, for the page's error boundary to catch as the update renders; the renderer here runs the
 * update at once, inside the failed promise's callback, so the error arrives as an unhandled
 * rejection instead, and is taken from there.
 */
function useButtonsNotDrawn(): boolean {
  const [notDrawn, setNotDrawn] = useState(false);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!(event.reason instanceof Error) || !event.reason.message.startsWith(NOT_DRAWN)) return;
      event.preventDefault();
      setNotDrawn(true);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  return notDrawn;
}

function Buttons({ createOrder, onApprove, onError, disabled }: Omit<PayPalCheckoutProps, 'clientId' | 'sdkUrl' | 'currency'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const notDrawn = useButtonsNotDrawn();
  if (isRejected || notDrawn) return <PaymentLoadNotice detail="PayPal's buttons could not be loaded." />;
  return (
    <>
      {isPending && <Spinner label="Loading PayPal…" />}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'paypal', height: 45 }}
        disabled={disabled}
        createOrder={createOrder}
        onApprove={async (data, actions) => {
          // PayPal's guide returns the restart, so its window opens again for another way to pay.
          if ((await onApprove(data.orderID)) === 'declined') return actions.restart();
        }}
        onError={onError}
      />
    </>
  );
}

export default function PayPalCheckout({ clientId, sdkUrl, currency, ...buttons }: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency, intent: 'capture', components: 'buttons', sdkBaseUrl: sdkUrl }}>
      <Buttons {...buttons} />
    </PayPalScriptProvider>
  );
}
