import '@mantine/core/styles/Card.css';
// /condominio/panel-del-administrador (spec §2.2, §6): administrators only. Today it holds the
// payment-provider intro, whose buttons open the contact dialog on its 'agendar' or 'llamar' tab.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { canContactPaymentProvider, canSeeAdminPanel } from '../../api/permissions';
import { providerContactMachine } from '../../machines/providerContactMachine';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { ProviderContactDialog } from './ProviderContactDialog';

export default function AdminPanelPage() {
  const data = SessionContext.useSelector((s) => s.context.data);
  if (!data) return null;
  if (!canSeeAdminPanel(data)) return <Redirect to="/comunicacion" replace />;
  return (
    <Stack gap="lg">
      <AdminPanelTitle condoName={data.condo.CondoName} />
      {canContactPaymentProvider(data) && <ProviderIntro nombre={data.usuario.UserName} />}
    </Stack>
  );
}

function AdminPanelTitle({ condoName }: { condoName: string }) {
  const intl = useIntl();
  useDocumentTitle(condoName, intl.formatMessage({ id: 'charges.adminPanelTitle' }));
  return (
    <Title order={1} size="h2">
      <FormattedMessage id="charges.adminPanelTitle" />
    </Title>
  );
}

function ProviderIntro({ nombre }: { nombre: string }) {
  const [state, send] = useMachine(providerContactMachine, { input: { today: dayjs().format('YYYY-MM-DD'), nombre } });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="provider-intro">
      <Stack gap="sm">
        <Title order={2} size="h4" id="provider-intro">
          <FormattedMessage id="charges.providerTitle" />
        </Title>
        <Text>
          <FormattedMessage id="charges.providerIntro" />
        </Text>
        <Group gap="sm">
          <Button onClick={() => send({ type: 'open', tab: 'agendar' })} disabled={!state.can({ type: 'open', tab: 'agendar' })}>
            <FormattedMessage id="charges.providerSchedule" />
          </Button>
          <Button
            variant="light"
            onClick={() => send({ type: 'open', tab: 'llamar' })}
            disabled={!state.can({ type: 'open', tab: 'llamar' })}
          >
            <FormattedMessage id="charges.providerCall" />
          </Button>
        </Group>
      </Stack>
      <ProviderContactDialog state={state} send={send} />
    </Card>
  );
}
