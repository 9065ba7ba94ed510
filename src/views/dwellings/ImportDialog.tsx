import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
// The dwellings import dialog, a thin view over dwellingImportMachine: the file's expected columns and limits,
// the file picker, a progress bar while the server reads the file, then the preview (a summary and every row;
// rows with a problem highlighted with their message, and Importar disabled while any is there), the stale
// and failed alerts, and the result.
import { Alert, Badge, Button, FileButton, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportRow, shareToPercent } from '../../api/dwellings';
import { canConfirm, type dwellingImportMachine } from '../../machines/dwellingImportMachine';
import { FailureAlert } from '../common/FailureAlert';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function RowResult({ row }: { row: ImportRow }) {
  if (row.estado === 'problema')
    return (
      <Text c="red.8" size="sm" fw={600}>
        {row.mensaje}
      </Text>
    );
  if (row.estado === 'actualiza')
    return (
      <FormattedMessage
        id="dwellings.import.row.actualiza"
        values={{ before: shareToPercent(row.anterior ?? 0), after: shareToPercent(row.indiviso ?? 0) }}
      />
    );
  return <FormattedMessage id={row.estado === 'nueva' ? 'dwellings.import.row.nueva' : 'dwellings.import.row.igual'} />;
}

export function ImportDialog({ actor }: { actor: ActorRefFrom<typeof dwellingImportMachine> }) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const state = useSelector(actor, (s) => s);
  const { preview, failure, result, source } = state.context;
  if (state.matches('idle')) return null;
  const close = () => actor.send({ type: state.matches('done') ? 'close' : 'cancel' });
  const busy = state.hasTag('busy');
  const picker = (label: string) => (
    <FileButton accept={ACCEPT} onChange={(file) => file && actor.send({ type: 'choose', file })}>
      {(props) => (
        <Button {...props} variant={state.matches('preview') ? 'default' : 'filled'} disabled={busy}>
          {label}
        </Button>
      )}
    </FileButton>
  );
  return (
    <Modal
      opened
      onClose={busy ? () => {} : close}
      size="xl"
      fullScreen={phone}
      title={<FormattedMessage id="dwellings.import.title" />}
    >
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="dwellings.import.help" values={{ mb: IMPORT_MAX_BYTES / 1024 / 1024, max: IMPORT_MAX_ROWS }} />
        </Text>
        {source ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dwellings.import.file" />: {source.name}
          </Text>
        ) : null}
        {busy ? (
          <Stack gap={4} role="status">
            <Text size="sm">
              <FormattedMessage id={state.matches('uploading') ? 'dwellings.import.uploading' : 'dwellings.import.confirming'} />
            </Text>
            <Progress value={100} animated striped aria-hidden />
          </Stack>
        ) : null}
        {failure && (state.matches('choosing') || state.hasTag('failed')) ? <FailureAlert failure={failure} /> : null}
        {state.matches('choosing') ? picker(intl.formatMessage({ id: 'dwellings.import.choose' })) : null}
        {state.matches('preview') && preview ? (
          <>
            <Text size="sm" fw={600} role="status">
              <FormattedMessage id="dwellings.import.summary" values={preview.resumen} />
            </Text>
            {preview.resumen.problemas > 0 ? (
              <Alert color="red" role="alert">
                <FormattedMessage id="dwellings.import.problems" values={{ count: preview.resumen.problemas }} />
              </Alert>
            ) : preview.resumen.nuevas + preview.resumen.actualizadas === 0 ? (
              <Alert color="blue">
                <FormattedMessage id="dwellings.import.nothing" />
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={480} maxHeight={360}>
              <Table striped stickyHeader aria-label={intl.formatMessage({ id: 'dwellings.import.title' })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <FormattedMessage id="dwellings.import.col.row" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="dwellings.col.tower" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="dwellings.col.dwelling" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="dwellings.col.share" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="dwellings.import.col.result" />
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.filas.map((row) => (
                    <Table.Tr
                      key={row.fila}
                      data-problem={row.estado === 'problema' || undefined}
                      bg={row.estado === 'problema' ? 'red.0' : undefined}
                    >
                      <Table.Td>{row.fila}</Table.Td>
                      <Table.Td>
                        {row.torre ?? '—'}{' '}
                        {row.torreNueva ? (
                          <Badge size="xs" variant="light">
                            <FormattedMessage id="dwellings.import.row.newTower" />
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{row.vivienda}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {row.indiviso === null ? '—' : `${shareToPercent(row.indiviso)} %`}
                      </Table.Td>
                      <Table.Td>
                        <RowResult row={row} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
        {state.matches('done') && result ? (
          <Alert color="green" role="status">
            <FormattedMessage id="dwellings.import.done" values={{ nuevas: result.nuevas, actualizadas: result.actualizadas }} />
          </Alert>
        ) : null}
        <Group justify="flex-end" wrap="wrap">
          {state.matches('done') ? (
            <Button onClick={close}>
              <FormattedMessage id="dwellings.action.close" />
            </Button>
          ) : (
            <Button variant="default" onClick={close} disabled={busy}>
              <FormattedMessage id="dwellings.action.cancel" />
            </Button>
          )}
          {state.matches('preview') ? picker(intl.formatMessage({ id: 'dwellings.import.another' })) : null}
          {state.matches('preview') && preview ? (
            <Button onClick={() => actor.send({ type: 'confirm' })} disabled={!canConfirm(preview)}>
              <FormattedMessage
                id="dwellings.import.confirm"
                values={{ count: preview.resumen.nuevas + preview.resumen.actualizadas }}
              />
            </Button>
          ) : null}
          {state.matches('stale') ? (
            <Button onClick={() => actor.send({ type: 'review' })}>
              <FormattedMessage id="dwellings.import.review" />
            </Button>
          ) : null}
          {state.matches('failed') ? (
            <Button onClick={() => actor.send({ type: 'retry' })}>
              <FormattedMessage id="dwellings.action.retry" />
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
