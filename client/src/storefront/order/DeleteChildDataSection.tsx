import { useMutation } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, useLayoutEffect } from 'react';

import type { OrderPageFieldsFragment } from '../../gql/graphql';
import { SUPPORT_EMAIL } from '../../ui/contact';
import { ORDER_MESSAGES } from './order-page-messages';
import { DELETE_CHILD_DATA_MUTATION } from './order-page-operations';

/** What deleting removes and what it keeps: the dialog and the privacy policy say the same. */
export const DELETED_AT_ONCE =
  "your child's photo, the delivered files (the video and the PDF), your child's name and age, the story idea, the dedication, the gift message and the shipping address";
export const KEPT_FOR_ACCOUNTING =
  'the order reference, the amount, the dates, the payment reference and your e-mail address, for receipts';

interface DeleteChildDataSectionProps {
  order: OrderPageFieldsFragment;
  token: string;
}

/** 'Delete my child's photo and details', behind a confirmation that says exactly what goes and what stays. */
export function DeleteChildDataSection({ order, token }: DeleteChildDataSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setConfirming(false);
    opener.current?.focus();
  };

  return (
    <section className="order-page__card" aria-labelledby="order-delete">
      <h2 id="order-delete" className="order-page__heading">
        Your child's photo and details
      </h2>
      <p>
        We delete your child's photo automatically 7 days after delivery. You can delete it, and everything else about your child,
        now.
      </p>
      <button
        ref={opener}
        type="button"
        className="button button--secondary order-page__danger"
        onClick={() => setConfirming(true)}
      >
        {ORDER_MESSAGES.deleteButton}
      </button>
      {confirming && <DeleteDialog order={order} token={token} onCancel={close} onDeleted={() => setConfirming(false)} />}
    </section>
  );
}

interface DeleteDialogProps extends DeleteChildDataSectionProps {
  onCancel(): void;
  onDeleted(): void;
}

function DeleteDialog({ order, token, onCancel, onDeleted }: DeleteDialogProps) {
  const titleId = useId();
  const textId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleteChildData, { loading }] = useMutation(DELETE_CHILD_DATA_MUTATION);

  useLayoutEffect(() => heading.current?.focus(), []);

  // Escape closes; Tab stays inside the dialog while it is open.
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    const element = box.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        cancel.current();
        return;
      }
      if (event.key !== 'Tab' || !element) return;
      const focusable = [...element.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    element?.addEventListener('keydown', onKeyDown);
    return () => element?.removeEventListener('keydown', onKeyDown);
  }, []);

  async function confirm() {
    if (loading) return;
    setProblem(null);
    try {
      const { data, error } = await deleteChildData({ variables: { token } });
      const payload = data?.deleteChildData;
      if (error || !payload) return setProblem(ORDER_MESSAGES.genericError);
      if (payload.userErrors[0]) return setProblem(payload.userErrors[0].message);
      onDeleted();
    } catch {
      setProblem(ORDER_MESSAGES.genericError);
    }
  }

  return (
    <div className="order-dialog">
      <div className="order-dialog__backdrop" aria-hidden="true" onClick={onCancel} />
      <div
        className="order-dialog__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        ref={box}
      >
        <h2 id={titleId} ref={heading} tabIndex={-1} className="order-dialog__title">
          {ORDER_MESSAGES.deleteTitle}
        </h2>
        <div id={textId}>
          <p>
            <strong>Deleted at once:</strong> {DELETED_AT_ONCE}.
          </p>
          <p>
            <strong>Kept for accounting:</strong> {KEPT_FOR_ACCOUNTING}.
          </p>
          {order.status === 'Paid' && (
            <p className="order-page__warning">
              We have not made your book yet, and cannot make it without the photo and details. Write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you would like to cancel the order.
            </p>
          )}
          {order.status === 'Pending' && <p className="order-page__warning">This order can no longer be paid for afterwards.</p>}
          <p>This cannot be undone.</p>
        </div>
        {problem && (
          <p className="order-page__error" role="alert">
            {problem}
          </p>
        )}
        <div className="order-page__actions order-page__actions--start">
          <button
            type="button"
            className="button button--primary order-page__danger-confirm"
            onClick={() => void confirm()}
            disabled={loading}
          >
            {loading ? 'Deleting…' : ORDER_MESSAGES.deleteConfirm}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {ORDER_MESSAGES.deleteCancel}
          </button>
        </div>
      </div>
    </div>
  );
}
