import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';

import { useApolloClientLater } from '../../apollo-later';
import { SUPPORT_EMAIL } from '../../ui/contact';
import './contact-section.css';

/** Shown when the request itself fails (offline, server down): the server had no say. */
export const CONTACT_FALLBACK_ERROR = 'Your message could not be sent just now. Please try again in a moment.';

type Field = 'name' | 'email' | 'orderReference' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'orderReference', 'message'];
const EMPTY: Record<Field, string> = { name: '', email: '', orderReference: '', message: '' };

/**
 * "Contact Us" (/contact scrolls here): name, e-mail, an optional order reference and the
 * message. The server checks it (one problem at a time, in this order), stores it, e-mails it to
 * the staff and a copy to the sender; the field at fault is marked and focused.
 */
export function ContactSection({ id }: { id: string }) {
  const formId = useId();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ message: string; field: Field | null } | null>(null);
  const [sentBy, setSentBy] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const getClient = useApolloClientLater();
  const fieldId = (field: Field) => `${formId}-${field}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setError(null);
    setSending(true);
    let failure: { message: string; field: Field | null } | null = null;
    try {
      const [client, { SEND_CONTACT_MESSAGE_MUTATION }] = await Promise.all([getClient(), import('./contact-operations')]);
      const { data } = await client.mutate({
        mutation: SEND_CONTACT_MESSAGE_MUTATION,
        variables: { input: { ...values, orderReference: values.orderReference || null } },
      });
      const payload = data?.sendContactMessage;
      if (payload?.sent) {
        setSentBy(values.name.trim());
        setValues(EMPTY);
      } else {
        const refusal = payload?.userErrors[0];
        const field = FIELDS.find((name) => name === refusal?.field) ?? null;
        failure = { message: refusal?.message ?? CONTACT_FALLBACK_ERROR, field };
      }
    } catch {
      failure = { message: CONTACT_FALLBACK_ERROR, field: null };
    } finally {
      setSending(false);
    }
    if (failure) {
      setError(failure);
      if (failure.field) document.getElementById(fieldId(failure.field))?.focus();
    }
  }

  const aria = (field: Field) => ({
    id: fieldId(field),
    'aria-invalid': error?.field === field ? true : undefined,
    'aria-describedby': error?.field === field ? `${formId}-error` : undefined,
  });
  const update = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const row = (field: Field, label: string, extra: InputHTMLAttributes<HTMLInputElement>) => (
    <div className="contact-form__row">
      <label htmlFor={fieldId(field)}>{label}</label>
      <input {...aria(field)} {...extra} name={field} value={values[field]} onChange={update(field)} />
    </div>
  );

  return (
    <section id={id} className="section contact-section" aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section__header">
          <p className="section__eyebrow">Contact</p>
          <h2 id={`${id}-title`} className="section__title">
            Contact Us
          </h2>
          <p className="section__lead">
            A question about an order, a gift, or a class set? Write to us here or at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>: a real person answers within one business day.
          </p>
        </header>
        {/* Always in the page, so screen readers announce the thanks when it appears. */}
        <p className="contact-section__sent" role="status">
          {sentBy !== null
            ? `Thank you${sentBy ? `, ${sentBy}` : ''}. Your message is on its way: we answer within one business day, and we have e-mailed you a copy.`
            : ''}
        </p>
        <form className="contact-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={sending}>
          {error && (
            <p id={`${formId}-error`} className="contact-form__error" role="alert">
              {error.message}
            </p>
          )}
          {row('name', 'Your name', { autoComplete: 'name' })}
          {row('email', 'Your e-mail', { type: 'email', autoComplete: 'email' })}
          {row('orderReference', 'Order reference (optional)', { autoComplete: 'off', placeholder: 'e.g. 8dbd1044' })}
          <div className="contact-form__row">
            <label htmlFor={fieldId('message')}>Your message</label>
            <textarea {...aria('message')} name="message" rows={5} value={values.message} onChange={update('message')} />
          </div>
          <button type="submit" className="button button--primary contact-form__send" disabled={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      </div>
    </section>
  );
}
