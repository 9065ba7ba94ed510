import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/PasswordInput.css';
// Changing the password: a thin view over changePasswordMachine. A wrong current password shows on that
// field; the new one follows the shared rule, shown as the user types.
import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changePasswordErrors, changePasswordMachine } from '../../machines/changePasswordMachine';
import { AccountCallAlerts } from '../common/AccountCallAlerts';
import { NewPasswordFields } from '../common/NewPasswordFields';

export function ChangePasswordCard() {
  const intl = useIntl();
  const [state, send] = useMachine(changePasswordMachine);
  const { current, password, confirmation, touched, currentError } = state.context;
  const errors = changePasswordErrors(state.context);
  const saving = state.matches('saving');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  const currentMessage =
    currentError ?? (touched.current && errors.current ? intl.formatMessage({ id: errors.current }) : undefined);

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'profile.password.title' })}>
        <Stack gap="md">
          <Title order={2} size="h4">
            <FormattedMessage id="profile.password.title" />
          </Title>
          {state.matches('changed') ? (
            <Alert color="green" role="status" title={<FormattedMessage id="profile.password.changedTitle" />}>
              <FormattedMessage id="profile.password.changedBody" />
            </Alert>
          ) : null}
          <AccountCallAlerts
            throttled={state.matches('throttled')}
            failed={state.matches('failed')}
            failure={state.context.failure}
            onRetry={() => send({ type: 'retry' })}
          />
          <PasswordInput
            label={<FormattedMessage id="password.current" />}
            autoComplete="current-password"
            required
            value={current}
            disabled={saving}
            onChange={(e) => send({ type: 'change', field: 'current', value: e.currentTarget.value })}
            onBlur={() => send({ type: 'blur', field: 'current' })}
            error={currentMessage}
            visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage({ id: 'login.showPassword' }) }}
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
          <Button
            type="submit"
            loading={saving}
            disabled={!saving && !state.can({ type: 'submit' })}
            style={{ alignSelf: 'flex-start' }}
          >
            <FormattedMessage id="profile.password.submit" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
