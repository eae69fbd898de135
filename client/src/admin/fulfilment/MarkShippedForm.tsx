import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useState } from 'react';

import { CARRIERS, FULFILMENT_MESSAGES, OTHER_CARRIER } from './fulfilment-messages';
import { SHIP_ORDER_MUTATION } from './fulfilment-operations';
import { REFRESH_AFTER_ACTION, useOrderAction } from './use-order-action';

/** For a Completed printed order: the carrier and tracking number; the server checks both and e-mails the parent. */
export function MarkShippedForm({ orderId, onShipped }: { orderId: string; onShipped(message: string): void }) {
  const id = useId();
  const [ship, { loading }] = useMutation(SHIP_ORDER_MUTATION, { refetchQueries: REFRESH_AFTER_ACTION });
  const { run, error } = useOrderAction({ failed: FULFILMENT_MESSAGES.shipFailed, error: FULFILMENT_MESSAGES.shipError });
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const name = carrier === OTHER_CARRIER ? otherCarrier : carrier;
    const ok = await run(async () => (await ship({ variables: { orderId, carrier: name, trackingNumber } })).data?.shipOrder);
    if (ok) onShipped(FULFILMENT_MESSAGES.shipped(name.trim()));
  }

  const errorId = `${id}-error`;
  const invalid = (field: string) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <form className="fulfilment-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="fulfilment-form__title">
        Mark as shipped
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
            spellCheck={false}
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
      <button type="submit" className="button button--primary button--small" aria-disabled={loading}>
        {loading ? 'Saving…' : 'Mark as shipped'}
      </button>
    </form>
  );
}
