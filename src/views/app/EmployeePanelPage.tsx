import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
// /condominio/panel-del-empleado: the staff's home (employees, guards, supervisors; administrators may open it
// too). Who they are and where, employees' assigned requests, and for those who keep the gate, the caseta,
// their shift PIN ('PIN de turno') and 'Verificar pase'. Residents and the board are sent to their home, communication, like on the other guarded screens. What it holds is our choice
// (docs/decisions.md): the spec names the route only.
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { canCheckPasses, canUseGate, canWorkTickets, staffRole } from '../../api/permissions';
import type { SessionData } from '../../api/sessions';
import { mainMenu } from '../common/menuModel';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { GateShortcutCard } from '../gate/GateShortcutCard';
import { PinCard } from '../gate/PinCard';
import { PassCheckCard } from '../passCheck/PassCheckCard';
import { EmployeeTasksCard } from '../tickets/EmployeeTasksCard';
import { EntryLink } from './shell/entryLink';
import { useEntryName } from './shell/useEntryName';

export default function EmployeePanelPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'staff.title' }));
  if (!data) return null;
  const role = staffRole(data);
  if (!role) return <Redirect to={SCREENS.communication} replace />;
  const condo = data.condo.CondoName;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="staff.title" />
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text c="dimmed">
            <FormattedMessage id="staff.identity" values={{ name: data.usuario.UserName, condo }} />
          </Text>
          <Badge variant="light">
            <FormattedMessage id={`staff.role.${role}`} />
          </Badge>
        </Group>
      </Stack>
      {canUseGate(data) ? <GateShortcutCard /> : null}
      {canUseGate(data) ? <PinCard /> : null}
      {canWorkTickets(data) ? <EmployeeTasksCard /> : null}
      {canCheckPasses(data) ? <PassCheckCard /> : <Shortcuts condo={condo} data={data} />}
    </Stack>
  );
}

/**
 * Staff who do not check passes: the screens their menu lists (mainMenu, the same rule and the same order; this
 * panel itself left out), and Mi perfil. A list of its own drifted from the menu (issue 28 #8).
 */
function Shortcuts({ condo, data }: { condo: string; data: SessionData }) {
  const entryName = useEntryName();
  const entries = mainMenu(data).filter((entry) => entry.screen !== SCREENS.employeePanel);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-shortcuts">
      <Title order={2} size="h4" id="staff-shortcuts" mb="xs">
        <FormattedMessage id="staff.shortcutsTitle" />
      </Title>
      <Text size="sm" mb="xs">
        <FormattedMessage id="staff.shortcutsIntro" values={{ condo }} />
      </Text>
      <List spacing="xs">
        {entries.map((entry) => (
          <List.Item key={entry.key}>
            <Anchor component={EntryLink} entry={entry}>
              {entryName(entry).full}
            </Anchor>
          </List.Item>
        ))}
        <List.Item>
          <Anchor component={Link} href={SCREENS.profile}>
            <FormattedMessage id="shell.myProfile" />
          </Anchor>
        </List.Item>
      </List>
    </Card>
  );
}
