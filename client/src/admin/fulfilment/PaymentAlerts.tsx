import { useMutation } from '@apollo/client/react';
import { useState } from 'react';

import type { OrderFulfilmentFragment } from '../../gql/graphql';
import { formatAmount, formatDateTime } from '../order-format';
import { FULFILMENT_MESSAGES } from './fulfilment-messages';
import { REFUND_EXTRA_CHARGE_MUTATION } from './fulfilment-operations';
import { REFRESH_AFTER_ACTION, useOrderAction } from './use-order-action';

type Alert = OrderFulfilmentFragment['paymentAlerts'][number];

/**
 * Extra charges the order picked up (a second payment): each with its refund button for an owner
 * (a studio member sees the alert, to tell an owner); the status does not change.
 */
export function PaymentAlerts({
  order,
  onRefunded,
  canRefund,
}: {
  order: OrderFulfilmentFragment;
  onRefunded(message: string): void;
  canRefund: boolean;
}) {
  if (order.paymentAlerts.length === 0) return null;
  return (
    <div className="payment-alerts" role="group" aria-label="Needs attention">
      {order.paymentAlerts.map((alert) => (
        <PaymentAlertItem
          key={alert.paymentId}
          orderId={order.id}
          currency={order.currency}
          alert={alert}
          onRefunded={onRefunded}
          canRefund={canRefund}
        />
      ))}
    </div>
  );
}

function PaymentAlertItem({
  orderId,
  currency,
  alert,
  onRefunded,
  canRefund,
}: {
  orderId: string;
  currency: string;
  alert: Alert;
  onRefunded(message: string): void;
  canRefund: boolean;
}) {
  const [refund, { loading }] = useMutation(REFUND_EXTRA_CHARGE_MUTATION, { refetchQueries: REFRESH_AFTER_ACTION });
  const { run, error } = useOrderAction({ failed: FULFILMENT_MESSAGES.extraFailed, error: FULFILMENT_MESSAGES.extraError });
  const [pending, setPending] = useState(false);

  async function onClick() {
    if (loading || pending) return;
    setPending(true);
    const ok = await run(
      async () => (await refund({ variables: { orderId, paymentId: alert.paymentId } })).data?.refundExtraCharge,
    );
    setPending(false);
    if (ok) onRefunded(FULFILMENT_MESSAGES.extraRefunded);
  }

  return (
    <div className="payment-alert">
      <p className="payment-alert__text">
        <strong>Needs attention:</strong> an extra charge
        {alert.amountCents != null ? ` of ${formatAmount(alert.amountCents, currency)}` : ''} was taken on{' '}
        <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>. {alert.reason}
        <br />
        Payment <code className="order-detail__code">{alert.paymentId}</code>
      </p>
      {error && (
        <p className="admin-alert admin-alert--error" role="alert">
          {error.message}
        </p>
      )}
      {canRefund ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onClick}
          aria-disabled={loading || pending}
        >
          {loading || pending ? 'Refunding…' : 'Refund extra charge'}
        </button>
      ) : (
        <p className="muted">An owner of the shop can refund it.</p>
      )}
    </div>
  );
}
