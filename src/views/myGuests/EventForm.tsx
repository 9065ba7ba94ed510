// The new-event form: name, description, date and time, companions, guest and vehicle limits, the gate,
// checked by the shared rule (eventProblems). The event carries an event-type registration link.
import { NativeSelect, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { emptyEvent, eventProblems, type NewEvent } from '../../api/myGuests';
import { localNow } from './localNow';
import { MyGuestsFormFrame, type MyGuestsFormProps, useMyGuestsForm } from './MyGuestsForm';

export function EventForm({ overview, saving, problem, failure, onSubmit, onCancel }: MyGuestsFormProps<NewEvent>) {
  const intl = useIntl();
  const { values, set, touch, error, submit, textField } = useMyGuestsForm(
    () => emptyEvent(localNow().date, overview.accessPoints[0]?.PuntoAccesoId ?? null),
    (v: NewEvent) =>
      eventProblems(
        v,
        localNow(),
        overview.accessPoints.map((p) => p.PuntoAccesoId),
      ),
    problem,
    onSubmit,
  );
  const label = (id: string) => intl.formatMessage({ id });
  const whole = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

  return (
    <MyGuestsFormFrame
      note={values.notaVisitante}
      onNoteChange={(note) => set('notaVisitante', note)}
      problem={problem}
      failure={failure}
      saving={saving}
      submitLabel="invites.createEvent"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput label={label('invites.field.eventName')} required {...textField('nombre')} maxLength={120} />
      <Textarea
        label={label('invites.field.descripcion')}
        value={values.descripcion}
        onChange={(e) => set('descripcion', e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={500}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={label('invites.field.fecha')} type="date" required {...textField('fecha')} />
        <TextInput label={label('invites.field.hora')} type="time" required {...textField('hora')} />
        <NumberInput
          label={label('invites.field.acompanantes')}
          min={0}
          max={10}
          allowDecimal={false}
          value={values.acompanantes}
          onChange={(v) => set('acompanantes', whole(v))}
          onBlur={touch('acompanantes')}
          error={error('acompanantes')}
        />
        <NumberInput
          label={label('invites.field.limiteInvitados')}
          min={1}
          max={500}
          allowDecimal={false}
          value={values.limiteInvitados}
          onChange={(v) => set('limiteInvitados', whole(v))}
          onBlur={touch('limiteInvitados')}
          error={error('limiteInvitados')}
        />
        <NumberInput
          label={label('invites.field.limiteAutos')}
          min={0}
          max={500}
          allowDecimal={false}
          value={values.limiteAutos}
          onChange={(v) => set('limiteAutos', whole(v))}
          onBlur={touch('limiteAutos')}
          error={error('limiteAutos')}
        />
        <NativeSelect
          label={label('invites.field.puntoDeAcceso')}
          value={values.puntoDeAccesoId === null ? '' : String(values.puntoDeAccesoId)}
          onChange={(e) => set('puntoDeAccesoId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          error={error('puntoDeAccesoId')}
          data={[
            { value: '', label: label('invites.anyAccessPoint') },
            ...overview.accessPoints.map((p) => ({ value: String(p.PuntoAccesoId), label: p.Nombre })),
          ]}
        />
      </SimpleGrid>
    </MyGuestsFormFrame>
  );
}
