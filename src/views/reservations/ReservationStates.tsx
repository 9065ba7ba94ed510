// The reservation screens' shared states: a failed read with the server's words (or no connection) and Reintentar.
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { NETWORK } from '../../machines/ticketFailure';

export function Failed({
  error,
  onRetry,
  titleId = 'reservations.failedTitle',
}: {
  error: string | null;
  onRetry(): void;
  titleId?: string;
}) {
  return (
    <Alert color="red" role="alert" title={<FormattedMessage id={titleId} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error === NETWORK || !error ? <FormattedMessage id="reservations.network" /> : error}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          <FormattedMessage id="reservations.retry" />
        </Button>
      </Stack>
    </Alert>
  );
}
