// The two refusals every account form shares: too many attempts (429), and a server out of reach, with
// a retry. The form's machine says which one applies.
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export function AccountCallAlerts({ throttled, failed, onRetry }: { throttled: boolean; failed: boolean; onRetry: () => void }) {
  return (
    <>
      {throttled ? (
        <Alert color="orange" title={<FormattedMessage id="account.tooManyTitle" />} role="alert">
          <FormattedMessage id="account.tooManyBody" />
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" title={<FormattedMessage id="account.unreachableTitle" />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage id="account.unreachableBody" />
            </Text>
            <Button size="xs" color="red" variant="outline" onClick={onRetry}>
              <FormattedMessage id="common.retry" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
