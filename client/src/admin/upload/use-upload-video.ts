import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';

import type { UploadProgress } from '../../xhr-fetch';
import { useAdminSession } from '../session/admin-session-context';
import { isUnauthenticated } from '../session/is-unauthenticated';
import { UPLOAD_MESSAGES } from './upload-messages';
import { COMPLETE_ORDER_WITH_VIDEO_MUTATION } from './upload-operations';
import type { UploadTarget } from './video-uploads-context';

export type UploadOutcome = { ok: boolean; message: string } | { expired: true };

/**
 * Sends one video: a multipart `completeOrderWithVideo` through Apollo, with the upload's
 * progress (fraction sent, or null while the size is unknown) reported as it goes.
 */
export function useUploadVideo() {
  const client = useApolloClient();
  const { expire } = useAdminSession();

  return useCallback(
    async (order: UploadTarget, file: File, onProgress: (fraction: number | null) => void): Promise<UploadOutcome> => {
      try {
        const { data } = await client.mutate({
          mutation: COMPLETE_ORDER_WITH_VIDEO_MUTATION,
          variables: { orderId: order.id, video: file },
          // Reaches xhrFetch's init (see apollo.ts).
          context: {
            fetchOptions: {
              onUploadProgress: ({ loaded, total }: UploadProgress) => onProgress(total > 0 ? loaded / total : null),
            },
          },
        });
        const payload = data?.completeOrderWithVideo;
        const refusal = payload?.userErrors[0];
        if (refusal) return { ok: false, message: refusal.message };
        if (!payload?.order || payload.order.status !== 'Completed') return { ok: false, message: UPLOAD_MESSAGES.failed };
        return { ok: true, message: UPLOAD_MESSAGES.succeeded(payload.order.email) };
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
