import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { useApolloClientLater } from '../../apollo-later';
import type { PricingPlansQuery } from '../../gql/graphql';
import { siteData } from '../../site-data';
import { Spinner } from '../../ui/Spinner';
import { PlanCard } from './PlanCard';
import './pricing.css';

type Prices = PricingPlansQuery | null;

/**
 * The plans and prices: from the catalogue the page was built with (the prerendered HTML has
 * them, no round trip), else (the development server) from the catalogue query.
 */
function usePrices(): { data: Prices; loading: boolean; refetch: () => Promise<unknown> } {
  const [fromPage] = useState<Prices>(() => {
    const data = siteData();
    return data ? { catalogue: data.catalogue } : null;
  });
  const [fetched, setFetched] = useState<Prices>(null);
  const [loading, setLoading] = useState(!fromPage);
  const getClient = useApolloClientLater();

  const refetch = useCallback(async () => {
    setLoading(true);
    try {
      const [client, { PRICING_PLANS_QUERY }] = await Promise.all([getClient(), import('./pricing-operations')]);
      const { data } = await client.query({ query: PRICING_PLANS_QUERY, fetchPolicy: 'network-only' });
      setFetched(data ?? null);
    } finally {
      setLoading(false);
    }
  }, [getClient]);

  useEffect(() => {
    if (!fromPage) refetch().catch(() => undefined);
  }, [fromPage, refetch]);

  return { data: fromPage ?? fetched, loading, refetch };
}

export function PricingSection({ id }: { id: string }) {
  const { data, loading, refetch } = usePrices();

  let body;
  if (data) {
    const { currency, plans, familyDiscount } = data.catalogue;
    body = (
      <>
        <div className="plans">
          {plans.map((plan) => (
            <PlanCard key={plan.format} plan={plan} currency={currency} />
          ))}
        </div>
        <p className="plans__family">
          <strong>Family discount:</strong> {familyDiscount.description}, for siblings, cousins or the same child in the other
          format (up to {familyDiscount.maxBooks} books in one checkout).
        </p>
      </>
    );
  } else if (loading) {
    body = <Spinner label="Loading prices…" />;
  } else {
    body = (
      <div className="alert alert--error" role="alert">
        <p>We couldn't load our prices right now. Please try again.</p>
        <button type="button" className="button button--secondary" onClick={() => refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  }

  return (
    <section id={id} className="section section--warm" aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section__header">
          <p className="section__eyebrow">Pricing</p>
          <h2 id={`${id}-title`} className="section__title">
            Simple, One-Time Pricing
          </h2>
          <p className="section__lead">No subscriptions and no surprises: pay once, keep the story forever.</p>
        </header>
        {body}
        <p className="pricing__note">Prices in US dollars. Printed books ship to the United States and Canada.</p>
        <p className="section__note pricing__contact">
          <Link to="/contact" className="link-arrow">
            Contact us for custom packages
          </Link>
        </p>
      </div>
    </section>
  );
}
