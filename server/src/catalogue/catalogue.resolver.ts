import { Query, Resolver } from 'type-graphql';
import {
  BOOK_STYLES,
  CURRENCY,
  FAMILY_DISCOUNT,
  LIFE_LESSONS,
  LIMITS,
  PLANS,
  PRINTED_DELIVERY,
  SHIPPING_COUNTRIES,
} from './catalogue';
import { SHIPPING_DESTINATIONS } from './shipping-destinations';
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
      shippingDestinations: SHIPPING_DESTINATIONS.map((destination) => ({
        ...destination,
        regions: destination.regions.map((region) => ({ ...region })),
      })),
      printedDelivery: { ...PRINTED_DELIVERY },
      limits: { ...LIMITS, photoTypes: [...LIMITS.photoTypes] },
      familyDiscount: { ...FAMILY_DISCOUNT },
    };
  }
}
