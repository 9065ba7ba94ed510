// An entry's photo of plates or ID in the log (issue 26): a small thumbnail that opens the photo. The server puts a
// signed link on the row only for administrators and supervisors, and only while the photo is kept.

import { useIntl } from 'react-intl';
import type { GateMovement } from '../../../api/gate';

export function EntryPhotoLink({ movement }: { movement: GateMovement }) {
  const intl = useIntl();
  if (!movement.photoUrl) return null;
  return (
    <a href={movement.photoUrl} target="_blank" rel="noopener" title={intl.formatMessage({ id: 'gate.log.photo' })}>
      <img
        src={movement.photoUrl}
        alt={intl.formatMessage({ id: 'gate.log.photoAlt' }, { name: movement.visitorName })}
        width={48}
        height={48}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
      />
    </a>
  );
}
