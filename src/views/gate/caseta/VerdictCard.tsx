import '@mantine/core/styles/Alert.css';
// The verdict at the gate, read from across the booth: a big state in its colour (lets in green, not now
// orange, revoked or used up red, unknown grey) with the reason in words, then who, where, whose guest,
// companions and plates expected, and the entries used of the pass's limit. A verdict reached without network
// (against the device's snapshot of today's passes) says so, with the time of that list.
import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GateCheck, GateVerdict } from '../../../api/gate';
import { weekdayOf } from '../../../api/passCheck';
import { dwellingText, formatDate, formatHour } from '../../common/passFormat';
import { useCondoTimeZone } from '../../common/zonedTime';

const VERDICT_COLOR: Record<GateVerdict | 'unknown', string> = {
  valid: 'green.9',
  notToday: 'orange.9',
  outsideHours: 'orange.9',
  revoked: 'red.9',
  usedUp: 'red.9',
  unknown: 'gray.8',
};

/** The card of an unknown code: no pass of the condominium has it. */
export function UnknownCard() {
  const intl = useIntl();
  return (
    <Alert
      color={VERDICT_COLOR.unknown}
      variant="filled"
      role="status"
      aria-label={intl.formatMessage({ id: 'gate.verdict.unknown' })}
      title={
        <Text span fw={800} size="xl">
          <FormattedMessage id="gate.verdict.unknown" />
        </Text>
      }
    >
      <Text size="md" c="inherit">
        <FormattedMessage id="gate.verdict.unknownText" />
      </Text>
    </Alert>
  );
}

export function VerdictCard({ check }: { check: GateCheck }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const { pass, verdict, reason, checkedAt } = check;
  let reasonText: ReactNode;
  if (reason === 'usedUp') reasonText = <FormattedMessage id="gate.reason.usedUp" values={{ limit: check.entryLimit ?? 0 }} />;
  else if (reason === null || reason === 'unknown' || reason === 'guardDecision')
    reasonText = <FormattedMessage id="staff.reason.valid" />;
  else {
    const values = {
      date: formatDate(reason === 'notStarted' ? (pass.FechaInicio ?? '') : (pass.FechaFin ?? '')),
      day: intl.formatMessage({ id: `invites.weekday.${weekdayOf(checkedAt.date)}` }),
      hour: formatHour(reason === 'early' ? (pass.HoraInicio ?? '') : (pass.HoraFin ?? '')),
    };
    reasonText = <FormattedMessage id={`staff.reason.${reason}`} values={values} />;
  }
  return (
    <Stack gap="sm">
      <Alert
        color={VERDICT_COLOR[verdict]}
        variant="filled"
        role="status"
        aria-label={intl.formatMessage({ id: `gate.verdict.${verdict}` })}
        title={
          <Text span fw={800} size="xl">
            <FormattedMessage id={`gate.verdict.${verdict}`} />
          </Text>
        }
      >
        <Stack gap={2}>
          <Text size="md" c="inherit">
            {reasonText}
          </Text>
          {check.insideEntryId !== null ? (
            <Text size="md" fw={700} c="inherit">
              <FormattedMessage id="gate.verdict.inside" />
            </Text>
          ) : null}
          {check.offlineAsOf ? (
            <Text size="md" fw={700} c="inherit">
              <FormattedMessage
                id="gate.verdict.offline"
                values={{
                  time: intl.formatTime(check.offlineAsOf, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
                }}
              />
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <Details check={check} />
    </Stack>
  );
}

function Details({ check }: { check: GateCheck }) {
  const intl = useIntl();
  const { pass } = check;
  const message = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const typeId = `pass.type.${pass.Tipo}`;
  const entries =
    check.entryLimit === null
      ? message('gate.detail.entriesAny', { used: check.entriesUsed })
      : message('gate.detail.entriesOf', { used: check.entriesUsed, limit: check.entryLimit });
  const rows: [string, ReactNode][] = [
    ['staff.detail.visitor', pass.Nombre],
    ...(pass.NombreInfante ? [['staff.detail.child', pass.NombreInfante] as [string, ReactNode]] : []),
    ['staff.detail.destination', dwellingText(pass.TorreName, pass.AptName) ?? message('staff.noDestination')],
    ...(pass.UserName ? [['staff.detail.host', pass.UserName] as [string, ReactNode]] : []),
    ['staff.detail.type', intl.messages[typeId] ? message(typeId) : pass.Tipo],
    ...(pass.Evento ? [['staff.detail.event', pass.Evento] as [string, ReactNode]] : []),
    ['staff.detail.companions', String(pass.Acompanantes)],
    ...(pass.Placas ? [['gate.detail.plates', pass.Placas] as [string, ReactNode]] : []),
    ['gate.detail.entries', entries],
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
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            <FormattedMessage id={label} />
          </Text>
          <Text component="dd" size="lg" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
