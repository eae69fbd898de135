import type { OrderFormCatalogueQuery } from '../../gql/graphql';
import { ArrivalNote } from '../../ui/arrival-window';
import { FieldProblem } from './FieldProblem';
import { fieldAria, type FormSectionProps } from './form-section-props';
import type { AddressField } from './order-form-values';

type Catalogue = OrderFormCatalogueQuery['catalogue'];

/** The address as typed: the order form's, or the order page's when a parent corrects it. */
export type AddressValues = Record<AddressField, string>;

interface ShippingFieldsProps extends Pick<FormSectionProps, 'invalidFields' | 'errorId' | 'errorMessage'> {
  values: AddressValues;
  update: (field: AddressField, value: string) => void;
  catalogue: Pick<Catalogue, 'shippingCountries' | 'shippingDestinations'> & Partial<Pick<Catalogue, 'printedDelivery'>>;
  /** The heading's level: 3 inside the order form's section, 2 on its own. */
  headingLevel?: 2 | 3;
}

/**
 * A state as stored or typed before the region lists ("ON", "ontario") as its code in the
 * country's list, or '' for the parent to choose again.
 */
export function regionCodeIn(destinations: Catalogue['shippingDestinations'], country: string, typed: string): string {
  const wanted = typed.trim().toLowerCase();
  const regions = destinations.find((one) => one.country === country)?.regions ?? [];
  return regions.find((region) => region.code.toLowerCase() === wanted || region.name.toLowerCase() === wanted)?.code ?? '';
}

type TextField = 'fullName' | 'streetAddress' | 'addressLine2' | 'city' | 'zipCode' | 'phone';

interface TextFieldSpec {
  field: TextField;
  id: string;
  label: string;
  autoComplete: string;
  wide?: boolean;
  optional?: boolean;
  type?: 'text' | 'tel';
  hintId?: string;
}

export function ShippingFields({ values, update, catalogue, headingLevel = 3, ...aria }: ShippingFieldsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const destination =
    catalogue.shippingDestinations.find((one) => one.country === values.country) ?? catalogue.shippingDestinations[0];
  const regionLabel = destination?.regionLabel ?? 'State / Province';

  // Labels are the shop's contract with its browser tests; autocomplete lets phones fill them.
  const textField = (spec: TextFieldSpec) => (
    <div key={spec.field} className={spec.wide ? 'field field--full' : 'field'}>
      <label className="field__label" htmlFor={spec.id}>
        {spec.label}
      </label>
      <input
        id={spec.id}
        className="field__control"
        type={spec.type ?? 'text'}
        name={spec.field}
        autoComplete={spec.autoComplete}
        required={!spec.optional}
        value={values[spec.field]}
        onChange={(event) => update(spec.field, event.target.value)}
        {...(spec.field === 'zipCode' && destination?.countryCode === 'CA' ? { autoCapitalize: 'characters' } : {})}
        {...fieldAria(aria, spec.field, spec.hintId)}
      />
      <FieldProblem field={spec.field} {...aria} />
      {spec.field === 'phone' && (
        <p id="ship-phone-hint" className="field__hint">
          Only for the carrier, if they need you to receive the parcel. Deleted once the book ships.
        </p>
      )}
    </div>
  );

  function chooseCountry(country: string) {
    update('country', country);
    const next = catalogue.shippingDestinations.find((one) => one.country === country);
    if (!next?.regions.some((region) => region.code === values.state)) update('state', '');
  }

  return (
    <div className="shipping">
      <Heading className="shipping__title">Shipping address</Heading>
      {catalogue.printedDelivery && (
        <p className="field__hint" id="ship-arrival">
          <ArrivalNote delivery={catalogue.printedDelivery} shippingIncluded={catalogue.printedDelivery.shippingIncluded} />
        </p>
      )}
      <div className="field-grid">
        {textField({ field: 'fullName', id: 'ship-full-name', label: 'Full name', autoComplete: 'shipping name', wide: true })}
        <div className="field field--full">
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
            onChange={(event) => chooseCountry(event.target.value)}
            {...fieldAria(aria, 'country', 'ship-country-note')}
          >
            {catalogue.shippingCountries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
          <FieldProblem field="country" {...aria} />
          <p id="ship-country-note" className="field__hint field__hint--note">
            Shipping currently limited to North America
          </p>
        </div>
        {textField({
          field: 'streetAddress',
          id: 'ship-street',
          label: 'Street address',
          autoComplete: 'shipping address-line1',
          wide: true,
        })}
        {textField({
          field: 'addressLine2',
          id: 'ship-line2',
          label: 'Apartment, suite, unit (optional)',
          autoComplete: 'shipping address-line2',
          wide: true,
          optional: true,
        })}
        {textField({ field: 'city', id: 'ship-city', label: 'City', autoComplete: 'shipping address-level2' })}
        <div className="field">
          <label className="field__label" htmlFor="ship-state">
            {regionLabel}
          </label>
          <select
            id="ship-state"
            className="field__control field__control--select"
            name="state"
            autoComplete="shipping address-level1"
            required
            value={values.state}
            onChange={(event) => update('state', event.target.value)}
            {...fieldAria(aria, 'state')}
          >
            <option value="">Choose…</option>
            {destination?.regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
          <FieldProblem field="state" {...aria} />
        </div>
        {textField({
          field: 'zipCode',
          id: 'ship-zip',
          label: destination?.postalLabel ?? 'ZIP / Postal code',
          autoComplete: 'shipping postal-code',
        })}
        {textField({
          field: 'phone',
          id: 'ship-phone',
          label: 'Phone (optional)',
          autoComplete: 'shipping tel',
          type: 'tel',
          optional: true,
          hintId: 'ship-phone-hint',
        })}
      </div>
    </div>
  );
}
