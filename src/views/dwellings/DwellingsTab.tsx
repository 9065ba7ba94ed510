import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
// configuracion ?tab=viviendas (issue 16): the condominium's towers and dwellings for administrators. The share
// total (a warning unless the active dwellings make 100 %), the towers (rename, deactivate, reactivate), the
// dwellings paged with an accent-insensitive search and tower and state filters, a dialog to add or edit one,
// a confirmation before deactivating, and the import from a CSV or XLSX file with its preview. A thin view over
// dwellingsMachine and dwellingImportMachine; on phones the tables scroll sideways and the dialogs fill the screen.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  DWELLING_STATES,
  DWELLINGS_PAGE_SIZE,
  type Dwelling,
  type DwellingStateFilter,
  dwellingName,
  shareToPercent,
  type Tower,
} from '../../api/dwellings';
import { INDIVISO_WHOLE } from '../../api/polls';
import { dwellingImportMachine } from '../../machines/dwellingImportMachine';
import { dwellingsMachine } from '../../machines/dwellingsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { TableOrCards } from '../common/TableOrCards';
import { DeactivateDialog, DwellingDialog, TowerDialog } from './DwellingDialogs';
import { ImportDialog } from './ImportDialog';

type Dialog =
  | { kind: 'dwelling'; dwelling: Dwelling | null }
  | { kind: 'tower'; tower: Tower | null }
  | { kind: 'deactivateDwelling'; dwelling: Dwelling }
  | { kind: 'deactivateTower'; tower: Tower };

const SEARCH_DELAY_MS = 300;

