import '@mantine/core/styles/Alert.css';
// /condominio/bitacora-movimientos (spec §2.2, issue 26): every entry, exit and refusal with its time in the
// condominium's zone, guard, device, access point, visitor, dwelling and plates. Gate staff and administrators
// read the whole log; residents read their own dwellings' visits, titled 'Mis visitas' (the server decides and
// says so: ownOnly). Filters, pages and the CSV or PDF of the filtered set; nothing here edits the log. A thin view
// over movementLogMachine.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { MOVEMENT_PAGE_SIZE } from '../../api/gate';
import { canInviteGuests, canReadWholeMovementLog } from '../../api/permissions';
import { movementLogMachine } from '../../machines/movementLogMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { MovementExportButtons } from './log/MovementExportButtons';
import { MovementFilterBar } from './log/MovementFilterBar';
import { MovementCards, MovementTable } from './log/MovementRows';

export default function MovementLogPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const whole = data ? canReadWholeMovementLog(data) : false;
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: whole ? 'gate.log.title' : 'gate.log.ownTitle' }));
  if (!data) return null;
  if (!whole && !canInviteGuests(data)) return <Redirect to={SCREENS.communication} replace />;
  return <MovementLogScreen />;
}

function MovementLogScreen() {
  const intl = useIntl();
  const actor = useActorRef(movementLogMachine, { input: {} });
  const state = useSelector(actor, (s) => s);
  const { filters, answer, offset, failure, exportBytes, exportFailure, exportFormat } = state.context;
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const pdf = exportFormat === 'pdf';
  const own = answer?.ownOnly ?? false;
  const title = intl.formatMessage({ id: own ? 'gate.log.ownTitle' : 'gate.log.title' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            <FormattedMessage id={own ? 'gate.log.ownIntro' : 'gate.log.intro'} />
          </Text>
        </Stack>
        <MovementExportButtons
          exporting={state.matches({ export: 'exporting' }) ? exportFormat : null}
          bytes={exportBytes}
          onExport={(format) => actor.send({ type: 'export', format })}
        />
      </Group>
      <div aria-live="polite">
        {state.matches({ export: 'saved' }) && (
          <Alert color="green" title={intl.formatMessage({ id: pdf ? 'gate.log.exportedPdf' : 'gate.log.exported' })} />
        )}
        {state.matches({ export: 'failed' }) && (
          <FailureAlert
            failure={exportFailure}
            title={intl.formatMessage({ id: pdf ? 'gate.log.exportPdfFailed' : 'gate.log.exportFailed' })}
          />
        )}
      </div>
      <MovementFilterBar
        filters={filters}
        answer={answer}
        onChange={(next) => actor.send({ type: 'setFilters', filters: next })}
        onSearch={(text) => actor.send({ type: 'search', text })}
      />
      {state.matches({ list: 'failed' }) ? (
        <FailureAlert
          failure={failure}
          title={intl.formatMessage({ id: 'gate.log.failed' })}
          onRetry={() => actor.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="gate.log.retry" />}
        />
      ) : null}
      {state.matches({ list: 'loading' }) && !answer ? (
        <Text role="status">
          <FormattedMessage id="gate.log.loading" />
        </Text>
      ) : null}
      {answer ? (
        <Stack gap="md" aria-busy={!state.matches({ list: 'ready' })}>
          {answer.items.length === 0 ? (
            <Text role="status">
              <FormattedMessage id="gate.log.empty" />
            </Text>
          ) : phone ? (
            <MovementCards items={answer.items} timeZone={answer.timeZone} label={title} />
          ) : (
            <MovementTable items={answer.items} timeZone={answer.timeZone} label={title} />
          )}
          <Pager
            offset={offset}
            total={answer.total}
            shown={answer.items.length}
            canPage={(next) => state.can({ type: 'page', offset: next })}
            onPage={(next) => actor.send({ type: 'page', offset: next })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

function Pager(props: {
  offset: number;
  total: number;
  shown: number;
  canPage(offset: number): boolean;
  onPage(offset: number): void;
}) {
  const { offset, total, shown } = props;
  if (total === 0) return null;
  const previous = Math.max(0, offset - MOVEMENT_PAGE_SIZE);
  const next = offset + MOVEMENT_PAGE_SIZE;
  return (
    <Group justify="space-between">
      <Text size="sm" role="status">
        <FormattedMessage id="gate.log.page" values={{ from: offset + 1, to: offset + shown, total }} />
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          mih={44}
          disabled={offset === 0 || !props.canPage(previous)}
          onClick={() => props.onPage(previous)}
        >
          <FormattedMessage id="gate.log.previous" />
        </Button>
        <Button variant="default" mih={44} disabled={!props.canPage(next)} onClick={() => props.onPage(next)}>
          <FormattedMessage id="gate.log.next" />
        </Button>
      </Group>
    </Group>
  );
}
