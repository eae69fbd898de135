/** What the admin reads about shipping, refunds and cancellations; the server words its own refusals. */
export const FULFILMENT_MESSAGES = {
  shipFailed: 'Failed to mark the order as shipped',
  shipError: 'An error occurred while marking the order as shipped',
  shipped: (carrier: string) => `Marked as shipped with ${carrier}. The parent has been e-mailed the tracking details.`,
  corrected: (carrier: string) => `Tracking corrected to ${carrier}. The parent has been e-mailed the new details.`,
  correctFailed: 'Failed to correct the tracking details',
  correctError: 'An error occurred while correcting the tracking details',
  refundFailed: 'Failed to refund the order',
  refundError: 'An error occurred while refunding the order. Trying again is safe: the parent is never refunded twice.',
  refunded: 'The order has been refunded and the parent e-mailed.',
  partlyRefunded: (amount: string) => `Refund of ${amount} made. The parent is e-mailed as soon as the money has gone back.`,
  amountTooLarge: (left: string) => `Only ${left} is left to refund on this payment.`,
  amountInvalid: 'Please enter the amount to refund in dollars and cents, such as 12.50.',
  refundPending:
    'The refund is pending at the payment provider. The order becomes Refunded, and the parent is e-mailed, once the money has gone back.',
  extraFailed: 'Failed to refund the extra charge',
  extraError: 'An error occurred while refunding the extra charge. Trying again is safe.',
  extraRefunded: 'The extra charge has been refunded.',
  cancelFailed: 'Failed to cancel the order',
  cancelError: 'An error occurred while cancelling the order',
  cancelled: 'The order has been cancelled.',
} as const;

/** The carriers with a tracking link; "Other" lets the admin type any name. */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Canada Post', 'Purolator'] as const;
export const OTHER_CARRIER = 'Other';
