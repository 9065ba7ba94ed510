// The new-pass form: the fields the pass page shows (spec §2.7, §3.3 Pass), checked by the shared rule
// (passProblems) as the resident types; the machine refuses an invalid one too, and the server again.
import { Chip, Group, Input, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { emptyPass, NEW_PASS_TYPES, type NewPass, passProblems } from '../../api/myGuests';
import { WEEKDAYS } from '../../api/passes';
import { localNow } from './localNow';
import { MyGuestsFormFrame, type MyGuestsFormProps, useMyGuestsForm } from './MyGuestsForm';

export function PassForm({ overview, saving, problem, failure, onSubmit, onCancel }: MyGuestsFormProps<NewPass>) {
  const intl = useIntl();
  const { values, set, error, submit, textField } = useMyGuestsForm(
    () => emptyPass(localNow().date, overview.dwellings[0]?.AptId ?? null),
    (v: NewPass) =>
      passProblems(
        v,
        localNow(),
        overview.dwellings.map((d) => d.AptId),
      ),
    problem,
    onSubmit,
  );
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <MyGuestsFormFrame
      note={values.notaVisitante}
      onNoteChange={(note) => set('notaVisitante', note)}
      problem={problem}
      failure={failure}
      saving={saving}
      submitLabel="invites.createPass"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <NativeSelect
        label={label('invites.field.tipo')}
        value={values.tipo}
        onChange={(e) => set('tipo', e.currentTarget.value as NewPass['tipo'])}
        data={NEW_PASS_TYPES.map((tipo) => ({ value: tipo, label: label(`pass.type.${tipo}`) }))}
      />
      <TextInput label={label('invites.field.nombre')} required {...textField('nombre')} maxLength={120} />
      {values.tipo === 'infante' ? (
        <TextInput label={label('invites.field.nombreInfante')} required {...textField('nombreInfante')} maxLength={120} />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={label('invites.field.email')} type="email" {...textField('email')} />
        <TextInput label={label('invites.field.telefono')} type="tel" {...textField('telefono')} />
        <TextInput label={label('invites.field.fechaInicio')} type="date" required {...textField('fechaInicio')} />
        <TextInput label={label('invites.field.fechaFin')} type="date" required {...textField('fechaFin')} />
        <TextInput label={label('invites.field.horaInicio')} type="time" {...textField('horaInicio')} />
        <TextInput label={label('invites.field.horaFin')} type="time" {...textField('horaFin')} />
      </SimpleGrid>
      <Input.Wrapper
        label={label(values.tipo === 'domestico' ? 'invites.field.diasRequired' : 'invites.field.dias')}
        required={values.tipo === 'domestico'}
        error={error('diasAcceso')}
        role="group"
        aria-label={label('invites.field.diasRequired')}
      >
        <Chip.Group multiple value={values.diasAcceso} onChange={(days) => set('diasAcceso', days as NewPass['diasAcceso'])}>
          <Group gap={6} mt={4}>
            {WEEKDAYS.map((day) => (
              <Chip key={day} value={day} size="xs">
                {label(`invites.weekday.${day}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
      <NativeSelect
        label={label('invites.field.destino')}
        value={values.apartmentId === null ? '' : String(values.apartmentId)}
        onChange={(e) => set('apartmentId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        error={error('apartmentId')}
        data={overview.dwellings.map((d) => ({
          value: String(d.AptId),
          label: d.TorreName ? `${d.TorreName} - ${d.AptName}` : d.AptName,
        }))}
      />
    </MyGuestsFormFrame>
  );
}
