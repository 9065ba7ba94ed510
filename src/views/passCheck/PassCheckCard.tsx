import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// 'Verificar pase': the code typed here is checked by the server (passCheckMachine); the answer shows below.
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { passCheckMachine } from '../../machines/passCheckMachine';
import { FailureAlert } from '../common/FailureAlert';
import { PassCheckResult } from './PassCheckResult';

export function PassCheckCard() {
  const intl = useIntl();
  const [state, send] = useMachine(passCheckMachine);
  const [codigo, setCodigo] = useState('');
  const checking = state.matches('checking');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'check', codigo });
  };
  const clear = () => {
    setCodigo('');
    send({ type: 'clear' });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pass-check-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="pass-check-title">
            <FormattedMessage id="staff.check.title" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="staff.check.intro" />
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={intl.formatMessage({ id: 'staff.check.field' })}
              placeholder={intl.formatMessage({ id: 'staff.check.placeholder' })}
              value={codigo}
              onChange={(event) => setCodigo(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              size="md"
              maxLength={300}
            />
            <Group gap="sm">
              <Button type="submit" size="md" loading={checking} disabled={!checking && !state.can({ type: 'check', codigo })}>
                <FormattedMessage id="staff.check.submit" />
              </Button>
              {state.can({ type: 'clear' }) ? (
                <Button variant="subtle" size="md" onClick={clear}>
                  <FormattedMessage id="staff.check.clear" />
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
        <div aria-live="polite">
          {checking ? (
            <Text size="sm" c="dimmed" role="status">
              <FormattedMessage id="staff.check.checking" />
            </Text>
          ) : null}
          {state.matches('result') && state.context.check ? <PassCheckResult check={state.context.check} /> : null}
          {state.matches('notFound') ? (
            <Alert color="red" variant="light" title={<FormattedMessage id="staff.check.notFoundTitle" />}>
              <FormattedMessage id="pass.notFound" />
            </Alert>
          ) : null}
          {state.matches('limited') ? (
            <Alert color="yellow" variant="light" role="alert" title={<FormattedMessage id="staff.check.limitedTitle" />}>
              <Stack gap="xs" align="flex-start">
                <FormattedMessage id="staff.check.limited" />
                <Button variant="light" size="xs" onClick={() => send({ type: 'retry' })}>
                  <FormattedMessage id="staff.check.retry" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {state.matches('failed') ? (
            <FailureAlert
              failure={state.context.failure}
              title={<FormattedMessage id="staff.check.failedTitle" />}
              onRetry={() => send({ type: 'retry' })}
              retryLabel={<FormattedMessage id="staff.check.retry" />}
            />
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}
