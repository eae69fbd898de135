/**
 * The shop's Apollo client, provided to the pages that need it (loaded lazily, see
 * apollo-later.ts), and the page's site data (the catalogue the build rendered) written into its
 * cache for the order form, which reads the catalogue from the cache on its first render: a page
 * hydrating from prerendered HTML then renders the same form instead of asking the server again.
 */
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider, useApolloClient } from '@apollo/client/react';
import type { ReactNode } from 'react';

import { apolloClient } from './apollo';
import { graphql } from './gql';
import { siteData } from './site-data';

/** Every field of the catalogue: once written (useSiteCatalogueInCache), a query for any part of it is answered from the cache. */
export const SITE_CATALOGUE_QUERY = graphql(`
  query SiteCatalogue {
    catalogue {
      currency
      plans {
        format
        title
        priceCents
        recommended
        description
        delivery
        features
      }
      lifeLessons {
        value
        label
        emoji
      }
      bookStyles {
        value
        label
      }
      shippingCountries
      shippingDestinations {
        ...ShippingDestinationFields
      }
      printedDelivery {
        shippingIncluded
        arrivesFromBusinessDays
        arrivesByBusinessDays
      }
      limits {
        minChildAge
        maxChildAge
        childNameMaxLength
        storyIdeaMaxLength
        emailMaxLength
        addressFieldMaxLength
        photoMaxBytes
        photoTypes
        dedicationMaxLength
        giftMessageMaxLength
        giftDeliveryMaxDays
        changeRequestMaxLength
      }
      familyDiscount {
        minBooks
        maxBooks
        percentOff
        description
      }
    }
  }
`);

const primed = new WeakSet<ApolloClient>();

/**
 * Writes the page's catalogue into `client`'s cache, once per client. Only a page whose first
 * render reads it pays for the write: some 20-35 ms of a phone's main thread (CPU 4x slower) for
 * the whole catalogue, which the payment, order and admin pages never read from it (their own
 * answers carry what they show of it).
 */
export function primeSiteCatalogue(client: ApolloClient): void {
  if (primed.has(client)) return;
  primed.add(client);
  const data = siteData();
  // Written during a render: other queries' watchers are not told (telling them would update their
  // components mid-render), and lose nothing, as it is the catalogue any answer holds.
  if (data) client.writeQuery({ query: SITE_CATALOGUE_QUERY, data: { catalogue: data.catalogue }, broadcast: false });
}

/** For a page whose first render reads the catalogue from the cache: call before its query. */
export function useSiteCatalogueInCache(): void {
  primeSiteCatalogue(useApolloClient());
}

/** The shop's client, for code that loads it when it first needs it (apollo-later.ts). */
export function siteApolloClient(): ApolloClient {
  return apolloClient;
}

export default function SiteApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={apolloClient}>{children}</ApolloProvider>;
}
