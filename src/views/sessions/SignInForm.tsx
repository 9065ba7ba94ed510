// The sign-in form over loginMachine, with its dialogs (condominium selector, condominium error, the
// §8 alerts). The sign-in page and the public condominium page both use it; every rule lives in the
// machine, the form only shows its state and sends what the user does.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { signInFormErrors } from '../../api/sessions';
import { type LoginInput, loginMachine } from '../../machines/loginMachine';
import { SessionContext } from '../session/SessionContext';
import { CondoErrorDialog } from './CondoErrorDialog';
import { CondoSelectorDialog } from './CondoSelectorDialog';
import { LoginMessageDialog } from './LoginMessageDialog';

/** The login flow, handing its token to the session when it is over. */
export function useLoginFlow(input: LoginInput) {
  const [state, send] = useMachine(loginMachine, { input });
  const session = SessionContext.useActorRef();
  useEffect(() => {
    if (state.status === 'done' && state.output) {
      session.send({ type: 'signedIn', token: state.output.token, rememberMe: state.output.rememberMe });
    }
  }, [state.status, state.output, session]);
  return [state, send] as const;
}

type LoginFlow = ReturnType<typeof useLoginFlow>;

export function SignInForm({ flow: [state, send], header }: { flow: LoginFlow; header?: ReactNode }) {
  const intl = useIntl();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { email, password, rememberMe, touched, credentialsError } = state.context;
  const errors = signInFormErrors(email, password);
  const busy = state.matches('signingIn') || state.matches('loggingIntoCondo') || state.status === 'done';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.title' })}>
        <Stack gap="md">
          {header}
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
          <Anchor component={Link} href="~/sessions/forgot-password" size="sm" mt={-8}>
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
    </>
  );
}
