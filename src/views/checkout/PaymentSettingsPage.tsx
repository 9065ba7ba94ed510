import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/panel-financiero/pagos-en-linea (issue 27): the administrators' online-payment settings. Thin:
// paymentSettingsMachine holds them and the calls; PaymentSettingsForm the fields. Without a provider this
// deployment offers (the sandbox with PAYMENT_SANDBOX off, and no real provider yet) it says so and saves nothing.
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { canManagePayments } from '../../api/permissions';
import { paymentSettingsMachine } from '../../machines/paymentSettingsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { PaymentSettingsForm } from './PaymentSettingsForm';

export default function PaymentSettingsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'checkout.settings.title' }));
  if (!data) return null;
  if (!canManagePayments(data)) return <Redirect to="/comunicacion" replace />;
  return <PaymentSettingsScreen />;
}

function PaymentSettingsScreen() {
  const actor = useActorRef(paymentSettingsMachine);
  const state = useSelector(actor, (s) => s);
  const { view, failure } = state.context;

  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !view)
    return <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} />;

  const refused =
    failure?.kind === 'refused' && failure.field !== null ? { field: failure.field, message: failure.message } : null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="checkout.settings.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="checkout.settings.intro" />
        </Text>
      </Stack>
      <div aria-live="polite">
        {state.matches('failed') ? (
          <FailureAlert failure={failure} title={<FormattedMessage id="checkout.settings.saveFailed" />} />
        ) : null}
        {state.matches('saved') ? (
          <Alert color="green" role="status">
            <FormattedMessage id="checkout.settings.saved" />
          </Alert>
        ) : null}
      </div>
      {view.providers.length === 0 ? (
        <Alert color="yellow" role="note">
          <FormattedMessage id="checkout.settings.noProvider" />
        </Alert>
      ) : view.providers.includes('sandbox') ? (
        <Alert color="blue" role="note">
          <FormattedMessage id="checkout.settings.sandboxNote" />
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <PaymentSettingsForm
          key={JSON.stringify(view.settings)}
          view={view}
          saving={state.matches('saving')}
          refused={state.matches('failed') ? refused : null}
          canSave={(draft) => state.can({ type: 'save', draft })}
          onSave={(draft) => actor.send({ type: 'save', draft })}
          onEdit={() => actor.send({ type: 'edit' })}
        />
      </Card>
    </Stack>
  );
}
