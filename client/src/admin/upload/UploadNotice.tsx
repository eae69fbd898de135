import { Icon } from '../../ui/Icon';
import { childNameLabel, shortOrderId } from '../order-format';
import { useVideoUploads } from './video-uploads-context';

/** The last upload's outcome above the table: the spec's message, then which order it was. */
export function UploadNotice() {
  const { notice, dismissNotice } = useVideoUploads();
  if (!notice) return null;
  const success = notice.tone === 'success';
  return (
    <div
      key={notice.key}
      className={`admin-alert admin-alert--dismissible ${success ? 'admin-alert--success' : 'admin-alert--error'}`}
      role={success ? 'status' : 'alert'}
    >
      <div>
        <p className="admin-alert__message">{notice.message}</p>
        <p className="admin-alert__detail">
          Order {shortOrderId(notice.order.id)} · {childNameLabel(notice.order.childName)}
        </p>
      </div>
      <button type="button" className="admin-icon-button" onClick={dismissNotice} aria-label="Dismiss message">
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
