// The two refusals every account form shares: too many attempts (429), and a call that failed, with a retry.
// The form's machine says which one applies; a failure with no answer is titled "Sin conexión con el
// servidor", one the server answered says its words (src/views/common/FailureAlert.tsx).
import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from './FailureAlert';

export function AccountCallAlerts({
  throttled,
  failed,
  failure,
  onRetry,
}: {
  throttled: boolean;
  failed: boolean;
  failure: CallFailure | null;
  onRetry: () => void;
}) {
  return (
    <>
      {throttled ? (
        <Alert color="orange" title={<FormattedMessage id="account.tooManyTitle" />} role="alert">
          <FormattedMessage id="account.tooManyBody" />
        </Alert>
      ) : null}
      {failed ? (
        <FailureAlert
          failure={failure}
          title={failure?.kind === 'refused' ? undefined : <FormattedMessage id="account.unreachableTitle" />}
          onRetry={onRetry}
        />
      ) : null}
    </>
  );
}
