// The history (src/api/history.ts): the caller's condominium's audit_log rows, newest first, filtered and
// paged, and the same set as a CSV. Only reads: nothing in the application updates or deletes an audit row
// (tests/server/historyAppendOnly.test.ts looks for any such statement). Who may read it is decided by the
// route (permissions.canReadHistory); every query here is bound to the caller's condominium.
import type { Kysely } from 'kysely';
import { csvDocument } from '../../../src/api/csv';
import {
  HISTORY_EXPORT_MAX,
  HISTORY_PAGE_SIZE,
  type HistoryAnswer,
  type HistoryChange,
  type HistoryFilters,
  type HistoryItem,
  type HistoryQuery,
  type HistoryValueWords,
  hideSecrets,
  historyValueText,
  SYSTEM_ACTOR,
} from '../../../src/api/history';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { wordsIn } from '../../messages';
import type { Auth } from '../shared/auth';
import { documentWords } from '../shared/documentWords';
import { endOfLocalDay, localDate, localDateTimeText, startOfLocalDay, timeZoneOf } from '../shared/zonedTime';

type Db = Kysely<Database>;

/** The keys whose value names the object, first found first, in the row's after then before. */
const LABEL_KEYS = ['name', 'nombre', 'Nombre', 'title', 'titulo', 'Titulo', 'SectName', 'email', 'dwelling', 'vivienda'];

const parse = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the history shows it: text as it is, anything else as JSON; absent or null → null (read as
 * "(empty)", never as the word null). A secret's value (HISTORY_FIELDS' 'secret' kind, at any depth) never
 * leaves the server: it is replaced by HISTORY_HIDDEN. */
