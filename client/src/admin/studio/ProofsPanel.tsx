import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState } from 'react';

import type { OrderStudioFragment, ProofStatus } from '../../gql/graphql';
import { useOrderAction } from '../fulfilment/use-order-action';
import { formatDateTime } from '../order-format';
import { useIsOwner } from '../session/admin-session-context';
import { NewTabLink } from '../shared/NewTabLink';
import { checkPdfFile } from '../upload/check-pdf-file';
import { VIDEO_LIMIT_QUERY } from '../upload/upload-operations';
import { STUDIO_MESSAGES } from './studio-messages';
import { StudioTextarea } from './StudioTextarea';
import { STUDIO_REFRESH, APPROVE_PROOF_FOR_PARENT_MUTATION, SEND_PROOF_MUTATION } from './studio-operations';

export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  AWAITING_ANSWER: 'Waiting for the parent',
  APPROVED: 'Approved',
  CHANGES_ASKED: 'Changes asked',
  REPLACED: 'Replaced by a newer proof',
};

type Proof = OrderStudioFragment['proofs'][number];

/** The proofs sent to the parent, newest first, what they answered, and sending the next one. */
export function ProofsPanel({ order }: { order: OrderStudioFragment }) {
  const owner = useIsOwner();
  const latest = order.proofs[0];
  const open = order.status === 'Paid' && !order.childDataDeletedAt;
  return (
    <div className="order-studio__proofs">
      <h4 className="order-studio__subheading">Proofs</h4>
      {order.proofs.length === 0 ? (
        <p className="muted">{STUDIO_MESSAGES.noProofs}</p>
      ) : (
        <ol className="order-studio__proof-list" aria-label="Proofs">
          {order.proofs.map((proof) => (
            <ProofEntry key={proof.id} proof={proof} />
          ))}
        </ol>
      )}
      {open && <SendProofForm orderId={order.id} next={(latest?.version ?? 0) + 1} />}
      {open && owner && latest && (latest.status === 'AWAITING_ANSWER' || latest.status === 'CHANGES_ASKED') && (
        <ApproveForParentForm orderId={order.id} version={latest.version} />
      )}
    </div>
  );
}

function ProofEntry({ proof }: { proof: Proof }) {
  const answeredBy = proof.answeredBy === 'customer' ? 'the parent' : proof.answeredBy?.replace(/^admin:/, '');
  return (
    <li className="order-studio__proof">
      <p className="order-studio__proof-title">
        <strong>Proof {proof.version}</strong> · {PROOF_STATUS_LABELS[proof.status]}
        {proof.url && (
          <>
            {' · '}
            <NewTabLink href={proof.url}>Open PDF</NewTabLink>
          </>
        )}
      </p>
      <p className="order-studio__note-meta">
        Sent by {proof.sentBy.replace(/^admin:/, '')} · <time dateTime={proof.sentAt}>{formatDateTime(proof.sentAt)}</time>
        {proof.remindedAt && ' · reminded after 48 h'}
      </p>
      {proof.answeredAt && (
        <p className="order-studio__note-meta">
          {proof.status === 'APPROVED' ? 'Approved' : 'Answered'} by {answeredBy} ·{' '}
          <time dateTime={proof.answeredAt}>{formatDateTime(proof.answeredAt)}</time>
        </p>
      )}
      {proof.message && <p className="order-studio__note-text">{proof.message}</p>}
    </li>
  );
}

function SendProofForm({ orderId, next }: { orderId: string; next: number }) {
  const { data: limits } = useQuery(VIDEO_LIMIT_QUERY, { fetchPolicy: 'cache-first' });
  const [send, { loading }] = useMutation(SEND_PROOF_MUTATION, {
    refetchQueries: ({ data }) => (data?.sendProof.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const { run, error } = useOrderAction({ failed: STUDIO_MESSAGES.proofFailed, error: STUDIO_MESSAGES.proofFailed });
  const [local, setLocal] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const message = local ?? error?.message ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setSent(false);
    const file = input.current?.files?.[0];
    const problem = file ? checkPdfFile(file, limits?.shopConfig.pdfMaxBytes ?? null) : STUDIO_MESSAGES.proofChoose;
    setLocal(problem);
    if (problem || !file) return;
    const ok = await run(async () => {
      const payload = (await send({ variables: { orderId, proof: file } })).data?.sendProof;
      return payload && { order: payload.proof, userErrors: payload.userErrors };
    });
    if (ok) {
      setSent(true);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <form className="admin-form order-studio__note-form" aria-label="Send a proof" onSubmit={onSubmit} noValidate>
      {message && (
        <p id={`${fieldId}-error`} className="admin-alert admin-alert--error" role="alert">
          {message}
        </p>
      )}
      {sent && (
        <p className="admin-alert admin-alert--success" role="status">
          {STUDIO_MESSAGES.proofSent}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={fieldId} className="admin-field__label">
          Proof {next} (PDF)
        </label>
        <input
          id={fieldId}
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="admin-field__control"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${fieldId}-error` : undefined}
          onChange={() => setLocal(null)}
        />
      </div>
      <button type="submit" className="button button--primary button--small" aria-disabled={loading}>
        {loading ? 'Sending proof…' : 'Send proof to the parent'}
      </button>
    </form>
  );
}

function ApproveForParentForm({ orderId, version }: { orderId: string; version: number }) {
  const [note, setNote] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [approve, { loading }] = useMutation(APPROVE_PROOF_FOR_PARENT_MUTATION, {
    refetchQueries: ({ data }) => (data?.approveProofForParent.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const { run, error } = useOrderAction({ failed: STUDIO_MESSAGES.approveFailed, error: STUDIO_MESSAGES.approveFailed });
  const message = local ?? error?.message ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!note.trim()) return setLocal(STUDIO_MESSAGES.approveNoteEmpty);
    setLocal(null);
    const ok = await run(async () => {
      const payload = (await approve({ variables: { orderId, version, note } })).data?.approveProofForParent;
      return payload && { order: payload.proof, userErrors: payload.userErrors };
    });
    if (ok) setNote('');
  }

  return (
    <form className="admin-form order-studio__note-form" aria-label="Approve for the parent" onSubmit={onSubmit} noValidate>
      <StudioTextarea
        label={<>How the parent approved proof {version} (owners only)</>}
        value={note}
        onChange={setNote}
        message={message}
        rows={2}
      />
      <button type="submit" className="button button--secondary button--small" aria-disabled={loading}>
        {loading ? 'Approving…' : 'Approve for the parent'}
      </button>
    </form>
  );
}
