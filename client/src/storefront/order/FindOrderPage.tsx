import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState } from 'react';

import { PageTitle } from '../../ui/PageTitle';
import { isValidEmail } from '../create/validate-order-form';
import { ORDER_MESSAGES } from './order-page-messages';
import { REQUEST_ORDER_LINKS_MUTATION } from './order-page-operations';
import './order-page.css';

/** Longest address the shop accepts (RFC 5321); the server checks it again. */
const EMAIL_MAX_LENGTH = 254;

/**
 * /order: Find my order. The answer is the same whether or not the address has orders, so the
 * page cannot tell anyone who is a customer; the links go only to the inbox.
 */
export function FindOrderPage() {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answered, setAnswered] = useState(false);
  const [requestLinks, { loading }] = useMutation(REQUEST_ORDER_LINKS_MUTATION);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    setAnswered(false);
    const address = email.trim();
    if (!isValidEmail(address, EMAIL_MAX_LENGTH)) {
      setProblem(ORDER_MESSAGES.invalidEmail);
      field.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const { data, error } = await requestLinks({ variables: { email: address } });
      if (error || !data) return setProblem(ORDER_MESSAGES.lookupFailed);
      const refusal = data.requestOrderLinks.userErrors[0];
      if (refusal?.code === 'RATE_LIMITED') return setProblem(ORDER_MESSAGES.rateLimited);
      if (refusal?.code === 'INVALID_INPUT') {
        setProblem(ORDER_MESSAGES.invalidEmail);
        field.current?.focus();
        return;
      }
      setAnswered(true);
    } catch {
      setProblem(ORDER_MESSAGES.lookupFailed);
    }
  }

  return (
    <section className="order-page">
      <PageTitle>Find my order</PageTitle>
      <div className="order-page__inner order-page__inner--narrow">
        <header className="order-page__header">
          <h1 className="order-page__title">{ORDER_MESSAGES.lookupTitle}</h1>
          <p className="order-page__lead">{ORDER_MESSAGES.lookupLead}</p>
        </header>
        <form className="order-page__card order-page__form" onSubmit={submit} noValidate>
          <label className="order-page__label" htmlFor={fieldId}>
            Email address
          </label>
          <input
            id={fieldId}
            ref={field}
            className="order-page__control"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={problem === ORDER_MESSAGES.invalidEmail ? true : undefined}
            aria-describedby={problem ? `${fieldId}-error` : undefined}
          />
          {problem && (
            <p id={`${fieldId}-error`} className="order-page__error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={loading}>
            {ORDER_MESSAGES.lookupSubmit}
          </button>
          {/* Always in the page, so screen readers announce the answer when it appears. */}
          <p className="order-page__success" role="status">
            {answered ? ORDER_MESSAGES.lookupAnswer : ''}
          </p>
        </form>
        <p className="order-page__muted order-page__center">
          The e-mail can take a few minutes to arrive: check your spam or promotions folder too.
        </p>
      </div>
    </section>
  );
}
