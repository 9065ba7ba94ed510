import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
// One assembly (issue 32): its kind, state, place or link, the calls with their times and quorums (the current one
// marked), the agenda, the call's PDF and notice; for residents, their answer ahead; for those who manage it, the
// lifecycle's actions, the quorum of the current call live (the live channel's 'assembly' event) and the attendance
// per dwelling (owner or tenant, in person or online). "Abrir la asamblea" is offered only with the quorum met; the
// server decides anyway (a 409 shows its words). A thin view over assemblyRunMachine.
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import {
  ASSEMBLY_SCREEN,
  type Assembly,
  type AttendanceMode,
  type AttendanceRow,
  type AttendeeKind,
  CONFIRM_ANSWERS,
} from '../../api/assemblies';
import { ASSEMBLY_ACTIONS, takesAttendance } from '../../api/assembliesLifecycle';
import { assemblyRunMachine } from '../../machines/assemblyRunMachine';
import { downloadCallPdf } from '../../services/assembliesService';
import { saveBlob } from '../../services/saveBlob';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';
import { quorumText, STATE_COLOR, whenText } from './assemblyFormat';
import { CheckInCode, CheckInDoor } from './CheckIn';
import { ItemVoteControl } from './ItemVoteControl';
import { ItemVotePanel } from './ItemVotePanel';
import { MinutesActa } from './MinutesActa';
import { ProxyPanel } from './ProxyPanel';

export function AssemblyScreen({ id }: { id: number }) {
  const [state, send] = useMachine(assemblyRunMachine, { input: { id } });
  const { assembly, failure, conflict } = state.context;
  useLiveEvent('assembly', (event) => {
    if (!event || event.data.assemblyId === id) send({ type: 'refresh' });
  });
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !assembly) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  const busy = state.matches('sending');
  return (
    <AssemblyView
      assembly={assembly}
      busy={busy}
      conflict={conflict}
      failureAlert={failure ? <FailureAlert failure={failure} /> : null}
      onAct={(action) => send({ type: 'act', action })}
      onConfirm={(answer) => send({ type: 'confirm', answer })}
      onAttend={(attendance) => send({ type: 'attend', attendance })}
    />
  );
}

interface ViewProps {
  assembly: Assembly;
  busy: boolean;
  conflict: string | null;
  failureAlert: React.ReactNode;
  onAct(action: (typeof ASSEMBLY_ACTIONS)[number]): void;
  onConfirm(answer: (typeof CONFIRM_ANSWERS)[number]): void;
  onAttend(attendance: { apartmentId: number; kind: AttendeeKind; mode: AttendanceMode | null; name?: string }): void;
}

