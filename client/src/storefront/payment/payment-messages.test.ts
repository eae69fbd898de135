import { isAccountRestriction, PAYMENT_MESSAGES, paymentErrorMessage } from './payment-messages';

describe('payment error messages', () => {
  it('words a failed card or confirmation and a failed recording as the spec does', () => {
    expect(paymentErrorMessage('confirm', 'card_declined', 'Your card was declined.')).toBe(
      'There was an error processing your payment. Please try again.',
    );
    expect(paymentErrorMessage('record', 'Payment not found')).toBe(
      'An error occurred while processing your payment. Please try again or contact support.',
    );
  });

  it.each([
    'PAYEE_ACCOUNT_RESTRICTED',
    'account_invalid',
    'platform_account_required',
    'account_closed',
    'Error: ACCOUNT_CLOSED for acct_1',
  ])('maps the account restriction %s to the account message at any stage', (code) => {
    expect(isAccountRestriction(code)).toBe(true);
    expect(paymentErrorMessage('confirm', null, code)).toBe(PAYMENT_MESSAGES.accountRestricted);
    expect(paymentErrorMessage('record', code)).toBe(PAYMENT_MESSAGES.accountRestricted);
  });

  it("does not take the parent's own bank account problems for the shop's account", () => {
    expect(isAccountRestriction('account_number_invalid', 'card_declined', undefined, null)).toBe(false);
  });
});
