import { Field, InputType, Int } from 'type-graphql';
import { ShippingAddressInput } from '../checkout/create-order.input';

@InputType({
  description:
    "What the parent may correct on a paid book before the studio starts on it (OrderPage.changes). Checked by createOrder's rules and messages.",
})
export class PaidOrderChangesInput {
  @Field({ description: 'At most catalogue.limits.childNameMaxLength characters.' })
  childName: string;

  @Field(() => Int, { description: 'From catalogue.limits.minChildAge to maxChildAge.' })
  childAge: number;

  @Field(() => String, { nullable: true, description: 'The dedication as it should be printed; none when null or blank.' })
  dedication?: string | null;

  @Field(() => ShippingAddressInput, { nullable: true, description: 'A printed book: the whole address as it should be.' })
  shippingAddress?: ShippingAddressInput | null;
}
