/** Orders as the order page's API returns them, for the page's component tests. */
import type { MockLink } from '@apollo/client/testing';

import { ORDER_PAGE_QUERY } from '../../../../client/src/storefront/order/order-page-operations';
import { shippingDestinationsData } from './catalogue-mock';

export const TOKEN = 'tok_abc123';

export type OrderPageRecord = Record<string, unknown>;

/** A Paid digital order, the child's details all there; override what the test is about. */
export function anOrderPage(overrides: OrderPageRecord = {}): OrderPageRecord {
  return {
    __typename: 'OrderPage',
    id: '3f2a9c10-aaaa-4bbb-8ccc-000000000001',
    reference: '3f2a9c10',
    status: 'Paid',
    childName: 'Mia',
    childAge: 6,
    moral: 'Kindness',
    storyIdea: 'Mia finds a lost puppy',
    dedication: 'For Mia,\nwho shares everything.',
    giftMessage: null,
    giftDelivery: null,
    bookFormat: 'digital',
    bookStyle: null,
    title: 'Digital Comic Book',
    email: 'mia.parent@example.com',
    shippingAddress: null,
    amountCents: 2500,
    currency: 'USD',
    shippingIncluded: false,
    createdAt: '2025-03-05T14:07:00.000Z',
    photoUrl: 'https://shop.test/media/photos/p.jpg?sig=photo',
    timeline: [
      { __typename: 'OrderTimelineEntry', at: '2025-03-05T14:07:00.000Z', title: 'Order placed', detail: null },
      { __typename: 'OrderTimelineEntry', at: '2025-03-05T14:09:00.000Z', title: 'Payment received', detail: null },
    ],
    delivery: null,
    shipment: null,
    refunds: [],
    canRequestChange: false,
    changeRequestDeadline: null,
    changeRequests: [],
    childDataDeleted: false,
    canPay: false,
    proof: null,
    canAnswerProof: false,
    // The studio has started (the usual case of a page a test opens): nothing to correct or cancel.
    changes: {
      __typename: 'PaidOrderChanges',
      open: false,
      until: null,
      whyNot: null,
    },
    receiptUrl: null,
    ...overrides,
  };
}

export const DELIVERY = {
  __typename: 'OrderPageDelivery',
  version: 1,
  deliveredAt: '2025-03-06T10:00:00.000Z',
  watchUrl: 'https://shop.test/media/videos/v.mp4?sig=watch',
  videoDownloadUrl: 'https://shop.test/media/videos/v.mp4?sig=download&dl=1',
  pdfUrl: 'https://shop.test/media/books/b.pdf?sig=pdf&download=1',
  pdfReadUrl: 'https://shop.test/media/books/b.pdf?sig=pdf',
  contentType: 'video/mp4',
};

/** Completed yesterday, its change window open. */
export function aCompletedOrder(overrides: OrderPageRecord = {}): OrderPageRecord {
  const base = anOrderPage();
  return anOrderPage({
    status: 'Completed',
    delivery: DELIVERY,
    canRequestChange: true,
    changeRequestDeadline: '2025-03-13T10:00:00.000Z',
    timeline: [
      ...(base.timeline as unknown[]),
      { __typename: 'OrderTimelineEntry', at: '2025-03-06T10:00:00.000Z', title: 'Your book is ready', detail: null },
    ],
    ...overrides,
  });
}

export const CATALOGUE = {
  __typename: 'Catalogue',
  lifeLessons: [
    { __typename: 'LifeLesson', value: 'Kindness', label: 'Kindness & Sharing' },
    { __typename: 'LifeLesson', value: 'Courage', label: 'Courage' },
  ],
  bookStyles: [{ __typename: 'BookStyleOption', value: 'watercolor', label: 'Soft Watercolor' }],
  limits: {
    __typename: 'OrderLimits',
    changeRequestMaxLength: 1000,
    childNameMaxLength: 50,
    minChildAge: 2,
    maxChildAge: 12,
    dedicationMaxLength: 300,
    giftDeliveryMaxDays: 365,
  },
  shippingCountries: ['United States', 'Canada'],
  shippingDestinations: shippingDestinationsData,
};

export function orderPageMock(
  orderPage: OrderPageRecord | null,
  options: { token?: string; delay?: number } = {},
): MockLink.MockedResponse {
  return {
    request: { query: ORDER_PAGE_QUERY, variables: { token: options.token ?? TOKEN } },
    result: { data: { orderPage, catalogue: CATALOGUE } },
    delay: options.delay,
  };
}
