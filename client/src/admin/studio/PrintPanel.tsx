import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState, useLayoutEffect } from 'react';

import type { OrderStudioFragment, PrintJobFieldsFragment } from '../../gql/graphql';
import { useOrderAction } from '../fulfilment/use-order-action';
import { formatAmount } from '../order-format';
import { checkPdfFile } from '../upload/check-pdf-file';
import { VIDEO_LIMIT_QUERY } from '../upload/upload-operations';
import {
  FAILED_PRINT_STATUSES,
  ORDER_PRINT_JOB_QUERY,
  PRINT_PARTNER_QUERY,
  SEND_TO_PRINTER_MUTATION,
  UPLOAD_PRINT_FILES_MUTATION,
} from './print-operations';
import { STUDIO_MESSAGES } from './studio-messages';
import { STUDIO_REFRESH } from './studio-operations';

type PrintJob = PrintJobFieldsFragment;

/** What Lulu charges for the job, in its currency ("$12.34"). */
function printCost(job: PrintJob): string {
  return job.costCents === null || job.costCents === undefined
    ? STUDIO_MESSAGES.printNoPrice
    : formatAmount(job.costCents, job.currency ?? undefined);
}

/**
 * A printed order's book at the print partner: its interior and cover checked and priced, then
 * sent to Lulu after a confirmation, and where the job stands there. Shown only when the shop
 * prints at Lulu (a shop that prints by hand marks the order shipped instead).
 */
export function PrintPanel({ order }: { order: OrderStudioFragment }) {
  const printed = order.bookFormat === 'printed';
  const { data } = useQuery(PRINT_PARTNER_QUERY, { fetchPolicy: 'cache-first', skip: !printed });
  if (!printed || data?.printPartner.provider !== 'lulu') return null;
  return <LuluPrint order={order} />;
}

