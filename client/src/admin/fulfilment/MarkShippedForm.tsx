import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useState } from 'react';

import { CARRIERS, FULFILMENT_MESSAGES, OTHER_CARRIER } from './fulfilment-messages';
import { CORRECT_TRACKING_MUTATION, SHIP_ORDER_MUTATION } from './fulfilment-operations';
import { REFRESH_AFTER_ACTION, useOrderAction } from './use-order-action';

interface MarkShippedFormProps {
  orderId: string;
  onShipped(message: string): void;
  /** `correct`: a Shipped order's wrong carrier or number, replaced (the parent is e-mailed the new ones). */
  mode?: 'ship' | 'correct';
}

/**
 * For a paid printed order: the carrier and tracking number, confirmed before anything is sent
 * (the parent is e-mailed at once); the server checks both. In `correct` mode, the same for a
 * Shipped order whose tracking was wrong.
 */
export function MarkShippedForm({ orderId, onShipped, mode = 'ship' }: MarkShippedFormProps) {
  const id = useId();
  const correcting = mode === 'correct';
  const [ship, shipping] = useMutation(SHIP_ORDER_MUTATION, { refetchQueries: REFRESH_AFTER_ACTION });
  const [correct, correctingNow] = useMutation(CORRECT_TRACKING_MUTATION, { refetchQueries: REFRESH_AFTER_ACTION });
  const loading = shipping.loading || correctingNow.loading;
  const { run, error, clearError } = useOrderAction(
    correcting
      ? { failed: FULFILMENT_MESSAGES.correctFailed, error: FULFILMENT_MESSAGES.correctError }
      : { failed: FULFILMENT_MESSAGES.shipFailed, error: FULFILMENT_MESSAGES.shipError },
  );
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [confirming, setConfirming] = useState(false);
  const name = carrier === OTHER_CARRIER ? otherCarrier : carrier;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    clearError();
    setConfirming(true);
  }

  async function onConfirm() {
    if (loading) return;
    const variables = { orderId, carrier: name, trackingNumber };
    const ok = await run(async () =>
      correcting ? (await correct({ variables })).data?.correctTracking : (await ship({ variables })).data?.shipOrder,
    );
    setConfirming(false);
    if (ok) onShipped((correcting ? FULFILMENT_MESSAGES.corrected : FULFILMENT_MESSAGES.shipped)(name.trim()));
  }

  const errorId = `${id}-error`;
  const invalid = (field: string) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <form className="fulfilment-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="fulfilment-form__title">
        {correcting ? 'Correct the tracking details' : 'Mark as shipped'}
      </h4>
      <div className="fulfilment-form__fields">
        <div className="admin-field">
          <label htmlFor={`${id}-carrier`} className="admin-field__label">
            Carrier
          </label>
          <select
            id={`${id}-carrier`}
            className="admin-field__control admin-field__control--select"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            {...(carrier !== OTHER_CARRIER ? invalid('carrier') : {})}
          >
            {CARRIERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={OTHER_CARRIER}>Other carrier…</option>
          </select>
        </div>
        {carrier === OTHER_CARRIER && (
          <div className="admin-field">
            <label htmlFor={`${id}-other`} className="admin-field__label">
              Carrier name
            </label>
            <input
              id={`${id}-other`}
              className="admin-field__control"
              value={otherCarrier}
              maxLength={32}
              autoComplete="off"
              onChange={(event) => setOtherCarrier(event.target.value)}
              {...invalid('carrier')}
            />
          </div>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-tracking`} className="admin-field__label">
            Tracking number
          </label>
          <input
            id={`${id}-tracking`}
            className="admin-field__control"
            value={trackingNumber}
            maxLength={64}
            autoComplete="off"
            spellCheck="false"
            onChange={(event) => setTrackingNumber(event.target.value)}
            {...invalid('trackingNumber')}
          />
        </div>
      </div>
      {error && (
        <p id={errorId} className="admin-alert admin-alert--error" role="alert">
          {error.message}
        </p>
      )}
      {confirming ? (
        <div className="fulfilment-form__confirm" role="group" aria-label="Confirm">
          <p>
            {correcting ? 'Replace the tracking details with' : 'Ship with'} <strong>{name.trim() || '—'}</strong>, tracking
            number <strong>{trackingNumber.trim() || '—'}</strong>? The parent is e-mailed{' '}
            {correcting ? 'the new details' : 'the tracking link'} at once.
          </p>
          <div className="fulfilment-form__confirm-actions">
            <button
              type="button"
              className="button button--primary button--small"
              aria-disabled={loading}
              onClick={() => void onConfirm()}
            >
              {loading ? 'Saving…' : correcting ? 'Yes, correct and e-mail' : 'Yes, mark as shipped'}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(false)}>
              Go back
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="button button--primary button--small" aria-disabled={loading}>
          {correcting ? 'Correct tracking' : 'Mark as shipped'}
        </button>
      )}
    </form>
  );
}
