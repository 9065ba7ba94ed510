// The loading and failed blocks every communication page shows the same way.
import '@mantine/core/styles/Skeleton.css';
import { Card, Skeleton, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from './FailureAlert';

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

/** A communication page that could not load: why, and Reintentar. */
export function FailedAlert({ failure, onRetry }: { failure: CallFailure | null; onRetry(): void }) {
  return <FailureAlert failure={failure} title={<FormattedMessage id="posts.failedTitle" />} onRetry={onRetry} />;
}
