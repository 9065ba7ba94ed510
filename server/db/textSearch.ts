// Every SQL "contains" search goes through containsSearch(), so SQLite and PostgreSQL compare text the
// same way: src/api/search.ts's fold (case and accents ignored, ñ kept) written as translate(), which
// PostgreSQL has built in and SQLite gets from registerTranslate() on the connection.
import type SQLite from 'better-sqlite3';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchNeedle, translate } from '../../src/api/search';

/** Gives SQLite PostgreSQL's translate(text, from, to); like it, a NULL argument gives NULL. */
export function registerTranslate(sqlite: SQLite.Database): void {
  sqlite.function('translate', { deterministic: true }, (text: unknown, from: unknown, to: unknown) =>
    text === null || from === null || to === null ? null : translate(String(text), String(from), String(to)),
  );
}

/** A column's text as searches compare it. */
export function foldedColumn(column: string): RawBuilder<string> {
  return sql<string>`translate(${sql.ref(column)}, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;
}

/** LIKE's wildcards and its escape character, typed by the person, are plain characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * "Any of these columns contains what was typed", for a WHERE; null when nothing was typed (no filter).
 * Columns are references such as 'p.title'.
 */
export function containsSearch(typed: string, columns: readonly string[]): Expression<SqlBool> | null {
  const needle = searchNeedle(typed);
  if (!needle || columns.length === 0) return null;
  const pattern = `%${escapeLike(needle)}%`;
  const tests = columns.map((column) => sql`${foldedColumn(column)} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
