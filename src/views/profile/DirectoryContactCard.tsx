import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
// mi-perfil (issue 16): one's phone and whether this condominium's directory shows it and one's e-mail. A thin
// view over directoryContactMachine.
import { Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PHONE_MAX_LENGTH } from '../../api/directory';
import { directoryContactMachine } from '../../machines/directoryContactMachine';
import { FailureAlert } from '../common/FailureAlert';

export function DirectoryContactCard() {
  const intl = useIntl();
  const [state, send] = useMachine(directoryContactMachine);
  const { draft, phoneProblem } = state.context;
  const saving = state.matches('saving');
  const loading = state.matches('loading');
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'save' });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage id="directory.profile.title" />
          </Title>
          {state.matches('loadFailed') ? (
            <FailureAlert
              failure={state.context.failure}
              title={<FormattedMessage id="directory.loadFailed" />}
              onRetry={() => send({ type: 'retry' })}
              retryLabel={<FormattedMessage id="directory.retry" />}
            />
          ) : null}
          <TextInput
            type="tel"
            autoComplete="tel"
            label={intl.formatMessage({ id: 'directory.profile.phone' })}
            description={intl.formatMessage({ id: 'directory.profile.phoneHint' })}
            value={draft.phone}
            maxLength={PHONE_MAX_LENGTH}
            disabled={loading || saving}
            error={phoneProblem ? intl.formatMessage({ id: 'directory.error.phone' }) : undefined}
            onChange={(event) => send({ type: 'edit', patch: { phone: event.currentTarget.value } })}
          />
          <Switch
            label={intl.formatMessage({ id: 'directory.profile.showPhone' })}
            checked={draft.showPhone}
            disabled={loading || saving}
            onChange={(event) => send({ type: 'edit', patch: { showPhone: event.currentTarget.checked } })}
          />
          <Switch
            label={intl.formatMessage({ id: 'directory.profile.showEmail' })}
            checked={draft.showEmail}
            disabled={loading || saving}
            onChange={(event) => send({ type: 'edit', patch: { showEmail: event.currentTarget.checked } })}
          />
          {state.matches('failed') ? (
            <FailureAlert
              failure={state.context.failure}
              title={<FormattedMessage id="directory.profile.failed" />}
              onRetry={() => send({ type: 'retry' })}
              retryLabel={<FormattedMessage id="directory.retry" />}
            />
          ) : null}
          {state.matches('saved') ? (
            <Text size="sm" c="green" role="status">
              <FormattedMessage id="directory.profile.saved" />
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={loading}>
              <FormattedMessage id="directory.profile.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
