import { IsIn, IsInt, IsNotEmpty, Matches, Max, Min, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { BOOK_STYLES, LIFE_LESSONS, LIMITS, PLANS, SHIPPING_COUNTRIES } from '../catalogue/catalogue';
import { isPostalCodeOf, phoneNumberFor, regionCodeOf } from '../catalogue/shipping-destinations';
import { IsEmailAddress, MaxChars, NoControlCharacters, PlainText, PrintableLines } from '../common/input-validation';
import { orderRule } from './order-rules';

// Rules that read the address's country. A blank optional field passes: the blank is another rule's.
const countryOf = (object: object) => String((object as { country?: unknown }).country ?? '');

const IsRegionOfCountry = () =>
  ValidateBy(
    {
      name: 'isRegionOfCountry',
      validator: {
        validate: (value, args) => typeof value === 'string' && (!value || regionCodeOf(countryOf(args!.object), value) !== null),
      },
    },
    orderRule('shippingRegion'),
  );

/** A delivery date is a digital book's: a printed one ships when it is printed. */
const IsForDigitalBooks = () =>
  ValidateBy(
    {
      name: 'isForDigitalBooks',
      validator: { validate: (_value, args) => (args!.object as { bookFormat?: unknown }).bookFormat === 'digital' },
    },
    orderRule('giftDeliveryDatePrinted'),
  );

const IsPostalCodeOfCountry = () =>
  ValidateBy(
    {
      name: 'isPostalCodeOfCountry',
      validator: {
        validate: (value, args) => typeof value === 'string' && (!value || isPostalCodeOf(countryOf(args!.object), value)),
      },
    },
    orderRule('shippingPostalCode'),
  );

const IsPhoneNumber = () =>
  ValidateBy(
    {
      name: 'isPhoneNumber',
      validator: { validate: (value) => typeof value === 'string' && (!value || phoneNumberFor(value) !== null) },
    },
    orderRule('shippingPhone'),
  );

// Choice fields are strings, not enums, so a wrong value gets the shop's own message
// ('Invalid book format', ...) instead of a GraphQL coercion error. Their values are in `catalogue`.
// The rules below see the input trimmed (order-validation.ts); which failure is reported
// first is set by order-rules.ts, whatever the order of the decorators.

@InputType({
  description: "A printed book's delivery address (required for printed books; state, addressLine2 and phone are optional).",
})
export class ShippingAddressInput {
  @IsNotEmpty(orderRule('shippingAddress'))
  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @Field(() => String, { nullable: true })
  fullName?: string | null;

  @IsNotEmpty(orderRule('shippingAddress'))
  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @Field(() => String, { nullable: true })
  streetAddress?: string | null;

  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @Field(() => String, { nullable: true, description: 'Optional: apartment, suite, unit or floor.' })
  addressLine2?: string | null;

  @IsNotEmpty(orderRule('shippingAddress'))
  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @Field(() => String, { nullable: true })
  city?: string | null;

  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @IsRegionOfCountry()
  @Field(() => String, {
    nullable: true,
    description:
      "Optional: a code or name from catalogue.shippingDestinations[].regions of the address's country; stored as its code.",
  })
  state?: string | null;

  @IsNotEmpty(orderRule('shippingAddress'))
  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @IsPostalCodeOfCountry()
  @Field(() => String, {
    nullable: true,
    description: "A ZIP code (12345, 12345-6789) or a Canadian postal code (K1A 0B6), as the address's country writes them.",
  })
  zipCode?: string | null;

  @IsNotEmpty(orderRule('shippingAddress'))
  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @NoControlCharacters(orderRule('shippingTooLong'))
  @IsIn(SHIPPING_COUNTRIES, orderRule('shippingCountry'))
  @Field(() => String, { nullable: true, description: 'One of catalogue.shippingCountries.' })
  country?: string | null;

  @MaxChars(LIMITS.addressFieldMaxLength, orderRule('shippingTooLong'))
  @IsPhoneNumber()
  @Field(() => String, {
    nullable: true,
    description: 'Optional: a North American phone number for the carrier. Kept only until the book ships.',
  })
  phone?: string | null;
}

const isPrinted = (input: CreateOrderInput) => input.bookFormat === 'printed';

@InputType({ description: 'What the parent typed in the order form. The photo travels beside it as `childPhoto`.' })
export class CreateOrderInput {
  @IsNotEmpty(orderRule('missingFields'))
  @MaxChars(LIMITS.childNameMaxLength, orderRule('childName'))
  @NoControlCharacters(orderRule('childName'))
  @Field({ description: 'At most catalogue.limits.childNameMaxLength characters.' })
  childName: string;

  @IsNotEmpty(orderRule('missingFields'))
  @IsInt(orderRule('childAge'))
  @Min(LIMITS.minChildAge, orderRule('childAge'))
  @Max(LIMITS.maxChildAge, orderRule('childAge'))
  @Field(() => Int, { description: 'From catalogue.limits.minChildAge to maxChildAge.' })
  childAge: number;

  @IsNotEmpty(orderRule('missingFields'))
  @IsIn(LIFE_LESSONS.map((lesson) => lesson.value), orderRule('moral'))
  @Field({ description: 'A life lesson: one of catalogue.lifeLessons[].value.' })
  moral: string;

  @MaxChars(LIMITS.storyIdeaMaxLength, orderRule('storyIdea'))
  @PlainText(orderRule('storyIdeaCharacters'))
  @Field(() => String, { nullable: true, description: 'Optional; at most catalogue.limits.storyIdeaMaxLength characters.' })
  storyIdea?: string | null;

  @MaxChars(LIMITS.dedicationMaxLength, orderRule('dedication'))
  @PrintableLines(orderRule('dedicationCharacters'))
  @Field(() => String, {
    nullable: true,
    description: 'Optional; at most catalogue.limits.dedicationMaxLength (300) characters; line breaks allowed.',
  })
  dedication?: string | null;

  @IsNotEmpty(orderRule('missingFields'))
  @IsEmailAddress(orderRule('email'))
  @Field()
  email: string;

  @IsNotEmpty(orderRule('missingFields'))
  @IsIn(PLANS.map((plan) => plan.format), orderRule('bookFormat'))
  @Field({ description: '`digital` or `printed`.' })
  bookFormat: string;

  @ValidateIf(isPrinted)
  @IsIn(BOOK_STYLES.map((style) => style.value), orderRule('bookStyle'))
  @Field(() => String, { nullable: true, description: 'Printed books: one of catalogue.bookStyles[].value.' })
  bookStyle?: string | null;

  @ValidateIf(isPrinted)
  @ValidateNested()
  @Field(() => ShippingAddressInput, { nullable: true })
  shippingAddress?: ShippingAddressInput | null;

  @MaxChars(LIMITS.giftMessageMaxLength, orderRule('giftMessage'))
  @PrintableLines(orderRule('giftMessageCharacters'))
  @Field(() => String, {
    nullable: true,
    description:
      'Optional, for a gift: printed on the dedication page of a printed book, written in the delivery e-mail of a digital one. ' +
      'At most catalogue.limits.giftMessageMaxLength characters; line breaks allowed.',
  })
  giftMessage?: string | null;

  @ValidateIf((input: CreateOrderInput) => Boolean(input.giftDeliveryDate))
  @Matches(/^\d{4}-\d{2}-\d{2}$/, orderRule('giftDeliveryDate'))
  @IsForDigitalBooks()
  @Field(() => String, {
    nullable: true,
    description:
      'Optional, digital books only: the day (YYYY-MM-DD, in giftTimeZone) the delivery e-mail waits for, from today to ' +
      'catalogue.limits.giftDeliveryMaxDays ahead; it goes out at 08:00 that day, or when the book is ready if later.',
  })
  giftDeliveryDate?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The parent's IANA time zone (e.g. America/Toronto) for giftDeliveryDate; UTC when absent.",
  })
  giftTimeZone?: string | null;
}
