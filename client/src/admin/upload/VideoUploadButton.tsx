import { Icon } from '../../ui/Icon';
import { shortOrderId } from '../order-format';
import { UploadProgress } from './UploadProgress';
import { type DeliveryMode, type UploadTarget, useVideoUploads } from './video-uploads-context';

/**
 * Upload Video for a Paid order (or Upload revision for a delivered one): opens the dialog that
 * picks the files and confirms them; nothing is sent before that. The progress line below keeps
 * its space whether or not an upload runs, so the buttons beside it do not move.
 */
export function VideoUploadButton({ order, mode = 'complete' }: { order: UploadTarget; mode?: DeliveryMode }) {
  const { stateOf, openDelivery } = useVideoUploads();
  const state = stateOf(order.id);
  const uploading = state?.phase === 'uploading';
  const forOrder = `for order ${shortOrderId(order.id)}`;
  const label = mode === 'revise' ? 'Upload revision' : 'Upload Video';

  return (
    <div className="video-upload">
      <button
        type="button"
        className="button button--primary button--small video-upload__button"
        aria-haspopup="dialog"
        disabled={uploading}
        onClick={(event) => openDelivery(order, mode, event.currentTarget)}
      >
        <Icon name="upload" size={16} />
        {uploading ? 'Uploading…' : label}
        <span className="visually-hidden"> {forOrder}</span>
      </button>
      <div className="video-upload__status">
        {uploading && <UploadProgress percent={state.percent} label={`Uploading the files ${forOrder}`} />}
      </div>
    </div>
  );
}