export function valueText(value: unknown, field = ''): string | null {
  if (value === undefined || value === null) return null;
  value = hideSecrets(field, value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields that changed between before and after: for two objects, every key whose value differs (in the
 * order they first appear); a creation lists what the object was made with, a removal what it had; anything
 * else (a plain value, a list) is one change of field ''.
 */
export function changesOf(before: unknown, after: unknown): HistoryChange[] {
  if ((before === undefined || isRecord(before)) && (after === undefined || isRecord(after)) && (before ?? after) !== undefined) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    // A field that was not there and is null (or the reverse) did not change; a secret that did stays listed.
    return keys
      .filter((key) => JSON.stringify(b[key] ?? null) !== JSON.stringify(a[key] ?? null))
      .map((field) => ({ field, before: valueText(b[field], field), after: valueText(a[field], field) }));
  }
  if (before === undefined && after === undefined) return [];
  return [{ field: '', before: valueText(before), after: valueText(after) }];
}

/** A name or title the row itself carries, when it has one. */
export function labelOf(before: unknown, after: unknown): string | null {
  for (const side of [after, before]) {
    if (!isRecord(side)) continue;
    for (const key of LABEL_KEYS) {
      const value = side[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

/** The rows of the condominium that pass the filters (desde/hasta: whole local days of the zone, both in). */
function filtered(db: Db, condoId: number, filters: HistoryFilters, timeZone: string) {
  let query = db.selectFrom('audit_log as l').leftJoin('users as u', 'u.id', 'l.actor_user_id').where('l.condo_id', '=', condoId);
  if (filters.actor !== undefined) {
    query =
      filters.actor === SYSTEM_ACTOR
        ? query.where('l.actor_user_id', 'is', null)
        : query.where('l.actor_user_id', '=', filters.actor);
  }
  if (filters.entity !== undefined) query = query.where('l.entity', '=', filters.entity);
  if (filters.desde !== undefined) query = query.where('l.created_at', '>=', startOfLocalDay(filters.desde, timeZone));
  if (filters.hasta !== undefined) query = query.where('l.created_at', '<', endOfLocalDay(filters.hasta, timeZone));
  return query;
}

interface Row {
  id: number;
  actor_user_id: number | null;
  actor_name: string | null;
  entity: string;
  entity_id: number;
  action: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

const COLUMNS = [
  'l.id',
  'l.actor_user_id',
  'u.name as actor_name',
  'l.entity',
  'l.entity_id',
  'l.action',
  'l.before_json',
  'l.after_json',
  'l.created_at',
] as const;

function item(row: Row): HistoryItem {
  const before = parse(row.before_json);
  const after = parse(row.after_json);
  return {
    id: row.id,
    at: row.created_at,
    actorId: row.actor_user_id,
    actorName: row.actor_user_id === null ? null : row.actor_name,
    entity: row.entity,
    entityId: row.entity_id,
    label: labelOf(before, after),
    action: row.action,
    changes: changesOf(before, after),
  };
}

export async function readHistory(db: Db, auth: Auth, query: HistoryQuery): Promise<HistoryAnswer> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const base = filtered(db, auth.condoId, query, timeZone);
  const rows = (await base
    .select(COLUMNS)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(query.limit ?? HISTORY_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute()) as Row[];
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const people = await db
    .selectFrom('audit_log as l')
    .innerJoin('users as u', 'u.id', 'l.actor_user_id')
    .select(['u.id', 'u.name'])
    .distinct()
    .where('l.condo_id', '=', auth.condoId)
    .orderBy('u.name')
    .execute();
  const entities = await db
    .selectFrom('audit_log')
    .select('entity')
    .distinct()
    .where('condo_id', '=', auth.condoId)
    .orderBy('entity')
    .execute();
  return {
    success: true,
    items: rows.map(item),
    total: Number(count.n),
    people: people.map((p) => ({ id: p.id, name: p.name })),
    entities: entities.map((e) => e.entity),
    timeZone,
  };
}

/** The CSV's words for a change's values: the reader's language, instants in the condominium's zone. */
function csvValueWords(language: Language, timeZone: string): HistoryValueWords {
  const t = wordsIn(language);
  const document = documentWords(language);
  const percent = new Intl.NumberFormat(LOCALE[language], { style: 'percent', maximumFractionDigits: 2 });
  const field = (name: string) => {
    try {
      return t(`history.field.${name}` as MessageId);
    } catch {
      return name;
    }
  };
  const dateTime = (local: string) => `${document.date(local.slice(0, 10))} ${document.hour(local.slice(11, 16))}`;
  return {
    field,
    yes: t('history.value.yes'),
    no: t('history.value.no'),
    hidden: t('history.value.hidden'),
    money: document.money,
    date: document.date,
    dateTime,
    instant: (iso) => dateTime(localDateTimeText(iso, timeZone).replace(' ', 'T')),
    percent: (basisPoints) => percent.format(basisPoints / 10_000),
  };
}

/** How many rows the export reads per query, so a large log is never held as one result set. */
const EXPORT_PAGE = 1000;

/**
 * The filtered rows as a CSV (UTF-8 with BOM, src/api/csv.ts), newest first, one line per changed field (a row
 * with no fields, one line), at most HISTORY_EXPORT_MAX log rows; words in the caller's language.
 */
export async function exportHistory(
  db: Db,
  clock: Clock,
  auth: Auth,
  filters: HistoryFilters,
): Promise<{ name: string; body: string; rows: number }> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const t = wordsIn(auth.language);
  const values = csvValueWords(auth.language, timeZone);
  const known = (prefix: string, value: string) => {
    try {
      return t(`history.${prefix}.${value}` as MessageId);
    } catch {
      return value;
    }
  };
  const header = ['when', 'who', 'kind', 'objectId', 'object', 'action', 'field', 'before', 'after'].map((k) =>
    t(`history.csv.${k}` as MessageId),
  );
  const lines: string[] = [csvDocument([header])];
  let read = 0;
  while (read < HISTORY_EXPORT_MAX) {
    const rows = (await filtered(db, auth.condoId, filters, timeZone)
      .select(COLUMNS)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(Math.min(EXPORT_PAGE, HISTORY_EXPORT_MAX - read))
      .offset(read)
      .execute()) as Row[];
    for (const row of rows) {
      const entry = item(row);
      const common = [
        localDateTimeText(entry.at, timeZone),
        entry.actorId === null ? t('history.system') : (entry.actorName ?? String(entry.actorId)),
        known('entity', entry.entity),
        String(entry.entityId),
        entry.label ?? '',
        known('action', entry.action),
      ];
      const changes = entry.changes.length ? entry.changes : [{ field: '', before: null, after: null }];
      lines.push(
        csvDocument(
          changes.map((c) => [
            ...common,
            c.field ? values.field(c.field) : '',
            historyValueText(c.field, c.before, values) ?? '',
            historyValueText(c.field, c.after, values) ?? '',
          ]),
        ),
      );
    }
    read += rows.length;
    if (rows.length < EXPORT_PAGE) break;
  }
  const today = localDate(clock.now(), timeZone);
  return { name: `${t('history.csv.file')}-${today}.csv`, body: `\uFEFF${lines.join('')}`, rows: read };
}
