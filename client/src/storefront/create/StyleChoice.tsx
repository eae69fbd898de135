import type { OrderFormCatalogueQuery } from '../../gql/graphql';
import { BookCover } from '../cover/BookCover';
import { coverStyleOf } from '../cover/style-art';
import { ChoiceCard } from './ChoiceCard';
import type { FormSectionProps } from './form-section-props';

type BookStyle = OrderFormCatalogueQuery['catalogue']['bookStyles'][number];

interface StyleChoiceProps extends Pick<FormSectionProps, 'values' | 'update'> {
  styles: BookStyle[];
}

/** A line that helps a parent picture each style; styles without one just show their name. */
const STYLE_NOTES: Record<string, string> = {
  classic: 'Soft watercolors, like a bedtime favorite',
  adventure: 'Bold colors, maps and wide-open landscapes',
  fairytale: 'Castles, sparkles and gentle magic',
  superhero: 'Comic-book panels, capes and big action',
};

export function StyleChoice({ styles, values, update }: StyleChoiceProps) {
  return (
    <fieldset className="style-choice">
      <legend className="field__label">Illustration style</legend>
      <p className="field__hint">How the pictures in your printed book will look.</p>
      <div className="choice-grid choice-grid--styles">
        {styles.map((style) => (
          <ChoiceCard
            key={style.value}
            name="bookStyle"
            value={style.value}
            checked={values.bookStyle === style.value}
            onChange={(value) => update('bookStyle', value)}
            icon={<BookCover className="style-sample" style={coverStyleOf(style.value)} />}
            label={style.label}
            details={STYLE_NOTES[style.value]}
          />
        ))}
      </div>
    </fieldset>
  );
}
