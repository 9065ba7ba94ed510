// The support desk's own sign-in (/soporte): e-mail and password of an agent, never a condominium's account.
import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { supportDeskMachine } from '../../machines/supportDeskMachine';
import { FailureAlert } from '../common/FailureAlert';

export function SupportDeskSignIn({ actor }: { actor: ActorRefFrom<typeof supportDeskMachine> }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { email, password, failure } = state.context;
  const signingIn = state.matches('signingIn');
  return (
    <Paper withBorder radius="md" p="lg" maw={420} mx="auto" mt="xl">
      <form
        aria-label={intl.formatMessage({ id: 'support.desk.signIn.title' })}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'signIn' });
        }}
      >
        <Stack gap="sm">
          <Title order={1} size="h3">
            <FormattedMessage id="support.desk.signIn.title" />
          </Title>
          <TextInput
            type="email"
            autoComplete="username"
            label={intl.formatMessage({ id: 'support.desk.signIn.email' })}
            value={email}
            disabled={signingIn}
            onChange={(e) => actor.send({ type: 'editEmail', value: e.currentTarget.value })}
          />
          <PasswordInput
            autoComplete="current-password"
            label={intl.formatMessage({ id: 'support.desk.signIn.password' })}
            value={password}
            disabled={signingIn}
            onChange={(e) => actor.send({ type: 'editPassword', value: e.currentTarget.value })}
          />
          {failure && state.matches('signedOut') ? <FailureAlert failure={failure} /> : null}
          <Button type="submit" loading={signingIn} disabled={!state.can({ type: 'signIn' }) && !signingIn}>
            <FormattedMessage id="support.desk.signIn.submit" />
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
