import { useMutation } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, useLayoutEffect } from 'react';

import type { OrderPageFieldsFragment } from '../../gql/graphql';
import { ChangeRequestForm } from './ChangeRequestSection';
import { formatWhen, ORDER_MESSAGES } from './order-page-messages';
import { APPROVE_PROOF_MUTATION, REQUEST_PROOF_CHANGES_MUTATION } from './order-page-operations';
import { type PageShape, ProofFirstPage, ProofFrame, type ProofPageImage } from './ProofFirstPage';

/**
 * pdf.js is large: it is fetched only when an order page has a proof to show, and then beside the
 * viewer's own chunk rather than after it, so the first page is drawn a round trip sooner.
 */
const ProofViewer = lazy(() => Promise.all([import('./ProofViewer'), import('pdfjs-dist')]).then(([viewer]) => viewer));

/** How long the first page's image may hold the viewer back on a line too slow to bring it. */
const IMAGE_HEAD_START_MS = 5000;

interface ProofPagesProps {
  url: string;
  firstPage: ProofPageImage | null | undefined;
  /** Page 1's size, known from the moment the proof was sent: its shape is held until it is drawn. */
  pageSize: PageShape | null | undefined;
  title: string;
}

/**
 * The proof's pages: its first page at once as the image the shop drew of it, then the viewer,
 * which draws every page from the PDF. The viewer (and pdf.js, some 400 KB) is fetched once the
 * image is in, so on a slow line the two do not share it and the page shows seconds sooner; a
 * proof without an image, or an image that fails or is slow, brings the viewer at once.
 */
function ProofPages({ url, firstPage, pageSize, title }: ProofPagesProps) {
  const [image, setImage] = useState<'loading' | 'shown' | 'failed' | 'slow'>(firstPage ? 'loading' : 'failed');
  useEffect(() => {
    if (image !== 'loading') return;
    const timer = setTimeout(() => setImage('slow'), IMAGE_HEAD_START_MS);
    return () => clearTimeout(timer);
  }, [image]);
  const shownImage = image === 'failed' ? null : firstPage;
  // Page 1's shape: its size, else its image's.
  const shape = pageSize ?? shownImage ?? null;
  const imageFrame = shownImage && (
    <ProofFrame page={shape}>
      <ProofFirstPage
        image={shownImage}
        alt={`${title}, page 1`}
        onSettled={(shown) => setImage((now) => (shown ? (now === 'loading' ? 'shown' : now) : 'failed'))}
      />
    </ProofFrame>
  );
  // A proof whose first page the shop has not drawn yet (just sent) holds the viewer's place empty.
  const placeHeld = (
    <ProofFrame busy page={shape} hold>
      <p className="proof-viewer__loading">{ORDER_MESSAGES.proofLoading}</p>
    </ProofFrame>
  );
  if (image === 'loading') return imageFrame;
  return (
    <Suspense fallback={imageFrame || placeHeld}>
      <ProofViewer url={url} title={title} firstPage={shownImage} pageSize={shape} />
    </Suspense>
  );
}

interface ProofReviewSectionProps {
  order: OrderPageFieldsFragment;
  proof: NonNullable<OrderPageFieldsFragment['proof']>;
  token: string;
  maxLength: number;
}

/**
 * The newest proof of the book while it is being made: the pages to look through, and while it
 * waits for the parent, Approve (after a confirm step) or Ask for changes. What the parent
 * answered stays in view until the book is made.
 */
