import type { OrderDetailFragment } from '../../gql/graphql';
import { formatDateTime } from '../order-format';

type Email = OrderDetailFragment['emails'][number];

/** The e-mails sent or queued about the order, each with its plain-text body behind a toggle. */
export function OrderEmails({ emails }: { emails: OrderDetailFragment['emails'] }) {
  if (emails.length === 0) return <p className="muted">No e-mails yet.</p>;
  return (
    <ul className="order-emails">
      {emails.map((email) => (
        <OrderEmail key={email.id} email={email} />
      ))}
    </ul>
  );
}

function OrderEmail({ email }: { email: Email }) {
  return (
    <li className="order-email">
      <div className="order-email__head">
        <span className="order-email__template">{email.template}</span>
        <span className={`email-status email-status--${email.status}`}>{email.status}</span>
      </div>
      <p className="order-email__subject">{email.subject}</p>
      <p className="order-email__meta">
        To {email.toAddress} · queued <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
        {email.notBefore && !email.sentAt && (
          <>
            {' '}
            · waits until <time dateTime={email.notBefore}>{formatDateTime(email.notBefore)}</time>
          </>
        )}
        {email.sentAt && (
          <>
            {' '}
            · sent <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time>
          </>
        )}{' '}
        · {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'}
      </p>
      {email.lastError && <p className="order-email__error">Last error: {email.lastError}</p>}
      <details className="order-email__body">
        <summary>Show the e-mail text</summary>
        <pre>{email.text}</pre>
      </details>
    </li>
  );
}
