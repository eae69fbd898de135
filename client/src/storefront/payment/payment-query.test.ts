import { PAYMENT_MESSAGES } from './payment-messages';
import { readPaymentQuery } from './payment-query';

const read = (search: string) => readPaymentQuery(new URLSearchParams(search));

describe('readPaymentQuery', () => {
  it('accepts an order id with a positive whole amount', () => {
    expect(read('orderId=abc&amount=25&format=digital')).toEqual({
      ok: true,
      orderId: 'abc',
      amountDollars: 25,
      format: 'digital',
    });
  });

  it.each(['', 'amount=25', 'orderId=abc', 'orderId=&amount=25', 'orderId=abc&amount='])('needs both values (%s)', (search) =>
    expect(read(search)).toEqual({ ok: false, message: PAYMENT_MESSAGES.missingOrder }),
  );

  it.each(['0', '-25', '25.5', '25.00', 'abc', '1e3', '99999999999999999999'])('refuses the amount %s', (amount) =>
    expect(read(`orderId=abc&amount=${amount}`)).toEqual({ ok: false, message: PAYMENT_MESSAGES.invalidAmount }),
  );

  it('checks presence before the amount, as the spec orders them', () => {
    expect(read('amount=oops')).toEqual({ ok: false, message: PAYMENT_MESSAGES.missingOrder });
  });
});
