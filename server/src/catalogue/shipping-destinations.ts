/**
 * Where printed books go and how each country writes an address: its states or provinces (the
 * codes carriers and the print partner use), its postal code, and the one phone plan both share.
 * The order form, the server's checks and the print partner's address all read these lists.
 */

export interface ShippingRegion {
  /** ISO 3166-2 subdivision code without the country: CA, ON. */
  code: string;
  name: string;
}

export interface ShippingDestination {
  /** As the order stores it and the form shows it: one of SHIPPING_COUNTRIES. */
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** What the form calls a region there: State, Province. */
  regionLabel: string;
  regions: readonly ShippingRegion[];
  /** What the form calls the postal code there. */
  postalLabel: string;
  postalExample: string;
  /** A postal code as a parent may type it (trimmed; letters in either case): an anchored regular expression's source. */
  postalPattern: string;
}

const region = (code: string, name: string): ShippingRegion => ({ code, name });

const US_REGIONS: readonly ShippingRegion[] = [
  region('AL', 'Alabama'),
  region('AK', 'Alaska'),
  region('AZ', 'Arizona'),
  region('AR', 'Arkansas'),
  region('CA', 'California'),
  region('CO', 'Colorado'),
  region('CT', 'Connecticut'),
  region('DE', 'Delaware'),
  region('DC', 'District of Columbia'),
  region('FL', 'Florida'),
  region('GA', 'Georgia'),
  region('HI', 'Hawaii'),
  region('ID', 'Idaho'),
  region('IL', 'Illinois'),
  region('IN', 'Indiana'),
  region('IA', 'Iowa'),
  region('KS', 'Kansas'),
  region('KY', 'Kentucky'),
  region('LA', 'Louisiana'),
  region('ME', 'Maine'),
  region('MD', 'Maryland'),
  region('MA', 'Massachusetts'),
  region('MI', 'Michigan'),
  region('MN', 'Minnesota'),
  region('MS', 'Mississippi'),
  region('MO', 'Missouri'),
  region('MT', 'Montana'),
  region('NE', 'Nebraska'),
  region('NV', 'Nevada'),
  region('NH', 'New Hampshire'),
  region('NJ', 'New Jersey'),
  region('NM', 'New Mexico'),
  region('NY', 'New York'),
  region('NC', 'North Carolina'),
  region('ND', 'North Dakota'),
  region('OH', 'Ohio'),
  region('OK', 'Oklahoma'),
  region('OR', 'Oregon'),
  region('PA', 'Pennsylvania'),
  region('RI', 'Rhode Island'),
  region('SC', 'South Carolina'),
  region('SD', 'South Dakota'),
  region('TN', 'Tennessee'),
  region('TX', 'Texas'),
  region('UT', 'Utah'),
  region('VT', 'Vermont'),
  region('VA', 'Virginia'),
  region('WA', 'Washington'),
  region('WV', 'West Virginia'),
  region('WI', 'Wisconsin'),
  region('WY', 'Wyoming'),
  region('PR', 'Puerto Rico'),
];

const CA_REGIONS: readonly ShippingRegion[] = [
  region('AB', 'Alberta'),
  region('BC', 'British Columbia'),
  region('MB', 'Manitoba'),
  region('NB', 'New Brunswick'),
  region('NL', 'Newfoundland and Labrador'),
  region('NT', 'Northwest Territories'),
  region('NS', 'Nova Scotia'),
  region('NU', 'Nunavut'),
  region('ON', 'Ontario'),
  region('PE', 'Prince Edward Island'),
  region('QC', 'Quebec'),
  region('SK', 'Saskatchewan'),
  region('YT', 'Yukon'),
];

export const SHIPPING_DESTINATIONS: readonly ShippingDestination[] = [
  {
    country: 'United States',
    countryCode: 'US',
    regionLabel: 'State',
    regions: US_REGIONS,
    postalLabel: 'ZIP code',
    postalExample: '12345 or 12345-6789',
    postalPattern: '^\\d{5}([ -]?\\d{4})?$',
  },
  {
    country: 'Canada',
    countryCode: 'CA',
    regionLabel: 'Province or territory',
    regions: CA_REGIONS,
    postalLabel: 'Postal code',
    postalExample: 'K1A 0B6',
    // Canada Post's letters: never D, F, I, O, Q or U; never W or Z first.
    postalPattern: '^[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z][ -]?\\d[ABCEGHJ-NPRSTV-Z]\\d$',
  },
];

export function shippingDestination(country: string): ShippingDestination | undefined {
  return SHIPPING_DESTINATIONS.find((destination) => destination.country === country);
}

/** How the shop stores a valid postal code: "k1a0b6" as "K1A 0B6", "123456789" as "12345-6789". */
export function postalCodeFor(country: string, typed: string): string {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (!isPostalCodeOf(country, typed)) return typed.trim();
  if (country === 'Canada') return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  return compact.length === 9 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

/** Whether a postal code as typed is one of the country's (the order form asks the same of postalPattern). */
export function isPostalCodeOf(country: string, typed: string): boolean {
  const destination = shippingDestination(country);
  return !!destination && new RegExp(destination.postalPattern, 'i').test(typed.trim());
}

/** A state or province as code ("ON", "on") or name ("Ontario"), as its code; null when the country has no such region. */
export function regionCodeOf(country: string, typed: string): string | null {
  const wanted = typed.trim().replace(/\s+/g, ' ').toLowerCase();
  const found = shippingDestination(country)?.regions.find(
    (one) => one.code.toLowerCase() === wanted || one.name.toLowerCase() === wanted,
  );
  return found?.code ?? null;
}

/**
 * A North American phone number for the carrier, as "+1 416-555-0123": ten digits (a leading 1
 * allowed) whose area code and exchange do not start with 0 or 1. Null when it is not one.
 */
export function phoneNumberFor(typed: string): string | null {
  if (!/^[\d\s()+.-]*$/.test(typed)) return null;
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
