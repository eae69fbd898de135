import { useQuery } from '@apollo/client/react';
import { Link, useLocation, useParams } from 'react-router-dom';

import { useRouteData } from '../../route-data';
import { Spinner } from '../../ui/Spinner';
import { HeadMeta } from '../../ui/head';
import { PageTitle } from '../../ui/PageTitle';
import { ORDER_MESSAGES } from './order-page-messages';
import { ORDER_PAGE_QUERY } from './order-page-operations';
import { OrderView } from './OrderView';
import './order-page.css';

/** Keeps the private address out of search engines and out of the Referer header of every link and image on the page. */
export function PrivatePageMeta() {
  return (
    <>
      <HeadMeta name="robots" content="noindex" />
      <HeadMeta name="referrer" content="no-referrer" />
    </>
  );
}

/** Set by the page after a new link was made, so the new page says so once. */
export interface OrderPageState {
  renewed?: boolean;
}

/**
 * /order/:token (and the older /video/:token): the parent's private page for one order. The
 * token in the address is the only key, so the page keeps out of search engines and sends no
 * referrer, and its signed links are asked for fresh on every visit: the server puts them in the
 * page it sends (route-data.ts), and the page asks for them itself on any later visit.
 */
export function OrderPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const renewed = (location.state as OrderPageState | null)?.renewed === true;
  const fromPage = useRouteData(ORDER_PAGE_QUERY, { token });
  const { data, loading, error, refetch } = useQuery(ORDER_PAGE_QUERY, {
    variables: { token },
    fetchPolicy: fromPage ? 'cache-first' : 'network-only',
  });
  const order = data?.orderPage;

  let body;
  if (order && data) {
    body = <OrderView order={order} catalogue={data.catalogue} token={token} renewed={renewed} />;
  } else if (loading) {
    body = <Spinner label={ORDER_MESSAGES.loading} />;
  } else if (error) {
    body = <LoadFailed title="Your order" onRetry={() => void refetch().catch(() => undefined)} />;
  } else {
    body = <InvalidLink />;
  }

  return (
    <section className="order-page">
      <PrivatePageMeta />
      <div className="order-page__inner">{body}</div>
    </section>
  );
}

/** The page could not be read (the network, the server): say so, and offer to try again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry(): void }) {
  return (
    <div role="alert" className="order-page__message">
      <PageTitle>{title}</PageTitle>
      <h1 className="order-page__title">{ORDER_MESSAGES.loadFailed}</h1>
      <p className="order-page__lead">Please check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/** A token that opens no order: say so, and offer Find my order. */
export function InvalidLink() {
  return (
    <div className="order-page__message">
      <PageTitle>Link not valid</PageTitle>
      <h1 className="order-page__title">{ORDER_MESSAGES.invalidTitle}</h1>
      <p className="order-page__lead">{ORDER_MESSAGES.invalidLead}</p>
      <div className="order-page__actions">
        <Link to="/order" className="button button--primary">
          {ORDER_MESSAGES.findMyOrder}
        </Link>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
