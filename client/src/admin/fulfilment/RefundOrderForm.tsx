import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState, useLayoutEffect } from 'react';

import { formatAmount } from '../order-format';
import { FULFILMENT_MESSAGES } from './fulfilment-messages';
import { REFUND_ORDER_MUTATION } from './fulfilment-operations';
import { REFRESH_AFTER_ACTION, useOrderAction } from './use-order-action';

interface RefundOrderFormProps {
  order: { id: string; email: string; amountCents: number; refundableCents: number; currency: string };
  onRefunded(message: string): void;
}

/** "12.50" (or "$12.50", "12") as integer cents; null for anything else. */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * "Refund order", then a confirmation that names the amount (all that is left, or less) and the
 * parent's e-mail and asks for the reason the parent will read. Nothing is sent until the owner confirms.
 */
export function RefundOrderForm({ order, onRefunded }: RefundOrderFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [amountText, setAmountText] = useState((order.refundableCents / 100).toFixed(2));
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [refund, { loading }] = useMutation(REFUND_ORDER_MUTATION, { refetchQueries: REFRESH_AFTER_ACTION });
  const { run, error, clearError } = useOrderAction({
    failed: FULFILMENT_MESSAGES.refundFailed,
    error: FULFILMENT_MESSAGES.refundError,
  });
  const typedCents = parseDollars(amountText);
  const cents = typedCents ?? order.refundableCents;
  const partial = cents < order.refundableCents;
  const amount = formatAmount(cents, order.currency);

  useLayoutEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);

  function openForm() {
    // All that is left now, whatever was refunded since the panel first showed.
    setAmountText((order.refundableCents / 100).toFixed(2));
    setAmountProblem(null);
    setOpen(true);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (typedCents === null || typedCents < 1) {
      setAmountProblem(FULFILMENT_MESSAGES.amountInvalid);
      return;
    }
    if (typedCents > order.refundableCents) {
      setAmountProblem(FULFILMENT_MESSAGES.amountTooLarge(formatAmount(order.refundableCents, order.currency)));
      return;
    }
    setAmountProblem(null);
    let status: string | undefined;
    // All that is left goes as no amount: the server refunds what is left then, whatever happened meanwhile.
    const amountCents = partial ? typedCents : null;
    const ok = await run(async () => {
      const payload = (await refund({ variables: { orderId: order.id, reason, amountCents } })).data?.refundOrder;
      status = payload?.order?.status;
      return payload;
    });
    // A pending refund leaves the order as it is until the provider says the money went back.
    if (ok) {
      onRefunded(
        partial
          ? FULFILMENT_MESSAGES.partlyRefunded(amount)
          : status === 'Refunded'
            ? FULFILMENT_MESSAGES.refunded
            : FULFILMENT_MESSAGES.refundPending,
      );
    }
  }

  if (!open) {
    return (
      <button type="button" className="button button--secondary button--small fulfilment-danger" onClick={openForm}>
        Refund order
      </button>
    );
  }
  const errorId = `${id}-error`;
  return (
    <form className="fulfilment-form fulfilment-form--confirm" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="fulfilment-form__title">
        Refund {amount} to {order.email}?
      </h4>
      <p className="fulfilment-form__note">
        {partial
          ? 'This part goes back to the card it came from; the order keeps its status. This cannot be undone.'
          : 'All that is left of the payment goes back to the card it came from and the order becomes Refunded. This cannot be undone.'}
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-amount`} className="admin-field__label">
          Amount to refund (at most {formatAmount(order.refundableCents, order.currency)})
        </label>
        <input
          id={`${id}-amount`}
          className="admin-field__control fulfilment-form__amount"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          {...(amountProblem || error?.field === 'amountCents'
            ? { 'aria-invalid': true, 'aria-describedby': amountProblem ? `${id}-amount-error` : errorId }
            : {})}
        />
        {amountProblem && (
          <p id={`${id}-amount-error`} className="admin-alert admin-alert--error" role="alert">
            {amountProblem}
          </p>
        )}
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-reason`} className="admin-field__label">
          Reason (the parent reads it in the refund e-mail)
        </label>
        <textarea
          id={`${id}-reason`}
          ref={reasonRef}
          className="admin-field__control fulfilment-form__reason"
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...(error?.field === 'reason' ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
      </div>
      {error && (
        <p id={errorId} className="admin-alert admin-alert--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="fulfilment-form__buttons">
        <button type="submit" className="button button--primary button--small fulfilment-danger-solid" aria-disabled={loading}>
          {loading ? 'Refunding…' : `Refund ${amount}`}
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
    </form>
  );
}
