import { useId } from 'react';

import { Icon } from '../../ui/Icon';
import { shortOrderId } from '../order-format';
import { UploadProgress } from './UploadProgress';
import { VIDEO_ACCEPT } from './upload-messages';
import { type UploadTarget, useVideoUploads } from './video-uploads-context';

/**
 * Upload Video for a Paid order: picking a file sends it at once. The file input stays in the
 * page (visually hidden, still focusable) so keyboards and tests reach it; its label is the button.
 */
export function VideoUploadButton({ order }: { order: UploadTarget }) {
  const { stateOf, upload } = useVideoUploads();
  const inputId = useId();
  const state = stateOf(order.id);
  const uploading = state?.phase === 'uploading';
  const forOrder = `for order ${shortOrderId(order.id)}`;

  return (
    <div className="video-upload">
      <input
        id={inputId}
        className="video-upload__input"
        type="file"
        accept={VIDEO_ACCEPT}
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again after a failure still sends it.
          event.target.value = '';
          if (file) void upload(order, file);
        }}
      />
      <label htmlFor={inputId} className="button button--primary button--small video-upload__button" aria-disabled={uploading}>
        <Icon name="upload" size={16} />
        {uploading ? 'Uploading…' : 'Upload Video'}
        <span className="visually-hidden"> {forOrder}</span>
      </label>
      {uploading && <UploadProgress percent={state.percent} label={`Uploading the video ${forOrder}`} />}
    </div>
  );
}
