import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
// The open incidents (issue 31), filtered by state and category, each with what the viewer's roles may do to it
// from its state (the lifecycle table, through incidentListMachine): Atender, Cerrar, Convertir en solicitud. A
// change elsewhere reads the list again (the live channel). Shown on the incidents screen and in the supervisor's
// panel. A thin view over incidentListMachine.
import { Alert, Anchor, Badge, Button, Card, Group, Image, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { INCIDENT_CATEGORIES, type Incident, type IncidentCategory } from '../../api/incidents';
import { INCIDENT_STATES, type IncidentRole, type IncidentState } from '../../api/incidentsLifecycle';
import { incidentRolesOf } from '../../api/permissions';
import { actionsOn, incidentListMachine } from '../../machines/incidentListMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useLiveEvent } from '../common/useLiveEvent';

const STATE_COLOR: Record<IncidentState, string> = { open: 'red', attended: 'yellow', closed: 'gray' };
const SEVERITY_COLOR = { low: 'gray', medium: 'orange', high: 'red' } as const;

export function IncidentsPanel() {
  const data = SessionContext.useSelector((s) => s.context.data);
  const roles = data ? incidentRolesOf(data) : [];
  return <IncidentsList roles={roles} />;
}

function IncidentsList({ roles }: { roles: readonly IncidentRole[] }) {
  const intl = useIntl();
  const [state, send] = useMachine(incidentListMachine, { input: { roles } });
  const { items, filters, outcome, failure } = state.context;
  useLiveEvent('incident', () => send({ type: 'refresh' }));
  const options = (values: readonly string[], label: (value: string) => string) => [
    { value: '', label: intl.formatMessage({ id: 'incidents.filter.all' }) },
    ...values.map((value) => ({ value, label: label(value) })),
  ];

  return (
    <Stack gap="sm">
      <Title order={3}>
        <FormattedMessage id="incidents.title" />
      </Title>
      <Group grow>
        <NativeSelect
          label={intl.formatMessage({ id: 'incidents.filter.state' })}
          value={filters.state ?? ''}
          data={options(INCIDENT_STATES, (v) => intl.formatMessage({ id: `incidents.state.${v}` }))}
          onChange={(e) =>
            send({ type: 'filter', filters: { ...filters, state: (e.currentTarget.value || null) as IncidentState | null } })
          }
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'incidents.filter.category' })}
          value={filters.category ?? ''}
          data={options(INCIDENT_CATEGORIES, (v) => intl.formatMessage({ id: `incidents.category.${v}` }))}
          onChange={(e) =>
            send({
              type: 'filter',
              filters: { ...filters, category: (e.currentTarget.value || null) as IncidentCategory | null },
            })
          }
        />
      </Group>
      {outcome?.kind === 'conflict' ? (
        <Alert color="yellow" role="status" withCloseButton onClose={() => send({ type: 'dismiss' })}>
          <FormattedMessage id="incidents.item.conflict" />
        </Alert>
      ) : null}
      {outcome?.kind === 'changed' ? (
        <Alert color="green" role="status" withCloseButton onClose={() => send({ type: 'dismiss' })}>
          {outcome.action === 'request' && outcome.incident.ticketId !== null ? (
            <FormattedMessage id="incidents.item.requested" values={{ id: outcome.incident.ticketId }} />
          ) : (
            <FormattedMessage id="incidents.item.changed" />
          )}
        </Alert>
      ) : null}
      {state.matches('ready') && failure ? <FailureAlert failure={failure} /> : null}
      {state.matches('loading') ? <LoadingCard /> : null}
      {state.matches('failed') ? <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {!state.matches('loading') && !state.matches('failed') && items.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="incidents.empty" />
        </Text>
      ) : null}
      {state.matches('loading') || state.matches('failed')
        ? null
        : items.map((incident) => (
            <IncidentCard
              key={incident.id}
              incident={incident}
              actions={actionsOn(incident, roles)}
              busy={state.matches('acting') && state.context.acting?.incident.id === incident.id}
              disabled={!state.matches('ready')}
              onAct={(action) => send({ type: 'act', incidentId: incident.id, action })}
            />
          ))}
    </Stack>
  );
}

function IncidentCard({
  incident,
  actions,
  busy,
  disabled,
  onAct,
}: {
  incident: Incident;
  actions: ReturnType<typeof actionsOn>;
  busy: boolean;
  disabled: boolean;
  onAct(action: ReturnType<typeof actionsOn>[number]): void;
}) {
  const intl = useIntl();
  return (
    <Card withBorder padding="sm" data-testid={`incident-${incident.id}`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={STATE_COLOR[incident.state]}>
            <FormattedMessage id={`incidents.state.${incident.state}`} />
          </Badge>
          <Badge variant="light">
            <FormattedMessage id={`incidents.category.${incident.category}`} />
          </Badge>
          <Badge variant="outline" color={SEVERITY_COLOR[incident.severity]}>
            <FormattedMessage id={`incidents.severity.${incident.severity}`} />
          </Badge>
        </Group>
        <Text fw={600}>{incident.place}</Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{incident.description}</Text>
        {incident.photoUrls.length > 0 ? (
          <Group gap="xs">
            {incident.photoUrls.map((url, index) => (
              <Image
                key={url}
                src={url}
                w={72}
                h={72}
                radius="sm"
                alt={intl.formatMessage({ id: 'incidents.item.photo' }, { n: index + 1 })}
              />
            ))}
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="incidents.item.reported"
            values={{ name: incident.reportedBy ?? '—', at: incident.createdAt.replace('T', ' ') }}
          />
        </Text>
        {incident.attendedAt ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="incidents.item.attended"
              values={{ name: incident.attendedBy ?? '—', at: incident.attendedAt.replace('T', ' ') }}
            />
          </Text>
        ) : null}
        {incident.closedAt ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="incidents.item.closed"
              values={{ name: incident.closedBy ?? '—', at: incident.closedAt.replace('T', ' ') }}
            />
          </Text>
        ) : null}
        {incident.note ? <Text size="sm">{incident.note}</Text> : null}
        {incident.ticketId !== null && incident.ticketScreen ? (
          <Anchor component={Link} href={incident.ticketScreen}>
            <FormattedMessage id="incidents.item.request" values={{ id: incident.ticketId }} />
          </Anchor>
        ) : null}
        {actions.length > 0 ? (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'close' ? 'default' : 'filled'}
                loading={busy}
                disabled={disabled}
                onClick={() => onAct(action)}
              >
                <FormattedMessage id={`incidents.action.${action}`} />
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
