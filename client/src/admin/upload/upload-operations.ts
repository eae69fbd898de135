import { graphql } from '../../gql';

/**
 * Sent as one multipart request with the video as `video`; the server stores it, marks the
 * order Completed and queues the delivery e-mail. The order comes back whole, so the table
 * row and an open detail panel update from the cache.
 */
export const COMPLETE_ORDER_WITH_VIDEO_MUTATION = graphql(`
  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload!) {
    completeOrderWithVideo(orderId: $orderId, video: $video) {
      order {
        ...OrderDetail
      }
      userErrors {
        field
        message
      }
    }
  }
`);

/** The largest video the server takes, to refuse a bigger one before sending gigabytes. */
export const VIDEO_LIMIT_QUERY = graphql(`
  query VideoUploadLimit {
    shopConfig {
      videoMaxBytes
    }
  }
`);
