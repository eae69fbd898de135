import { graphql } from '../../gql';

/**
 * Sent as one multipart request with the video as `video` and the storybook PDF as
 * `storybookPdf`; the server stores them, marks the order Completed and queues the delivery
 * e-mail. The order comes back whole, so the table row and an open detail panel update from the cache.
 */
export const COMPLETE_ORDER_WITH_VIDEO_MUTATION = graphql(`
  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
    completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** A new version of a delivered book: a new video, a new PDF, or both; the parent is e-mailed the order's link. */
export const REVISE_DELIVERY_MUTATION = graphql(`
  mutation ReviseDelivery($orderId: ID!, $video: Upload, $storybookPdf: Upload) {
    reviseDelivery(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/**
 * The largest video and PDF the server takes, to refuse a bigger one before sending gigabytes,
 * and whether e-mail is really sent (or only queued in the outbox).
 */
export const VIDEO_LIMIT_QUERY = graphql(`
  query VideoUploadLimit {
    shopConfig {
      videoMaxBytes
      pdfMaxBytes
      emailSending
    }
  }
`);
