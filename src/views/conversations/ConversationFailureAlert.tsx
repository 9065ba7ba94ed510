// A failure of the messages screens: what failed, why (src/views/common/FailureAlert.tsx), and the one thing to
// do about it (try again, or close the message).
import { FormattedMessage } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';

export function ConversationFailureAlert({
  title,
  failure,
  action,
  onAction,
}: {
  /** The message id of what failed. */
  title: string;
  failure: CallFailure | null;
  action: 'retry' | 'close';
  onAction(): void;
}) {
  return (
    <FailureAlert
      failure={failure}
      title={<FormattedMessage id={title} />}
      onRetry={onAction}
      retryLabel={<FormattedMessage id={`common.${action}`} />}
    />
  );
}
