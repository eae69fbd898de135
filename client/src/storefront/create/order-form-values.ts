/** What the parent fills in on the order form, exactly as typed (trimmed only when used). */

export type BookFormat = 'digital' | 'printed';

export interface OrderFormValues {
  childPhoto: File | null;
  childName: string;
  /** The age input's text: checked as a whole number in the catalogue's range. */
  childAge: string;
  storyIdea: string;
  /** Optional words printed at the front of the book. */
  dedication: string;
  /** A life lesson's `value` from the catalogue; empty until one is chosen. */
  moral: string;
  bookFormat: BookFormat;
  /** A printed style's `value` from the catalogue. */
  bookStyle: string;
  email: string;
  fullName: string;
  streetAddress: string;
  /** Optional: apartment, suite, unit. */
  addressLine2: string;
  city: string;
  /** A region's code from the country's list (ON, OR). */
  state: string;
  zipCode: string;
  country: string;
  /** Optional: for the carrier. */
  phone: string;
  /** The parent said the book is a gift: the gift fields below count only then. */
  isGift: boolean;
  /** Optional: on a printed book's dedication page, in a digital book's delivery e-mail. */
  giftMessage: string;
  /** Optional, digital books: the day (YYYY-MM-DD, this browser's calendar) the book's e-mail waits for. */
  giftDeliveryDate: string;
  acceptTerms: boolean;
}

/** The shipping fields the spec requires (section 5, rule 6). */
export const ADDRESS_FIELDS = ['fullName', 'streetAddress', 'city', 'state', 'zipCode', 'country'] as const;

/** The shipping fields a parent may leave blank. */
export const OPTIONAL_ADDRESS_FIELDS = ['addressLine2', 'phone'] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number] | (typeof OPTIONAL_ADDRESS_FIELDS)[number];

export function isAddressField(field: string): field is AddressField {
  return ([...ADDRESS_FIELDS, ...OPTIONAL_ADDRESS_FIELDS] as readonly string[]).includes(field);
}

export type OrderFormField = keyof OrderFormValues;

export function isBookFormat(value: string | null | undefined): value is BookFormat {
  return value === 'digital' || value === 'printed';
}

export function initialOrderFormValues(defaults: {
  bookFormat: BookFormat;
  bookStyle: string;
  country: string;
}): OrderFormValues {
  return {
    childPhoto: null,
    childName: '',
    childAge: '',
    storyIdea: '',
    dedication: '',
    moral: '',
    email: '',
    fullName: '',
    streetAddress: '',
    addressLine2: '',
    city: '',
    state: '',
    zipCode: '',
    phone: '',
    isGift: false,
    giftMessage: '',
    giftDeliveryDate: '',
    acceptTerms: false,
    ...defaults,
  };
}
