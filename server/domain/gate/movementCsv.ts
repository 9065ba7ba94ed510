// The movement log as a CSV (MOVEMENT_PATHS.export): the rows the list's filters find in the caller's scope,
// newest first, at most MOVEMENT_EXPORT_MAX, read a page at a time; headings and words in the caller's
// language, cells through src/api/csv.ts (UTF-8 with BOM, formulas neutralised).
import type { Kysely } from 'kysely';
import { csvDocument, csvNumber } from '../../../src/api/csv';
import { MOVEMENT_EXPORT_MAX, type MovementFilters } from '../../../src/api/gate';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { wordsIn } from '../../messages';
import type { Auth } from '../shared/auth';
import { localDate, localDateTimeText, timeZoneOf } from '../shared/zonedTime';
import { movementRows, movementScope } from './movementLog';

/** Rows read per query, so a large log is never held as one result set. */
const EXPORT_PAGE = 1000;

const COLUMNS = [
  'when',
  'kind',
  'visitor',
  'dwelling',
  'people',
  'plates',
  'passKind',
  'accessPoint',
  'guard',
  'device',
  'reason',
  'exitAt',
  'conflict',
  'note',
] as const;

export async function exportMovements(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  filters: MovementFilters,
): Promise<{ name: string; body: string; rows: number }> {
  const scope = await movementScope(db, auth);
  const timeZone = await timeZoneOf(db, auth.condoId);
  const t = wordsIn(auth.language);
  const word = (group: string, value: string | null) => (value === null ? '' : t(`gate.export.${group}.${value}` as MessageId));
  const lines: string[] = [csvDocument([COLUMNS.map((c) => t(`gate.export.header.${c}` as MessageId))])];
  let read = 0;
  while (read < MOVEMENT_EXPORT_MAX) {
    const page = await movementRows(db, auth.condoId, scope, filters, Math.min(EXPORT_PAGE, MOVEMENT_EXPORT_MAX - read), read);
    lines.push(
      csvDocument(
        page.map((m) => [
          m.occurredLocal,
          word('kind', m.kind),
          m.visitorName,
          m.dwelling ?? '',
          csvNumber(m.people),
          m.plates ?? '',
          m.passKind ?? '',
          m.accessPoint ?? '',
          m.guardName ?? '',
          m.deviceName ?? '',
          word('reason', m.reason),
          m.exitAt ? localDateTimeText(m.exitAt, timeZone) : '',
          word('conflict', m.conflict),
          m.note ?? '',
        ]),
      ),
    );
    read += page.length;
    if (page.length < EXPORT_PAGE) break;
  }
  const today = localDate(clock.now(), timeZone);
  return { name: `${t('gate.export.file')}-${today}.csv`, body: `\uFEFF${lines.join('')}`, rows: read };
}
