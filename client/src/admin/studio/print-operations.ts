import { graphql } from '../../gql';

/** Statuses in which the printer turned the job down: corrected files may be uploaded and sent again. */
export const FAILED_PRINT_STATUSES: ReadonlySet<string> = new Set(['REJECTED', 'CANCELED', 'ERROR']);

/** The order's job at the print partner, as the Studio's print panel shows it. */
export const PRINT_JOB_FIELDS = graphql(`
  fragment PrintJobFields on PrintJob {
    provider
    externalId
    status
    statusLabel
    pageCount
    costCents
    currency
    error
    hasFiles
    sentAt
    updatedAt
  }
`);

/** Who prints the shop's printed books: `manual` (printed elsewhere) or `lulu`. Asked once per visit. */
export const PRINT_PARTNER_QUERY = graphql(`
  query PrintPartner {
    printPartner {
      provider
      productId
      shippingLevel
    }
  }
`);

/** Where the order's print job stands now (the partner moves it on by itself, so it is read each time the panel opens). */
export const ORDER_PRINT_JOB_QUERY = graphql(`
  query OrderPrintJob($id: ID!) {
    order(id: $id) {
      id
      printJob {
        ...PrintJobFields
      }
    }
  }
`);

/**
 * One multipart request with the interior as `interior` and the cover as `cover`; the server
 * checks both against the book and answers the partner's price. The order comes back with its
 * job, so the panel updates from the cache.
 */
export const UPLOAD_PRINT_FILES_MUTATION = graphql(`
  mutation UploadPrintFiles($orderId: ID!, $interior: Upload!, $cover: Upload!) {
    uploadPrintFiles(orderId: $orderId, interior: $interior, cover: $cover) {
      order {
        id
        printJob {
          ...PrintJobFields
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Sends the checked files to the partner as the order's one print job; sending again never prints twice. */
export const SEND_TO_PRINTER_MUTATION = graphql(`
  mutation SendToPrinter($orderId: ID!) {
    sendToPrinter(orderId: $orderId) {
      order {
        id
        printJob {
          ...PrintJobFields
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
