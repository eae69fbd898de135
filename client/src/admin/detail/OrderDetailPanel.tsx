import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef } from 'react';

import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { StatusBadge } from '../dashboard/StatusBadge';
import { shortOrderId } from '../order-format';
import { useExpireOnUnauthenticated } from '../session/use-expire-on-unauthenticated';
import { OrderDetailContent } from './OrderDetailContent';
import { ORDER_DETAIL_QUERY } from './order-detail-operations';

export const DETAIL_MESSAGES = {
  failed: 'Failed to load the order',
  notFound: 'Order not found.',
} as const;

interface OrderDetailPanelProps {
  orderId: string;
  /** Where focus goes back to when the panel closes (the Details button that opened it). */
  returnFocusTo: HTMLElement | null;
  onClose(): void;
}

/**
 * A modal side panel with one order. The page behind it is inert while it is open (so focus
 * stays inside), Escape or the close button shut it, and focus returns to what opened it.
 */
export function OrderDetailPanel({ orderId, returnFocusTo, onClose }: OrderDetailPanelProps) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Always asks the server too: e-mails and history change behind the admin's back.
  const { data, loading, error } = useQuery(ORDER_DETAIL_QUERY, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
  });
  const expired = useExpireOnUnauthenticated(error);
  const order = data?.order ?? null;

  useEffect(() => {
    headingRef.current?.focus();
    return () => {
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [returnFocusTo]);

  // The page behind stays put while the panel scrolls.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  let body;
  if (order) body = <OrderDetailContent order={order} />;
  else if (loading || expired) body = <Spinner label="Loading order…" />;
  else if (error)
    body = (
      <p className="admin-alert admin-alert--error" role="alert">
        {DETAIL_MESSAGES.failed}
      </p>
    );
  else body = <p className="muted">{DETAIL_MESSAGES.notFound}</p>;

  return (
    <div className="order-panel">
      <div className="order-panel__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="order-panel__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="order-panel__header">
          <div className="order-panel__heading">
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="order-panel__title">
              {order
                ? order.childName
                  ? `${order.childName}'s order`
                  : `Order ${shortOrderId(orderId)}`
                : `Order ${shortOrderId(orderId)}`}
            </h2>
            {order && (
              <p className="order-panel__subtitle">
                <span title={order.id}>Order {shortOrderId(order.id)}</span>
                <StatusBadge status={order.status} />
              </p>
            )}
          </div>
          <button type="button" className="admin-icon-button" onClick={onClose} aria-label="Close order details">
            <Icon name="close" size={22} />
          </button>
        </header>
        <div className="order-panel__body">{body}</div>
      </div>
    </div>
  );
}
