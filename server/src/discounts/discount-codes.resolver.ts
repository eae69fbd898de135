import { Arg, Args, ArgsType, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import { OwnerOnly } from '../graphql/auth-checker';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload } from '../graphql/payload';
import { CreateDiscountCodeInput, DiscountCodePayload, DiscountCodeView } from './discount-code.types';
import type { DiscountCodes } from './discount-codes.service';

@ArgsType()
class DiscountCodeIdArgs {
  @Field(() => ID)
  id: string;
}

/** The owners' discount codes: list, create, disable. Money, so owners only. */
@Resolver()
export class DiscountCodesResolver {
  private readonly discounts: DiscountCodes;

  constructor(services: { discounts: DiscountCodes }) {
    this.discounts = services.discounts;
  }

  @OwnerOnly()
  @Query(() => [DiscountCodeView], { description: 'Owners only. Every discount code, newest first, with its uses.' })
  discountCodes(): Promise<DiscountCodeView[]> {
    return this.discounts.list();
  }

  @OwnerOnly()
  @Mutation(() => DiscountCodePayload, {
    description: 'Owners only. Creates a discount code parents can apply on the payment page.',
  })
  async createDiscountCode(
    @Arg('input', () => CreateDiscountCodeInput) input: CreateDiscountCodeInput,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<DiscountCodePayload> {
    return toPayload(await this.discounts.create(admin, input), (discountCode) => ({ discountCode }), {
      discountCode: null,
    });
  }

  @OwnerOnly()
  @Mutation(() => DiscountCodePayload, {
    description: 'Owners only. Parents can no longer apply the code; orders that already carry it keep it.',
  })
  async disableDiscountCode(
    @Args(() => DiscountCodeIdArgs) { id }: DiscountCodeIdArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<DiscountCodePayload> {
    return toPayload(await this.discounts.disable(admin, id), (discountCode) => ({ discountCode }), {
      discountCode: null,
    });
  }
}
