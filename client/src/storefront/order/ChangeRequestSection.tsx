import { useMutation } from '@apollo/client/react';
import { type FormEvent, type ReactNode, useId, useRef, useState, useLayoutEffect } from 'react';

import type { OrderPageFieldsFragment } from '../../gql/graphql';
import { SUPPORT_EMAIL } from '../../ui/contact';
import { formatCount } from '../../ui/en-us';
import { formatWhen, ORDER_MESSAGES } from './order-page-messages';
import { REQUEST_ORDER_CHANGE_MUTATION } from './order-page-operations';

interface ChangeRequestSectionProps {
  order: OrderPageFieldsFragment;
  token: string;
  maxLength: number;
}

/**
 * The free round of changes on a delivered book: the requests already made, and while the
 * window is open, 'Request a change' with a short form. The server decides (7 days, one round).
 */
export function ChangeRequestSection({ order, token, maxLength }: ChangeRequestSectionProps) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const titleId = useId();
  const [request] = useMutation(REQUEST_ORDER_CHANGE_MUTATION);
  const send = async (message: string) => {
    const { data, error } = await request({ variables: { token, message } });
    const payload = data?.requestOrderChange;
    if (error || !payload) return ORDER_MESSAGES.genericError;
    return payload.userErrors[0]?.message ?? null;
  };

  return (
    <section className="order-page__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-page__heading">
        Changes to your book
      </h2>
      {order.changeRequests.length > 0 && (
        <ul className="order-page__requests">
          {order.changeRequests.map((request) => (
            <li key={request.requestedAt}>
              <p className="order-page__muted">
                You asked on <time dateTime={request.requestedAt}>{formatWhen(request.requestedAt)}</time>:
              </p>
              <blockquote className="order-page__quote">{request.message}</blockquote>
            </li>
          ))}
        </ul>
      )}
      {sent && (
        <p className="order-page__success" role="status">
          {ORDER_MESSAGES.changeSent}
        </p>
      )}
      {order.canRequestChange ? (
        <>
          <p>
            Every book includes one free round of changes.
            {order.changeRequestDeadline ? (
              <>
                {' '}
                You can ask until <time dateTime={order.changeRequestDeadline}>{formatWhen(order.changeRequestDeadline)}</time>.
              </>
            ) : (
              // A printed book made but not shipped yet: the days count from its arrival.
              <> You can ask until 7 days after your printed book arrives.</>
            )}
          </p>
          {open ? (
            <ChangeRequestForm
              label="What would you like changed?"
              submitLabel={ORDER_MESSAGES.sendChange}
              send={send}
              maxLength={maxLength}
              onCancel={() => setOpen(false)}
              onSent={() => {
                setOpen(false);
                setSent(true);
              }}
            />
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
              {ORDER_MESSAGES.requestChange}
            </button>
          )}
        </>
      ) : (
        !sent && (
          <p className="order-page__muted">
            {order.changeRequests.length > 0
              ? 'You have used the free round of changes.'
              : 'The 7 days for asking for changes have passed.'}{' '}
            For anything else, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        )
      )}
    </section>
  );
}

interface ChangeRequestFormProps {
  label: ReactNode;
  submitLabel: string;
  /** Sends the trimmed text; answers the server's refusal (or a failure) in words, or null once it is accepted. */
  send(message: string): Promise<string | null>;
  maxLength: number;
  onCancel(): void;
  onSent(): void;
}

/** What the parent would like changed (in the delivered book, or in a proof): checked here, then by the server. */
export function ChangeRequestForm({ label, submitLabel, send, maxLength, onCancel, onSent }: ChangeRequestFormProps) {
  const fieldId = useId();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const length = message.length;
  const over = length > maxLength;

  useLayoutEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const text = message.trim();
    const refusal = !text ? ORDER_MESSAGES.changeEmpty : over ? ORDER_MESSAGES.changeTooLong(maxLength) : null;
    setProblem(refusal);
    if (refusal) {
      field.current?.focus();
      return;
    }
    setLoading(true);
    try {
      const refused = await send(text);
      setLoading(false);
      if (refused) return setProblem(refused);
      onSent();
    } catch {
      setLoading(false);
      setProblem(ORDER_MESSAGES.genericError);
    }
  }

  return (
    <form className="order-page__form" onSubmit={submit} noValidate>
      <label className="order-page__label" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className="order-page__control order-page__control--textarea"
        rows={5}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${fieldId}-count${problem ? ` ${fieldId}-error` : ''}`}
      />
      <p id={`${fieldId}-count`} className={`order-page__counter${over ? ' order-page__counter--over' : ''}`}>
        {formatCount(length)} / {formatCount(maxLength)} characters
      </p>
      {problem && (
        <p id={`${fieldId}-error`} className="order-page__error" role="alert">
          {problem}
        </p>
      )}
      <div className="order-page__actions order-page__actions--start">
        <button type="submit" className="button button--primary" disabled={loading}>
          {submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
