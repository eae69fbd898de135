import { useQuery } from '@apollo/client/react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { checkVideoFile } from './check-video-file';
import { VIDEO_LIMIT_QUERY } from './upload-operations';
import { useUploadVideo } from './use-upload-video';
import {
  type UploadNotice,
  type UploadState,
  type UploadTarget,
  type VideoUploads,
  VideoUploadsContext,
} from './video-uploads-context';

/**
 * The dashboard's uploads, one per order at most: the table row and the detail panel show the
 * same progress, and the outcome outlives the row (a Completed order has no upload button).
 */
export function VideoUploadsProvider({ children, onUploaded }: { children: ReactNode; onUploaded?: () => void }) {
  const uploadVideo = useUploadVideo();
  const { data: limit } = useQuery(VIDEO_LIMIT_QUERY);
  const maxBytes = limit?.shopConfig.videoMaxBytes ?? null;
  const [states, setStates] = useState<Record<string, UploadState>>({});
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  // A ref, not state: a second pick before React re-renders must not start a second upload.
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
    async (order: UploadTarget, file: File) => {
      if (running.current.has(order.id)) return;
      const finish = (ok: boolean, message: string) => {
        setState(order.id, { phase: ok ? 'succeeded' : 'failed', message });
        setNotice((current) => ({ key: (current?.key ?? 0) + 1, tone: ok ? 'success' : 'error', message, order }));
      };

      const refusal = checkVideoFile(file, maxBytes);
      if (refusal) {
        finish(false, refusal);
        return;
      }
      running.current.add(order.id);
      setState(order.id, { phase: 'uploading', percent: 0 });
      const outcome = await uploadVideo(order, file, (fraction) =>
        setState(order.id, { phase: 'uploading', percent: fraction === null ? null : Math.min(100, Math.floor(fraction * 100)) }),
      );
      running.current.delete(order.id);
      if ('expired' in outcome) return;
      finish(outcome.ok, outcome.message);
      if (outcome.ok) afterUpload.current?.();
    },
    [maxBytes, setState, uploadVideo],
  );

  const value = useMemo<VideoUploads>(
    () => ({ stateOf: (orderId) => states[orderId], upload, notice, dismissNotice: () => setNotice(null) }),
    [states, upload, notice],
  );
  return <VideoUploadsContext.Provider value={value}>{children}</VideoUploadsContext.Provider>;
}
