import { type ReactNode, useId } from 'react';

interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  /** The radio's accessible name: kept to the label alone so it reads e.g. "Kindness". */
  label: ReactNode;
  /** A decorative picture (an icon, a swatch) shown before the label. */
  icon?: ReactNode;
  /** Extra lines (price, delivery) read as the radio's description. */
  details?: ReactNode;
  badge?: ReactNode;
  /** Marks the radio and points it at the error; the radio group itself carries aria-invalid. */
  invalid?: boolean;
  errorId?: string;
  size?: 'small' | 'large';
}

/**
 * A radio drawn as a card: the whole card is the click/touch target, the real radio stays
 * visible (and hit-testable) in its corner, so keyboard, screen readers and tests all see a
 * plain radio input.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  label,
  icon,
  details,
  badge,
  invalid = false,
  errorId,
  size = 'small',
}: ChoiceCardProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const detailsId = `${id}-details`;
  const describedBy = [details || badge ? detailsId : null, invalid ? errorId : null].filter(Boolean).join(' ');

  return (
    <label className={`choice-card choice-card--${size}${checked ? ' choice-card--checked' : ''}`}>
      <input
        className={`choice-card__input${invalid ? ' choice-card__input--invalid' : ''}`}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-labelledby={labelId}
        aria-describedby={describedBy || undefined}
      />
      {icon && (
        <span className="choice-card__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="choice-card__text">
        <span id={labelId} className="choice-card__label">
          {label}
        </span>
        {(details || badge) && (
          <span id={detailsId} className="choice-card__details">
            {badge && <span className="choice-card__badge">{badge}</span>}
            {details}
          </span>
        )}
      </span>
    </label>
  );
}
