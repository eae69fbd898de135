import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';

import { graphql } from '../../gql';
import { Spinner } from '../../ui/Spinner';
import { PlanCard } from './PlanCard';
import './pricing.css';

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
        features
      }
    }
  }
`);

export function PricingSection({ id }: { id: string }) {
  const { data, loading, refetch } = useQuery(PRICING_PLANS_QUERY);

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
