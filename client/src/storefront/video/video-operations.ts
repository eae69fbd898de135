import { graphql } from '../../gql';

/** The parent's finished book (the video, and the PDF when there is one), by the token in the e-mailed link; null when unknown or expired. */
export const VIDEO_DELIVERY_QUERY = graphql(`
  query VideoDelivery($token: String!) {
    videoDelivery(token: $token) {
      childName
      expiresAt
      watchUrl
      downloadUrl
      contentType
      pdfUrl
    }
  }
`);
