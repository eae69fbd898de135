import { graphql } from '../../gql';

/**
 * Sent as one multipart request with the video as `video` and the storybook PDF as
 * `storybookPdf`; the server stores them, marks the order Completed and queues the delivery
 * e-mail. The order comes back whole, so the table row and an open detail panel update from the cache.
 */
export const COMPLETE_ORDER_WITH_VIDEO_MUTATION = graphql(`
  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload, $uploadedVideo: UploadedVideoInput, $storybookPdf: Upload) {
    completeOrderWithVideo(orderId: $orderId, video: $video, uploadedVideo: $uploadedVideo, storybookPdf: $storybookPdf) {
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
  mutation ReviseDelivery($orderId: ID!, $video: Upload, $uploadedVideo: UploadedVideoInput, $storybookPdf: Upload) {
    reviseDelivery(orderId: $orderId, video: $video, uploadedVideo: $uploadedVideo, storybookPdf: $storybookPdf) {
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
 * whether videos go straight to storage, and whether e-mail is really sent (or only queued in the outbox).
 */
export const VIDEO_LIMIT_QUERY = graphql(`
  query VideoUploadLimit {
    shopConfig {
      videoMaxBytes
      pdfMaxBytes
      videoUploadsDirect
      emailSending
    }
  }
`);

/**
 * Where shopConfig.videoUploadsDirect: the server judges the file by its size and first bytes and
 * signs a URL per part; the browser then sends the parts straight to storage (send-video-parts.ts).
 */
export const START_VIDEO_UPLOAD_MUTATION = graphql(`
  mutation StartVideoUpload($orderId: ID!, $size: Float!, $head: String!) {
    startVideoUpload(orderId: $orderId, size: $size, head: $head) {
      upload {
        id
        partSize
        parts {
          partNumber
          url
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Discards an upload straight to storage that will not be delivered (a part failed, or the delivery was refused). */
export const ABORT_VIDEO_UPLOAD_MUTATION = graphql(`
  mutation AbortVideoUpload($orderId: ID!, $uploadId: ID!) {
    abortVideoUpload(orderId: $orderId, uploadId: $uploadId) {
      aborted
    }
  }
`);
