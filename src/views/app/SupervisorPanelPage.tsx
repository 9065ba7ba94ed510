import '@mantine/core/styles/Tabs.css';
// /condominio/recorridos-supervisor (spec §2.2, issue 31): the supervisor's panel, for supervisors and administrators
// (canManageRounds). Tonight's rounds with their checkpoints, the guards on shift and what waits at the gate
// (views/rounds/RoundsBoard), the open incidents and the shift handover (views/incidents), and the checkpoints and
// plans (views/rounds/RoundsSetup). A page of several areas, so it lives in the app frame.
import { Stack, Tabs, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { canManageRounds } from '../../api/permissions';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { HandoverPanel } from '../incidents/HandoverPanel';
import { IncidentsPanel } from '../incidents/IncidentsPanel';
import { RoundsBoard } from '../rounds/RoundsBoard';
import { RoundsSetup } from '../rounds/RoundsSetup';

export default function SupervisorPanelPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'rounds.panel.title' }));
  if (!data) return null;
  if (!canManageRounds(data)) return <Redirect to={SCREENS.communication} replace />;
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="rounds.panel.title" />
      </Title>
      <Tabs defaultValue="rounds" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rounds">
            <FormattedMessage id="rounds.panel.tabRounds" />
          </Tabs.Tab>
          <Tabs.Tab value="incidents">
            <FormattedMessage id="rounds.panel.tabIncidents" />
          </Tabs.Tab>
          <Tabs.Tab value="handover">
            <FormattedMessage id="rounds.panel.tabHandover" />
          </Tabs.Tab>
          <Tabs.Tab value="setup">
            <FormattedMessage id="rounds.panel.tabSetup" />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rounds" pt="md">
          <RoundsBoard />
        </Tabs.Panel>
        <Tabs.Panel value="incidents" pt="md">
          <IncidentsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="handover" pt="md">
          <HandoverPanel />
        </Tabs.Panel>
        <Tabs.Panel value="setup" pt="md">
          <RoundsSetup />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
