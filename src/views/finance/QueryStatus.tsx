import '@mantine/core/styles/Skeleton.css';
// What a money screen shows while its data is not there: a skeleton while it loads, and when the load
// failed the alert with why and its retry.
import { Skeleton } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';

export function QueryStatus({
  loading,
  failed,
  failure,
  height,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  failure: CallFailure | null;
  /** The skeleton's height: about what the answer will take. */
  height: number;
  onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      {loading ? <Skeleton height={height} role="status" aria-label={intl.formatMessage({ id: 'finance.loading' })} /> : null}
      {failed ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="finance.failed" />}
          onRetry={onRetry}
          retryLabel={<FormattedMessage id="finance.retry" />}
        />
      ) : null}
    </>
  );
}
