/**
 * The payment page's two first questions, asked by the page's HTML itself: its order
 * (`CheckoutOrder`) and the start of the card form's payment (`StartPayment`, which the page asks
 * beside the order: use-early-payment-start.ts says why it is safe to ask at once). The checkout
 * token both need is kept in the tab (checkout-session.ts), so the server cannot answer them in
 * the page as it does the order page's (route-data-block.ts), and without this they would wait
 * for the page's code (the entry, React, Apollo and the page's chunks) before they set off. The
 * shell holds `EARLY_CHECKOUT_SCRIPT` inline (the server's policy allows it by its hash, from the
 * build); it asks the server at once, beside the code's download, and the page's own operations
 * take the answers (early-answer.ts) instead of asking again.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import { type DocumentNode, print } from 'graphql';

import { EARLY_ANSWER_KEY, type EarlyAnswers } from '../../early-answer';
import { operationNameOf } from '../../route-data';
import { CHECKOUT_KEYS } from '../checkout-session';
import { CHECKOUT_ORDER_QUERY, START_PAYMENT_MUTATION } from './payment-operations';

export interface EarlyCheckoutOptions {
  /** The page's path. */
  path: string;
  /** The GraphQL endpoint. */
  endpoint: string;
  /** The sessionStorage keys of the tab's order and its checkout token. */
  orderIdKey: string;
  checkoutTokenKey: string;
  /** What is asked, in order, each with the tab's order and token: printed as the page's client sends it (with `__typename`). */
  operations: { operationName: string; query: string }[];
  /** Where on `window` the answers are left (early-answer.ts). */
  holderKey: string;
}

/**
 * Runs in the shell, on its own (the build writes its source into the page, so it may use nothing
 * from outside its body): on the payment page, when the link is for the order this tab holds a
 * checkout token for (the page's own checks before it asks, payment-query.ts and PaymentPage.tsx;
 * early-checkout.test.ts holds the two copies to the same answers), asks its questions and leaves
 * the answers to come where the page's client finds them. Anywhere else, or with nothing in the
 * tab, it does nothing, and the page asks as it would have.
 */
export function askForCheckoutEarly(options: EarlyCheckoutOptions): void {
  if (location.pathname.replace(/\/+$/, '').toLowerCase() !== options.path) return;
  const link = new URLSearchParams(location.search);
  const linkedOrderId = (link.get('orderId') ?? '').trim();
  const amount = (link.get('amount') ?? '').trim();
  if (!linkedOrderId || !/^\d+$/.test(amount) || !(Number(amount) > 0) || !Number.isSafeInteger(Number(amount))) return;
  let orderId: string | null;
  let checkoutToken: string | null;
  try {
    orderId = sessionStorage.getItem(options.orderIdKey);
    checkoutToken = sessionStorage.getItem(options.checkoutTokenKey);
  } catch {
    return;
  }
  if (!checkoutToken || orderId !== linkedOrderId) return;
  const variables = { orderId, checkoutToken };
  const answers: EarlyAnswers = {};
  for (const { operationName, query } of options.operations) {
    const answer = fetch(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ operationName, variables, query }),
    }).then((response) => (response.ok ? response.json() : Promise.reject(new Error(`status ${response.status}`))));
    // Not taken (the page's code did not run, or did not ask), it reports nothing.
    answer.catch(() => undefined);
    answers[operationName] = { variables, answer };
  }
  (window as unknown as Record<string, EarlyAnswers>)[options.holderKey] = answers;
}

/** The operation as the page's client sends it: its name, and its text with the cache's `__typename` fields. */
function printed(document: DocumentNode): { operationName: string; query: string } {
  const operationName = operationNameOf(document);
  if (!operationName) throw new Error('an early question has no name');
  return { operationName, query: print(addTypenameToDocument(document)) };
}

export const EARLY_CHECKOUT_OPTIONS: EarlyCheckoutOptions = {
  path: '/payment',
  endpoint: '/graphql',
  orderIdKey: CHECKOUT_KEYS.orderId,
  checkoutTokenKey: CHECKOUT_KEYS.checkoutToken,
  operations: [printed(CHECKOUT_ORDER_QUERY), printed(START_PAYMENT_MUTATION)],
  holderKey: EARLY_ANSWER_KEY,
};

/** The script as the shell holds it inline: the same on every load, so the policy allows it by one hash. */
export const EARLY_CHECKOUT_SCRIPT = `(${askForCheckoutEarly.toString()})(${JSON.stringify(EARLY_CHECKOUT_OPTIONS).replace(/</g, '\\u003c')});`;