function LuluPrint({ order }: { order: OrderStudioFragment }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, error, refetch } = useQuery(ORDER_PRINT_JOB_QUERY, {
    variables: { id: order.id },
    fetchPolicy: 'cache-and-network',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = data?.order !== undefined && data.order !== null;
  const job = data?.order?.printJob ?? null;
  const failed = job !== null && FAILED_PRINT_STATUSES.has(job.status);
  // The server sends a book to print only while its order is Paid or Completed, with the child's details kept.
  const open = (order.status === 'Paid' || order.status === 'Completed') && !order.childDataDeletedAt;
  const canSend = open && job !== null && job.hasFiles && (job.status === 'FILES_READY' || job.status === 'SENDING');
  const canUpload = open && (job === null || job.status === 'FILES_READY' || failed);

  function onSent(status: string) {
    // Lulu may turn the job down as it takes it: the job's state below says so, not a success notice.
    setNotice(FAILED_PRINT_STATUSES.has(status) ? null : STUDIO_MESSAGES.printSent);
    // The send button is gone once Lulu has the job: keep the keyboard in the panel.
    heading.current?.focus();
  }

  return (
    <section className="order-studio__print" aria-labelledby={headingId}>
      <h4 id={headingId} ref={heading} tabIndex={-1} className="order-studio__subheading">
        Print at Lulu
      </h4>
      {/* Always there, so a screen reader announces what is put in it. */}
      <p className={notice ? 'admin-alert admin-alert--success' : 'visually-hidden'} role="status">
        {notice}
      </p>
      {error && (
        <p className="admin-alert admin-alert--error" role="alert">
          {STUDIO_MESSAGES.printJobFailed}
        </p>
      )}
      {!loaded && !error && <p className="muted">{STUDIO_MESSAGES.printLoading}</p>}
      {loaded && <PrintJobState job={job} />}
      {loaded && canSend && (
        <SendToLulu
          orderId={order.id}
          job={job}
          retry={job.status === 'SENDING'}
          onStart={() => setNotice(null)}
          onSent={onSent}
          onRefused={() => void refetch().catch(() => undefined)}
        />
      )}
      {loaded && canUpload && (
        <PrintFilesForm
          orderId={order.id}
          corrected={failed}
          onStart={() => setNotice(null)}
          onUploaded={() => setNotice(STUDIO_MESSAGES.printReady)}
        />
      )}
    </section>
  );
}

/** Where the job stands: nothing yet, files priced, a send cut short, at the printer, or turned down. */
function PrintJobState({ job }: { job: PrintJob | null }) {
  if (!job) return <p className="muted">{STUDIO_MESSAGES.printNothingYet}</p>;
  const summary = (
    <p className="order-studio__print-summary">
      {job.pageCount} interior pages · Lulu charges {printCost(job)}
    </p>
  );
  if (job.status === 'FILES_READY') {
    return (
      <>
        {summary}
        {job.error && <p className="admin-alert admin-alert--error">Lulu refused the last send: {job.error}</p>}
        {!job.hasFiles && <p className="muted">{STUDIO_MESSAGES.printFilesRemoved}</p>}
      </>
    );
  }
  if (job.status === 'SENDING') {
    return (
      <>
        {summary}
        <p className="order-studio__print-summary">{STUDIO_MESSAGES.printInterrupted}</p>
      </>
    );
  }
  const title = job.externalId ? `Lulu job ${job.externalId}: ${job.statusLabel}` : job.statusLabel;
  if (FAILED_PRINT_STATUSES.has(job.status)) {
    return (
      <>
        <p className="order-studio__print-summary">
          <strong>{title}</strong>
        </p>
        <p className="admin-alert admin-alert--error">{job.error ?? job.statusLabel}</p>
        <p className="muted">Upload corrected files, then send them to Lulu again.</p>
      </>
    );
  }
  return (
    <>
      <p className="order-studio__print-summary">
        <strong>{title}</strong>
      </p>
      {summary}
    </>
  );
}

interface SendToLuluProps {
  orderId: string;
  job: PrintJob;
  /** The last send did not finish: send again at once (Lulu finds the job it made, never printing twice). */
  retry: boolean;
  onStart(): void;
  onSent(status: string): void;
  /** The server refused: the job may have moved (back to ready with Lulu's reason, or still being sent). */
  onRefused(): void;
}

/** "Send to Lulu", confirmed with the pages and the price before anything is sent; "Send again" after a cut-short send. */
function SendToLulu({ orderId, job, retry, onStart, onSent, onRefused }: SendToLuluProps) {
  const id = useId();
  const [send, { loading }] = useMutation(SEND_TO_PRINTER_MUTATION, {
    refetchQueries: ({ data }) => (data?.sendToPrinter.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const { run, error, clearError } = useOrderAction({
    failed: STUDIO_MESSAGES.printSendFailed,
    error: STUDIO_MESSAGES.printSendFailed,
  });
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useLayoutEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) sendRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  function onAsk() {
    if (loading) return;
    clearError();
    onStart();
    setConfirming(true);
  }

  async function onSend() {
    if (loading) return;
    onStart();
    let status = '';
    const ok = await run(async () => {
      const payload = (await send({ variables: { orderId } })).data?.sendToPrinter;
      status = payload?.order?.printJob?.status ?? '';
      return payload && { order: payload.order, userErrors: payload.userErrors };
    });
    if (ok) return onSent(status);
    setConfirming(false);
    onRefused();
  }

  return (
    <div className="order-studio__print-send">
      {error && (
        <p id={`${id}-error`} className="admin-alert admin-alert--error" role="alert">
          {error.message}
        </p>
      )}
      {retry ? (
        <button
          type="button"
          className="button button--primary button--small"
          aria-disabled={loading}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => void onSend()}
        >
          {loading ? 'Sending to Lulu…' : 'Send again'}
        </button>
      ) : confirming ? (
        <div className="order-studio__confirm" role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>
            Send the book to Lulu? Lulu prints the {job.pageCount} interior pages and the cover, ships the book to the parent, and
            charges the shop <strong>{printCost(job)}</strong>.
          </p>
          <div className="order-studio__confirm-actions">
            <button
              type="button"
              ref={confirmRef}
              className="button button--primary button--small"
              aria-disabled={loading}
              onClick={() => void onSend()}
            >
              {loading ? 'Sending to Lulu…' : 'Yes, send to Lulu'}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-disabled={loading}
              onClick={() => !loading && setConfirming(false)}
            >
              Go back
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          ref={sendRef}
          className="button button--primary button--small"
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={onAsk}
        >
          Send to Lulu
        </button>
      )}
    </div>
  );
}

type PrintFileField = 'interior' | 'cover';

interface PrintFilesFormProps {
  orderId: string;
  /** Lulu turned the last job down: these are the corrected files. */
  corrected: boolean;
  onStart(): void;
  onUploaded(): void;
}

/** The interior and the cover, checked here for what is plainly wrong, then by the server against the book, and priced. */
function PrintFilesForm({ orderId, corrected, onStart, onUploaded }: PrintFilesFormProps) {
  const { data: limits } = useQuery(VIDEO_LIMIT_QUERY, { fetchPolicy: 'cache-first' });
  const [upload, { loading }] = useMutation(UPLOAD_PRINT_FILES_MUTATION, {
    refetchQueries: ({ data }) => (data?.uploadPrintFiles.userErrors.length === 0 ? STUDIO_REFRESH : []),
    awaitRefetchQueries: true,
  });
  const { run, error } = useOrderAction({
    failed: STUDIO_MESSAGES.printUploadFailed,
    error: STUDIO_MESSAGES.printUploadFailed,
  });
  const [local, setLocal] = useState<{ field: PrintFileField; message: string } | null>(null);
  const interiorInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const problem = local ?? error;
  const errorId = `${id}-error`;
  const described = (field: PrintFileField) =>
    problem?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `${errorId} ${id}-hint` }
      : { 'aria-describedby': `${id}-hint` };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    onStart();
    const maxBytes = limits?.shopConfig.pdfMaxBytes ?? null;
    const interior = interiorInput.current?.files?.[0];
    const cover = coverInput.current?.files?.[0];
    const interiorProblem = interior ? checkPdfFile(interior, maxBytes) : STUDIO_MESSAGES.printChooseInterior;
    if (interiorProblem || !interior) return setLocal({ field: 'interior', message: interiorProblem ?? '' });
    const coverProblem = cover ? checkPdfFile(cover, maxBytes) : STUDIO_MESSAGES.printChooseCover;
    if (coverProblem || !cover) return setLocal({ field: 'cover', message: coverProblem ?? '' });
    setLocal(null);
    const ok = await run(async () => {
      const payload = (await upload({ variables: { orderId, interior, cover } })).data?.uploadPrintFiles;
      return payload && { order: payload.order, userErrors: payload.userErrors };
    });
    if (ok) {
      onUploaded();
      for (const input of [interiorInput.current, coverInput.current]) if (input) input.value = '';
    }
  }

  return (
    <form
      className="admin-form order-studio__note-form"
      aria-label={corrected ? 'Corrected print files' : 'Print files'}
      onSubmit={onSubmit}
      noValidate
    >
      {problem && (
        <p id={errorId} className="admin-alert admin-alert--error" role="alert">
          {problem.message}
        </p>
      )}
      <p id={`${id}-hint`} className="muted">
        {STUDIO_MESSAGES.printUploadHint}
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-interior`} className="admin-field__label">
          Interior PDF
        </label>
        <input
          id={`${id}-interior`}
          ref={interiorInput}
          type="file"
          accept="application/pdf"
          className="admin-field__control"
          onChange={() => setLocal(null)}
          {...described('interior')}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-cover`} className="admin-field__label">
          Cover PDF
        </label>
        <input
          id={`${id}-cover`}
          ref={coverInput}
          type="file"
          accept="application/pdf"
          className="admin-field__control"
          onChange={() => setLocal(null)}
          {...described('cover')}
        />
      </div>
      <button type="submit" className="button button--primary button--small" aria-disabled={loading}>
        {loading ? 'Checking and pricing…' : 'Check and price'}
      </button>
    </form>
  );
}
