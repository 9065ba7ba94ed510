// "¿Se contó mi voto?" over pollReceiptMachine: a receipt code in, whether its ballot is counted out (and when
// it was cast), never what it chose.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import { Alert, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pollReceiptMachine } from '../../machines/pollReceiptMachine';
import { FailureAlert } from '../common/FailureAlert';
import { formatPollDate } from './pollFormat';

export function PollReceiptCheck({ pollId, zone }: { pollId: number; zone: string }) {
  const intl = useIntl();
  const headingId = useId();
  const [state, send] = useMachine(pollReceiptMachine, { input: { pollId } });
  const { answer, failure, codigo } = state.context;
  const checking = state.matches('checking');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'check' });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={headingId}>
            <FormattedMessage id="polls.receipt.title" />
          </Title>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={intl.formatMessage({ id: 'polls.receipt.code' })}
              placeholder="XXXX-XXXX-XXXX"
              value={codigo}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => send({ type: 'type', codigo: event.currentTarget.value })}
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit" variant="light" loading={checking} disabled={!checking && !state.can({ type: 'check' })}>
              <FormattedMessage id="polls.receipt.check" />
            </Button>
          </Group>
          <div aria-live="polite">
            {state.matches('counted') && answer ? (
              <Alert color="teal" role="status" title={<FormattedMessage id="polls.receipt.counted" />}>
                {answer.FechaVoto ? (
                  <FormattedMessage id="polls.receipt.castAt" values={{ date: formatPollDate(answer.FechaVoto, zone) }} />
                ) : null}
              </Alert>
            ) : null}
            {state.matches('notCounted') ? (
              <Alert color="yellow" role="status">
                <FormattedMessage id="polls.receipt.notCounted" />
              </Alert>
            ) : null}
            {state.matches('failed') ? (
              <FailureAlert
                failure={failure}
                title={<FormattedMessage id="polls.receipt.failedTitle" />}
                onRetry={() => send({ type: 'retry' })}
              />
            ) : null}
          </div>
        </Stack>
      </form>
    </Card>
  );
}