export default function DwellingsTab() {
  const intl = useIntl();
  const list = useActorRef(dwellingsMachine);
  const importer = useActorRef(dwellingImportMachine);
  const state = useSelector(list, (s) => s);
  const importDone = useSelector(importer, (s) => s.matches('done'));
  const { answer, query, failure, saveFailure, saved } = state.context;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [typed, setTyped] = useState('');
  const saving = state.matches('saving');

  // A change saved closes the dialog that asked for it.
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (saved !== lastSaved.current) {
      lastSaved.current = saved;
      setDialog(null);
    }
  }, [saved]);

  // An import done: the list is read again.
  useEffect(() => {
    if (importDone) list.send({ type: 'reload' });
  }, [importDone, list]);

  useEffect(() => {
    if (typed === query.q) return;
    const timer = setTimeout(() => list.send({ type: 'search', q: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, query.q, list]);

  const closeDialog = () => {
    setDialog(null);
    list.send({ type: 'forgetFailure' });
  };
  const towers = answer?.torres ?? [];
  const page = Math.floor(query.offset / DWELLINGS_PAGE_SIZE) + 1;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / DWELLINGS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      {state.matches('failed') ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="dwellings.loadFailed" />}
          onRetry={() => list.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="dwellings.action.retry" />}
        />
      ) : null}
      {answer ? (
        answer.indivisoActivo === INDIVISO_WHOLE ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dwellings.share.complete" />
          </Text>
        ) : (
          <Alert color="yellow" role="status">
            <FormattedMessage
              id="dwellings.share.total"
              values={{ count: answer.activas, total: shareToPercent(answer.indivisoActivo) }}
            />
          </Alert>
        )
      ) : null}

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="towers-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="towers-title">
            <FormattedMessage id="dwellings.towers.title" />
          </Title>
          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'tower', tower: null })} disabled={!answer}>
            <FormattedMessage id="dwellings.action.newTower" />
          </Button>
        </Group>
        {answer && towers.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dwellings.towers.empty" />
          </Text>
        ) : (
          <TableOrCards
            labelledBy="towers-title"
            rows={towers}
            keyOf={(tower) => tower.TowerId}
            columns={[
              { key: 'tower', header: <FormattedMessage id="dwellings.col.tower" />, cell: (t) => t.Nombre, title: true },
              { key: 'dwellings', header: <FormattedMessage id="dwellings.col.dwellings" />, cell: (t) => t.viviendas },
              {
                key: 'state',
                header: <FormattedMessage id="dwellings.col.state" />,
                cell: (t) => <StateBadge active={t.activa} />,
              },
              {
                key: 'actions',
                header: <FormattedMessage id="dwellings.col.actions" />,
                actions: true,
                cell: (tower) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={intl.formatMessage({ id: 'dwellings.action.editNamed' }, { name: tower.Nombre })}
                      onClick={() => setDialog({ kind: 'tower', tower })}
                    >
                      <FormattedMessage id="dwellings.action.edit" />
                    </Button>
                    <ActiveToggle
                      active={tower.activa}
                      saving={saving}
                      onDeactivate={() => setDialog({ kind: 'deactivateTower', tower })}
                      onReactivate={() =>
                        list.send({
                          type: 'save',
                          change: { kind: 'towerActive', request: { TowerId: tower.TowerId, activa: true } },
                        })
                      }
                    />
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dwellings-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4" id="dwellings-title">
            <FormattedMessage id="dwellings.dwellings.title" />
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => importer.send({ type: 'open' })}>
              <FormattedMessage id="dwellings.action.import" />
            </Button>
            <Button size="xs" onClick={() => setDialog({ kind: 'dwelling', dwelling: null })} disabled={!answer}>
              <FormattedMessage id="dwellings.action.newDwelling" />
            </Button>
          </Group>
        </Group>
        <Group gap="sm" mb="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            type="search"
            miw={200}
            label={<FormattedMessage id="dwellings.search" />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <NativeSelect
            miw={160}
            label={<FormattedMessage id="dwellings.filter.tower" />}
            value={query.torre}
            onChange={(e) => list.send({ type: 'filterTower', torre: e.currentTarget.value })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'dwellings.filter.allTowers' }) },
              ...towers.map((t) => ({ value: String(t.TowerId), label: t.Nombre })),
              { value: 'sin', label: intl.formatMessage({ id: 'dwellings.filter.noTower' }) },
            ]}
          />
          <NativeSelect
            miw={140}
            label={<FormattedMessage id="dwellings.filter.state" />}
            value={query.estado}
            onChange={(e) => list.send({ type: 'filterState', estado: e.currentTarget.value as DwellingStateFilter })}
            data={DWELLING_STATES.map((s) => ({ value: s, label: intl.formatMessage({ id: `dwellings.filter.${s}` }) }))}
          />
        </Group>
        {!answer ? (
          state.matches('loading') ? (
            <Loader size="sm" />
          ) : null
        ) : answer.viviendas.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dwellings.empty" />
          </Text>
        ) : (
          <TableOrCards
            labelledBy="dwellings-title"
            striped
            busy={state.matches('loading')}
            rows={answer.viviendas}
            keyOf={(d) => d.ApmtId}
            columns={[
              {
                key: 'tower',
                header: <FormattedMessage id="dwellings.col.tower" />,
                cell: (d) => d.Torre ?? <FormattedMessage id="dwellings.noTower" />,
                title: true,
              },
              { key: 'dwelling', header: <FormattedMessage id="dwellings.col.dwelling" />, cell: (d) => d.Nombre, title: true },
              {
                key: 'share',
                header: <FormattedMessage id="dwellings.col.share" />,
                cell: (d) => `${shareToPercent(d.indiviso)} %`,
                align: 'right',
              },
              {
                key: 'residents',
                header: <FormattedMessage id="dwellings.col.residents" />,
                cell: (d) => d.residentes,
                align: 'right',
              },
              {
                key: 'state',
                header: <FormattedMessage id="dwellings.col.state" />,
                cell: (d) => <StateBadge active={d.activa} />,
              },
              {
                key: 'actions',
                header: <FormattedMessage id="dwellings.col.actions" />,
                actions: true,
                cell: (d) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={intl.formatMessage(
                        { id: 'dwellings.action.editNamed' },
                        { name: dwellingName(d.Torre, d.Nombre) },
                      )}
                      onClick={() => setDialog({ kind: 'dwelling', dwelling: d })}
                    >
                      <FormattedMessage id="dwellings.action.edit" />
                    </Button>
                    <ActiveToggle
                      active={d.activa}
                      saving={saving}
                      onDeactivate={() => setDialog({ kind: 'deactivateDwelling', dwelling: d })}
                      onReactivate={() =>
                        list.send({
                          type: 'save',
                          change: { kind: 'dwellingActive', request: { ApmtId: d.ApmtId, activa: true } },
                        })
                      }
                    />
                  </Group>
                ),
              },
            ]}
          />
        )}
        {answer && answer.total > 0 ? (
          <Group justify="space-between" mt="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="dwellings.range"
                values={{
                  from: query.offset + 1,
                  to: Math.min(query.offset + DWELLINGS_PAGE_SIZE, answer.total),
                  total: answer.total,
                }}
              />
            </Text>
            {pages > 1 ? (
              <Pagination
                size="sm"
                total={pages}
                value={page}
                siblings={0}
                onChange={(next) => list.send({ type: 'page', offset: (next - 1) * DWELLINGS_PAGE_SIZE })}
              />
            ) : null}
          </Group>
        ) : null}
      </Card>

      {!dialog && saveFailure ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => list.send({ type: 'forgetFailure' })}>
          <FailureText failure={saveFailure} />
        </Alert>
      ) : null}
      {dialog?.kind === 'dwelling' ? (
        <DwellingDialog
          dwelling={dialog.dwelling}
          towers={towers}
          busy={saving}
          failure={saveFailure}
          onClose={closeDialog}
          onSave={(draft) => list.send({ type: 'save', change: { kind: 'dwelling', draft } })}
        />
      ) : null}
      {dialog?.kind === 'tower' ? (
        <TowerDialog
          tower={dialog.tower}
          busy={saving}
          failure={saveFailure}
          onClose={closeDialog}
          onSave={(draft) => list.send({ type: 'save', change: { kind: 'tower', draft } })}
        />
      ) : null}
      {dialog?.kind === 'deactivateDwelling' ? (
        <DeactivateDialog
          kind="dwelling"
          name={dwellingName(dialog.dwelling.Torre, dialog.dwelling.Nombre)}
          residents={dialog.dwelling.residentes}
          busy={saving}
          failure={saveFailure}
          onClose={closeDialog}
          onConfirm={() =>
            list.send({
              type: 'save',
              change: { kind: 'dwellingActive', request: { ApmtId: dialog.dwelling.ApmtId, activa: false } },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'deactivateTower' ? (
        <DeactivateDialog
          kind="tower"
          name={dialog.tower.Nombre}
          residents={0}
          busy={saving}
          failure={saveFailure}
          onClose={closeDialog}
          onConfirm={() =>
            list.send({
              type: 'save',
              change: { kind: 'towerActive', request: { TowerId: dialog.tower.TowerId, activa: false } },
            })
          }
        />
      ) : null}
      <ImportDialog actor={importer} />
    </Stack>
  );
}

function StateBadge({ active }: { active: boolean }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={active ? 'green' : 'gray'}
      styles={{ root: { overflow: 'visible', maxWidth: 'none' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      <FormattedMessage id={active ? 'dwellings.state.active' : 'dwellings.state.inactive'} />
    </Badge>
  );
}

/** A row's deactivate (asks first, through a dialog) or reactivate (at once) button. */
function ActiveToggle(props: { active: boolean; saving: boolean; onDeactivate: () => void; onReactivate: () => void }) {
  return props.active ? (
    <Button size="compact-xs" variant="subtle" color="red" onClick={props.onDeactivate}>
      <FormattedMessage id="dwellings.action.deactivate" />
    </Button>
  ) : (
    <Button size="compact-xs" variant="subtle" disabled={props.saving} onClick={props.onReactivate}>
      <FormattedMessage id="dwellings.action.reactivate" />
    </Button>
  );
}
