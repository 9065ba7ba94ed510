// The reservation screens' shared states: a failed read, what could not be read and why, with Reintentar.
import { FormattedMessage } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';

export function Failed({
  failure,
  onRetry,
  titleId = 'reservations.failedTitle',
}: {
  failure: CallFailure | null;
  onRetry(): void;
  titleId?: string;
}) {
  return <FailureAlert failure={failure} title={<FormattedMessage id={titleId} />} onRetry={onRetry} />;
}
