import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useId, useState } from 'react';

import type { OrderStudioFragment } from '../../gql/graphql';
import { useOrderAction } from '../fulfilment/use-order-action';
import { formatDateTime } from '../order-format';
import { useAdminSession } from '../session/admin-session-context';
import { PrintPanel } from './PrintPanel';
import { ProofsPanel } from './ProofsPanel';
import { STUDIO_MESSAGES } from './studio-messages';
import { StudioTextarea } from './StudioTextarea';
import { ADD_ORDER_NOTE_MUTATION, ASSIGN_ORDER_MUTATION, ASSIGNABLE_ADMINS_QUERY, STUDIO_REFRESH } from './studio-operations';
import './studio.css';

/**
 * Who has taken the order ("Assign to me" in one tap, or a colleague), its proofs, its printing
 * at the print partner, and the staff's notes about it.
 */
export function OrderStudio({ order }: { order: OrderStudioFragment }) {
  return (
    <div className="order-studio">
      <Assignee order={order} />
      <ProofsPanel order={order} />
      <PrintPanel order={order} />
      <Notes order={order} />
    </div>
  );
}

function Assignee({ order }: { order: OrderStudioFragment }) {
  const { currentUser } = useAdminSession();
  const { data } = useQuery(ASSIGNABLE_ADMINS_QUERY, { fetchPolicy: 'cache-first' });
  const [assign, { loading }] = useMutation(ASSIGN_ORDER_MUTATION, {
    refetchQueries: ({ data }) => (data?.assignOrder.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const { run, error } = useOrderAction({ failed: STUDIO_MESSAGES.assignFailed, error: STUDIO_MESSAGES.assignFailed });
  const selectId = useId();
  const assigneeId = order.assignee?.id ?? '';
  const active = (data?.admins ?? []).filter((admin) => !admin.disabledAt || admin.id === assigneeId);

  async function give(adminId: string | null) {
    if (loading) return;
    await run(async () => {
      const payload = (await assign({ variables: { orderId: order.id, adminId } })).data?.assignOrder;
      return payload && { order: payload.orderId, userErrors: payload.userErrors };
    });
  }

  return (
    <div className="order-studio__assignee">
      {error && (
        <p className="admin-alert admin-alert--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={selectId} className="admin-field__label">
          Assigned to
        </label>
        <div className="order-studio__assign-row">
          <select
            id={selectId}
            className="admin-field__control"
            value={assigneeId}
            disabled={loading}
            onChange={(event) => void give(event.target.value || null)}
          >
            <option value="">{STUDIO_MESSAGES.nobody}</option>
            {order.assignee && !active.some((admin) => admin.id === assigneeId) && (
              <option value={order.assignee.id}>{order.assignee.email}</option>
            )}
            {active.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.email}
                {admin.id === currentUser?.id ? ' (you)' : ''}
              </option>
            ))}
          </select>
          {currentUser && assigneeId !== currentUser.id && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-disabled={loading}
              onClick={() => void give(currentUser.id)}
            >
              Assign to me
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function Notes({ order }: { order: OrderStudioFragment }) {
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [add, { loading }] = useMutation(ADD_ORDER_NOTE_MUTATION, {
    refetchQueries: ({ data }) => (data?.addOrderNote.userErrors.length === 0 ? ['AdminOrderDetail'] : []),
    awaitRefetchQueries: true,
  });
  const { run, error } = useOrderAction({ failed: STUDIO_MESSAGES.noteFailed, error: STUDIO_MESSAGES.noteFailed });
  const message = local ?? error?.message ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!text.trim()) {
      setLocal(STUDIO_MESSAGES.noteEmpty);
      return;
    }
    setLocal(null);
    const ok = await run(async () => {
      const payload = (await add({ variables: { orderId: order.id, text } })).data?.addOrderNote;
      return payload && { order: payload.note, userErrors: payload.userErrors };
    });
    if (ok) setText('');
  }

  return (
    <div className="order-studio__notes">
      {order.notes.length === 0 ? (
        <p className="muted">{STUDIO_MESSAGES.noNotes}</p>
      ) : (
        <ol className="order-studio__note-list" aria-label="Notes">
          {order.notes.map((note) => (
            <li key={note.id} className="order-studio__note">
              <p className="order-studio__note-text">{note.text}</p>
              <p className="order-studio__note-meta">
                {note.authorEmail} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="admin-form order-studio__note-form" aria-label="Add a note" onSubmit={onSubmit} noValidate>
        <StudioTextarea label="Note for the staff" value={text} onChange={setText} message={message} />
        <button type="submit" className="button button--secondary button--small" aria-disabled={loading}>
          {loading ? 'Saving note…' : 'Add note'}
        </button>
      </form>
    </div>
  );
}
