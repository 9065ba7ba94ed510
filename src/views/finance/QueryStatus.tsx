import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
// What a money screen shows while its data is not there: a skeleton while it loads, and when the load
// failed the alert with its retry.
import { Alert, Button, Skeleton } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

export function QueryStatus({
  loading,
  failed,
  height,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  /** The skeleton's height: about what the answer will take. */
  height: number;
  onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      {loading ? <Skeleton height={height} role="status" aria-label={intl.formatMessage({ id: 'finance.loading' })} /> : null}
      {failed ? (
        <Alert color="red" role="alert" title={<FormattedMessage id="finance.failed" />}>
          <Button variant="light" color="red" onClick={onRetry}>
            <FormattedMessage id="finance.retry" />
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
