import { fieldAria, type FormSectionProps } from './form-section-props';
import type { AddressField } from './order-form-values';

interface ShippingFieldsProps extends FormSectionProps {
  countries: string[];
}

interface TextFieldSpec {
  field: Exclude<AddressField, 'country'>;
  id: string;
  label: string;
  autoComplete: string;
  wide?: boolean;
}

// Labels are the shop's contract with its browser tests; autocomplete lets phones fill them.
const TEXT_FIELDS: TextFieldSpec[] = [
  { field: 'fullName', id: 'ship-full-name', label: 'Full name', autoComplete: 'shipping name', wide: true },
  { field: 'streetAddress', id: 'ship-street', label: 'Street address', autoComplete: 'shipping street-address', wide: true },
  { field: 'city', id: 'ship-city', label: 'City', autoComplete: 'shipping address-level2' },
  { field: 'state', id: 'ship-state', label: 'State / Province', autoComplete: 'shipping address-level1' },
  { field: 'zipCode', id: 'ship-zip', label: 'ZIP / Postal code', autoComplete: 'shipping postal-code' },
];

export function ShippingFields({ values, update, countries, ...aria }: ShippingFieldsProps) {
  return (
    <div className="shipping">
      <h3 className="shipping__title">Shipping address</h3>
      <p className="field__hint">Where should we send the printed book? It arrives in 7-10 business days.</p>
      <div className="field-grid">
        {TEXT_FIELDS.map((spec) => (
          <div key={spec.field} className={spec.wide ? 'field field--full' : 'field'}>
            <label className="field__label" htmlFor={spec.id}>
              {spec.label}
            </label>
            <input
              id={spec.id}
              className="field__control"
              type="text"
              name={spec.field}
              autoComplete={spec.autoComplete}
              required
              value={values[spec.field]}
              onChange={(event) => update(spec.field, event.target.value)}
              {...fieldAria(aria, spec.field)}
            />
          </div>
        ))}
        <div className="field">
          <label className="field__label" htmlFor="ship-country">
            Country
          </label>
          <select
            id="ship-country"
            className="field__control field__control--select"
            name="country"
            autoComplete="shipping country-name"
            required
            value={values.country}
            onChange={(event) => update('country', event.target.value)}
            {...fieldAria(aria, 'country', 'ship-country-note')}
          >
            {countries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
          <p id="ship-country-note" className="field__hint field__hint--note">
            Shipping currently limited to North America
          </p>
        </div>
      </div>
    </div>
  );
}
