// A failure of the messages screens: what failed, the server's words (or the network's), and the one thing to
// do about it (try again, or close the message).
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export function ProblemAlert({
  title,
  problem,
  action,
  onAction,
}: {
  /** The message id of what failed. */
  title: string;
  /** The server's message, or null when it sent none. */
  problem: string | null;
  action: 'retry' | 'close';
  onAction(): void;
}) {
  return (
    <Alert color="red" role="alert" title={<FormattedMessage id={title} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{problem ?? <FormattedMessage id="conversations.networkError" />}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onAction}>
          <FormattedMessage id={`common.${action}`} />
        </Button>
      </Stack>
    </Alert>
  );
}
