import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';

import { graphql } from '../../gql';
import { Spinner } from '../../ui/Spinner';
import { PlanCard } from './PlanCard';

export const PRICING_PLANS_QUERY = graphql(`
  query PricingPlans {
    catalogue {
      currency
      plans {
        format
        title
        priceCents
        recommended
        description
        delivery
        features
      }
    }
  }
`);

export function PricingSection({ id }: { id: string }) {
  const { data, loading, error, refetch } = useQuery(PRICING_PLANS_QUERY);

  let body;
  if (data) {
    const { currency, plans } = data.catalogue;
    body = (
      <div className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.format} plan={plan} currency={currency} />
        ))}
      </div>
    );
  } else if (loading) {
    body = <Spinner label="Loading prices…" />;
  } else {
    body = (
      <div className="alert alert--error" role="alert">
        <p>We couldn't load our prices right now. Please try again.</p>
        {error && <p className="muted">{error.message}</p>}
        <button type="button" className="button button--secondary" onClick={() => refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  }

  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        Simple, One-Time Pricing
      </h2>
      {body}
      <p className="section__note">
        <Link to="/contact">Contact us for custom packages</Link>
      </p>
    </section>
  );
}
