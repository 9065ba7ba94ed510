import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/PasswordInput.css';
// /sessions/aceptar-invitacion?token=…: a thin view over acceptInvitationMachine. It shows the condominium and
// the dwelling or role; a new person chooses a password (the shared rule shown as they type), a person with an
// account confirms with theirs. Accepted, the session takes the token and the condominium opens (where the
// privacy notice waits). A session already open in this browser ends first: the link is someone's own.
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, useSearch } from 'wouter';
import { acceptInvitationMachine } from '../../machines/acceptInvitationMachine';
import { newPasswordErrors } from '../../machines/passwordRules';
import { endSession } from '../../machines/sessionLink';
import { AccountCallAlerts } from '../common/AccountCallAlerts';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { HOME_PATH } from '../common/returnUrl';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { AuthCard } from './AuthCard';

export function AcceptInvitationPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'invitations.accept.title' }));
  const token = new URLSearchParams(useSearch()).get('token');
  const session = SessionContext.useActorRef();
  const [state, send] = useMachine(acceptInvitationMachine, { input: { token, session } });
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn'));
  const accepted = state.matches('accepted');

  // Someone else's session in this browser ends before the invited person signs in.
  useEffect(() => {
    if (!accepted) void endSession(session);
  }, [session, accepted]);

  const title = <FormattedMessage id="invitations.accept.title" />;

  if (accepted) {
    if (signedIn) return <Redirect to={`~${HOME_PATH}`} replace />;
    return (
      <AuthCard title={title}>
        <Stack align="center">
          <Loader />
          <Text>
            <FormattedMessage id="invitations.accept.entering" />
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  if (state.matches('invalid')) {
    return (
      <AuthCard title={title}>
        <Alert color="orange" title={<FormattedMessage id="invitations.accept.invalidTitle" />} role="alert">
          {state.context.linkMessage ?? <FormattedMessage id="invitations.accept.invalidBody" />}
        </Alert>
        <Button component={Link} href="/signin" fullWidth>
          <FormattedMessage id="invitations.accept.signIn" />
        </Button>
      </AuthCard>
    );
  }

  if (state.hasTag('busy')) {
    return (
      <AuthCard title={title}>
        <Stack align="center">
          <Loader />
          <Text>
            <FormattedMessage id="invitations.accept.loading" />
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  if (state.matches('unavailable')) {
    return (
      <AuthCard title={title}>
        <AccountCallAlerts throttled={false} failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} />
      </AuthCard>
    );
  }

  const { invitation, password, confirmation, touched, refusal } = state.context;
  if (!invitation) return null;
  const accepting = state.matches('accepting');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  const roles = invitation.roles.map((role) => intl.formatMessage({ id: `invitations.role.${role}` })).join(', ');

  return (
    <AuthCard
      title={title}
      subtitle={
        <FormattedMessage id="invitations.accept.invitedTo" values={{ name: invitation.name, condo: invitation.condoName }} />
      }
    >
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'invitations.accept.title' })}>
        <Stack gap="md">
          <Text fw={500}>
            {invitation.dwelling && invitation.kind ? (
              <FormattedMessage
                id="invitations.accept.asDwelling"
                values={{
                  kind: intl.formatMessage({ id: `invitations.kind.${invitation.kind}` }).toLowerCase(),
                  dwelling: invitation.dwelling,
                }}
              />
            ) : (
              <FormattedMessage id="invitations.accept.asRoles" values={{ roles: roles.toLowerCase() }} />
            )}
          </Text>
          <Text size="sm">
            <FormattedMessage
              id={invitation.existingUser ? 'invitations.accept.existingUser' : 'invitations.accept.newUser'}
              values={{ email: invitation.email }}
            />
          </Text>
          <AccountCallAlerts
            throttled={state.matches('throttled')}
            failed={state.matches('failed')}
            failure={state.context.failure}
            onRetry={() => send({ type: 'retry' })}
          />
          {refusal && state.matches('refused') ? (
            <Alert color="orange" role="alert">
              {refusal}
            </Alert>
          ) : null}
          {invitation.existingUser ? (
            <PasswordInput
              label={<FormattedMessage id="invitations.accept.currentPassword" />}
              autoComplete="current-password"
              value={password}
              disabled={accepting}
              onChange={(e) => send({ type: 'change', field: 'password', value: e.currentTarget.value })}
            />
          ) : (
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              touched={touched}
              errors={newPasswordErrors(password, confirmation)}
              disabled={accepting}
              onChange={(field, value) => send({ type: 'change', field, value })}
              onBlur={(field) => send({ type: 'blur', field })}
            />
          )}
          <Button type="submit" fullWidth loading={accepting} disabled={!accepting && !state.can({ type: 'submit' })}>
            <FormattedMessage id="invitations.accept.submit" />
          </Button>
          <Anchor component={Link} href="/signin" size="sm" ta="center">
            <FormattedMessage id="account.backToSignIn" />
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
