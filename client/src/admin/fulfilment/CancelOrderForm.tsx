import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, useLayoutEffect } from 'react';

import { FULFILMENT_MESSAGES } from './fulfilment-messages';
import { CANCEL_ORDER_MUTATION } from './fulfilment-operations';
import { REFRESH_AFTER_ACTION, useOrderAction } from './use-order-action';

/** "Cancel order" for an unpaid order, then a confirmation; the parent is not e-mailed. */
export function CancelOrderForm({ orderId, onCancelled }: { orderId: string; onCancelled(message: string): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [cancel, { loading }] = useMutation(CANCEL_ORDER_MUTATION, { refetchQueries: REFRESH_AFTER_ACTION });
  const { run, error, clearError } = useOrderAction({
    failed: FULFILMENT_MESSAGES.cancelFailed,
    error: FULFILMENT_MESSAGES.cancelError,
  });

  useLayoutEffect(() => {
    if (open) confirmRef.current?.focus();
  }, [open]);

  async function onConfirm() {
    if (loading) return;
    const ok = await run(async () => (await cancel({ variables: { orderId } })).data?.cancelOrder);
    if (ok) onCancelled(FULFILMENT_MESSAGES.cancelled);
  }

  if (!open) {
    return (
      <button type="button" className="button button--secondary button--small fulfilment-danger" onClick={() => setOpen(true)}>
        Cancel order
      </button>
    );
  }
  return (
    <div className="fulfilment-form fulfilment-form--confirm" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="fulfilment-form__title">
        Cancel this unpaid order?
      </h4>
      <p className="fulfilment-form__note">
        The parent can no longer pay for it. The child&apos;s photo is deleted 30 days after the order was placed.
      </p>
      {error && (
        <p className="admin-alert admin-alert--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="fulfilment-form__buttons">
        <button
          type="button"
          ref={confirmRef}
          className="button button--primary button--small fulfilment-danger-solid"
          onClick={onConfirm}
          aria-disabled={loading}
        >
          {loading ? 'Cancelling…' : 'Yes, cancel the order'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            clearError();
            setOpen(false);
          }}
        >
          Keep the order
        </button>
      </div>
    </div>
  );
}
