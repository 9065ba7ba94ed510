// The new-event form: name, description, date and time, companions, guest and vehicle limits, the gate,
// checked by the shared rule (eventProblems). The event carries an event-type registration link.
import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type EventField, emptyEvent, eventProblems, type InvitesOverview, type NewEvent } from '../../api/invites';
import type { Problem } from '../../machines/myInvitesMachine';
import { localNow } from './localNow';
import { ProblemText } from './ProblemText';

interface Props {
  overview: InvitesOverview;
  saving: boolean;
  problem: Problem | null;
  onSubmit: (values: NewEvent) => void;
  onCancel: () => void;
}

export function EventForm({ overview, saving, problem, onSubmit, onCancel }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<NewEvent>(() =>
    emptyEvent(localNow().date, overview.accessPoints[0]?.PuntoAccesoId ?? null),
  );
  const [touched, setTouched] = useState<Set<EventField>>(new Set());
  const [tried, setTried] = useState(false);
  const problems = eventProblems(
    values,
    localNow(),
    overview.accessPoints.map((p) => p.PuntoAccesoId),
  );
  const set = <K extends EventField>(field: K, value: NewEvent[K]) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: EventField) => () => setTouched((t) => new Set(t).add(field));
  const error = (field: EventField) => {
    const local = problems[field];
    if (local && (tried || touched.has(field))) return intl.formatMessage({ id: `invites.problem.${local}` });
    if (problem?.field === field) return intl.formatMessage({ id: `invites.problem.${problem.key}` });
    return undefined;
  };
  const label = (id: string) => intl.formatMessage({ id });
  const whole = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(problems).length === 0) onSubmit(values);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={label('invites.field.eventName')}
          required
          value={values.nombre}
          onChange={(e) => set('nombre', e.currentTarget.value)}
          onBlur={touch('nombre')}
          error={error('nombre')}
          maxLength={120}
        />
        <Textarea
          label={label('invites.field.descripcion')}
          value={values.descripcion}
          onChange={(e) => set('descripcion', e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={label('invites.field.fecha')}
            type="date"
            required
            value={values.fecha}
            onChange={(e) => set('fecha', e.currentTarget.value)}
            onBlur={touch('fecha')}
            error={error('fecha')}
          />
          <TextInput
            label={label('invites.field.hora')}
            type="time"
            required
            value={values.hora}
            onChange={(e) => set('hora', e.currentTarget.value)}
            onBlur={touch('hora')}
            error={error('hora')}
          />
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
        <Textarea
          label={label('invites.field.notaVisitante')}
          value={values.notaVisitante}
          onChange={(e) => set('notaVisitante', e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
        />
        {problem && !problem.field ? <ProblemText text={label(`invites.problem.${problem.key}`)} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            <FormattedMessage id="invites.cancel" />
          </Button>
          <Button type="submit" loading={saving}>
            <FormattedMessage id="invites.createEvent" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
