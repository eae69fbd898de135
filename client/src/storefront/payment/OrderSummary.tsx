import { type ReactNode, Suspense } from 'react';

import { ArrivalNote, type PrintedDelivery } from '../../ui/arrival-window';
import { EmailAddress } from '../../ui/EmailAddress';
import { formatPrice } from '../../ui/formatPrice';
import { lazyComponent } from '../../ui/lazy-component';
import type { PostalAddressFields } from '../../ui/PostalAddress';

// The cover is drawn only on this page's client, from the order's own photo link.
const CoverPreview = lazyComponent(() => import('../cover/CoverPreview').then((module) => module.default));

/** Fetches the cover's code, so that a summary rendered once it is in shows the cover at once. */
export const loadCoverPreview = () => CoverPreview.load();

export type SummaryAddress = PostalAddressFields;

export interface SummaryOrder {
  title: string;
  childName: string;
  amountCents: number;
  /** What the payment is for: every book of the checkout; `amountCents` when absent. */
  totalCents?: number | null;
  /** The book's price before a discount code; the total is `amountCents`. */
  listPriceCents?: number | null;
  discount?: { code: string; amountCents: number } | null;
  currency: string;
  bookFormat: string;
  moral?: string | null;
  bookStyle?: string | null;
  email?: string | null;
  photoUrl?: string | null;
  shippingAddress?: SummaryAddress | null;
  shippingIncluded?: boolean | null;
}

export interface SummaryLabels {
  /** Life lesson value -> label, from the catalogue. */
  lessons: Record<string, string>;
  /** Style value -> label, from the catalogue. */
  styles: Record<string, string>;
}

export function addressLines(address: SummaryAddress): string[] {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.fullName, address.streetAddress, address.addressLine2 ?? '', cityLine, address.country].filter(Boolean);
}

/**
 * What is being bought and what it costs, so the parent can check it before paying: the
 * photo, the child's name, lesson, format and style, where the e-mails and the book go. The
 * amount is always the order's own, from the server.
 */
export function OrderSummary({
  order,
  delivery,
  arrival = null,
  labels,
  books = null,
  several = false,
  actions = null,
}: {
  order: SummaryOrder;
  delivery: string | null;
  /** A printed book's promise, shown as the dates it arrives between if paid now. */
  arrival?: PrintedDelivery | null;
  labels?: SummaryLabels;
  /** The checkout's books and their family discount (CheckoutBookList). */
  books?: ReactNode;
  /** Whether the checkout holds several books: the list then stands for the book's own price line. */
  several?: boolean;
  /** What the parent may do with the checkout (add a book), under the total. */
  actions?: ReactNode;
}) {
  const printed = order.bookFormat === 'printed';
  const lesson = order.moral ? (labels?.lessons[order.moral] ?? order.moral) : null;
  const style = printed && order.bookStyle ? (labels?.styles[order.bookStyle] ?? order.bookStyle) : null;

  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__heading" tabIndex={-1}>
        Order Summary
      </h2>
      <div className="payment-summary__item">
        {order.photoUrl ? (
          <img className="payment-summary__photo" src={order.photoUrl} alt={`The photo of ${order.childName}`} />
        ) : (
          <svg className="payment-summary__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path d="M24 12C19 8 11 7 5 9v29c6-2 14-1 19 3Z" fill="#f1eaff" stroke="#6c3ce1" strokeWidth="2.5" />
            <path d="M24 12c5-4 13-5 19-3v29c-6-2-14-1-19 3Z" fill="#fff1d6" stroke="#6c3ce1" strokeWidth="2.5" />
            <path d="M24 12v29" stroke="#6c3ce1" strokeWidth="2.5" />
          </svg>
        )}
        <div>
          <p className="payment-summary__title">{order.title}</p>
          <p className="payment-summary__hero">Starring {order.childName}</p>
        </div>
      </div>
      <dl className="payment-summary__details">
        {lesson && (
          <div>
            <dt>Life lesson</dt>
            <dd>{lesson}</dd>
          </div>
        )}
        {style && (
          <div>
            <dt>Illustration style</dt>
            <dd>{style}</dd>
          </div>
        )}
        {order.email && (
          <div>
            <dt>E-mail</dt>
            <dd className="payment-summary__email">
              <EmailAddress email={order.email} />
            </dd>
          </div>
        )}
        {printed && order.shippingAddress && (
          <div>
            <dt>Ship to</dt>
            <dd>
              {addressLines(order.shippingAddress).map((line) => (
                <span key={line} className="payment-summary__address-line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {delivery && <p className="payment-summary__delivery">{delivery}</p>}
      {printed && arrival && (
        <p className="payment-summary__delivery payment-summary__arrival">
          {/* "Shipping included" is said with the total, below. */}
          <ArrivalNote delivery={arrival} shippingIncluded={false} />
        </p>
      )}
      {books}
      {order.discount && (
        <dl className="payment-summary__discounts">
          {!several && (
            <div className="payment-summary__discount">
              <dt>Book</dt>
              <dd className="payment-summary__list-price">
                {formatPrice(order.listPriceCents ?? order.amountCents + order.discount.amountCents, order.currency)}
              </dd>
            </div>
          )}
          <div className="payment-summary__discount payment-summary__discount--code">
            <dt>Discount code {order.discount.code}</dt>
            <dd>−{formatPrice(order.discount.amountCents, order.currency)}</dd>
          </div>
        </dl>
      )}
      <dl className="payment-summary__total">
        <dt>Total</dt>
        <dd>{formatPrice(order.totalCents ?? order.amountCents, order.currency)}</dd>
      </dl>
      <p className="payment-summary__note">
        {printed && order.shippingIncluded ? 'Shipping included. ' : ''}One-time payment in {order.currency}. No subscription.
      </p>
      {actions}
      {order.photoUrl && (
        <Suspense fallback={null}>
          <CoverPreview
            compact
            childName={order.childName}
            bookStyle={printed ? order.bookStyle : null}
            photoUrl={order.photoUrl}
            lesson={lesson}
          />
        </Suspense>
      )}
    </section>
  );
}
