import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';

import type { UploadProgress } from '../../xhr-fetch';
import { useAdminSession } from '../session/admin-session-context';
import { isUnauthenticated } from '../session/is-unauthenticated';
import { UPLOAD_MESSAGES } from './upload-messages';
import { fileHead, PartUploadError, sendVideoParts, type SentPart } from './send-video-parts';
import {
  forgetUnfinishedUpload,
  keepUnfinishedUpload,
  recordSentPart,
  unfinishedUploadOf,
  withUploadLock,
} from './unfinished-uploads';
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
 * in parts, and the mutation carries only what storage answered, and the PDF; when the shop knows
 * storage keeps the page out (its CORS rules), or storage never answers the page, the video goes
 * through the shop instead. `emailSending`
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
      /**
       * With `resume`, picks up this browser's unfinished upload of the same file, if it has one. With
       * `sendDirect`, the video goes straight to storage; without, through the shop with the PDF.
       */
      const deliver = async (resume: boolean, sendDirect: boolean): Promise<UploadOutcome> => {
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
        // The same file for the same order, begun before a reload or in a tab since closed: only what the store
        // does not have yet goes up.
        const earlier = resume && sendDirect ? unfinishedUploadOf(order.id, files.video!) : null;
        const resumed = earlier !== null;
        let uploaded: { uploadId: string; parts: SentPart[] } | null = null;
        let sendingParts = false;
        const discardUpload = () => {
          if (!uploaded) return;
          void client
            .mutate({ mutation: ABORT_VIDEO_UPLOAD_MUTATION, variables: { orderId: order.id, uploadId: uploaded.uploadId } })
            .catch(() => undefined); // the hourly sweep removes it otherwise
        };
        /**
         * Gives this upload up and sends the video again: straight to storage, when the store or the
         * shop no longer knows the upload picked up (given up, swept, expired); or through the shop,
         * as from local disk, when the store does not answer this page (below).
         */
        const restart = (straightToStorage: boolean) => {
          discardUpload();
          forgetUnfinishedUpload(order.id);
          onProgress(0);
          return deliver(false, straightToStorage);
        };
        try {
          if (sendDirect) {
            const video = files.video!;
            const progress = (sent: number) => onProgress(sent / Math.max(whole, 1));
            let unfinished = earlier;
            if (!unfinished) {
              const { data: started } = await client.mutate({
                mutation: START_VIDEO_UPLOAD_MUTATION,
                variables: { orderId: order.id, size: video.size, head: await fileHead(video) },
              });
              const startRefusal = started?.startVideoUpload.userErrors[0];
              // The shop knows the store would not answer this page (its CORS rules), or no longer
              // takes videos straight to storage: the video goes with the delivery.
              if (startRefusal?.code === 'NOT_AVAILABLE') return await restart(false);
              if (startRefusal) return { ok: false, message: startRefusal.message };
              const plan = started?.startVideoUpload.upload;
              if (!plan) return { ok: false, message: UPLOAD_MESSAGES.failed };
              unfinished = keepUnfinishedUpload(order.id, video, plan);
            }
            const kept = unfinished; // for the callback below
            uploaded = { uploadId: kept.plan.id, parts: [] };
            sendingParts = true;
            try {
              uploaded.parts = await sendVideoParts(video, kept.plan, progress, {
                alreadySent: kept.sent,
                onPartSent: (part) => recordSentPart(kept, part),
              });
            } catch (error) {
              if (!(error instanceof PartUploadError)) throw error;
              // The store never took a part of this upload from this page (before a reload neither)
              // and gives it no answer it may read, while the browser says it is online: the store's
              // CORS rule does not let the shop's site in (or hides the ETag), or the way to it is
              // blocked. The shop still reaches the store.
              if (error.unanswered && kept.sent.length === 0 && navigator.onLine !== false) return await restart(false);
              // The store no longer knows the upload picked up, or refuses its parts: a new one.
              if (resumed && (error.final || !error.unanswered)) return await restart(true);
              throw error;
            }
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
          if (resumed && refusal?.field === 'uploadedVideo.uploadId') return await restart(true);
          // Delivered or refused, the upload is not picked up again.
          forgetUnfinishedUpload(order.id);
          if (refusal) {
            discardUpload();
            return { ok: false, message: refusal.message };
          }
          const expected = mode === 'complete' ? payload?.order?.status === 'Completed' : Boolean(payload?.order);
          if (!payload?.order || !expected) return { ok: false, message: UPLOAD_MESSAGES.failed };
          const email = payload.order.email;
          if (mode === 'complete') {
            return {
              ok: true,
              message: emailSending ? UPLOAD_MESSAGES.succeeded(email) : UPLOAD_MESSAGES.succeededQueued(email),
            };
          }
          return { ok: true, message: emailSending ? UPLOAD_MESSAGES.revised(email) : UPLOAD_MESSAGES.revisedQueued(email) };
        } catch (error) {
          if (isUnauthenticated(error)) {
            // Signed in again in this tab, the admin chooses the file again and it is picked up:
            // the parts already sent stay with the store (and nothing could be discarded unsigned).
            expire();
            return { expired: true };
          }
          discardUpload();
          forgetUnfinishedUpload(order.id);
          return { ok: false, message: sendingParts ? UPLOAD_MESSAGES.storageError : UPLOAD_MESSAGES.error };
        }
      };
      return withUploadLock(order.id, (held) =>
        held
          ? deliver(true, direct && files.video !== null)
          : Promise.resolve({ ok: false, message: UPLOAD_MESSAGES.uploadingElsewhere }),
      );
    },
    [client, expire],
  );
}
