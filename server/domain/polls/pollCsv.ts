// A poll's results as CSV for administrators (issue 14, POLLS_PATHS.csv): a header block that says what was
// asked, how it counted and whether the quorum was met, then one row per option (or per free-text answer).
// Every cell goes through the shared CSV rule (src/api/csv.ts), so a title or option a user typed as
// "=HYPERLINK(…)" opens as text. The acta (actaPdf.ts) writes its numbers and times with the same helpers
// as this file, so both documents read alike.
import { type CsvCell, csvDocument, csvNumber } from '../../../src/api/csv';
import type { PollDetail, PollOption, PollResults } from '../../../src/api/polls';
import type { Language } from '../../../src/i18n/languages';
import type { MessageValue } from '../../../src/i18n/messages';
import { formatMessage } from '../../messages';
import { inZone } from '../shared/zonedTime';

type PollsActaId = Extract<keyof typeof import('../../../src/i18n/es/pollsActa.json'), string>;

/** The words of the CSV and the acta (src/i18n/<language>/pollsActa.json), ids checked against that file. */
export function actaWords(language: Language) {
  return (id: PollsActaId, values?: Readonly<Record<string, MessageValue>>) =>
    formatMessage(language, { id, ...(values ? { values } : {}) });
}
export type ActaWords = ReturnType<typeof actaWords>;

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** Basis points as a percentage with two decimals: 6235 → "62.35 %". Integer work only. */
export function percentText(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${pad(basisPoints % 100, 2)} %`;
}

/** Indiviso parts per million as a percentage of the whole with four decimals: 123_456 → "12.3456 %". */
export function shareText(partsPerMillion: number): string {
  return `${Math.floor(partsPerMillion / 10_000)}.${pad(partsPerMillion % 10_000, 4)} %`;
}

/** An instant (ISO-8601) on the condominium's clock as spec §9 writes events: "05/06/2025 07:00 PM". */
export function zoneDateTime(iso: string, timeZone: string): string {
  const { date, time } = inZone(new Date(iso), timeZone);
  const [year, month, day] = date.split('-');
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${day}/${month}/${year} ${pad(hour12, 2)}:${pad(minute, 2)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** An option as the reader's language says it: Sí / No / Abstención are stored by key; others as typed. */
export function optionText(option: Pick<PollOption, 'Texto' | 'clave'>, t: ActaWords): string {
  if (option.clave === 'si' || option.clave === 'no' || option.clave === 'abstencion')
    return t(`pollsActa.option.${option.clave}`);
  return option.Texto;
}

/** Where the poll stands: cancelled (with its reason), closed, or a running count (as of `at` when known). */
export function stateText(poll: PollDetail, results: PollResults, at: string | null, t: ActaWords): string {
  if (poll.estado === 'cancelada') return t('pollsActa.state.cancelled', { motivo: poll.motivo ?? '' });
  if (results.final) return t('pollsActa.state.closed', { date: zoneDateTime(poll.cierra, poll.zonaHoraria) });
  if (at === null) return t('pollsActa.state.running');
  return t('pollsActa.state.partial', { date: zoneDateTime(at, poll.zonaHoraria) });
}

/** Whether the quorum was met, or that none was asked. */
export function quorumOutcome(results: PollResults, t: ActaWords): string {
  if (results.quorumAlcanzado === null) return t('pollsActa.quorum.none');
  return t(results.quorumAlcanzado ? 'pollsActa.quorum.met' : 'pollsActa.quorum.notMet');
}

/** An option's or a question's weight: a share of the whole under indiviso, else a count of seats. */
const weightCell = (peso: number, indiviso: boolean): CsvCell => (indiviso ? shareText(peso) : csvNumber(peso));

export function pollCsv(input: { poll: PollDetail; results: PollResults; language: Language }): string {
  const { poll, results } = input;
  const t = actaWords(input.language);
  const indiviso = poll.conteo === 'indiviso';
  const header: CsvCell[][] = [
    [t('pollsActa.title')],
    [t('pollsActa.field.poll'), poll.Titulo],
    [t('pollsActa.field.kind'), t(`pollsActa.kind.${poll.tipo}`)],
    [t('pollsActa.field.counting'), t(`pollsActa.counting.${poll.conteo}`)],
    [t('pollsActa.field.ballot'), t(poll.secreta ? 'pollsActa.ballot.secret' : 'pollsActa.ballot.public')],
    [t('pollsActa.field.opens'), zoneDateTime(poll.abre, poll.zonaHoraria)],
    [t('pollsActa.field.closes'), zoneDateTime(poll.cierra, poll.zonaHoraria)],
    [t('pollsActa.field.state'), stateText(poll, results, null, t)],
    [t('pollsActa.field.electorate'), csvNumber(results.electorado), ...(indiviso ? [shareText(results.electoradoPeso)] : [])],
    [t('pollsActa.field.voters'), csvNumber(results.votantes), ...(indiviso ? [shareText(results.votantesPeso)] : [])],
    [t('pollsActa.field.participation'), percentText(results.participacion)],
    [
      t('pollsActa.field.quorum'),
      ...(results.quorum === null ? [] : [t('pollsActa.quorum.required', { percent: `${results.quorum} %` })]),
      quorumOutcome(results, t),
    ],
  ];
  const columns = [
    t('pollsActa.column.question'),
    t('pollsActa.column.option'),
    t('pollsActa.column.votes'),
    t('pollsActa.column.percent'),
    t('pollsActa.column.weight'),
    t('pollsActa.column.weightedPercent'),
  ];
  const rows = poll.preguntas.flatMap((question): CsvCell[][] => {
    const result = results.preguntas.find((r) => r.preguntaId === question.id);
    if (!result) return [];
    if (question.tipo === 'abierta') return result.textos.map((text) => [question.Texto, text]);
    return result.opciones.map((option) => [
      question.Texto,
      optionText(option, t),
      csvNumber(option.votos),
      percentText(option.porcentaje),
      weightCell(option.peso, indiviso),
      percentText(option.porcentajePeso),
    ]);
  });
  return `\uFEFF${csvDocument([...header, [], columns, ...rows])}`;
}