function AssemblyView({ assembly, busy, conflict, failureAlert, onAct, onConfirm, onAttend }: ViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const current = assembly.calls.find((c) => c.number === assembly.currentCall);
  const live = takesAttendance(assembly.state);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component={Link} href={ASSEMBLY_SCREEN}>
          <FormattedMessage id="assemblies.back" />
        </Anchor>
        <Button
          variant="light"
          onClick={() => void downloadCallPdf(assembly.id).then((blob) => saveBlob(`convocatoria-${assembly.id}.pdf`, blob))}
        >
          <FormattedMessage id="assemblies.pdf.download" />
        </Button>
      </Group>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {/* A long Spanish word ("impermeabilizante") at this size is wider than a phone: it breaks rather than widen the page. */}
        <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {assembly.title}
        </Title>
        <Badge color={STATE_COLOR[assembly.state]} data-testid="assembly-state" style={{ flexShrink: 0 }}>
          {t(`assemblies.state.${assembly.state}`)}
        </Badge>
      </Group>
      <Text>
        {t(`assemblies.kind.${assembly.kind}`)} · {whenText(intl, assembly.startsAt)}
        {assembly.place ? ` · ${assembly.place}` : ''}
      </Text>
      {assembly.videoLink ? (
        <Anchor href={assembly.videoLink} target="_blank" rel="noreferrer">
          {assembly.videoLink}
        </Anchor>
      ) : null}
      {assembly.noticeScreen ? (
        <Anchor component={Link} href={assembly.noticeScreen}>
          <FormattedMessage id="assemblies.notice" />
        </Anchor>
      ) : null}
      {conflict ? (
        <Alert color="yellow" role="alert">
          {conflict}
        </Alert>
      ) : null}
      {failureAlert}

      <Card withBorder>
        <Title order={4}>
          <FormattedMessage id="assemblies.field.calls" />
        </Title>
        {assembly.calls.map((call) => (
          <Text key={call.number} fw={call.number === assembly.currentCall ? 700 : 400}>
            {t('assemblies.pdf.callLine', { number: call.number, at: whenText(intl, call.at), quorum: quorumText(intl, call) })}
          </Text>
        ))}
      </Card>

      <Card withBorder>
        <Title order={4}>
          <FormattedMessage id="assemblies.field.items" />
        </Title>
        {assembly.items.map((item, index) => (
          <Stack key={item.id} gap={0} mt="xs">
            <Text fw={600}>
              {index + 1}. {item.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`assemblies.itemKind.${item.kind}`)}
              {item.kind === 'voted'
                ? ` · ${t(`assemblies.majority.${item.majority}`, { percent: item.qualifiedPercent ?? 0 })}`
                : ''}
            </Text>
            {item.description ? <Text size="sm">{item.description}</Text> : null}
          </Stack>
        ))}
      </Card>

      {assembly.mayConfirm ? (
        <Card withBorder>
          <Title order={4}>
            <FormattedMessage id="assemblies.confirm.title" />
          </Title>
          {assembly.myAnswer ? (
            <Text data-testid="my-answer">
              {t('assemblies.confirm.mine', { answer: t(`assemblies.confirm.${assembly.myAnswer}`) })}
            </Text>
          ) : null}
          <Group mt="xs">
            {CONFIRM_ANSWERS.map((answer) => (
              <Button
                key={answer}
                variant={assembly.myAnswer === answer ? 'filled' : 'light'}
                disabled={busy}
                onClick={() => onConfirm(answer)}
              >
                {t(`assemblies.confirm.${answer}`)}
              </Button>
            ))}
          </Group>
        </Card>
      ) : null}

      {assembly.manages && (live || assembly.state === 'closed') ? (
        <Card withBorder data-testid="quorum">
          <Group justify="space-between">
            <Title order={4}>
              <FormattedMessage id="assemblies.quorum.title" />
            </Title>
            <Badge color={assembly.quorum.met ? 'green' : 'orange'}>
              {t(assembly.quorum.met ? 'assemblies.quorum.met' : 'assemblies.quorum.notMet')}
            </Badge>
          </Group>
          <Progress value={assembly.quorum.percent} mt="xs" />
          <Text data-testid="quorum-present">
            {t('assemblies.quorum.present', {
              percent: intl.formatNumber(assembly.quorum.percent),
              present: assembly.quorum.dwellingsPresent,
              total: assembly.quorum.dwellingsTotal,
            })}
          </Text>
          {current ? (
            <Text size="sm" data-testid="quorum-call">
              {t('assemblies.quorum.currentCall', { number: current.number, quorum: quorumText(intl, current) })}
            </Text>
          ) : null}
        </Card>
      ) : null}

      {assembly.manages ? (
        <Group>
          {ASSEMBLY_ACTIONS.filter(
            (action) => assembly.actions.includes(action) || (action === 'open' && assembly.state === 'waiting'),
          ).map((action) => (
            <Button
              key={action}
              color={action === 'cancel' ? 'red' : undefined}
              variant={action === 'cancel' ? 'light' : 'filled'}
              disabled={busy || !assembly.actions.includes(action)}
              onClick={() => onAct(action)}
            >
              {t(`assemblies.action.${action}`)}
            </Button>
          ))}
        </Group>
      ) : null}

      {assembly.manages && assembly.attendance && live ? (
        <AttendanceTable rows={assembly.attendance} busy={busy} onAttend={onAttend} />
      ) : null}
      {/* Proxies and the agenda's votes (issue 32): their own panels and machines. */}
      {['called', 'waiting', 'open'].includes(assembly.state) ? <ProxyPanel assemblyId={assembly.id} /> : null}
      {['open', 'closed'].includes(assembly.state) && assembly.manages ? <ItemVoteControl assemblyId={assembly.id} /> : null}
      {['open', 'closed'].includes(assembly.state) ? (
        <ItemVotePanel assemblyId={assembly.id} onlyWithSeats={assembly.manages} />
      ) : null}

      {/* The door and the minutes (assemblyMinutes): the owner's code, the door's check-in, the acta. */}
      {assembly.state === 'called' || live ? <CheckInCode assemblyId={assembly.id} /> : null}
      {assembly.manages && live ? <CheckInDoor assemblyId={assembly.id} /> : null}
      {assembly.manages ? <MinutesActa assembly={assembly} /> : null}
    </Stack>
  );
}

function AttendanceTable({ rows, busy, onAttend }: { rows: AttendanceRow[]; busy: boolean; onAttend: ViewProps['onAttend'] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const options = [
    { value: '', label: t('assemblies.attendance.none') },
    { value: 'in_person', label: t('assemblies.attendance.in_person') },
    { value: 'online', label: t('assemblies.attendance.online') },
  ];
  const select = (row: AttendanceRow, kind: AttendeeKind) => (
    <NativeSelect
      aria-label={`${row.name} ${t(`assemblies.attendance.${kind}`)}`}
      size="xs"
      disabled={busy}
      value={row[kind]?.mode ?? ''}
      data={options}
      onChange={(e) =>
        onAttend({
          apartmentId: row.apartmentId,
          kind,
          mode: (e.currentTarget.value || null) as AttendanceMode | null,
          // An accepted proxy's holder attends as the owner, by name.
          ...(kind === 'owner' && row.proxyHolder ? { name: row.proxyHolder } : {}),
        })
      }
    />
  );
  return (
    <Card withBorder>
      <Title order={4}>
        <FormattedMessage id="assemblies.attendance.title" />
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('assemblies.attendance.dwelling')}</Table.Th>
              <Table.Th>{t('assemblies.attendance.indiviso')}</Table.Th>
              <Table.Th>{t('assemblies.attendance.owner')}</Table.Th>
              <Table.Th>{t('assemblies.attendance.tenant')}</Table.Th>
              <Table.Th>{t('assemblies.attendance.confirmed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.apartmentId} data-testid="attendance-row">
                <Table.Td>
                  {row.name}
                  {row.proxyHolder ? (
                    <Text size="xs" c="dimmed" data-testid="attendance-proxy">
                      {intl.formatMessage({ id: 'assemblyVotes.attendance.byProxy' }, { name: row.proxyHolder })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{intl.formatNumber(row.indiviso / 10_000, { maximumFractionDigits: 4 })} %</Table.Td>
                <Table.Td>{select(row, 'owner')}</Table.Td>
                <Table.Td>{select(row, 'tenant')}</Table.Td>
                <Table.Td>
                  {row.confirmations.map((c) => `${c.name} (${t(`assemblies.confirm.${c.answer}`)})`).join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
