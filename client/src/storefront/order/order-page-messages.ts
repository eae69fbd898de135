/** The words of the parent's order page and of Find my order, in one place so tests and pages agree. */
import type { OrderStatus } from '../../gql/graphql';
import { formatCount, longDate, longDateTime, shortTime } from '../../ui/en-us';

export const ORDER_MESSAGES = {
  loading: 'Loading your order…',
  loadFailed: 'We could not load your order just now.',
  invalidTitle: 'This link is not valid any more',
  invalidLead:
    'The address may be mistyped, or a newer link to this order has replaced it. Ask for your link again with the e-mail address you ordered with.',
  findMyOrder: 'Find my order',
  completePayment: 'Complete payment',
  pendingNote: 'Your order is saved, and nothing has been charged yet.',
  downloadVideo: 'Download video',
  downloadPdf: 'Download the storybook (PDF)',
  readPdf: 'Read the storybook',
  trackParcel: 'Track your parcel',
  deletedTitle: "Your child's photo and details were deleted.",
  deletedNote:
    'We keep only what accounting needs: the order reference, the amount, the dates, the payment reference and your e-mail address for receipts.',
  renew: 'Get a new private link',
  renewExplain:
    'Anyone who has this page’s address can see your order. If you shared it by mistake, get a new private link: every older link to this order, including the ones in our e-mails, stops working, and we e-mail you the new one.',
  renewed: 'Here is your new private link. Older links to this order no longer work: bookmark this page or keep our e-mail.',
  detailsSaved: 'Your changes are saved. Our studio will make the book with them.',
  cancelled: 'We have refunded your payment for this book. The refund and its e-mail are on their way to you.',
  requestChange: 'Request a change',
  sendChange: 'Send my request',
  changeSent: 'Thank you: we have your request and will be in touch by e-mail.',
  changeEmpty: 'Please tell us what you would like changed.',
  proofHeading: 'Review your book',
  proofHeadingAnswered: 'The proof of your book',
  approveProof: 'Approve',
  askProofChanges: 'Ask for changes',
  approveConfirmTitle: 'Approve this proof?',
  approveConfirmPrinted: 'We then make your book exactly as shown and send it to print.',
  approveConfirmDigital: 'We then finish your book exactly as shown.',
  approveConfirm: 'Yes, approve it',
  approveCancel: 'Not yet',
  proofApproved: 'Thank you: you approved the proof. We are making your book now.',
  proofChangesSent: 'Thank you: we have your changes and will send you a new proof.',
  proofChangesLabel: 'What would you like changed in this proof?',
  sendProofChanges: 'Send my changes',
  proofLoading: 'Loading the proof…',
  proofLoadFailed: 'The proof could not be shown here.',
  openProof: 'Open the proof (PDF)',
  changeTooLong: (max: number) => `Please keep your request to ${formatCount(max)} characters or fewer.`,
  deleteButton: "Delete my child's photo and details",
  deleteConfirm: 'Delete for good',
  deleteCancel: 'Keep everything',
  deleteTitle: "Delete your child's photo and details?",
  genericError: 'An error occurred. Please try again.',
  lookupTitle: 'Find my order',
  lookupLead: 'Enter the e-mail address you ordered with, and we will e-mail you a private link to each of your orders.',
  lookupAnswer: 'If we have orders for that address, we have e-mailed you their links',
  lookupSubmit: 'E-mail me my links',
  invalidEmail: 'Please enter a valid email address.',
  rateLimited: 'Too many requests. Please try again later.',
  lookupFailed: 'We could not send your request just now. Please check your connection and try again.',
} as const;

/** Where the order stands, in the parent's words. */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  Pending: 'Waiting for payment',
  Paid: 'Paid: we are making your book',
  Completed: 'Delivered',
  Shipped: 'Shipped',
  Refunded: 'Refunded',
  Cancelled: 'Cancelled',
};

/** The page's heading: what matters most about the order right now. */
export function orderHeading(status: OrderStatus, childName: string | null | undefined): string {
  const whose = childName ? `${childName}'s` : "your child's";
  switch (status) {
    case 'Pending':
      return 'Your order is waiting for payment';
    case 'Paid':
      return `We are making ${whose} book`;
    case 'Completed':
      return childName ? `${childName}'s story is ready` : 'Your story is ready';
    case 'Shipped':
      return childName ? `${childName}'s book is on its way` : 'Your book is on its way';
    case 'Refunded':
      return 'This order was refunded';
    case 'Cancelled':
      return 'This order was cancelled';
  }
}

/** "8:00 AM", in the parent's own time zone (where the day is named beside it). */
export function formatTimeOfDay(iso: string): string {
  return shortTime(new Date(iso));
}

/** "March 5, 2025 at 2:07 PM", in the parent's own time zone. */
export function formatWhen(iso: string): string {
  return longDateTime(new Date(iso));
}

/** "March 5, 2025", in the parent's own time zone. */
export function formatDay(iso: string): string {
  return longDate(new Date(iso));
}
