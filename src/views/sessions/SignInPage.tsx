// /sessions/signin: a thin view over loginMachine. It shows the machine's state and sends what the user
// does; every rule (when submit is allowed, what follows an answer) lives in the machine.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, useSearch } from 'wouter';
import { signInFormErrors } from '../../api/sessions';
import { loginMachine } from '../../machines/loginMachine';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { SignInNotice } from '../redirect/SignInNotice';
import { HOME_PATH, RETURN_URL_PARAM, safeReturnUrl } from '../session/returnUrl';
import { SessionContext } from '../session/SessionContext';
import { AuthCard } from './AuthCard';
import { CondoErrorDialog } from './CondoErrorDialog';
import { CondoSelectorDialog } from './CondoSelectorDialog';
import { LoginMessageDialog } from './LoginMessageDialog';

export function SignInPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'login.title' }));
  const returnUrl = safeReturnUrl(new URLSearchParams(useSearch()).get(RETURN_URL_PARAM));
  const [state, send] = useMachine(loginMachine, { input: { returnUrl } });
  const session = SessionContext.useActorRef();
  // Signed in, or signed in but the session data could not load: either way the page asked for takes
  // over (its guard offers a retry when the server is unreachable).
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn') || s.matches('unavailable'));
  const [passwordVisible, setPasswordVisible] = useState(false);

  // The flow is over: hand the token to the session, which loads the session data.
  useEffect(() => {
    if (state.status === 'done' && state.output) {
      session.send({ type: 'signedIn', token: state.output.token, rememberMe: state.output.rememberMe });
    }
  }, [state.status, state.output, session]);

  if (signedIn) return <Redirect to={`~${returnUrl ?? HOME_PATH}`} replace />;

  const { email, password, rememberMe, touched, credentialsError } = state.context;
  const errors = signInFormErrors(email, password);
  const busy = state.matches('signingIn') || state.matches('loggingIntoCondo') || state.status === 'done';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  return (
    <AuthCard title={<FormattedMessage id="login.title" />} subtitle={<FormattedMessage id="login.subtitle" />}>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.title' })}>
        <Stack gap="md">
          <SignInNotice />
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
          <Anchor component={Link} href="/forgot-password" size="sm" mt={-8}>
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
    </AuthCard>
  );
}
