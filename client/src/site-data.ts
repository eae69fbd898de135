/**
 * What the prerendered pages carry besides their markup: the shop's public address and its
 * catalogue (plans and prices, lessons, styles, limits), in a JSON data block
 * (`<script type="application/json" id="site-data">`, data only: nothing executes). The home
 * page's prices and the order form render from it at first paint, with no GraphQL round trip,
 * and hydrate with exactly what the build rendered. The build writes it from the server's
 * catalogue module (see prerender/render-page.tsx); the server fills in PUBLIC_URL and the pixel id.
 */

export interface SiteCatalogue {
  __typename: 'Catalogue';
  currency: string;
  plans: {
    __typename: 'Plan';
    format: 'digital' | 'printed';
    title: string;
    priceCents: number;
    recommended: boolean;
    description: string;
    delivery: string;
    features: string[];
  }[];
  lifeLessons: { __typename: 'LifeLesson'; value: string; label: string; emoji: string }[];
  bookStyles: { __typename: 'BookStyleOption'; value: string; label: string }[];
  shippingCountries: string[];
  shippingDestinations: {
    __typename: 'ShippingDestination';
    country: string;
    countryCode: string;
    regionLabel: string;
    regions: { __typename: 'ShippingRegion'; code: string; name: string }[];
    postalLabel: string;
    postalExample: string;
    postalPattern: string;
  }[];
  printedDelivery: {
    __typename: 'PrintedDelivery';
    shippingIncluded: boolean;
    arrivesFromBusinessDays: number;
    arrivesByBusinessDays: number;
  };
  familyDiscount: { __typename: 'FamilyDiscount'; minBooks: number; maxBooks: number; percentOff: number; description: string };
  limits: {
    __typename: 'OrderLimits';
    minChildAge: number;
    maxChildAge: number;
    childNameMaxLength: number;
    storyIdeaMaxLength: number;
    emailMaxLength: number;
    addressFieldMaxLength: number;
    photoMaxBytes: number;
    photoTypes: string[];
    dedicationMaxLength: number;
    giftMessageMaxLength: number;
    giftDeliveryMaxDays: number;
    changeRequestMaxLength: number;
  };
}

export interface SiteData {
  /** The shop's origin without a trailing slash (PUBLIC_URL), for canonical links. */
  publicUrl: string;
  /** The advertising pixel's id (META_PIXEL_ID), null when the shop has none; filled in by the server. */
  pixelId: string | null;
  catalogue: SiteCatalogue;
}

export const SITE_DATA_ELEMENT_ID = 'site-data';

/** Stands for PUBLIC_URL in the built pages; the server writes the real origin in its place. */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.storybook-shop.invalid';

/** Stands for the pixel id (a JSON string or null) in the built pages' site data. */
export const PIXEL_ID_PLACEHOLDER = '@@PIXEL_ID@@';

let current: SiteData | null | undefined;

/** The prerender step provides the data directly (there is no document to read it from). */
export function provideSiteData(data: SiteData | null): void {
  current = data;
}

/** The page's site data, or null where there is none (the development server, unit tests). */
export function siteData(): SiteData | null {
  if (current !== undefined) return current;
  current = null;
  if (typeof document === 'undefined') return current;
  const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return current;
  try {
    current = JSON.parse(text) as SiteData;
  } catch {
    current = null;
  }
  return current;
}

/** The shop's origin for absolute links: PUBLIC_URL where the page came from the server, else this page's own. */
export function siteOrigin(): string {
  return siteData()?.publicUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
}