export function ProofReviewSection({ order, proof, token, maxLength }: ProofReviewSectionProps) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const [approve, { loading: approving }] = useMutation(APPROVE_PROOF_MUTATION);
  const [requestChanges] = useMutation(REQUEST_PROOF_CHANGES_MUTATION);
  const whose = order.childName ? `${order.childName}'s book` : 'your book';
  // Focus follows what replaced the button pressed: the confirm step, then the thanks.
  const confirmButton = useRef<HTMLButtonElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useLayoutEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);

  async function onApprove() {
    if (approving) return;
    setProblem(null);
    try {
      const { data, error } = await approve({ variables: { token, version: proof.version } });
      const payload = data?.approveProof;
      if (error || !payload) return setProblem(ORDER_MESSAGES.genericError);
      if (payload.userErrors[0]) return setProblem(payload.userErrors[0].message);
      setConfirming(false);
      setThanks(ORDER_MESSAGES.proofApproved);
    } catch {
      setProblem(ORDER_MESSAGES.genericError);
    }
  }

  async function sendChanges(message: string) {
    const { data, error } = await requestChanges({ variables: { token, version: proof.version, message } });
    const payload = data?.requestProofChanges;
    if (error || !payload) return ORDER_MESSAGES.genericError;
    return payload.userErrors[0]?.message ?? null;
  }

  return (
    <section className="order-page__card order-page__proof" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-page__heading">
        {order.canAnswerProof ? ORDER_MESSAGES.proofHeading : ORDER_MESSAGES.proofHeadingAnswered}
      </h2>
      <p>
        {proof.version > 1 ? `Proof ${proof.version}` : 'The proof'} of {whose}, sent{' '}
        <time dateTime={proof.sentAt}>{formatWhen(proof.sentAt)}</time>.
        {order.canAnswerProof && ' Look through every page, then approve it or tell us what to change.'}
      </p>
      {thanks && (
        <p ref={thanksRef} className="order-page__success" role="status" tabIndex={-1}>
          {thanks}
        </p>
      )}
      {!thanks && <ProofAnswer proof={proof} />}

      {proof.url && (
        <>
          <ProofPages
            key={proof.version}
            url={proof.url}
            firstPage={proof.firstPage}
            pageSize={proof.firstPageSize}
            title={`Proof ${proof.version} of ${whose}`}
          />
          <p className="order-page__muted">
            <a href={proof.url} target="_blank" rel="noopener noreferrer">
              {ORDER_MESSAGES.openProof}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </>
      )}

      {problem && (
        <p className="order-page__error" role="alert">
          {problem}
        </p>
      )}
      {order.canAnswerProof &&
        (asking ? (
          <ChangeRequestForm
            label={ORDER_MESSAGES.proofChangesLabel}
            submitLabel={ORDER_MESSAGES.sendProofChanges}
            send={sendChanges}
            maxLength={maxLength}
            onCancel={() => setAsking(false)}
            onSent={() => {
              setAsking(false);
              setThanks(ORDER_MESSAGES.proofChangesSent);
            }}
          />
        ) : confirming ? (
          <div className="order-page__confirm" role="group" aria-label={ORDER_MESSAGES.approveConfirmTitle}>
            <p>
              <strong>{ORDER_MESSAGES.approveConfirmTitle}</strong>{' '}
              {order.bookFormat === 'printed' ? ORDER_MESSAGES.approveConfirmPrinted : ORDER_MESSAGES.approveConfirmDigital}
            </p>
            <div className="order-page__actions order-page__actions--start">
              <button
                ref={confirmButton}
                type="button"
                className="button button--primary"
                disabled={approving}
                onClick={() => void onApprove()}
              >
                {ORDER_MESSAGES.approveConfirm}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                {ORDER_MESSAGES.approveCancel}
              </button>
            </div>
          </div>
        ) : (
          <div className="order-page__actions order-page__actions--start">
            <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
              {ORDER_MESSAGES.approveProof}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
              {ORDER_MESSAGES.askProofChanges}
            </button>
          </div>
        ))}
    </section>
  );
}

/** What the parent (or the studio, for them) answered to this proof. */
function ProofAnswer({ proof }: { proof: NonNullable<OrderPageFieldsFragment['proof']> }) {
  const when = proof.answeredAt ? <time dateTime={proof.answeredAt}>{formatWhen(proof.answeredAt)}</time> : null;
  if (proof.status === 'APPROVED') {
    return (
      <p className="order-page__success">
        {proof.approvedOnBehalf ? 'Our studio recorded your approval' : 'You approved this proof'} on {when}. We are making your
        book now.
      </p>
    );
  }
  if (proof.status === 'CHANGES_ASKED') {
    return (
      <>
        <p className="order-page__muted">You asked for changes on {when}:</p>
        <blockquote className="order-page__quote">{proof.changesAsked}</blockquote>
        <p>We are making a new proof and will e-mail you when it is ready.</p>
      </>
    );
  }
  return null;
}
