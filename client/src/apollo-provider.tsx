/**
 * The shop's Apollo client with its cache primed from the page's site data (the catalogue the
 * build rendered), so a page hydrating from prerendered HTML reads the same catalogue on its
 * first render instead of asking the server again. Loaded lazily (see apollo-later.ts).
 */
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';

import { apolloClient } from './apollo';
import { graphql } from './gql';
import { siteData } from './site-data';

/** Every field of the catalogue: a query for any part of it is then answered from the cache. */
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

let primed = false;

export function readyApolloClient(): ApolloClient {
  if (!primed) {
    primed = true;
    const data = siteData();
    if (data) apolloClient.writeQuery({ query: SITE_CATALOGUE_QUERY, data: { catalogue: data.catalogue } });
  }
  return apolloClient;
}

export default function SiteApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={readyApolloClient()}>{children}</ApolloProvider>;
}
