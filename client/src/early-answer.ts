/**
 * The answers to a page's first questions, asked by the page's own HTML before its code has
 * arrived: where the server cannot answer them in the page (route-data-block.ts), because what
 * they need is kept in the tab (the payment page's checkout token, in sessionStorage). The
 * shell's inline script (storefront/payment/early-checkout.ts) leaves, by operation name, the
 * variables it asked with and the server's answer to come under `window[EARLY_ANSWER_KEY]`;
 * `earlyAnswerLink`, first in the shop's client's chain (apollo.ts), gives each answer to the
 * page's own operation instead of asking again.
 */
import { ApolloLink, Observable } from '@apollo/client';

/** The property of `window` the shell's script writes and the link reads. */
export const EARLY_ANSWER_KEY = '__shopEarlyAnswer';

/** What the shell's script leaves for one operation: `answer` settles with the server's JSON, or fails (any HTTP status outside 200-299 included). */
export interface EarlyAnswer {
  variables: Record<string, unknown>;
  answer: Promise<ApolloLink.Result>;
}

/** The early answers, by operation name. */
export type EarlyAnswers = Record<string, EarlyAnswer>;

type Holder = Partial<Record<typeof EARLY_ANSWER_KEY, EarlyAnswers>>;

const sameVariables = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * The early answer for the operation `operationName` with exactly `variables`, or null. The first
 * operation of that name decides: the answer is given to it or dropped, so it is used at most once,
 * by the page as it was opened, and every later one (a refetch, a later visit) asks the server.
 */
export function takeEarlyAnswer(operationName: string, variables: Record<string, unknown>): Promise<ApolloLink.Result> | null {
  const answers = (globalThis as Holder)[EARLY_ANSWER_KEY];
  const held = answers && Object.hasOwn(answers, operationName) ? answers[operationName] : undefined;
  if (!held) return null;
  delete answers![operationName];
  return sameVariables(held.variables, variables) ? held.answer : null;
}

/**
 * Answers an operation from its early answer when there is one: once it has come, as the server
 * gave it. When it failed (the network, a status outside 200-299), the operation goes on down the
 * chain and asks the server itself, as it would have without.
 */
export const earlyAnswerLink = new ApolloLink((operation, forward) => {
  const early = takeEarlyAnswer(operation.operationName ?? '', operation.variables);
  if (!early) return forward(operation);
  return new Observable<ApolloLink.Result>((observer) => {
    let closed = false;
    let asked: { unsubscribe(): void } | undefined;
    early.then(
      (result) => {
        if (closed) return;
        observer.next(result);
        observer.complete();
      },
      () => {
        if (!closed) asked = forward(operation).subscribe(observer);
      },
    );
    return () => {
      closed = true;
      asked?.unsubscribe();
    };
  });
});
