// The loading and failed blocks every communication page shows the same way.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

export function LoadingCard() {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="lg" role="status" aria-label={intl.formatMessage({ id: 'posts.loading' })}>
      <Stack gap="md">
        {[0, 1, 2].map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={14} width="70%" />
            <Skeleton height={10} width="35%" />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

export function FailedAlert({ onRetry }: { onRetry(): void }) {
  return (
    <Alert color="red" role="alert" title={<FormattedMessage id="posts.failedTitle" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="posts.failedBody" />
        </Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    </Alert>
  );
}
