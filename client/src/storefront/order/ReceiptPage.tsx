import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';

import { formatPriceToTheCent } from '../../ui/formatPrice';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { formatDay } from './order-page-messages';
import { RECEIPT_QUERY } from './order-page-operations';
import { LoadFailed, PrivatePageMeta } from './OrderPage';
import './order-page.css';

export const RECEIPT_MESSAGES = {
  loading: 'Loading your receipt…',
  notFound: 'This receipt link is not valid.',
  notFoundLead: 'Please use the link in your order confirmation e-mail, or the one on your order page.',
  print: 'Print or save as PDF',
  home: 'Back to Home',
} as const;

/**
 * /receipt/:orderId/:signature: what the parent paid, on a page of its own to print or keep (the
 * browser's print saves it as a PDF). Its link opens the receipt and nothing else, so it can be
 * forwarded; it stays out of search engines and sends no referrer, like the order page.
 */
export function ReceiptPage() {
  const { orderId = '', signature = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(RECEIPT_QUERY, {
    variables: { orderId, signature },
    fetchPolicy: 'network-only',
  });
  const receipt = data?.receipt;

  let body;
  if (receipt) {
    // A receipt shows every amount to the cent ($50.00), as accounts keep it.
    const money = (cents: number) => formatPriceToTheCent(cents, receipt.currency);
    body = (
      <article className="receipt" aria-labelledby="receipt-title">
        <PageTitle>{`Receipt ${receipt.number}`}</PageTitle>
        <header className="receipt__header">
          <div>
            <p className="receipt__shop">{receipt.shopName}</p>
            {receipt.shopAddress.length > 0 && (
              <address className="receipt__address">
                {receipt.shopAddress.map((line, index) => (
                  <span key={index}>
                    {index > 0 && <br />}
                    {line}
                  </span>
                ))}
              </address>
            )}
          </div>
          <h1 id="receipt-title" className="receipt__title">
            Receipt
          </h1>
        </header>
        <dl className="receipt__facts">
          <div>
            <dt>Receipt number</dt>
            <dd>{receipt.number}</dd>
          </div>
          <div>
            <dt>Paid on</dt>
            <dd>
              <time dateTime={receipt.paidAt}>{formatDay(receipt.paidAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Billed to</dt>
            <dd>{receipt.billedTo}</dd>
          </div>
          <div>
            <dt>Paid with</dt>
            <dd>{receipt.paidWith}</dd>
          </div>
        </dl>
        <table className="receipt__lines">
          <caption className="visually-hidden">What was bought</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="receipt__amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.description}>
                <td>{line.description}</td>
                <td className="receipt__amount">{money(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total paid</th>
              <td className="receipt__amount">{money(receipt.totalCents)}</td>
            </tr>
            {receipt.refunds.map((refund, index) => (
              <tr key={index}>
                <th scope="row">Refunded on {formatDay(refund.refundedAt)}</th>
                <td className="receipt__amount">−{money(refund.amountCents)}</td>
              </tr>
            ))}
            {receipt.refundedCents > 0 && (
              <tr>
                <th scope="row">Paid after refunds</th>
                <td className="receipt__amount">{money(receipt.totalCents - receipt.refundedCents)}</td>
              </tr>
            )}
          </tfoot>
        </table>
        <div className="receipt__actions">
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {RECEIPT_MESSAGES.print}
          </button>
        </div>
      </article>
    );
  } else if (loading) {
    body = <Spinner label={RECEIPT_MESSAGES.loading} />;
  } else if (error) {
    body = <LoadFailed title="Receipt" onRetry={() => void refetch().catch(() => undefined)} />;
  } else {
    body = (
      <div className="order-page__message">
        <PageTitle>Receipt</PageTitle>
        <h1 className="order-page__title">{RECEIPT_MESSAGES.notFound}</h1>
        <p className="order-page__lead">{RECEIPT_MESSAGES.notFoundLead}</p>
        <div className="order-page__actions">
          <Link to="/" className="button button--secondary">
            {RECEIPT_MESSAGES.home}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <section className="order-page order-page--receipt">
      <PrivatePageMeta />
      <div className="order-page__inner">{body}</div>
    </section>
  );
}
