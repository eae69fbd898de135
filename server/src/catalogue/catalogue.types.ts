import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BookFormat } from './catalogue';

export enum BookFormatEnum {
  digital = 'digital',
  printed = 'printed',
}
registerEnumType(BookFormatEnum, { name: 'BookFormat', description: 'digital: a PDF by e-mail; printed: a hardcover shipped.' });

@ObjectType('Plan', { description: 'A format the shop sells, with its price.' })
export class PlanType {
  @Field(() => BookFormatEnum)
  format: BookFormat;

  @Field()
  title: string;

  @Field(() => Int, { description: 'Price in integer cents of the catalogue currency.' })
  priceCents: number;

  @Field()
  recommended: boolean;

  @Field()
  description: string;

  @Field()
  delivery: string;

  @Field(() => [String])
  features: string[];
}

@ObjectType('LifeLesson')
export class LifeLessonType {
  @Field({ description: 'The value to send as `moral` in createOrder.' })
  value: string;

  @Field()
  label: string;

  @Field()
  emoji: string;
}

@ObjectType('BookStyleOption')
export class BookStyleOptionType {
  @Field({ description: 'The value to send as `bookStyle` in createOrder (printed books only).' })
  value: string;

  @Field()
  label: string;
}

@ObjectType('OrderLimits')
export class OrderLimitsType {
  @Field(() => Int)
  minChildAge: number;

  @Field(() => Int)
  maxChildAge: number;

  @Field(() => Int)
  childNameMaxLength: number;

  @Field(() => Int)
  storyIdeaMaxLength: number;

  @Field(() => Int, { description: 'Longest dedication; line breaks allowed.' })
  dedicationMaxLength: number;

  @Field(() => Int, { description: 'Longest gift message; line breaks allowed.' })
  giftMessageMaxLength: number;

  @Field(() => Int, { description: "How many days ahead a digital gift's delivery date may be." })
  giftDeliveryMaxDays: number;

  @Field(() => Int, { description: 'Longest message when asking for a change to the delivered book.' })
  changeRequestMaxLength: number;

  @Field(() => Int, { description: 'Longest e-mail address accepted (RFC 5321).' })
  emailMaxLength: number;

  @Field(() => Int, { description: 'Longest value of each shipping address field.' })
  addressFieldMaxLength: number;

  @Field(() => Int, { description: 'Largest photo accepted, in bytes.' })
  photoMaxBytes: number;

  @Field(() => [String], { description: 'Photo types accepted, judged by the file content.' })
  photoTypes: string[];
}

@ObjectType('FamilyDiscount', { description: 'Several books in one checkout: every book costs less.' })
export class FamilyDiscountType {
  @Field(() => Int, { description: 'The fewest books a checkout holds for the discount to apply.' })
  minBooks: number;

  @Field(() => Int, { description: 'The most books one checkout may hold.' })
  maxBooks: number;

  @Field(() => Int, { description: 'What every book costs less, in percent.' })
  percentOff: number;

  @Field({ description: 'The discount in the words of the pricing cards and the FAQ.' })
  description: string;
}

@ObjectType('ShippingRegion', { description: 'A state, province or territory.' })
export class ShippingRegionType {
  @Field({ description: 'Its code (CA, ON): the value to send as shippingAddress.state.' })
  code: string;

  @Field()
  name: string;
}

@ObjectType('ShippingDestination', { description: 'A country printed books go to, and how it writes an address.' })
export class ShippingDestinationType {
  @Field({ description: 'The value to send as shippingAddress.country.' })
  country: string;

  @Field({ description: 'ISO 3166-1 alpha-2.' })
  countryCode: string;

  @Field({ description: 'What the country calls its regions: State, Province or territory.' })
  regionLabel: string;

  @Field(() => [ShippingRegionType])
  regions: ShippingRegionType[];

  @Field({ description: 'What the country calls its postal code: ZIP code, Postal code.' })
  postalLabel: string;

  @Field()
  postalExample: string;

  @Field({
    description: "A valid postal code as typed, trimmed, letters in either case: an anchored regular expression's source.",
  })
  postalPattern: string;
}

@ObjectType('PrintedDelivery', { description: "A printed book's journey as the shop promises it." })
export class PrintedDeliveryType {
  @Field({ description: 'Whether the price includes shipping.' })
  shippingIncluded: boolean;

  @Field(() => Int, { description: 'The book arrives no sooner than this many business days after payment.' })
  arrivesFromBusinessDays: number;

  @Field(() => Int, { description: 'The book arrives within this many business days of payment.' })
  arrivesByBusinessDays: number;
}

@ObjectType('Catalogue', { description: 'Everything the order form offers, and the limits the server enforces.' })
export class CatalogueType {
  @Field()
  currency: string;

  @Field(() => [PlanType])
  plans: PlanType[];

  @Field(() => [LifeLessonType])
  lifeLessons: LifeLessonType[];

  @Field(() => [BookStyleOptionType])
  bookStyles: BookStyleOptionType[];

  @Field(() => [String])
  shippingCountries: string[];

  @Field(() => [ShippingDestinationType], { description: 'Each shipping country with its regions and postal code.' })
  shippingDestinations: ShippingDestinationType[];

  @Field(() => PrintedDeliveryType)
  printedDelivery: PrintedDeliveryType;

  @Field(() => OrderLimitsType)
  limits: OrderLimitsType;

  @Field(() => FamilyDiscountType)
  familyDiscount: FamilyDiscountType;
}
