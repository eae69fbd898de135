/**
 * The payment page's two first questions, asked by the page's HTML itself: its order
 * (`CheckoutOrder`) and the start of the card form's payment (`StartPayment`, which the page asks
 * beside the order: use-early-payment-start.ts says why it is safe to ask at once). The checkout
 * token both need is kept in the tab (checkout-session.ts), so the server cannot answer them in
 * the page as it does the order page's (route-data-block.ts), and without this they would wait
 * for the page's code (the entry, React, Apollo and the page's chunks) before they set off. The
 * shell holds the script `earlyCheckoutScript` gives inline (the server's policy allows it by its
 * hash, from the build); it asks the server at once, beside the code's download, and the page's
 * own operations take the answers (early-answer.ts) instead of asking again. When the payment's
 * start names Stripe, it also has the browser fetch Stripe's card form's code and Stripe.js.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import { type DocumentNode, print } from 'graphql';

import { EARLY_ANSWER_KEY, type EarlyAnswers } from '../../early-answer';
import type { PaymentProviderName } from '../../gql/graphql';
import { operationNameOf } from '../../route-data';
import { CHECKOUT_KEYS } from '../checkout-session';
import { CHECKOUT_ORDER_QUERY, START_PAYMENT_MUTATION } from './payment-operations';
import { STRIPE_JS_URL } from './stripe-js-url';

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
  /**
   * The operation whose answer names the payment's provider (`provider` in its one field), and what
   * that provider's form loads: its own code (the page's chunks, `modules`) and its provider's
   * script (`scripts`), fetched ahead as soon as that answer comes, so the form finds them
   * downloaded, or on their way, when it asks for them.
   */
  providerAhead: { operationName: string; byProvider: Partial<Record<PaymentProviderName, ProviderFormFiles>> };
}

/** What a provider's payment form loads: the build's chunks of the form's code, and its provider's scripts. */
export interface ProviderFormFiles {
  modules: string[];
  scripts: string[];
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
    if (operationName === options.providerAhead.operationName) {
      answer
        .then((body: { data?: Record<string, { provider?: unknown } | null> | null } | null) => {
          const started = body?.data ? Object.values(body.data)[0] : null;
          const provider = started?.provider;
          const files =
            typeof provider === 'string' && Object.hasOwn(options.providerAhead.byProvider, provider)
              ? options.providerAhead.byProvider[provider as PaymentProviderName]
              : undefined;
          if (!files) return;
          // Hints only. The browser fetches each file and keeps it until something asks for it by the
          // same address and runs it. For a module, that is the page's import(). For the provider's
          // script, it is the form's <script>, which has no crossorigin attribute, like the hint.
          const hints = [
            ...files.scripts.map((href) => ({ href, rel: 'preload', as: 'script' })),
            ...files.modules.map((href) => ({ href, rel: 'modulepreload', as: null })),
          ];
          for (const { href, rel, as } of hints) {
            const hint = document.createElement('link');
            hint.rel = rel;
            if (as) hint.setAttribute('as', as);
            hint.href = href;
            document.head.appendChild(hint);
          }
        })
        .catch(() => undefined);
    }
  }
  (window as unknown as Record<string, EarlyAnswers>)[options.holderKey] = answers;
}

/** The operation as the page's client sends it: its name, and its text with the cache's `__typename` fields. */
function printed(document: DocumentNode): { operationName: string; query: string } {
  const operationName = operationNameOf(document);
  if (!operationName) throw new Error('an early question has no name');
  return { operationName, query: print(addTypenameToDocument(document)) };
}

const CHECKOUT_ORDER = printed(CHECKOUT_ORDER_QUERY);
const START_PAYMENT = printed(START_PAYMENT_MUTATION);

/**
 * The scripts each provider's form loads from its provider: Stripe's card form asks for Stripe.js,
 * from another host, only once its own code has run.
 */
const PROVIDER_SCRIPTS: Partial<Record<PaymentProviderName, string[]>> = { stripe: [STRIPE_JS_URL] };

/**
 * The script's options, given the build's chunks of each provider's form (client-route-chunks.ts
 * names the modules, the build their files).
 */
export function earlyCheckoutOptions(formChunks: Partial<Record<PaymentProviderName, string[]>>): EarlyCheckoutOptions {
  return {
    path: '/payment',
    endpoint: '/graphql',
    orderIdKey: CHECKOUT_KEYS.orderId,
    checkoutTokenKey: CHECKOUT_KEYS.checkoutToken,
    operations: [CHECKOUT_ORDER, START_PAYMENT],
    holderKey: EARLY_ANSWER_KEY,
    providerAhead: {
      operationName: START_PAYMENT.operationName,
      byProvider: Object.fromEntries(
        [...new Set([...Object.keys(formChunks), ...Object.keys(PROVIDER_SCRIPTS)])].map((key) => {
          const provider = key as PaymentProviderName;
          return [provider, { modules: formChunks[provider] ?? [], scripts: PROVIDER_SCRIPTS[provider] ?? [] }];
        }),
      ),
    },
  };
}

/** The script as the shell holds it inline: the same on every load of a build, so the policy allows it by one hash. */
export function earlyCheckoutScript(formChunks: Partial<Record<PaymentProviderName, string[]>>): string {
  return `(${askForCheckoutEarly.toString()})(${JSON.stringify(earlyCheckoutOptions(formChunks)).replace(/</g, '\\u003c')});`;
}
