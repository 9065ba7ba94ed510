// The answer to a pass check: the verdict first, in a colour the guard reads from across the booth, why, at
// which condominium time it was decided, then who the pass is for and when it opens.
import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type PassCheck, type PassVerdict, weekdayOf } from '../../api/passCheck';
import { dwellingText, formatDate, formatHour } from '../common/passFormat';

const VERDICT_COLOR: Record<PassVerdict, string> = {
  valid: 'green',
  notToday: 'orange',
  outsideHours: 'orange',
  revoked: 'red',
};

export function PassCheckResult({ check }: { check: PassCheck }) {
  const intl = useIntl();
  const { pass, verdict, reason, checkedAt } = check;
  const reasonValues = {
    date: formatDate(reason === 'notStarted' ? (pass.FechaInicio ?? '') : (pass.FechaFin ?? '')),
    day: intl.formatMessage({ id: `invites.weekday.${weekdayOf(checkedAt.date)}` }),
    hour: formatHour(reason === 'early' ? (pass.HoraInicio ?? '') : (pass.HoraFin ?? '')),
  };
  return (
    <Stack gap="md">
      <Alert
        color={VERDICT_COLOR[verdict]}
        variant="filled"
        role="status"
        aria-label={intl.formatMessage({ id: `staff.verdict.${verdict}` })}
        title={
          <Text span fw={700} size="lg">
            <FormattedMessage id={`staff.verdict.${verdict}`} />
          </Text>
        }
      >
        <Stack gap={2}>
          <Text size="sm" c="inherit">
            <FormattedMessage id={`staff.reason.${reason ?? 'valid'}`} values={reasonValues} />
          </Text>
          <Text size="xs" c="inherit">
            <FormattedMessage
              id="staff.checkedAt"
              values={{ date: formatDate(checkedAt.date), hour: formatHour(checkedAt.time) }}
            />
          </Text>
        </Stack>
      </Alert>
      <PassDetails check={check} />
    </Stack>
  );
}

function PassDetails({ check: { pass } }: { check: PassCheck }) {
  const intl = useIntl();
  const message = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const typeId = `pass.type.${pass.Tipo}`;
  const dates =
    pass.FechaInicio && pass.FechaFin && pass.FechaInicio !== pass.FechaFin
      ? `${formatDate(pass.FechaInicio)} – ${formatDate(pass.FechaFin)}`
      : pass.FechaInicio || pass.FechaFin
        ? formatDate((pass.FechaInicio ?? pass.FechaFin)!)
        : null;
  let hours: string;
  if (pass.HoraInicio && pass.HoraFin) hours = `${formatHour(pass.HoraInicio)} – ${formatHour(pass.HoraFin)}`;
  else if (pass.HoraInicio) hours = message('staff.fromHour', { hour: formatHour(pass.HoraInicio) });
  else if (pass.HoraFin) hours = message('staff.untilHour', { hour: formatHour(pass.HoraFin) });
  else hours = message('staff.anyHour');
  const days = pass.DiasAcceso.length
    ? pass.DiasAcceso.map((day) => message(`invites.weekday.${day}`)).join(', ')
    : message('staff.anyDay');
  let access = message('staff.onFoot');
  if (pass.FormaDeAcceso === 'auto')
    access = pass.Placas ? message('staff.byCarPlates', { plates: pass.Placas }) : message('staff.byCar');

  const rows: [string, ReactNode][] = [
    ['staff.detail.visitor', pass.Nombre],
    ...(pass.NombreInfante ? [['staff.detail.child', pass.NombreInfante] as [string, ReactNode]] : []),
    ['staff.detail.type', intl.messages[typeId] ? message(typeId) : pass.Tipo],
    ['staff.detail.key', pass.ClaveManual],
    ['staff.detail.destination', dwellingText(pass.TorreName, pass.AptName) ?? message('staff.noDestination')],
    ...(pass.UserName ? [['staff.detail.host', pass.UserName] as [string, ReactNode]] : []),
    ...(pass.Evento ? [['staff.detail.event', pass.Evento] as [string, ReactNode]] : []),
    ...(dates ? [['staff.detail.dates', dates] as [string, ReactNode]] : []),
    ['staff.detail.hours', hours],
    ['staff.detail.days', days],
    ['staff.detail.access', access],
    ...(pass.Acompanantes > 0 ? [['staff.detail.companions', String(pass.Acompanantes)] as [string, ReactNode]] : []),
    ...(pass.NotaVisitante ? [['staff.detail.note', pass.NotaVisitante] as [string, ReactNode]] : []),
  ];
  return (
    <dl
      aria-label={pass.Nombre}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
        margin: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <div key={label} style={label === 'staff.detail.note' ? { gridColumn: '1 / -1' } : undefined}>
          <Text component="dt" size="xs" c="dimmed">
            <FormattedMessage id={label} />
          </Text>
          <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
