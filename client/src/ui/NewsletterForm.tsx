import { useId, useState, type FormEvent } from 'react';

import { useApolloClientLater } from '../apollo-later';

/** Shown when the request itself fails (offline, server down): the server had no say. */
export const NEWSLETTER_FALLBACK_ERROR = 'Something went wrong. Please try again in a moment.';

/**
 * The footer's newsletter sign-up. The server validates the address and owns the wording
 * of the error, so the browser's own validation is off (noValidate).
 */
export function NewsletterForm() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [loading, setLoading] = useState(false);
  // Apollo Client loads on the first sign-up, not with every page.
  const getClient = useApolloClientLater();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setError(null);
    setSubscribed(false);
    setLoading(true);
    try {
      const [client, { SUBSCRIBE_NEWSLETTER_MUTATION }] = await Promise.all([getClient(), import('./newsletter-operations')]);
      const { data } = await client.mutate({ mutation: SUBSCRIBE_NEWSLETTER_MUTATION, variables: { email: email.trim() } });
      const payload = data?.subscribeNewsletter;
      if (payload?.subscribed) {
        setSubscribed(true);
        setEmail('');
      } else {
        setError(payload?.userErrors[0]?.message ?? NEWSLETTER_FALLBACK_ERROR);
      }
    } catch {
      setError(NEWSLETTER_FALLBACK_ERROR);
    } finally {
      setLoading(false);
    }
  }

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Email address
      </label>
      <div className="newsletter__row">
        <input
          id={inputId}
          className="newsletter__input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="button newsletter__button" disabled={loading}>
          Subscribe
        </button>
      </div>
      {/* Always in the page, so screen readers announce the thanks when it appears. */}
      <p className="newsletter__status" role="status">
        {subscribed ? 'Thanks for subscribing!' : ''}
      </p>
      {error && (
        <p id={`${inputId}-error`} className="newsletter__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
