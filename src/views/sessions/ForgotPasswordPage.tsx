import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
// /sessions/forgot-password: a thin view over forgotPasswordMachine. The e-mail, then the same
// confirmation whatever the address; too many attempts and an unreachable server say so.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { RESET_TOKEN_MINUTES } from '../../api/account';
import { emailProblem, forgotPasswordMachine } from '../../machines/forgotPasswordMachine';
import { AccountCallAlerts } from '../common/AccountCallAlerts';
import { useLanguage } from '../common/LanguageProvider';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'account.forgot.title' }));
  const { language } = useLanguage();
  const [state, send] = useMachine(forgotPasswordMachine, { input: { language } });
  const { email, touched } = state.context;
  const problem = emailProblem(email);
  const sending = state.matches('sending');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  const backToSignIn = (
    <Anchor component={Link} href="/signin" size="sm" ta="center">
      <FormattedMessage id="account.backToSignIn" />
    </Anchor>
  );

  if (state.matches('sent')) {
    return (
      <AuthCard title={<FormattedMessage id="account.forgot.title" />}>
        <Alert color="green" title={<FormattedMessage id="account.forgot.sentTitle" />} role="status">
          <Stack gap="xs">
            <Text size="sm">{state.context.message}</Text>
            <Text size="sm">
              <FormattedMessage id="account.forgot.sentHint" values={{ minutes: RESET_TOKEN_MINUTES }} />
            </Text>
          </Stack>
        </Alert>
        <Button variant="default" onClick={() => send({ type: 'edit' })}>
          <FormattedMessage id="account.forgot.again" />
        </Button>
        {backToSignIn}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<FormattedMessage id="account.forgot.title" />} subtitle={<FormattedMessage id="account.forgot.subtitle" />}>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'account.forgot.title' })}>
        <Stack gap="md">
          <AccountCallAlerts
            throttled={state.matches('throttled')}
            failed={state.matches('failed')}
            failure={state.context.failure}
            onRetry={() => send({ type: 'retry' })}
          />
          <TextInput
            label={<FormattedMessage id="login.email" />}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            disabled={sending}
            onChange={(e) => send({ type: 'email.change', value: e.currentTarget.value })}
            onBlur={() => send({ type: 'email.blur' })}
            error={touched && problem ? intl.formatMessage({ id: problem }) : undefined}
          />
          <Button type="submit" fullWidth loading={sending} disabled={!sending && !state.can({ type: 'submit' })}>
            <FormattedMessage id="account.forgot.submit" />
          </Button>
          {backToSignIn}
        </Stack>
      </form>
    </AuthCard>
  );
}
