import { Query, Resolver } from 'type-graphql';
import { BOOK_STYLES, CURRENCY, FAMILY_DISCOUNT, LIFE_LESSONS, LIMITS, PLANS, SHIPPING_COUNTRIES } from './catalogue';
import { CatalogueType } from './catalogue.types';

@Resolver()
export class CatalogueResolver {
  @Query(() => CatalogueType, { description: 'Plans, prices, life lessons, styles, countries and limits.' })
  catalogue(): CatalogueType {
    return {
      currency: CURRENCY,
      plans: PLANS.map((plan) => ({ ...plan, features: [...plan.features] })),
      lifeLessons: [...LIFE_LESSONS],
      bookStyles: [...BOOK_STYLES],
      shippingCountries: [...SHIPPING_COUNTRIES],
      limits: { ...LIMITS, photoTypes: [...LIMITS.photoTypes] },
      familyDiscount: { ...FAMILY_DISCOUNT },
    };
  }
}
