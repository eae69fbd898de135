import { useQuery } from '@apollo/client/react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { checkPdfFile } from './check-pdf-file';
import { checkVideoFile } from './check-video-file';
import { DeliveryDialog } from './DeliveryDialog';
import { VIDEO_LIMIT_QUERY } from './upload-operations';
import { useUploadVideo } from './use-upload-video';
import {
  type BookFiles,
  type DeliveryMode,
  type UploadNotice,
  type UploadState,
  type UploadTarget,
  type VideoUploads,
  VideoUploadsContext,
} from './video-uploads-context';

interface OpenDelivery {
  order: UploadTarget;
  mode: DeliveryMode;
  trigger: HTMLElement | null;
}

/**
 * The dashboard's deliveries, one per order at most: the table row and the detail panel show the
 * same progress, and the outcome outlives the row (a Completed order has no upload button). The
 * files are picked and confirmed in one dialog; the page behind it is inert while it is open.
 */
export function VideoUploadsProvider({ children, onUploaded }: { children: ReactNode; onUploaded?: () => void }) {
  const uploadVideo = useUploadVideo();
  const { data: limit } = useQuery(VIDEO_LIMIT_QUERY);
  const maxBytes = limit?.shopConfig.videoMaxBytes ?? null;
  const pdfMaxBytes = limit?.shopConfig.pdfMaxBytes ?? null;
  const emailSending = limit?.shopConfig.emailSending ?? null;
  const direct = limit?.shopConfig.videoUploadsDirect ?? false;
  const [states, setStates] = useState<Record<string, UploadState>>({});
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const [dialog, setDialog] = useState<OpenDelivery | null>(null);
  // A ref, not state: a second confirmation before React re-renders must not start a second upload.
  const running = useRef(new Set<string>());
  const afterUpload = useRef(onUploaded);
  useEffect(() => {
    afterUpload.current = onUploaded;
  });

  const setState = useCallback((orderId: string, state: UploadState) => {
    setStates((current) => {
      const previous = current[orderId];
      if (previous?.phase === 'uploading' && state.phase === 'uploading' && previous.percent === state.percent) {
        return current;
      }
      return { ...current, [orderId]: state };
    });
  }, []);

  const upload = useCallback(
    async (order: UploadTarget, files: BookFiles, mode: DeliveryMode = 'complete') => {
      if (running.current.has(order.id)) return;
      const finish = (ok: boolean, message: string) => {
        setState(order.id, { phase: ok ? 'succeeded' : 'failed', message });
        setNotice((current) => ({ key: (current?.key ?? 0) + 1, tone: ok ? 'success' : 'error', message, order }));
      };

      const refusal =
        (files.video && checkVideoFile(files.video, maxBytes)) || (files.pdf && checkPdfFile(files.pdf, pdfMaxBytes)) || null;
      if (refusal) {
        finish(false, refusal);
        return;
      }
      running.current.add(order.id);
      setState(order.id, { phase: 'uploading', percent: 0 });
      const outcome = await uploadVideo(
        order,
        files,
        mode,
        emailSending ?? false,
        (fraction) =>
          setState(order.id, {
            phase: 'uploading',
            percent: fraction === null ? null : Math.min(100, Math.floor(fraction * 100)),
          }),
        direct,
      );
      running.current.delete(order.id);
      if ('expired' in outcome) return;
      finish(outcome.ok, outcome.message);
      if (outcome.ok) afterUpload.current?.();
    },
    [maxBytes, pdfMaxBytes, emailSending, direct, setState, uploadVideo],
  );

  // Leaving or reloading the page stops an upload: the browser asks first. (Straight to storage,
  // choosing the same file again afterwards sends only what had not gone up.)
  const uploading = Object.values(states).some((state) => state.phase === 'uploading');
  useEffect(() => {
    if (!uploading) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // browsers that ask only when it is set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [uploading]);

  const openDelivery = useCallback((order: UploadTarget, mode: DeliveryMode, trigger: HTMLElement | null) => {
    if (running.current.has(order.id)) return;
    setDialog({ order, mode, trigger });
  }, []);

  const closeDialog = useCallback(() => {
    const trigger = dialog?.trigger;
    setDialog(null);
    // Back to what opened it, if it is still there (a finished upload removes the row's button).
    requestAnimationFrame(() => {
      if (trigger?.isConnected) trigger.focus();
    });
  }, [dialog]);

  const value = useMemo<VideoUploads>(
    () => ({ stateOf: (orderId) => states[orderId], openDelivery, upload, notice, dismissNotice: () => setNotice(null) }),
    [states, openDelivery, upload, notice],
  );
  return (
    <VideoUploadsContext.Provider value={value}>
      <div className="delivery-host" inert={dialog !== null}>
        {children}
      </div>
      {dialog && (
        <DeliveryDialog
          order={dialog.order}
          mode={dialog.mode}
          limits={{ videoMaxBytes: maxBytes, pdfMaxBytes }}
          emailSending={emailSending}
          onCancel={closeDialog}
          onConfirm={(files) => {
            closeDialog();
            void upload(dialog.order, files, dialog.mode);
          }}
        />
      )}
    </VideoUploadsContext.Provider>
  );
}
