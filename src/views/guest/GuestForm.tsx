// The guest form (spec §3.3 Guest, §5): name, e-mail twice, phone, companions when the event allows them,
// how the guest arrives (on foot by default; plates by car), and for the condo form tower → dwelling →
// resident. The machine decides; this view shows its context and sends what the guest does. Its fields are the
// browser's own (VisitorFields.tsx): the visitor page's budget has no room for Mantine's inputs.
import { Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import { type GuestField, type GuestValues, guestProblems } from '../../api/guests';
import {
  apartmentsFor,
  type GuestRegistrationEvent,
  type guestRegistrationMachine,
  residentsFor,
} from '../../machines/guestRegistrationMachine';
import { Notice, Panel } from '../common/VisitorBlocks';
import { ChoiceField, SelectField, TextField } from '../common/VisitorFields';

interface Props {
  state: SnapshotFrom<typeof guestRegistrationMachine>;
  send: (event: GuestRegistrationEvent) => void;
}

export function GuestForm({ state, send }: Props) {
  const intl = useIntl();
  const { values, shape, info, showErrors, parkingFull } = state.context;
  if (!shape || !info) return null;
  const submitting = state.matches('submitting');
  const problems = guestProblems(values, shape);
  const error = (field: GuestField) => {
    const problem = showErrors ? problems[field] : undefined;
    return problem ? intl.formatMessage({ id: `guest.error.${problem}` }) : undefined;
  };
  const label = (field: string) => intl.formatMessage({ id: `guest.field.${field}` });
  const change = (field: keyof GuestValues, value: string | number | null) => send({ type: 'field.change', field, value });
  const choose = intl.formatMessage({ id: 'guest.choose' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

  const towers = info.data.torres ?? [];
  const hasHouses = (info.data.apartments ?? []).some((a) => a.Torre === null);
  const apartments = apartmentsFor(info, values.torre);
  const residents = residentsFor(info, values.apartment);

  return (
    <Panel>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'guest.heading' })}>
        <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <TextField
              label={label('nombre')}
              required
              autoComplete="name"
              value={values.nombre}
              onChange={(value) => change('nombre', value)}
              error={error('nombre')}
            />
            <TextField
              label={label('email')}
              required
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={(value) => change('email', value)}
              error={error('email')}
            />
            <TextField
              label={label('confirmEmail')}
              required
              type="email"
              autoComplete="off"
              inputMode="email"
              value={values.confirmEmail}
              onChange={(value) => change('confirmEmail', value)}
              error={error('confirmEmail')}
            />
            <TextField
              label={label('telefono')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={values.telefono}
              onChange={(value) => change('telefono', value)}
            />
            {shape.companions > 0 && (
              <SelectField
                label={label('numDeInvitados')}
                placeholder={choose}
                required
                value={values.numDeInvitados === null ? '' : String(values.numDeInvitados)}
                onChange={(value) => change('numDeInvitados', value ? Number(value) : null)}
                options={Array.from({ length: shape.companions }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
                error={error('numDeInvitados')}
              />
            )}
            {shape.type === 'condo' && (
              <>
                <SelectField
                  label={label('torre')}
                  placeholder={choose}
                  value={values.torre}
                  onChange={(value) => change('torre', value)}
                  options={[
                    ...towers.map((t) => ({ value: String(t.id), label: t.nombre })),
                    ...(hasHouses ? [{ value: 'none', label: intl.formatMessage({ id: 'guest.noTower' }) }] : []),
                  ]}
                />
                <SelectField
                  label={label('apartment')}
                  placeholder={choose}
                  required
                  value={values.apartment === null ? '' : String(values.apartment)}
                  onChange={(value) => change('apartment', value ? Number(value) : null)}
                  options={apartments.map((a) => ({ value: String(a.ApmtId), label: a.AptName }))}
                  error={error('apartment')}
                />
                <SelectField
                  label={label('user')}
                  placeholder={choose}
                  required
                  value={values.user === null ? '' : String(values.user)}
                  onChange={(value) => change('user', value ? Number(value) : null)}
                  options={residents.map((u) => ({ value: String(u.UserId), label: u.UserName }))}
                  error={error('user')}
                />
              </>
            )}
            {shape.asksAccess && (
              <ChoiceField
                label={label('formaDeAcceso')}
                required
                value={values.formaDeAcceso}
                onChange={(value) => change('formaDeAcceso', value)}
                error={error('formaDeAcceso')}
                options={[
                  { value: 'pie', label: intl.formatMessage({ id: 'guest.access.pie' }) },
                  {
                    value: 'auto',
                    label: intl.formatMessage({ id: 'guest.access.auto' }),
                    disabled: !state.can({ type: 'field.change', field: 'formaDeAcceso', value: 'auto' }),
                  },
                ]}
              />
            )}
            {parkingFull && (
              <Notice color="yellow" role="status" data-testid="parking-full">
                <FormattedMessage id="guest.parkingFull" />
              </Notice>
            )}
            {values.formaDeAcceso === 'auto' && shape.asksPlates && (
              <TextField
                label={label('placas')}
                required
                autoCapitalize="characters"
                value={values.placas}
                onChange={(value) => change('placas', value)}
                error={error('placas')}
              />
            )}
            <Button type="submit" loading={submitting}>
              <FormattedMessage id="guest.submit" />
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Panel>
  );
}
