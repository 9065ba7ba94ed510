// The name, edited in place: a thin view over profileNameMachine.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NAME_MAX_LENGTH } from '../../api/profile';
import { nameProblem, profileNameMachine } from '../../machines/profileNameMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';

export function NameEditor({ name }: { name: string }) {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const [state, send] = useMachine(profileNameMachine, { input: { name, session } });
  const { draft, failure, saved } = state.context;

  if (state.matches('viewing')) {
    return (
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="profile.name.label" />
          </Text>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {state.context.name}
          </Text>
          {saved ? (
            <Text size="sm" c="green.8" role="status">
              <FormattedMessage id="profile.name.saved" />
            </Text>
          ) : null}
        </div>
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          onClick={() => send({ type: 'edit' })}
          aria-label={intl.formatMessage({ id: 'profile.name.edit' })}
        >
          <FormattedMessage id="profile.name.editShort" />
        </Button>
      </Group>
    );
  }

  const saving = state.matches('saving');
  const problem = nameProblem(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'save' });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'profile.name.edit' })}>
      <Stack gap="xs">
        <TextInput
          label={<FormattedMessage id="profile.name.label" />}
          value={draft}
          autoComplete="name"
          data-autofocus
          disabled={saving}
          onChange={(e) => send({ type: 'change', value: e.currentTarget.value })}
          error={problem ? intl.formatMessage({ id: problem }, { max: NAME_MAX_LENGTH }) : undefined}
          description={intl.formatMessage({ id: 'profile.name.count' }, { count: draft.trim().length, max: NAME_MAX_LENGTH })}
        />
        {failure ? <FailureAlert failure={failure} title={<FormattedMessage id="profile.name.failed" />} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" disabled={saving} onClick={() => send({ type: 'cancel' })}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" size="xs" loading={saving} disabled={!saving && !state.can({ type: 'save' })}>
            <FormattedMessage id="profile.name.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
