import { graphql } from '../../gql';

/** What a row of the orders table shows; the upload and the detail panel reuse it. */
export const ORDER_ROW_FIELDS = graphql(`
  fragment OrderRow on Order {
    id
    childName
    email
    bookFormat
    moral
    status
    createdAt
    photoUrl
    videoUrl
    shippingCarrier
    trackingNumber
    trackingUrl
    shippedAt
    paymentAlerts {
      paymentId
    }
    pdfUrl
    changeRequest {
      message
      requestedAt
    }
  }
`);

/**
 * One page of orders, newest first, with the total for the filter: the server counts it only when
 * asked, and a search's matches only up to 1,000 ("More than 1,000 orders").
 */
export const ORDERS_QUERY = graphql(`
  query AdminOrders($status: OrderStatus, $search: String, $first: Int, $after: String) {
    orders(status: $status, search: $search, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...OrderRow
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      total {
        count
        exact
      }
    }
  }
`);
