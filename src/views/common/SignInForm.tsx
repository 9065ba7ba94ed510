// The sign-in form over loginMachine, with its dialogs (condominium selector, condominium error, the
// §8 alerts). The sign-in page and the public condominium page both use it; every rule lives in the
// machine, the form only shows its state and sends what the user does.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { signInFormErrors } from '../../api/sessions';
import { type LoginInput, loginMachine } from '../../machines/loginMachine';
import { lazyDialog } from './LazyModal';
import { SessionContext } from './SessionContext';

// The flow's dialogs load the first time one opens: the sign-in form shows without them (issue 29).
const CondoSelectorDialog = lazyDialog(async () => ({ default: (await import('./CondoSelectorDialog')).CondoSelectorDialog }));
const CondoErrorDialog = lazyDialog(async () => ({ default: (await import('./CondoErrorDialog')).CondoErrorDialog }));
const LoginMessageDialog = lazyDialog(async () => ({ default: (await import('./LoginMessageDialog')).LoginMessageDialog }));

/** The login flow, which hands its token to the app's session itself when it is over. */
export function useLoginFlow(input: Omit<LoginInput, 'session'>) {
  const session = SessionContext.useActorRef();
  return useMachine(loginMachine, { input: { ...input, session } });
}

type LoginFlow = ReturnType<typeof useLoginFlow>;

export function SignInForm({ flow: [state, send], header }: { flow: LoginFlow; header?: ReactNode }) {
  const intl = useIntl();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { email, password, rememberMe, touched, credentialsError } = state.context;
  const errors = signInFormErrors(email, password);
  // Waiting on the server, or on the session to load: the button shows it. The fields take what the machine
  // takes: edits only while the form is being filled in.
  const busy = state.hasTag('busy') || state.status === 'done';
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
            disabled={!state.can({ type: 'email.change', value: email })}
            onChange={(e) => send({ type: 'email.change', value: e.currentTarget.value })}
            onBlur={() => send({ type: 'email.blur' })}
            error={touched.email && errors.email ? intl.formatMessage({ id: errors.email }) : undefined}
          />
          <PasswordInput
            label={<FormattedMessage id="login.password" />}
            autoComplete="current-password"
            required
            value={password}
            disabled={!state.can({ type: 'password.change', value: password })}
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
            disabled={!state.can({ type: 'rememberMe.change', value: !rememberMe })}
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
