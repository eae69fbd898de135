/** The order's shipping address as a print partner wants it: ISO country and subdivision codes. */
import type { ShippingAddress } from '../orders/order.entity';
import type { PrintAddress } from './print-partner';

const COUNTRY_CODES: Record<string, string> = { 'United States': 'US', Canada: 'CA' };

/** Names of US states and Canadian provinces as parents type them, to their codes. */
const SUBDIVISIONS: Record<string, string> = Object.fromEntries(
  Object.entries({
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
    PR: 'Puerto Rico',
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  }).map(([code, name]) => [name.toLowerCase(), code]),
);

/** "California", "ca" or "CA" as "CA"; what is neither a code nor a known name is passed on as typed. */
export function subdivisionCode(state: string): string {
  const trimmed = state.trim();
  if (/^[A-Za-z]{2,3}$/.test(trimmed)) return trimmed.toUpperCase();
  return SUBDIVISIONS[trimmed.toLowerCase().replace(/\s+/g, ' ')] ?? trimmed;
}

export function printAddress(address: ShippingAddress, email: string): PrintAddress {
  return {
    name: address.fullName,
    street1: address.streetAddress,
    city: address.city,
    stateCode: subdivisionCode(address.state),
    postcode: address.zipCode,
    countryCode: COUNTRY_CODES[address.country] ?? address.country,
    email,
  };
}
