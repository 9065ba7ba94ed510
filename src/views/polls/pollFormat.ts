// How the poll screens write dates, shares and paths. Instants come as ISO-8601 UTC and are shown in the
// poll's own zone (zonaHoraria) as DD/MM/YYYY hh:mm AM/PM; percentages come in basis points (integer
// arithmetic on the server) and are only divided here, for display.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import '../../i18n/dates';
import type { PollPhase } from '../../api/pollLifecycle';
import { BASIS_POINTS, type PollCounting, type PollKind } from '../../api/polls';

dayjs.extend(utc);
dayjs.extend(timezone);

/** "27/11/2026 11:59 PM" in the poll's zone. */
export function formatPollDate(iso: string, timeZone: string): string {
  const at = dayjs(iso);
  if (!at.isValid()) return iso;
  return at.tz(timeZone).format('DD/MM/YYYY hh:mm A');
}

/** The value of a datetime-local field for an instant, in the poll's zone. */
export const toLocalInput = (iso: string, timeZone: string) => dayjs(iso).tz(timeZone).format('YYYY-MM-DDTHH:mm');

/** A wall-clock time of the editor ('YYYY-MM-DDTHH:mm') as DD/MM/YYYY hh:mm AM/PM. */
export const formatLocal = (local: string) => dayjs(local).format('DD/MM/YYYY hh:mm A');

/** Basis points as the share react-intl formats with style 'percent'. */
export const share = (basisPoints: number) => basisPoints / BASIS_POINTS;

/** The screen of one poll (relative to /condominio). */
export const POLLS_SCREEN = '/comunicacion/encuestas';
export const pollPath = (pollId: number) => `${POLLS_SCREEN}?PollId=${pollId}`;

export const PHASE_COLOR: Readonly<Record<PollPhase, string>> = {
  propuesta: 'grape',
  proxima: 'blue',
  abierta: 'teal',
  cerrada: 'gray',
  cancelada: 'red',
  rechazada: 'dark',
};

export const KIND_COLOR: Readonly<Record<PollKind, string>> = { votacion: 'indigo', encuesta: 'cyan' };

export const COUNTING_IDS: Readonly<Record<PollCounting, string>> = {
  persona: 'polls.counting.persona',
  vivienda: 'polls.counting.vivienda',
  indiviso: 'polls.counting.indiviso',
};
