import { Link } from 'react-router-dom';

import type { PricingPlansQuery } from '../../gql/graphql';
import { formatPrice } from '../../ui/formatPrice';

type Plan = PricingPlansQuery['catalogue']['plans'][number];

const FORMAT_LABELS: Record<Plan['format'], string> = {
  digital: 'Digital',
  printed: 'Printed',
};

export function PlanCard({ plan, currency }: { plan: Plan; currency: string }) {
  const className = plan.recommended ? 'plan plan--recommended' : 'plan';

  return (
    <article className={className} aria-labelledby={`plan-${plan.format}-title`}>
      {plan.recommended && <p className="plan__badge">Most Popular</p>}
      <p className="plan__format">{FORMAT_LABELS[plan.format]}</p>
      <h3 id={`plan-${plan.format}-title`} className="plan__title">
        {plan.title}
      </h3>
      <p className="plan__price">
        <span className="plan__amount">{formatPrice(plan.priceCents, currency)}</span>{' '}
        <span className="plan__period">one-time</span>
      </p>
      <p className="plan__description">{plan.description}</p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className="plan__delivery">{plan.delivery}</p>
      <Link
        to={`/create?type=${encodeURIComponent(plan.format)}`}
        className={plan.recommended ? 'button button--primary' : 'button button--secondary'}
      >
        Choose {FORMAT_LABELS[plan.format]}
      </Link>
    </article>
  );
}
