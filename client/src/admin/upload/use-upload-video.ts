import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';

import type { UploadProgress } from '../../xhr-fetch';
import { useAdminSession } from '../session/admin-session-context';
import { isUnauthenticated } from '../session/is-unauthenticated';
import { UPLOAD_MESSAGES } from './upload-messages';
import { COMPLETE_ORDER_WITH_VIDEO_MUTATION, REVISE_DELIVERY_MUTATION } from './upload-operations';
import type { BookFiles, DeliveryMode, UploadTarget } from './video-uploads-context';

export type UploadOutcome = { ok: boolean; message: string } | { expired: true };

/**
 * Sends one delivery: a multipart `completeOrderWithVideo` (or `reviseDelivery`) through Apollo,
 * with the upload's progress (fraction sent, or null while the size is unknown) reported as it
 * goes. `emailSending` words the success: sent, or only queued in the outbox.
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
    ): Promise<UploadOutcome> => {
      // Reaches xhrFetch's init (see apollo.ts).
      const context = {
        fetchOptions: {
          onUploadProgress: ({ loaded, total }: UploadProgress) => onProgress(total > 0 ? loaded / total : null),
        },
      };
      try {
        let payload;
        if (mode === 'complete') {
          if (!files.video) return { ok: false, message: UPLOAD_MESSAGES.videoRequired };
          const { data } = await client.mutate({
            mutation: COMPLETE_ORDER_WITH_VIDEO_MUTATION,
            variables: { orderId: order.id, video: files.video, storybookPdf: files.pdf },
            context,
          });
          payload = data?.completeOrderWithVideo;
        } else {
          const { data } = await client.mutate({
            mutation: REVISE_DELIVERY_MUTATION,
            variables: { orderId: order.id, video: files.video, storybookPdf: files.pdf },
            context,
          });
          payload = data?.reviseDelivery;
        }
        const refusal = payload?.userErrors[0];
        if (refusal) return { ok: false, message: refusal.message };
        const expected = mode === 'complete' ? payload?.order?.status === 'Completed' : Boolean(payload?.order);
        if (!payload?.order || !expected) return { ok: false, message: UPLOAD_MESSAGES.failed };
        const email = payload.order.email;
        if (mode === 'complete') {
          return { ok: true, message: emailSending ? UPLOAD_MESSAGES.succeeded(email) : UPLOAD_MESSAGES.succeededQueued(email) };
        }
        return { ok: true, message: emailSending ? UPLOAD_MESSAGES.revised(email) : UPLOAD_MESSAGES.revisedQueued(email) };
      } catch (error) {
        if (isUnauthenticated(error)) {
          expire();
          return { expired: true };
        }
        return { ok: false, message: UPLOAD_MESSAGES.error };
      }
    },
    [client, expire],
  );
}
