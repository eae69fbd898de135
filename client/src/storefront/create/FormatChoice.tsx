import type { OrderFormCatalogueQuery } from '../../gql/graphql';
import { formatPrice } from '../../ui/formatPrice';
import { ChoiceCard } from './ChoiceCard';
import { FormatIcon } from './choice-icons';
import type { FormSectionProps } from './form-section-props';
import { KeepRangesTogether } from './KeepRangesTogether';
import { isBookFormat } from './order-form-values';

type Catalogue = OrderFormCatalogueQuery['catalogue'];

interface FormatChoiceProps extends Pick<FormSectionProps, 'values' | 'update'> {
  plans: Catalogue['plans'];
  currency: string;
  labelledBy: string;
}

export function FormatChoice({ plans, currency, values, update, labelledBy }: FormatChoiceProps) {
  return (
    <div className="choice-grid choice-grid--formats" role="radiogroup" aria-labelledby={labelledBy}>
      {plans.map((plan) => (
        <ChoiceCard
          key={plan.format}
          size="large"
          name="bookFormat"
          value={plan.format}
          checked={values.bookFormat === plan.format}
          onChange={(value) => {
            if (isBookFormat(value)) update('bookFormat', value);
          }}
          icon={<FormatIcon format={plan.format} />}
          label={plan.title}
          badge={plan.recommended ? 'Most Popular' : undefined}
          details={
            <>
              <span className="choice-card__price">
                <strong>{formatPrice(plan.priceCents, currency)}</strong> one-time
              </span>
              <span className="choice-card__delivery">
                <KeepRangesTogether text={plan.delivery} />
              </span>
            </>
          }
        />
      ))}
    </div>
  );
}
