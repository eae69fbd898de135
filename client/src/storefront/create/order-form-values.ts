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
  city: string;
  state: string;
  zipCode: string;
  country: string;
  acceptTerms: boolean;
}

/** The shipping fields, in the order they appear on the form. */
export const ADDRESS_FIELDS = ['fullName', 'streetAddress', 'city', 'state', 'zipCode', 'country'] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];

export function isAddressField(field: string): field is AddressField {
  return (ADDRESS_FIELDS as readonly string[]).includes(field);
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
    city: '',
    state: '',
    zipCode: '',
    acceptTerms: false,
    ...defaults,
  };
}
