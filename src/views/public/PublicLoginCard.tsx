// The public page's sign-in card (spec §2.5): the sign-in page's loginMachine, with the condominium's
// subdomain in its input so that condominium comes first. Once signed in, the session takes over and the
// visitor goes where the sign-in page sends them.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Checkbox, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { signInFormErrors } from '../../api/sessions';
import { loginMachine } from '../../machines/loginMachine';
import { HOME_PATH } from '../session/returnUrl';
import { SessionContext } from '../session/SessionContext';
import { CondoErrorDialog } from '../sessions/CondoErrorDialog';
import { CondoSelectorDialog } from '../sessions/CondoSelectorDialog';
import { LoginMessageDialog } from '../sessions/LoginMessageDialog';

export function PublicLoginCard({ subdomain }: { subdomain: string | null }) {
  const intl = useIntl();
  const [state, send] = useMachine(loginMachine, { input: { subdomain } });
  const session = SessionContext.useActorRef();
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn') || s.matches('unavailable'));
  const [passwordVisible, setPasswordVisible] = useState(false);
  const done = state.status === 'done';

  useEffect(() => {
    if (state.status === 'done' && state.output) {
      session.send({ type: 'signedIn', token: state.output.token, rememberMe: state.output.rememberMe });
    }
  }, [state.status, state.output, session]);

  // Only a sign-in made here leaves the page: a visitor already signed in may still read it.
  if (done && signedIn) return <Redirect to={`~${HOME_PATH}`} replace />;

  const { email, password, rememberMe, touched, credentialsError } = state.context;
  const errors = signInFormErrors(email, password);
  const busy = state.matches('signingIn') || state.matches('loggingIntoCondo') || done;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.title' })}>
        <Stack gap="md">
          <Title order={2} size="h3">
            <FormattedMessage id="public.login.title" />
          </Title>
          <TextInput
            label={<FormattedMessage id="login.email" />}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            disabled={busy}
            onChange={(e) => send({ type: 'email.change', value: e.currentTarget.value })}
            onBlur={() => send({ type: 'email.blur' })}
            error={touched.email && errors.email ? intl.formatMessage({ id: errors.email }) : undefined}
          />
          <PasswordInput
            label={<FormattedMessage id="login.password" />}
            autoComplete="current-password"
            required
            value={password}
            disabled={busy}
            onChange={(e) => send({ type: 'password.change', value: e.currentTarget.value })}
            onBlur={() => send({ type: 'password.blur' })}
            error={
              credentialsError ?? (touched.password && errors.password ? intl.formatMessage({ id: errors.password }) : undefined)
            }
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleButtonProps={{
              'aria-label': intl.formatMessage({ id: passwordVisible ? 'login.hidePassword' : 'login.showPassword' }),
            }}
          />
          <Anchor component={Link} href="/sessions/forgot-password" size="sm" mt={-8}>
            <FormattedMessage id="account.forgot.link" />
          </Anchor>
          <Checkbox
            label={<FormattedMessage id="login.rememberMe" />}
            checked={rememberMe}
            disabled={busy}
            onChange={(e) => send({ type: 'rememberMe.change', value: e.currentTarget.checked })}
          />
          <Button type="submit" fullWidth loading={busy} disabled={!busy && !state.can({ type: 'submit' })}>
            <FormattedMessage id="login.submit" />
          </Button>
        </Stack>
      </form>

      <CondoSelectorDialog
        opened={state.matches('choosingCondo')}
        condos={state.context.condos}
        onChoose={(condoId) => send({ type: 'choose', condoId })}
        onCancel={() => send({ type: 'cancel' })}
      />
      <CondoErrorDialog
        opened={state.matches('condoError')}
        condo={state.context.chosen}
        onClose={() => send({ type: 'dismiss' })}
      />
      <LoginMessageDialog
        opened={state.matches('noActiveCondo') || state.matches('failed')}
        message={
          state.matches('noActiveCondo')
            ? 'login.noActiveCondo'
            : state.context.failure === 'missingToken'
              ? 'login.missingToken'
              : 'login.unexpected'
        }
        onClose={() => send({ type: 'dismiss' })}
      />
    </Paper>
  );
}
