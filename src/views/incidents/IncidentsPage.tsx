// /condominio/recorridos-supervisor/incidentes (issue 31): the incidents, with Nuevo incidente, and the shift
// handover. Gate staff, supervisors and administrators (canSeeIncidents); anyone else goes back to comunicacion.
import { Button, Group, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { INCIDENT_SCREENS } from '../../api/incidents';
import { canSeeIncidents } from '../../api/permissions';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { HandoverPanel } from './HandoverPanel';
import { IncidentsPanel } from './IncidentsPanel';

export default function IncidentsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'incidents.title' }));
  if (!data) return null;
  if (!canSeeIncidents(data)) return <Redirect to="/comunicacion" replace />;
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button component={Link} href={INCIDENT_SCREENS.raise}>
          <FormattedMessage id="incidents.new" />
        </Button>
      </Group>
      <IncidentsPanel />
      <HandoverPanel />
    </Stack>
  );
}
