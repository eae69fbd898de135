import { useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';

import { useOrderAction } from '../fulfilment/use-order-action';
import { STUDIO_MESSAGES } from './studio-messages';
import { StudioTextarea } from './StudioTextarea';
import { ANSWER_CHANGE_MUTATION, DECLINE_CHANGE_MUTATION, STUDIO_REFRESH } from './studio-operations';
import './studio.css';

/**
 * Answers the parent's open change request without a new version of the book: a reply, or a
 * decline with its reason. Either is e-mailed to the parent and closes the request.
 */
export function ChangeAnswerForm({ orderId }: { orderId: string }) {
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  // Read again after an answer, not after a refusal.
  const [answer, answering] = useMutation(ANSWER_CHANGE_MUTATION, {
    refetchQueries: ({ data }) => (data?.answerChangeRequest.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const [decline, declining] = useMutation(DECLINE_CHANGE_MUTATION, {
    refetchQueries: ({ data }) => (data?.declineChangeRequest.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const { run, error } = useOrderAction({ failed: STUDIO_MESSAGES.answerFailed, error: STUDIO_MESSAGES.answerFailed });
  const busy = answering.loading || declining.loading;
  const message = local ?? error?.message ?? null;

  async function send(how: 'answer' | 'decline') {
    if (busy) return;
    if (!text.trim()) {
      setLocal(STUDIO_MESSAGES.answerEmpty);
      return;
    }
    setLocal(null);
    await run(async () =>
      how === 'answer'
        ? (await answer({ variables: { orderId, reply: text } })).data?.answerChangeRequest
        : (await decline({ variables: { orderId, reason: text } })).data?.declineChangeRequest,
    );
  }

  return (
    <form
      className="admin-form change-answer"
      aria-label="Answer the parent"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void send('answer');
      }}
    >
      <StudioTextarea
        label="Answer without a new version (e-mailed to the parent)"
        value={text}
        onChange={setText}
        message={message}
      />
      <div className="change-answer__actions">
        <button type="submit" className="button button--secondary button--small" aria-disabled={busy}>
          {answering.loading ? 'Sending…' : 'Send reply'}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-disabled={busy}
          onClick={() => void send('decline')}
        >
          {declining.loading ? 'Declining…' : 'Decline with this reason'}
        </button>
      </div>
    </form>
  );
}
