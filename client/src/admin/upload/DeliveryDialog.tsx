import { type FormEvent, useEffect, useId, useRef, useState, useLayoutEffect } from 'react';

import { Icon } from '../../ui/Icon';
import { formatBytes, shortOrderId } from '../order-format';
import { checkPdfFile } from './check-pdf-file';
import { checkVideoFile } from './check-video-file';
import { PDF_ACCEPT, UPLOAD_MESSAGES, VIDEO_ACCEPT } from './upload-messages';
import { childNameInText } from '../order-format';
import type { BookFiles, DeliveryMode, UploadTarget } from './video-uploads-context';
import './delivery-dialog.css';

interface DeliveryDialogProps {
  order: UploadTarget;
  mode: DeliveryMode;
  limits: { videoMaxBytes: number | null; pdfMaxBytes: number | null };
  /** Null until the shop's set-up is known: the confirmation waits for it, as it words the e-mail. */
  emailSending: boolean | null;
  onCancel(): void;
  onConfirm(files: BookFiles): void;
}

/** What the picked files are missing or break, first problem first; null when they can be sent. */
export function checkBookFiles(
  order: UploadTarget,
  mode: DeliveryMode,
  files: BookFiles,
  limits: DeliveryDialogProps['limits'],
): string | null {
  if (mode === 'complete' && !files.video) return UPLOAD_MESSAGES.videoRequired;
  if (mode === 'revise' && !files.video && !files.pdf) return UPLOAD_MESSAGES.revisionNeedsFile;
  if (files.video) {
    const refusal = checkVideoFile(files.video, limits.videoMaxBytes);
    if (refusal) return refusal;
  }
  if (mode === 'complete' && order.bookFormat === 'digital' && !files.pdf) return UPLOAD_MESSAGES.pdfRequired;
  if (files.pdf) return checkPdfFile(files.pdf, limits.pdfMaxBytes);
  return null;
}

/**
 * Picks the finished book's files (the video; the PDF, required for a digital book) and then
 * asks the admin to confirm, naming the files, the child and the parent's address, before a
 * byte is sent. A modal: focus moves in, Escape or Cancel closes it.
 */
export function DeliveryDialog({ order, mode, limits, emailSending, onCancel, onConfirm }: DeliveryDialogProps) {
  const titleId = useId();
  const videoId = useId();
  const pdfId = useId();
  const errorId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [files, setFiles] = useState<BookFiles>({ video: null, pdf: null });
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const [problem, setProblem] = useState<string | null>(null);
  const revising = mode === 'revise';
  const pdfNeeded = !revising && order.bookFormat === 'digital';

  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  // On the dialog itself, so it runs before the order panel's Escape handler on the document: only this dialog closes.
  const boxRef = useRef<HTMLDivElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    const box = boxRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      cancel.current();
    };
    box?.addEventListener('keydown', onKeyDown);
    return () => box?.removeEventListener('keydown', onKeyDown);
  }, []);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkBookFiles(order, mode, files, limits);
    setProblem(refusal);
    if (!refusal) setStep('confirm');
  };

  const title =
    step === 'pick'
      ? revising
        ? `Upload revision for ${childNameInText(order.childName)}'s book`
        : `Deliver ${childNameInText(order.childName)}'s book`
      : revising
        ? 'Send this revision?'
        : 'Send the finished book?';

  return (
    <div className="delivery-dialog">
      <div className="delivery-dialog__backdrop" aria-hidden="true" onClick={onCancel} />
      <div className="delivery-dialog__box" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={boxRef}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="delivery-dialog__title">
          {title}
        </h2>
        <p className="delivery-dialog__order">
          Order {shortOrderId(order.id)} · {order.bookFormat === 'digital' ? 'Digital' : 'Printed'} book
        </p>

        {step === 'pick' ? (
          <form onSubmit={next} noValidate>
            <div className="delivery-dialog__field">
              <label htmlFor={videoId}>
                Story video <span className="muted">(MP4, MOV or WebM{revising ? '; optional' : ''})</span>
              </label>
              <input
                id={videoId}
                type="file"
                accept={VIDEO_ACCEPT}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => setFiles((current) => ({ ...current, video: event.target.files?.[0] ?? null }))}
              />
            </div>
            <div className="delivery-dialog__field">
              <label htmlFor={pdfId}>
                Storybook PDF{' '}
                <span className="muted">
                  ({pdfNeeded ? 'required for a digital book' : revising ? 'optional' : 'optional for a printed book'})
                </span>
              </label>
              <input
                id={pdfId}
                type="file"
                accept={PDF_ACCEPT}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => setFiles((current) => ({ ...current, pdf: event.target.files?.[0] ?? null }))}
              />
            </div>
            {revising && <p className="muted delivery-dialog__hint">A file you do not replace stays as it is.</p>}
            {problem && (
              <p id={errorId} className="admin-alert admin-alert--error" role="alert">
                {problem}
              </p>
            )}
            <div className="delivery-dialog__actions">
              <button type="button" className="button button--ghost" onClick={onCancel}>
                Cancel
              </button>
              <button type="submit" className="button button--primary">
                Continue
              </button>
            </div>
          </form>
        ) : (
          <div>
            <p>These files will be uploaded for {childNameInText(order.childName)}:</p>
            <ul className="delivery-dialog__files">
              {files.video && (
                <li>
                  <Icon name="upload" size={16} /> Video: <strong>{files.video.name}</strong> ({formatBytes(files.video.size)})
                </li>
              )}
              {files.pdf && (
                <li>
                  <Icon name="upload" size={16} /> PDF: <strong>{files.pdf.name}</strong> ({formatBytes(files.pdf.size)})
                </li>
              )}
            </ul>
            <p>
              {emailSending === false
                ? `The delivery e-mail to ${order.email} will be queued in the outbox but not sent: e-mail sending is not set up.`
                : `${childNameInText(order.childName)}'s parent will be e-mailed a link at ${order.email}.`}
            </p>
            <div className="delivery-dialog__actions">
              <button type="button" className="button button--ghost" onClick={() => setStep('pick')}>
                Back
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={emailSending === null}
                onClick={() => onConfirm(files)}
              >
                {revising ? 'Upload revision' : 'Upload and send'}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
