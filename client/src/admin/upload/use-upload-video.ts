import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';

import type { UploadProgress } from '../../xhr-fetch';
import { useAdminSession } from '../session/admin-session-context';
import { isUnauthenticated } from '../session/is-unauthenticated';
import { UPLOAD_MESSAGES } from './upload-messages';
import { fileHead, sendVideoParts, type SentPart } from './send-video-parts';
import {
  ABORT_VIDEO_UPLOAD_MUTATION,
  COMPLETE_ORDER_WITH_VIDEO_MUTATION,
  REVISE_DELIVERY_MUTATION,
  START_VIDEO_UPLOAD_MUTATION,
} from './upload-operations';
import type { BookFiles, DeliveryMode, UploadTarget } from './video-uploads-context';

export type UploadOutcome = { ok: boolean; message: string } | { expired: true };

/**
 * Sends one delivery: a multipart `completeOrderWithVideo` (or `reviseDelivery`) through Apollo,
 * with the upload's progress (fraction sent, or null while the size is unknown) reported as it
 * goes. With `direct` (shopConfig.videoUploadsDirect) the video goes first, straight to storage
 * in parts, and the mutation carries only what storage answered, and the PDF. `emailSending`
 * words the success: sent, or only queued in the outbox.
 */
export function useUploadVideo() {
  const client = useApolloClient();
  const { expire } = useAdminSession();

  return useCallback(
    async (
      order: UploadTarget,
      files: BookFiles,
      mode: DeliveryMode,
      emailSending: boolean,
      onProgress: (fraction: number | null) => void,
      direct = false,
    ): Promise<UploadOutcome> => {
      if (mode === 'complete' && !files.video) return { ok: false, message: UPLOAD_MESSAGES.videoRequired };
      const sendDirect = direct && files.video !== null;
      // Bytes sent before the mutation's own request: the video's, when it went straight to storage.
      const ahead = sendDirect ? files.video!.size : 0;
      const whole = ahead + (files.pdf?.size ?? 0);
      // Reaches xhrFetch's init (see apollo.ts).
      const context = {
        fetchOptions: {
          onUploadProgress: ({ loaded, total }: UploadProgress) =>
            onProgress(sendDirect ? (ahead + loaded) / Math.max(whole, 1) : total > 0 ? loaded / total : null),
        },
      };
      let uploaded: { uploadId: string; parts: SentPart[] } | null = null;
      let sendingParts = false;
      const discardUpload = () => {
        if (!uploaded) return;
        void client
          .mutate({ mutation: ABORT_VIDEO_UPLOAD_MUTATION, variables: { orderId: order.id, uploadId: uploaded.uploadId } })
          .catch(() => undefined); // the hourly sweep removes it otherwise
      };
      try {
        if (sendDirect) {
          const video = files.video!;
          const { data: started } = await client.mutate({
            mutation: START_VIDEO_UPLOAD_MUTATION,
            variables: { orderId: order.id, size: video.size, head: await fileHead(video) },
          });
          const startRefusal = started?.startVideoUpload.userErrors[0];
          if (startRefusal) return { ok: false, message: startRefusal.message };
          const plan = started?.startVideoUpload.upload;
          if (!plan) return { ok: false, message: UPLOAD_MESSAGES.failed };
          uploaded = { uploadId: plan.id, parts: [] };
          sendingParts = true;
          uploaded.parts = await sendVideoParts(video, plan, (sent) => onProgress(sent / Math.max(whole, 1)));
          sendingParts = false;
        }
        const video = sendDirect ? null : files.video;
        const variables = { orderId: order.id, video, uploadedVideo: uploaded, storybookPdf: files.pdf };
        let payload;
        if (mode === 'complete') {
          const { data } = await client.mutate({ mutation: COMPLETE_ORDER_WITH_VIDEO_MUTATION, variables, context });
          payload = data?.completeOrderWithVideo;
        } else {
          const { data } = await client.mutate({ mutation: REVISE_DELIVERY_MUTATION, variables, context });
          payload = data?.reviseDelivery;
        }
        const refusal = payload?.userErrors[0];
        if (refusal) {
          discardUpload();
          return { ok: false, message: refusal.message };
        }
        const expected = mode === 'complete' ? payload?.order?.status === 'Completed' : Boolean(payload?.order);
        if (!payload?.order || !expected) return { ok: false, message: UPLOAD_MESSAGES.failed };
        const email = payload.order.email;
        if (mode === 'complete') {
          return { ok: true, message: emailSending ? UPLOAD_MESSAGES.succeeded(email) : UPLOAD_MESSAGES.succeededQueued(email) };
        }
        return { ok: true, message: emailSending ? UPLOAD_MESSAGES.revised(email) : UPLOAD_MESSAGES.revisedQueued(email) };
      } catch (error) {
        discardUpload();
        if (isUnauthenticated(error)) {
          expire();
          return { expired: true };
        }
        return { ok: false, message: sendingParts ? UPLOAD_MESSAGES.storageError : UPLOAD_MESSAGES.error };
      }
    },
    [client, expire],
  );
}
