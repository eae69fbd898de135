/** The payment page's messages, word for word from the spec (section 8). */
export const PAYMENT_MESSAGES = {
  missingOrder: 'Missing order information. Please try again.',
  invalidAmount: 'Invalid payment amount. Please try again.',
  paymentFailed: 'There was an error processing your payment. Please try again.',
  recordFailed: 'An error occurred while processing your payment. Please try again or contact support.',
  accountRestricted:
    'PayPal account issue: Your PayPal business account has restrictions. Please check your PayPal account settings and verify your account.',
  loadFailed: 'There was an error loading the payment system. Please try refreshing the page or contact support.',
  alreadyPaid: 'This order has already been paid.',
  cancelled: 'This order was cancelled.',
} as const;

/**
 * Problems with the shop's own provider account (not the parent's card). The spec names
 * PayPal's code; Stripe's equivalents and the shop's own refusal code (UserErrorCode) are
 * mapped to the same message.
 */
const ACCOUNT_RESTRICTION_CODES = [
  'payment_account_restricted',
  'payee_account_restricted',
  'account_invalid',
  'account_closed',
  'platform_account_required',
  'account_country_invalid_address',
  'account_information_mismatch',
  'account_error_country_change_requires_additional_steps',
];

/** Whether any of the given error codes or messages names an account restriction. */
export function isAccountRestriction(...texts: Array<string | null | undefined>): boolean {
  return texts.some((text) => {
    const lower = text?.toLowerCase();
    return !!lower && ACCOUNT_RESTRICTION_CODES.some((code) => lower.includes(code));
  });
}

export type PaymentStage = 'confirm' | 'record';

/**
 * What the parent reads when paying went wrong: an account restriction wins, then the
 * stage decides (the card or its confirmation, or recording the payment with us).
 */
export function paymentErrorMessage(stage: PaymentStage, ...texts: Array<string | null | undefined>): string {
  if (isAccountRestriction(...texts)) return PAYMENT_MESSAGES.accountRestricted;
  return stage === 'confirm' ? PAYMENT_MESSAGES.paymentFailed : PAYMENT_MESSAGES.recordFailed;
}
