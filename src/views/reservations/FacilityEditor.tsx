// The facility editor for administrators, in a dialog (full screen on a phone), over reservationFacilityEditorMachine:
// name, description, capacity, exclusive, rules text and PDF, photos, hours per weekday (Monday first), blocks
// or free ranges, days ahead, cancellation hours, a limit per week or month, approval, fee and deposit in pesos,
// arrears admitted, active, closures. Problems show once saving is tried, next to their fields.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Switch.css';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  FACILITY_MAX_CAPACITY,
  FACILITY_MAX_CLOSURES,
  FACILITY_MAX_PHOTOS,
  FACILITY_NAME_MAX,
  type Facility,
  type FacilityDraft,
} from '../../api/reservations';
import { centsToPesos, draftProblems, pesosToCents } from '../../machines/reservationFacilityDraft';
import { photoCount, reservationFacilityEditorMachine } from '../../machines/reservationFacilityEditorMachine';
import { FailureAlert } from '../common/FailureAlert';
import { WholeNumberInput } from '../common/WholeNumberInput';
import { readAsDataUrl, WEEKDAY_IDS } from './reservationFormat';

export function FacilityEditorDialog({
  facility,
  onClose,
  onSaved,
}: {
  facility: Facility | null;
  onClose(): void;
  onSaved(facility: Facility): void;
}) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [state, send] = useMachine(reservationFacilityEditorMachine, { input: { facility } });
  const { draft, showProblems, failure, saved, keptPhotos } = state.context;
  useEffect(() => {
    if (saved) onSaved(saved);
  }, [saved, onSaved]);
  const problems = showProblems ? draftProblems(draft) : {};
  const problem = (field: keyof FacilityDraft) => {
    const id = problems[field];
    return id ? intl.formatMessage({ id }) : undefined;
  };
  const edit = (patch: Partial<FacilityDraft>) => send({ type: 'edit', patch });
  const busy = state.matches('saving');
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Modal
      opened
      onClose={() => (busy ? undefined : onClose())}
      fullScreen={phone}
      size="xl"
      title={label(facility ? 'reservations.editor.editTitle' : 'reservations.editor.newTitle')}
    >
      <form
        data-editor-state={String(state.value)}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'save' });
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={label('reservations.editor.name')}
            value={draft.Nombre}
            maxLength={FACILITY_NAME_MAX}
            required
            error={problem('Nombre')}
            onChange={(e) => edit({ Nombre: e.currentTarget.value })}
          />
          <Textarea
            label={label('reservations.editor.description')}
            value={draft.Descripcion}
            minRows={2}
            onChange={(e) => edit({ Descripcion: e.currentTarget.value })}
          />
          <Group grow align="flex-start" wrap="wrap">
            <WholeNumberInput
              label={label('reservations.editor.capacity')}
              min={1}
              max={FACILITY_MAX_CAPACITY}
              value={draft.capacidad}
              error={problem('capacidad')}
              onChange={(v) => edit({ capacidad: v })}
            />
            <Switch
              mt="xl"
              label={label('reservations.editor.exclusive')}
              checked={draft.exclusiva}
              onChange={(e) => edit({ exclusiva: e.currentTarget.checked })}
            />
          </Group>
          <Fieldset legend={label('reservations.hours')}>
            <Stack gap={6}>
              {WEEKDAY_IDS.map((id, index) => {
                const hours = draft.horario[index] ?? null;
                const setDay = (next: FacilityDraft['horario'][number]) =>
                  edit({ horario: draft.horario.map((h, i) => (i === index ? next : h)) });
                return (
                  <Group key={id} gap="xs" wrap="wrap" role="group" aria-label={label(id)}>
                    <Checkbox
                      w={120}
                      label={label(id)}
                      checked={hours !== null}
                      onChange={(e) => setDay(e.currentTarget.checked ? { abre: '08:00', cierra: '22:00' } : null)}
                    />
                    {hours ? (
                      <>
                        <TextInput
                          type="time"
                          aria-label={`${label(id)}: ${label('reservations.editor.opens')}`}
                          value={hours.abre}
                          onChange={(e) => setDay({ ...hours, abre: e.currentTarget.value })}
                        />
                        <TextInput
                          type="time"
                          aria-label={`${label(id)}: ${label('reservations.editor.closes')}`}
                          value={hours.cierra === '24:00' ? '23:59' : hours.cierra}
                          onChange={(e) =>
                            setDay({ ...hours, cierra: e.currentTarget.value === '23:59' ? '24:00' : e.currentTarget.value })
                          }
                        />
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        <FormattedMessage id="reservations.closed" />
                      </Text>
                    )}
                  </Group>
                );
              })}
              {problem('horario') ? (
                <Text size="sm" c="red" role="alert">
                  {problem('horario')}
                </Text>
              ) : null}
            </Stack>
          </Fieldset>
          <NativeSelect
            label={label('reservations.editor.unit')}
            value={draft.unidad}
            onChange={(e) => edit({ unidad: e.currentTarget.value as FacilityDraft['unidad'] })}
            data={[
              { value: 'bloques', label: label('reservations.editor.unitBloques') },
              { value: 'libre', label: label('reservations.editor.unitLibre') },
            ]}
          />
          {draft.unidad === 'bloques' ? (
            <WholeNumberInput
              label={label('reservations.editor.blockMinutes')}
              min={15}
              max={1440}
              step={15}
              value={draft.duracionBloque}
              error={problem('duracionBloque')}
              onChange={(v) => edit({ duracionBloque: v })}
            />
          ) : (
            <Group grow align="flex-start" wrap="wrap">
              <WholeNumberInput
                label={label('reservations.editor.minMinutes')}
                min={30}
                max={1440}
                step={30}
                value={draft.minMinutos}
                error={problem('minMinutos')}
                onChange={(v) => edit({ minMinutos: v })}
              />
              <WholeNumberInput
                label={label('reservations.editor.maxMinutes')}
                min={30}
                max={1440}
                step={30}
                value={draft.maxMinutos}
                error={problem('maxMinutos')}
                onChange={(v) => edit({ maxMinutos: v })}
              />
            </Group>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <WholeNumberInput
              label={label('reservations.editor.daysAhead')}
              min={0}
              max={365}
              value={draft.diasAnticipacion}
              error={problem('diasAnticipacion')}
              onChange={(v) => edit({ diasAnticipacion: v })}
            />
            <WholeNumberInput
              label={label('reservations.editor.cancelHours')}
              min={0}
              max={720}
              value={draft.horasCancelacion}
              error={problem('horasCancelacion')}
              onChange={(v) => edit({ horasCancelacion: v })}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={label('reservations.editor.limit')}
              value={draft.limite?.periodo ?? ''}
              onChange={(e) =>
                edit({
                  limite: e.currentTarget.value
                    ? { cantidad: draft.limite?.cantidad ?? 1, periodo: e.currentTarget.value as 'semana' | 'mes' }
                    : null,
                })
              }
              data={[
                { value: '', label: label('reservations.editor.noLimit') },
                { value: 'semana', label: label('reservations.editor.perWeek') },
                { value: 'mes', label: label('reservations.editor.perMonth') },
              ]}
            />
            {draft.limite ? (
              <WholeNumberInput
                label={label('reservations.editor.limitCount')}
                min={1}
                max={100}
                value={draft.limite.cantidad}
                error={problem('limite')}
                onChange={(v) => edit({ limite: { periodo: draft.limite?.periodo ?? 'semana', cantidad: v } })}
              />
            ) : null}
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={label('reservations.editor.fee')}
              inputMode="decimal"
              defaultValue={centsToPesos(draft.cuotaCents)}
              error={problem('cuotaCents')}
              onChange={(e) => edit({ cuotaCents: pesosToCents(e.currentTarget.value) })}
            />
            <TextInput
              label={label('reservations.editor.deposit')}
              inputMode="decimal"
              defaultValue={centsToPesos(draft.depositoCents)}
              error={problem('depositoCents')}
              onChange={(e) => edit({ depositoCents: pesosToCents(e.currentTarget.value) })}
            />
          </Group>
          <Switch
            label={label('reservations.editor.approval')}
            checked={draft.requiereAprobacion}
            onChange={(e) => edit({ requiereAprobacion: e.currentTarget.checked })}
          />
          <Switch
            label={label('reservations.editor.arrears')}
            checked={draft.admiteMorosos}
            onChange={(e) => edit({ admiteMorosos: e.currentTarget.checked })}
          />
          <Switch
            label={label('reservations.editor.active')}
            checked={draft.activa}
            onChange={(e) => edit({ activa: e.currentTarget.checked })}
          />
          <Textarea
            label={label('reservations.rules')}
            value={draft.reglamento}
            minRows={3}
            error={problem('reglamento')}
            onChange={(e) => edit({ reglamento: e.currentTarget.value })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <FormattedMessage id="reservations.rulesPdf" />
            </Text>
            {state.context.keepRulesPdf && facility?.reglamentoPdf ? (
              <Group gap="xs">
                <Text size="sm">{facility.reglamentoPdf.nombre}</Text>
                <Button size="xs" variant="subtle" color="red" onClick={() => send({ type: 'setRulesPdf', file: null })}>
                  <FormattedMessage id="reservations.editor.remove" />
                </Button>
              </Group>
            ) : null}
            {draft.reglamentoPdf ? <Text size="sm">{draft.reglamentoPdf.name}</Text> : null}
            <input
              type="file"
              accept="application/pdf"
              aria-label={label('reservations.editor.choosePdf')}
              onChange={async (e) => {
                const file = e.currentTarget.files?.[0];
                if (file) send({ type: 'setRulesPdf', file: { name: file.name, dataUrl: await readAsDataUrl(file) } });
              }}
            />
            {problem('reglamentoPdf') ? (
              <Text size="sm" c="red">
                {problem('reglamentoPdf')}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <FormattedMessage id="reservations.editor.photos" values={{ max: FACILITY_MAX_PHOTOS }} />
            </Text>
            {(facility?.fotos ?? [])
              .filter((p) => keptPhotos.includes(p.id))
              .map((p) => (
                <Group key={p.id} gap="xs">
                  <Text size="sm">{p.nombre}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${label('reservations.editor.remove')} ${p.nombre}`}
                    onClick={() => send({ type: 'dropKeptPhoto', id: p.id })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            {draft.fotos.map((p, index) => (
              <Group key={`${p.name}-${index}`} gap="xs">
                <Text size="sm">{p.name}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${label('reservations.editor.remove')} ${p.name}`}
                  onClick={() => send({ type: 'removePhoto', index })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {photoCount(state.context) < FACILITY_MAX_PHOTOS ? (
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-label={label('reservations.editor.addPhoto')}
                onChange={async (e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) send({ type: 'addPhoto', file: { name: file.name, dataUrl: await readAsDataUrl(file) } });
                  e.currentTarget.value = '';
                }}
              />
            ) : null}
            {problem('fotos') ? (
              <Text size="sm" c="red">
                {problem('fotos')}
              </Text>
            ) : null}
          </Stack>
          <Fieldset legend={label('reservations.closures')}>
            <Stack gap={6}>
              {draft.cierres.map((c, index) => {
                const setClosure = (patch: Partial<typeof c>) =>
                  edit({ cierres: draft.cierres.map((x, i) => (i === index ? { ...x, ...patch } : x)) });
                return (
                  <Group key={index} gap="xs" wrap="wrap" align="flex-end">
                    <TextInput
                      type="datetime-local"
                      label={label('reservations.editor.from')}
                      value={c.desde}
                      onChange={(e) => setClosure({ desde: e.currentTarget.value })}
                    />
                    <TextInput
                      type="datetime-local"
                      label={label('reservations.editor.to')}
                      value={c.hasta}
                      onChange={(e) => setClosure({ hasta: e.currentTarget.value })}
                    />
                    <TextInput
                      label={label('reservations.editor.closureReason')}
                      value={c.motivo}
                      onChange={(e) => setClosure({ motivo: e.currentTarget.value })}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={label('reservations.editor.removeClosure')}
                      onClick={() => edit({ cierres: draft.cierres.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              })}
              {problem('cierres') ? (
                <Text size="sm" c="red">
                  {problem('cierres')}
                </Text>
              ) : null}
              {draft.cierres.length < FACILITY_MAX_CLOSURES ? (
                <Button
                  variant="subtle"
                  size="xs"
                  w="fit-content"
                  onClick={() => edit({ cierres: [...draft.cierres, { desde: '', hasta: '', motivo: '' }] })}
                >
                  <FormattedMessage id="reservations.editor.addClosure" />
                </Button>
              ) : null}
            </Stack>
          </Fieldset>
          {showProblems && Object.keys(problems).length > 0 ? (
            <Text size="sm" c="red" role="alert">
              <FormattedMessage id="reservations.editor.fix" />
            </Text>
          ) : null}
          {failure ? <FailureAlert failure={failure} /> : null}
          <Group justify="flex-end">
            <Button variant="default" disabled={busy} onClick={onClose}>
              <FormattedMessage id="reservations.editor.cancel" />
            </Button>
            {state.matches('failed') ? (
              <Button onClick={() => send({ type: 'retry' })}>
                <FormattedMessage id="reservations.retry" />
              </Button>
            ) : (
              <Button type="submit" loading={busy}>
                <FormattedMessage id="reservations.editor.save" />
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
