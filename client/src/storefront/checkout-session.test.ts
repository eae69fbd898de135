import { clearCheckout, readCheckout, saveCheckout, takeRedirectFlag } from './checkout-session';

describe('checkout session', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores the order, its token and the redirect flag under the agreed keys', () => {
    saveCheckout({ orderId: 'order-1', checkoutToken: 'secret-token' });
    expect({ ...sessionStorage }).toEqual({
      redirectingToPayment: 'true',
      paymentOrderId: 'order-1',
      checkoutToken: 'secret-token',
    });
    expect(readCheckout()).toEqual({ orderId: 'order-1', checkoutToken: 'secret-token' });
  });

  it('hands out the redirect flag once', () => {
    saveCheckout({ orderId: 'order-1', checkoutToken: 'secret-token' });
    expect(takeRedirectFlag()).toBe(true);
    expect(takeRedirectFlag()).toBe(false);
    expect(readCheckout()).toEqual({ orderId: 'order-1', checkoutToken: 'secret-token' });
  });

  it('reads nothing when nothing (or only part) was stored, and forgets on clear', () => {
    expect(readCheckout()).toBeNull();
    sessionStorage.setItem('paymentOrderId', 'order-1');
    expect(readCheckout()).toBeNull();
    saveCheckout({ orderId: 'order-2', checkoutToken: 't' });
    clearCheckout();
    expect(sessionStorage.length).toBe(0);
  });
});
