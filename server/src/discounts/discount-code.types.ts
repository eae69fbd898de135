import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../common/user-error';

export enum DiscountCodeStatus {
  ACTIVE = 'ACTIVE',
  EXPIRED = 'EXPIRED',
  USED_UP = 'USED_UP',
  DISABLED = 'DISABLED',
}
registerEnumType(DiscountCodeStatus, {
  name: 'DiscountCodeStatus',
  description: 'Whether a parent can apply the code now, and if not, why.',
  valuesConfig: {
    ACTIVE: { description: 'Parents can apply it.' },
    EXPIRED: { description: 'Past its expiry.' },
    USED_UP: { description: 'Every use is taken: paid orders, and orders waiting for payment.' },
    DISABLED: { description: 'An owner turned it off.' },
  },
});

@ObjectType('DiscountCode', { description: 'A discount code, as its owners see it.' })
export class DiscountCodeView {
  @Field(() => ID)
  id: string;

  @Field({ description: 'Upper case; parents may type it in any case.' })
  code: string;

  @Field({ description: 'What it takes off, in words: "10% off", "$5.00 off".' })
  terms: string;

  @Field(() => Int, { nullable: true, description: 'A percentage off (1 to 90); null for an amount off.' })
  percentOff: number | null;

  @Field(() => Int, { nullable: true, description: 'An amount off, in integer cents; null for a percentage.' })
  amountOffCents: number | null;

  @Field(() => Int, { description: "The least a book's price must be for the code to apply, in cents; 0 for any." })
  minimumCents: number;

  @Field(() => Int, { nullable: true, description: 'How many orders may use it; null for no limit.' })
  maxUses: number | null;

  @Field(() => Date, { nullable: true })
  expiresAt: Date | null;

  @Field(() => Date, { nullable: true })
  disabledAt: Date | null;

  @Field()
  createdAt: Date;

  @Field({ description: 'The e-mail of the owner who created it.' })
  createdBy: string;

  @Field(() => Int, { description: 'Paid orders that used it.' })
  used: number;

  @Field(() => Int, { description: 'Orders waiting for payment that hold a use of it.' })
  held: number;

  @Field(() => DiscountCodeStatus)
  status: DiscountCodeStatus;
}

@InputType({ description: 'A new discount code: a percentage or an amount off (exactly one), and its limits.' })
export class CreateDiscountCodeInput {
  @Field({ description: '3 to 32 letters, digits, dashes or underscores; stored in upper case.' })
  code: string;

  @Field(() => Int, { nullable: true, description: 'A percentage off, 1 to 90.' })
  percentOff?: number | null;

  @Field(() => Int, { nullable: true, description: 'An amount off, in integer cents (at least 100).' })
  amountOffCents?: number | null;

  @Field(() => Int, { nullable: true, description: "The least a book's price must be, in cents; none when left out." })
  minimumCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'How many orders may use it; no limit when left out.' })
  maxUses?: number | null;

  @Field(() => Date, { nullable: true, description: 'When it stops working; never when left out.' })
  expiresAt?: Date | null;
}

@ObjectType()
export class DiscountCodePayload {
  @Field(() => DiscountCodeView, { nullable: true })
  discountCode: DiscountCodeView | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType({ description: 'The discount code on an order, and what it took off the price.' })
export class AppliedDiscount {
  @Field()
  code: string;

  @Field(() => Int, { description: 'What it takes off, in integer cents.' })
  amountCents: number;
}
