import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { PageTitle } from '../../ui/PageTitle';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { formatDateTime } from '../order-format';
import { RequireAdmin } from '../session/RequireAdmin';
import { useExpireOnUnauthenticated } from '../session/use-expire-on-unauthenticated';
import { CONTACT_MESSAGES_QUERY, MARK_CONTACT_MESSAGE_ANSWERED_MUTATION } from './messages-operations';
import '../admins/admins.css';
import './messages.css';

export const MESSAGES_TEXT = {
  loadFailed: 'The messages could not be loaded. Please try again.',
  failed: 'Something went wrong. Please try again.',
  none: 'No messages yet. What visitors send through the contact form appears here.',
  answered: (name: string) => `The message from ${name} is marked answered.`,
} as const;

/** /admin/messages: what visitors sent through the contact form, waiting ones first, to answer by e-mail. */
export function ContactMessagesPage() {
  return (
    <RequireAdmin>
      <PageTitle>Messages</PageTitle>
      <div className="admin-dashboard">
        <DashboardHeader />
        <main className="admin-dashboard__main admins-page" id="admin-main">
          <h1 className="admin-dashboard__title">Messages</h1>
          <ContactMessagesList />
        </main>
      </div>
    </RequireAdmin>
  );
}

function ContactMessagesList() {
  const { data, loading, error } = useQuery(CONTACT_MESSAGES_QUERY, { fetchPolicy: 'cache-and-network' });
  useExpireOnUnauthenticated(error);
  const [markAnswered] = useMutation(MARK_CONTACT_MESSAGE_ANSWERED_MUTATION);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  if (loading && !data) return <p role="status">Loading messages…</p>;
  if (error && !data) {
    return (
      <p className="admin-alert admin-alert--error" role="alert">
        {MESSAGES_TEXT.loadFailed}
      </p>
    );
  }
  const messages = [...(data?.contactMessages ?? [])].sort(
    (a, b) => Number(a.answeredAt !== null) - Number(b.answeredAt !== null),
  );

  async function answer(id: string, name: string) {
    setBusy(id);
    try {
      const { data: answered } = await markAnswered({ variables: { id } });
      const refusal = answered?.markContactMessageAnswered.userErrors[0];
      setStatus(refusal ? refusal.message : MESSAGES_TEXT.answered(name));
    } catch {
      setStatus(MESSAGES_TEXT.failed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <p className="messages-page__status" role="status">
        {status}
      </p>
      {messages.length === 0 ? (
        <p>{MESSAGES_TEXT.none}</p>
      ) : (
        <ul className="messages-page__list">
          {messages.map((message) => (
            <li key={message.id} className="messages-page__item" aria-label={`Message from ${message.name}`}>
              <p className="messages-page__from">
                <strong>{message.name}</strong> <a href={`mailto:${message.email}`}>{message.email}</a>
                {message.orderReference && <span> · order {message.orderReference}</span>}
              </p>
              <p className="messages-page__when">Sent {formatDateTime(String(message.createdAt))}</p>
              <p className="messages-page__text">{message.message}</p>
              {message.answeredAt ? (
                <p className="messages-page__answered">
                  Answered {formatDateTime(String(message.answeredAt))}
                  {message.answeredBy ? ` by ${message.answeredBy}` : ''}
                </p>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy !== null}
                  onClick={() => void answer(message.id, message.name)}
                >
                  Mark answered
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
