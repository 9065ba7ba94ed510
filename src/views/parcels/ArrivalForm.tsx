import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Input.css';
// Registrar paquete: the dwelling, the carrier, the tracking number, the size, a note and an optional photo from
// the camera; a thin view over parcelArrivalMachine (which keeps the parcel's clientId across retries, and without
// network keeps the parcel in the device's offline queue: "Guardado sin conexión").
import { Alert, Button, Group, Image, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  dwellingLabel,
  PARCEL_CARRIER_MAX,
  PARCEL_NOTE_MAX,
  PARCEL_SIZES,
  PARCEL_TRACKING_MAX,
  type ParcelSize,
} from '../../api/parcels';
import { type ArrivalDraft, EMPTY_ARRIVAL, parcelArrivalMachine } from '../../machines/parcelArrivalMachine';
import { acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';

export function ArrivalForm({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const condoId = SessionContext.useSelector((s) => s.context.data?.condo.CondoId ?? null);
  const [state, send] = useMachine(parcelArrivalMachine, { input: { condoId } });
  const [draft, setDraft] = useState<ArrivalDraft>(EMPTY_ARRIVAL);
  const [photoProblem, setPhotoProblem] = useState(false);
  const { dwellings, saved, queued, failure, replayed } = state.context;
  const set = (patch: Partial<ArrivalDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const saving = state.matches('saving');

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const fits = acceptableFile(file) && file.type.startsWith('image/');
    setPhotoProblem(!fits);
    if (fits) set({ photo: (await readAttachment(file)).dataUrl });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit', draft });
  };
  const another = () => {
    setDraft(EMPTY_ARRIVAL);
    send({ type: 'another' });
  };

  if (state.matches('loading')) {
    return (
      <Text role="status" c="dimmed">
        <FormattedMessage id="parcels.arrival.loading" />
      </Text>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <FailureAlert
        failure={failure}
        title={<FormattedMessage id="parcels.arrival.loadFailed" />}
        onRetry={() => send({ type: 'retry' })}
      />
    );
  }
  const queuedDwelling = queued ? dwellings.find((d) => d.apartmentId === queued.apartmentId) : undefined;
  if ((state.matches('saved') && saved) || (state.matches('queued') && queued)) {
    return (
      <Stack gap="md">
        {saved ? (
          <Alert
            color="green"
            role="status"
            title={<FormattedMessage id={replayed ? 'parcels.arrival.replayed' : 'parcels.arrival.saved'} />}
          >
            <FormattedMessage id="parcels.arrival.told" values={{ dwelling: dwellingLabel(saved.dwelling) }} />
          </Alert>
        ) : (
          <Alert color="yellow" role="status" title={<FormattedMessage id="parcels.arrival.queued" />}>
            {queuedDwelling ? (
              <FormattedMessage id="parcels.arrival.queuedTold" values={{ dwelling: dwellingLabel(queuedDwelling) }} />
            ) : null}
          </Alert>
        )}
        <Group grow>
          <Button size="lg" onClick={another}>
            <FormattedMessage id="parcels.arrival.another" />
          </Button>
          <Button size="lg" variant="default" onClick={onClose}>
            <FormattedMessage id="parcels.done" />
          </Button>
        </Group>
      </Stack>
    );
  }
  const editing = state.matches('form');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          size="lg"
          required
          label={intl.formatMessage({ id: 'parcels.arrival.dwelling' })}
          value={draft.apartmentId === null ? '' : String(draft.apartmentId)}
          onChange={(event) => set({ apartmentId: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
          disabled={!editing}
          data={[
            { value: '', label: intl.formatMessage({ id: 'parcels.arrival.chooseDwelling' }) },
            ...dwellings.map((d) => ({ value: String(d.apartmentId), label: dwellingLabel(d) })),
          ]}
        />
        <TextInput
          size="lg"
          required
          label={intl.formatMessage({ id: 'parcels.arrival.carrier' })}
          placeholder={intl.formatMessage({ id: 'parcels.arrival.carrierPlaceholder' })}
          value={draft.carrier}
          maxLength={PARCEL_CARRIER_MAX}
          onChange={(event) => set({ carrier: event.currentTarget.value })}
          disabled={!editing}
        />
        <TextInput
          size="lg"
          label={intl.formatMessage({ id: 'parcels.arrival.tracking' })}
          value={draft.tracking}
          maxLength={PARCEL_TRACKING_MAX}
          onChange={(event) => set({ tracking: event.currentTarget.value })}
          disabled={!editing}
          autoComplete="off"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="parcel-size-label">
            <FormattedMessage id="parcels.arrival.size" />
          </Text>
          <SegmentedControl
            fullWidth
            size="md"
            aria-labelledby="parcel-size-label"
            value={draft.size}
            onChange={(value) => set({ size: value as ParcelSize })}
            disabled={!editing}
            data={PARCEL_SIZES.map((size) => ({ value: size, label: intl.formatMessage({ id: `parcels.size.${size}` }) }))}
          />
        </Stack>
        <Textarea
          label={intl.formatMessage({ id: 'parcels.arrival.note' })}
          value={draft.note}
          maxLength={PARCEL_NOTE_MAX}
          rows={2}
          onChange={(event) => set({ note: event.currentTarget.value })}
          disabled={!editing}
        />
        <Stack gap={4}>
          <Group gap="sm">
            <Button component="label" variant="default" size="md" disabled={!editing}>
              <FormattedMessage id={draft.photo ? 'parcels.arrival.changePhoto' : 'parcels.arrival.photo'} />
              <input type="file" accept="image/png,image/jpeg,image/webp" capture="environment" hidden onChange={pickPhoto} />
            </Button>
            {draft.photo ? (
              <Button variant="subtle" size="md" onClick={() => set({ photo: null })} disabled={!editing}>
                <FormattedMessage id="parcels.arrival.removePhoto" />
              </Button>
            ) : null}
          </Group>
          {draft.photo ? (
            <Image src={draft.photo} alt={intl.formatMessage({ id: 'parcels.photo' })} h={120} w="auto" fit="contain" />
          ) : null}
          {photoProblem ? (
            <Text size="sm" c="red" role="alert">
              <FormattedMessage id="parcels.arrival.photoProblem" />
            </Text>
          ) : null}
        </Stack>
        {state.matches('failed') ? (
          <FailureAlert failure={failure} title={<FormattedMessage id="parcels.arrival.failed" />} />
        ) : null}
        {state.matches('failed') ? (
          <Group grow>
            <Button size="lg" onClick={() => send({ type: 'retry' })}>
              <FormattedMessage id="parcels.retry" />
            </Button>
            <Button size="lg" variant="default" onClick={() => send({ type: 'edit' })}>
              <FormattedMessage id="parcels.arrival.edit" />
            </Button>
          </Group>
        ) : (
          <Button type="submit" size="lg" loading={saving} disabled={!saving && !state.can({ type: 'submit', draft })}>
            <FormattedMessage id="parcels.arrival.save" />
          </Button>
        )}
      </Stack>
    </form>
  );
}
