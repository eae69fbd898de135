import { Icon } from '../../ui/Icon';
import { formatDateTime } from '../order-format';
import '../detail/change-request.css';

/** On a row whose parent asked for a change that no revision has answered yet: the words say it, the colour helps. */
export function ChangeRequestMarker({ requestedAt }: { requestedAt: string }) {
  return (
    <span className="change-request-marker" title={`Change requested ${formatDateTime(requestedAt)}`}>
      <Icon name="pencil" size={14} />
      Change requested
    </span>
  );
}
