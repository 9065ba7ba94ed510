import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
// /condominio/estado-cuenta-masivo, the 'Estados de cuenta' card: a thin view over bulkStatementsMachine.
// The progress dialog (500 px, spec §9) shows for 100 dwellings or more; the §8 dialogs end the run. What
// the Tipo field offers and which controls take input are the machine's (offeredTypes, state.can).
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canEmailStatements } from '../../api/permissions';
import {
  allDwellingsChosen,
  type BulkField,
  type BulkType,
  bulkProblems,
  bulkStatementsMachine,
  offeredTypes,
  showsProgress,
} from '../../machines/bulkStatementsMachine';
import { FinanceGate, useSessionData } from '../common/financeAccess';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { DwellingSelector } from './DwellingSelector';
import { QueryStatus } from './QueryStatus';

/** Spec §9: the progress dialog is 500 px wide. */
export const PROGRESS_DIALOG_WIDTH = 500;

const TYPE_LABELS: Record<BulkType, string> = {
  descargar: 'finance.bulk.download',
  enviar: 'finance.bulk.email',
};

function FileLinks({ files }: { files: string[] }) {
  if (files.length === 0) return null;
  return (
    <Stack gap={4}>
      {files.map((url, i) => (
        <Anchor key={url} href={url} target="_blank" rel="noopener">
          <FormattedMessage id="finance.bulk.fileLink" values={{ number: i + 1 }} />
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * A dialog that ends a run or stops it (the §8 error, the §8 success, cancelled): its message, the files
 * made so far, and its buttons ('Cerrar' unless given others).
 */
function RunEndDialog({
  opened,
  title,
  files,
  onClose,
  actions,
  children,
}: {
  opened: boolean;
  /** The title's message id. */
  title: string;
  files: string[];
  onClose: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: title })}>
      <Stack gap="md">
        {children}
        <FileLinks files={files} />
        <Group justify="flex-end">
          {actions ?? (
            <Button onClick={onClose}>
              <FormattedMessage id="finance.close" />
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function BulkStatements({ canEmail, tipoDescarga }: { canEmail: boolean; tipoDescarga: string }) {
  const intl = useIntl();
  const [state, send] = useMachine(bulkStatementsMachine, { input: { canEmail, tipoDescarga } });
  const [selecting, setSelecting] = useState(false);
  const { form, years, dwellings, batches, done, files, sent, cancelRequested } = state.context;
  const problems = state.context.showErrors ? bulkProblems(form) : {};
  const error = (field: BulkField) => (problems[field] ? intl.formatMessage({ id: problems[field] }) : null);
  const running = state.matches('running');
  const progress = running && showsProgress(state.context);
  const mailing = form.tipo === 'enviar';

  if (state.matches('loading') || state.matches('loadFailed')) {
    return (
      <QueryStatus
        loading={state.matches('loading')}
        failed={state.matches('loadFailed')}
        failure={state.context.failure}
        height={320}
        onRetry={() => send({ type: 'retry' })}
      />
    );
  }

  return (
    <>
      <Card withBorder radius="md" padding="lg" maw={720}>
        <Stack gap="md">
          <Title order={2} size="h3">
            <FormattedMessage id="finance.bulk.card" />
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <FormattedMessage id="finance.bulk.kind" />
            </Text>
            <SegmentedControl
              aria-label={intl.formatMessage({ id: 'finance.bulk.kind' })}
              value={form.kind === null ? '' : String(form.kind)}
              onChange={(value) => send({ type: 'set.kind', kind: value === '2' ? 2 : 1 })}
              data={[
                { value: '1', label: intl.formatMessage({ id: 'finance.bulk.byYear' }) },
                { value: '2', label: intl.formatMessage({ id: 'finance.bulk.byRange' }) },
              ]}
              disabled={!state.can({ type: 'set.kind', kind: 1 })}
            />
            {error('kind') ? (
              <Text size="xs" c="red">
                {error('kind')}
              </Text>
            ) : null}
          </Stack>
          {form.kind === 1 ? (
            <Select
              label={<FormattedMessage id="finance.bulk.year" />}
              placeholder={intl.formatMessage({ id: 'finance.bulk.yearPlaceholder' })}
              data={years.map((y) => String(y))}
              value={form.year === null ? null : String(form.year)}
              onChange={(value) => send({ type: 'set.year', year: value ? Number(value) : null })}
              error={error('year')}
              disabled={!state.can({ type: 'set.year', year: form.year })}
            />
          ) : null}
          {form.kind === 2 ? (
            <Group grow wrap="wrap">
              <TextInput
                type="date"
                label={<FormattedMessage id="finance.bulk.start" />}
                value={form.fechaInicio}
                onChange={(e) => send({ type: 'set.dates', fechaInicio: e.currentTarget.value, fechaFin: form.fechaFin })}
                error={error('fechaInicio')}
                disabled={!state.can({ type: 'set.dates', fechaInicio: form.fechaInicio, fechaFin: form.fechaFin })}
              />
              <TextInput
                type="date"
                label={<FormattedMessage id="finance.bulk.end" />}
                value={form.fechaFin}
                onChange={(e) => send({ type: 'set.dates', fechaInicio: form.fechaInicio, fechaFin: e.currentTarget.value })}
                error={error('fechaFin')}
                disabled={!state.can({ type: 'set.dates', fechaInicio: form.fechaInicio, fechaFin: form.fechaFin })}
              />
            </Group>
          ) : null}
          <Select
            label={<FormattedMessage id="finance.bulk.type" />}
            // Spec §5: the type is required ('Selecciona un tipo'), so it starts empty and says what to pick.
            placeholder={intl.formatMessage({ id: 'finance.bulk.typePlaceholder' })}
            data={offeredTypes(state.context).map((tipo) => ({
              value: tipo,
              label: intl.formatMessage({ id: TYPE_LABELS[tipo] }),
            }))}
            value={form.tipo}
            onChange={(value) => value && send({ type: 'set.tipo', tipo: value === 'enviar' ? 'enviar' : 'descargar' })}
            error={error('tipo')}
            disabled={!state.can({ type: 'set.tipo', tipo: 'descargar' })}
          />
          {form.tipo === 'descargar' ? (
            <Select
              label={<FormattedMessage id="finance.bulk.layout" />}
              data={[
                { value: 'normal', label: intl.formatMessage({ id: 'finance.bulk.layoutNormal' }) },
                { value: 'por-pagina', label: intl.formatMessage({ id: 'finance.bulk.layoutPage' }) },
              ]}
              value={form.tipoImpresion}
              allowDeselect={false}
              onChange={(value) =>
                send({ type: 'set.tipoImpresion', tipoImpresion: value === 'por-pagina' ? 'por-pagina' : 'normal' })
              }
              disabled={!state.can({ type: 'set.tipoImpresion', tipoImpresion: form.tipoImpresion })}
            />
          ) : null}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <FormattedMessage id="finance.bulk.dwellings" />
            </Text>
            <Group gap="sm">
              <Button
                variant={allDwellingsChosen(state.context) ? 'filled' : 'default'}
                aria-pressed={allDwellingsChosen(state.context)}
                onClick={() => send({ type: 'select.all' })}
                disabled={!state.can({ type: 'select.all' })}
              >
                <FormattedMessage id="finance.bulk.all" values={{ count: dwellings.length }} />
              </Button>
              <Button
                variant="default"
                onClick={() => setSelecting(true)}
                disabled={!state.can({ type: 'select', ids: form.selected })}
              >
                <FormattedMessage id="finance.bulk.choose" />
              </Button>
              <Text size="sm" data-testid="selected-count">
                <FormattedMessage id="finance.bulk.selectedCount" values={{ count: form.selected.length }} />
              </Text>
            </Group>
            {error('dwellings') ? (
              <Text size="xs" c="red">
                {error('dwellings')}
              </Text>
            ) : null}
          </Stack>
          <Group justify="flex-end">
            <Button
              onClick={() => send({ type: 'submit' })}
              loading={running && !progress}
              disabled={!state.can({ type: 'submit' })}
            >
              <FormattedMessage id={mailing ? 'finance.bulk.send' : 'finance.bulk.generate'} />
            </Button>
          </Group>
        </Stack>
      </Card>

      {selecting ? (
        <DwellingSelector
          opened
          dwellings={dwellings}
          selected={form.selected}
          onClose={() => setSelecting(false)}
          onAccept={(ids) => {
            send({ type: 'select', ids });
            setSelecting(false);
          }}
        />
      ) : null}

      <Modal
        opened={progress && state.matches({ running: 'working' })}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        size={PROGRESS_DIALOG_WIDTH}
        title={intl.formatMessage({ id: 'finance.bulk.progressTitle' })}
      >
        <Stack gap="md">
          <Text role="status">
            <FormattedMessage
              id="finance.bulk.progress"
              values={{ current: Math.min(done + 1, batches.length), total: batches.length }}
            />
          </Text>
          <Progress
            value={batches.length ? (done / batches.length) * 100 : 0}
            aria-label={intl.formatMessage({ id: 'finance.bulk.progressTitle' })}
          />
          <Group justify="flex-end">
            {/* Cancelling stops between batches: the machine takes it with more than one batch, once. */}
            <Button variant="default" disabled={!state.can({ type: 'cancel' })} onClick={() => send({ type: 'cancel' })}>
              <FormattedMessage id={cancelRequested ? 'finance.bulk.cancelling' : 'finance.cancel'} />
            </Button>
          </Group>
        </Stack>
      </Modal>

      <RunEndDialog
        opened={state.matches({ running: 'batchFailed' })}
        title="finance.bulk.errorTitle"
        files={files}
        onClose={() => send({ type: 'cancel' })}
        actions={
          <>
            <Button variant="default" onClick={() => send({ type: 'cancel' })}>
              <FormattedMessage id="finance.cancel" />
            </Button>
            <Button onClick={() => send({ type: 'retry' })}>
              <FormattedMessage id="finance.retry" />
            </Button>
          </>
        }
      >
        <Text role="alert">
          <FormattedMessage id={mailing ? 'finance.bulk.mailError' : 'finance.bulk.downloadError'} />
        </Text>
        {batches.length > 1 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="finance.bulk.failedBatch" values={{ current: done + 1, total: batches.length }} />
          </Text>
        ) : null}
      </RunEndDialog>

      <RunEndDialog
        opened={state.matches('succeeded')}
        title="finance.bulk.successTitle"
        files={files}
        onClose={() => send({ type: 'close' })}
      >
        <Text role="status">
          <FormattedMessage id={mailing ? 'finance.bulk.mailed' : 'finance.bulk.downloaded'} />
        </Text>
        {mailing ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="finance.bulk.sentCount" values={{ count: sent }} />
          </Text>
        ) : null}
      </RunEndDialog>

      <RunEndDialog
        opened={state.matches('cancelled')}
        title="finance.bulk.cancelledTitle"
        files={files}
        onClose={() => send({ type: 'close' })}
      >
        <Text role="status">
          <FormattedMessage id="finance.bulk.cancelled" values={{ done, total: batches.length }} />
        </Text>
      </RunEndDialog>
    </>
  );
}

function Screen() {
  const intl = useIntl();
  const data = useSessionData();
  const title = intl.formatMessage({ id: 'finance.bulk.card' });
  useDocumentTitle(data?.condo.CondoName ?? '', title);
  if (!data) return null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="finance.bulk.title" />
      </Title>
      <BulkStatements canEmail={canEmailStatements(data)} tipoDescarga={data.condo.TipoDescarga} />
    </Stack>
  );
}

export default function BulkStatementsPage() {
  return (
    <FinanceGate rule={{ kind: 'allStatements' }}>
      <Screen />
    </FinanceGate>
  );
}
