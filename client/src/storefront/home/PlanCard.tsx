import { Link } from 'react-router-dom';

import type { PricingPlansQuery } from '../../gql/graphql';
import { formatPrice } from '../../ui/formatPrice';
import { Icon } from '../../ui/Icon';

type Plan = PricingPlansQuery['catalogue']['plans'][number];

const FORMAT_LABELS: Record<Plan['format'], string> = {
  digital: 'Digital',
  printed: 'Printed',
};

export function PlanCard({ plan, currency }: { plan: Plan; currency: string }) {
  const className = plan.recommended ? 'plan plan--recommended' : 'plan';
  const titleId = `plan-${plan.format}-title`;

  return (
    <article className={className} aria-labelledby={titleId}>
      {plan.recommended && <p className="plan__badge">Most Popular</p>}
      <div className="plan__art" aria-hidden="true">
        <Icon name={plan.format === 'printed' ? 'book' : 'mail'} size={28} />
      </div>
      <p className="plan__format">{FORMAT_LABELS[plan.format]}</p>
      <h3 id={titleId} className="plan__title">
        {plan.title}
      </h3>
      <p className="plan__price">
        <span className="plan__amount">{formatPrice(plan.priceCents, currency)}</span>{' '}
        <span className="plan__period">one-time</span>
      </p>
      <p className="plan__description">{plan.description}</p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={18} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        to={`/create?type=${encodeURIComponent(plan.format)}`}
        className={plan.recommended ? 'button button--primary' : 'button button--secondary'}
      >
        Choose {FORMAT_LABELS[plan.format]}
      </Link>
    </article>
  );
}
