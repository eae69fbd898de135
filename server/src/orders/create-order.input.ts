import { Field, InputType, Int } from 'type-graphql';

// Choice fields are strings, not enums, so a wrong value gets the shop's own message
// ('Invalid book format', ...) instead of a GraphQL coercion error. Their values are in `catalogue`.

@InputType({ description: 'A printed book\'s delivery address (required for printed books; state is optional).' })
export class ShippingAddressInput {
  @Field(() => String, { nullable: true })
  fullName?: string | null;

  @Field(() => String, { nullable: true })
  streetAddress?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  state?: string | null;

  @Field(() => String, { nullable: true })
  zipCode?: string | null;

  @Field(() => String, { nullable: true, description: 'One of catalogue.shippingCountries.' })
  country?: string | null;
}

@InputType({ description: 'What the parent typed in the order form. The photo travels beside it as `childPhoto`.' })
export class CreateOrderInput {
  @Field({ description: 'At most catalogue.limits.childNameMaxLength characters.' })
  childName: string;

  @Field(() => Int, { description: 'From catalogue.limits.minChildAge to maxChildAge.' })
  childAge: number;

  @Field({ description: 'A life lesson: one of catalogue.lifeLessons[].value.' })
  moral: string;

  @Field(() => String, { nullable: true, description: 'Optional; at most catalogue.limits.storyIdeaMaxLength characters.' })
  storyIdea?: string | null;

  @Field()
  email: string;

  @Field({ description: '`digital` or `printed`.' })
  bookFormat: string;

  @Field(() => String, { nullable: true, description: 'Printed books: one of catalogue.bookStyles[].value.' })
  bookStyle?: string | null;

  @Field(() => ShippingAddressInput, { nullable: true })
  shippingAddress?: ShippingAddressInput | null;
}
