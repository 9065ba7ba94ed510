import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/PasswordInput.css';
// /sessions/reset-password?token=…: a thin view over resetPasswordMachine. The new password's rule is
// shown as the user types; a refused link leads to asking for a new one.
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { newPasswordErrors } from '../../machines/passwordRules';
import { resetPasswordMachine } from '../../machines/resetPasswordMachine';
import { AccountCallAlerts } from '../common/AccountCallAlerts';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { AuthCard } from './AuthCard';

export function ResetPasswordPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'account.reset.title' }));
  const token = new URLSearchParams(useSearch()).get('token');
  const [state, send] = useMachine(resetPasswordMachine, { input: { token } });
  const session = SessionContext.useActorRef();
  const done = state.matches('done');

  // The server ended every session of the account: this tab's one too.
  useEffect(() => {
    if (done) session.send({ type: 'signOut' });
  }, [done, session]);

  if (done) {
    return (
      <AuthCard title={<FormattedMessage id="account.reset.title" />}>
        <Alert color="green" title={<FormattedMessage id="account.reset.doneTitle" />} role="status">
          <FormattedMessage id="account.reset.doneBody" />
        </Alert>
        <Button component={Link} href="/signin" fullWidth>
          <FormattedMessage id="account.reset.signIn" />
        </Button>
      </AuthCard>
    );
  }

  if (state.matches('invalidToken')) {
    return (
      <AuthCard title={<FormattedMessage id="account.reset.title" />}>
        <Alert color="orange" title={<FormattedMessage id="account.reset.invalidTitle" />} role="alert">
          {state.context.tokenMessage ?? <FormattedMessage id="account.reset.invalidBody" />}
        </Alert>
        <Button component={Link} href="/forgot-password" fullWidth>
          <FormattedMessage id="account.reset.askAgain" />
        </Button>
        <Anchor component={Link} href="/signin" size="sm" ta="center">
          <FormattedMessage id="account.backToSignIn" />
        </Anchor>
      </AuthCard>
    );
  }

  const { password, confirmation, touched } = state.context;
  const errors = newPasswordErrors(password, confirmation);
  const saving = state.matches('saving');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  return (
    <AuthCard title={<FormattedMessage id="account.reset.title" />} subtitle={<FormattedMessage id="account.reset.subtitle" />}>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'account.reset.title' })}>
        <Stack gap="md">
          <AccountCallAlerts
            throttled={state.matches('throttled')}
            failed={state.matches('failed')}
            failure={state.context.failure}
            onRetry={() => send({ type: 'retry' })}
          />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            touched={touched}
            errors={errors}
            disabled={saving}
            onChange={(field, value) => send({ type: 'change', field, value })}
            onBlur={(field) => send({ type: 'blur', field })}
          />
          <Button type="submit" fullWidth loading={saving} disabled={!saving && !state.can({ type: 'submit' })}>
            <FormattedMessage id="account.reset.submit" />
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
