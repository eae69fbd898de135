import type { MockLink } from '@apollo/client/testing';

import { ORDER_FORM_CATALOGUE_QUERY } from '../../../../client/src/storefront/create/order-form-operations';
import { PRINTED_DELIVERY } from '../../../../server/src/catalogue/catalogue';
import { SHIPPING_DESTINATIONS } from '../../../../server/src/catalogue/shipping-destinations';

/** The server's own shipping destinations, as the catalogue query serves them. */
export const shippingDestinationsData = SHIPPING_DESTINATIONS.map((destination) => ({
  __typename: 'ShippingDestination' as const,
  ...destination,
  regions: destination.regions.map((region) => ({ __typename: 'ShippingRegion' as const, ...region })),
}));

export const printedDeliveryData = { __typename: 'PrintedDelivery' as const, ...PRINTED_DELIVERY };

/** The server's catalogue, as the order form asks for it. */
export const catalogueData = {
  catalogue: {
    __typename: 'Catalogue',
    currency: 'USD',
    plans: [
      {
        __typename: 'Plan',
        format: 'digital',
        title: 'Digital Comic Book',
        priceCents: 2500,
        recommended: false,
        delivery: 'Delivered by e-mail within 24 hours',
      },
      {
        __typename: 'Plan',
        format: 'printed',
        title: 'Premium Printed Storybook',
        priceCents: 5000,
        recommended: true,
        delivery: 'Printed and shipped in 7-10 business days to the United States and Canada',
      },
    ],
    lifeLessons: [
      ['Kindness', '💝'],
      ['Courage', '🦁'],
      ['Honesty', '🌟'],
      ['Friendship', '🤝'],
      ['Responsibility', '🎯'],
      ['Perseverance', '🏔️'],
      ['Patience', '🐢'],
      ['Gratitude', '🙏'],
    ].map(([label, emoji]) => ({ __typename: 'LifeLesson', value: label, label, emoji })),
    bookStyles: ['Classic', 'Adventure', 'Fairytale', 'Superhero'].map((label) => ({
      __typename: 'BookStyleOption',
      value: label.toLowerCase(),
      label,
    })),
    shippingCountries: ['United States', 'Canada'],
    shippingDestinations: shippingDestinationsData,
    printedDelivery: printedDeliveryData,
    limits: {
      __typename: 'OrderLimits',
      minChildAge: 2,
      maxChildAge: 12,
      childNameMaxLength: 50,
      storyIdeaMaxLength: 1000,
      dedicationMaxLength: 300,
      giftMessageMaxLength: 300,
      giftDeliveryMaxDays: 365,
      photoMaxBytes: 5 * 1024 * 1024,
      emailMaxLength: 254,
    },
    familyDiscount: {
      __typename: 'FamilyDiscount',
      maxBooks: 5,
      percentOff: 10,
      description: '10% off every book when you order two or more together',
    },
  },
};

export const catalogueMock: MockLink.MockedResponse = {
  request: { query: ORDER_FORM_CATALOGUE_QUERY },
  result: { data: catalogueData },
};
