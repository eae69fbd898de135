/**
 * What the order form hands to the payment page, kept in sessionStorage so it survives the
 * redirect (and a reload of the payment page) but not the tab. The checkout token is the
 * secret that lets the payment page read the order: it never goes into a query string. Once
 * paid, the order stays here marked as paid, so Back to the payment page can say it is paid
 * and the success page can show what was bought; the token also opens the order's own page.
 */

export interface CheckoutSession {
  orderId: string;
  checkoutToken: string;
}

/** The tab's sessionStorage keys (the payment page's shell reads the order's two: early-checkout.ts). */
export const CHECKOUT_KEYS = {
  redirecting: 'redirectingToPayment',
  orderId: 'paymentOrderId',
  checkoutToken: 'checkoutToken',
  paidOrderId: 'paidOrderId',
  addBookReturnTo: 'addBookReturnTo',
} as const;

// Storage can be unavailable (disabled cookies, some private modes): checkout must still
// move on, so every access is guarded and failures read as "nothing stored".
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers a freshly created order and flags that the browser is on its way to pay. */
export function saveCheckout({ orderId, checkoutToken }: CheckoutSession): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(CHECKOUT_KEYS.paidOrderId);
    store.setItem(CHECKOUT_KEYS.redirecting, 'true');
    store.setItem(CHECKOUT_KEYS.orderId, orderId);
    store.setItem(CHECKOUT_KEYS.checkoutToken, checkoutToken);
  } catch {
    // Quota or privacy mode: the payment page will ask the parent to start again.
  }
}

/** The order being paid for in this tab, if any. */
export function readCheckout(): CheckoutSession | null {
  const store = storage();
  if (!store) return null;
  try {
    const orderId = store.getItem(CHECKOUT_KEYS.orderId);
    const checkoutToken = store.getItem(CHECKOUT_KEYS.checkoutToken);
    return orderId && checkoutToken ? { orderId, checkoutToken } : null;
  } catch {
    return null;
  }
}

/**
 * True once after the order form's redirect (the payment page then shows its loading
 * overlay); the flag is cleared so a reload does not show it again.
 */
export function takeRedirectFlag(): boolean {
  const store = storage();
  if (!store) return false;
  try {
    const flagged = store.getItem(CHECKOUT_KEYS.redirecting) === 'true';
    store.removeItem(CHECKOUT_KEYS.redirecting);
    return flagged;
  } catch {
    return false;
  }
}

/** Marks this tab's order as paid just now (the success page confirms only such an order). */
export function markPaid(orderId: string): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(CHECKOUT_KEYS.paidOrderId, orderId);
  } catch {
    // The success page then stays neutral: it never claims a payment it cannot see.
  }
}

/** The order this tab has just paid for, with its token, or null. */
export function readPaid(): CheckoutSession | null {
  const checkout = readCheckout();
  try {
    return checkout && storage()?.getItem(CHECKOUT_KEYS.paidOrderId) === checkout.orderId ? checkout : null;
  } catch {
    return null;
  }
}

/** A book being added to this tab's checkout: the checkout it joins, and the payment page to return to. */
export interface AddingBook {
  addTo: CheckoutSession;
  returnTo: string;
}

/** The payment page sends the parent to the order form to add a book to this tab's checkout. */
export function startAddingBook(returnTo: string): void {
  try {
    storage()?.setItem(CHECKOUT_KEYS.addBookReturnTo, returnTo);
  } catch {
    // The form then makes a checkout of its own: nothing is lost.
  }
}

/** The book being added to this tab's checkout, if the parent came from its payment page; else null. */
export function readAddingBook(): AddingBook | null {
  const addTo = readCheckout();
  try {
    const returnTo = storage()?.getItem(CHECKOUT_KEYS.addBookReturnTo);
    return addTo && returnTo?.startsWith('/payment?') ? { addTo, returnTo } : null;
  } catch {
    return null;
  }
}

/** The book was added (or the parent went back): the form makes checkouts of its own again. */
export function stopAddingBook(): void {
  try {
    storage()?.removeItem(CHECKOUT_KEYS.addBookReturnTo);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Forgets this tab's order altogether. */
export function clearCheckout(): void {
  const store = storage();
  if (!store) return;
  try {
    Object.values(CHECKOUT_KEYS).forEach((key) => store.removeItem(key));
  } catch {
    // Nothing to do: storage that cannot be written holds nothing of ours either.
  }
}
