import type { OrderFulfilmentFragment } from '../../gql/graphql';
import { formatAmount, formatDateTime } from '../order-format';

type Refund = OrderFulfilmentFragment['refunds'][number];

const WAITING = new Set(['requested', 'unconfirmed', 'pending']);
const FAILED = new Set(['failed', 'canceled']);

/**
 * Refunds that have not (or not yet) given the parent their money back: one still pending at the
 * payment provider, and one that failed there (the money is back in the shop's balance) with the
 * provider's reason. A refund that went through needs no word here: the order says Refunded.
 */
export function RefundProblems({ order }: { order: Pick<OrderFulfilmentFragment, 'refunds' | 'currency'> }) {
  const shown = order.refunds.filter((refund) => WAITING.has(refund.status) || FAILED.has(refund.status));
  if (shown.length === 0) return null;
  return (
    <ul className="payment-alerts refund-problems" aria-label="Refunds">
      {shown.map((refund, index) => (
        <li key={`${refund.createdAt}-${index}`} className="payment-alert">
          <RefundLine refund={refund} currency={order.currency} />
        </li>
      ))}
    </ul>
  );
}

function RefundLine({ refund, currency }: { refund: Refund; currency: string }) {
  const amount = formatAmount(refund.amountCents, currency);
  const since = <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>;
  if (FAILED.has(refund.status)) {
    return (
      <p className="payment-alert__text" role="alert">
        <strong>Refund failed:</strong> the refund of {amount} asked for on {since} did not reach the parent
        {refund.failureReason ? ` (${refund.failureReason.replace(/_/g, ' ')})` : ''}. The money is back in the shop&apos;s
        balance: refund again, or reach the parent another way.
      </p>
    );
  }
  return (
    <p className="payment-alert__text">
      <strong>Refund pending:</strong> {amount}, asked for on {since}, is on its way back at the payment provider. The order
      becomes Refunded, and the parent is e-mailed, once it has gone through.
    </p>
  );
}
