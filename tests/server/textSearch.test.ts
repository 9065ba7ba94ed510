// The searches' SQL fold on each dialect: translate() with the shared table gives exactly what the browser's
// foldForSearch() gives (so both dialects and the browser agree), and containsSearch() finds Spanish text
// whatever its case and accents, keeps ñ apart from n, and treats LIKE's wildcards as plain characters.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsSearch, foldedColumn } from '../../server/db/textSearch';
import { foldForSearch, SEARCH_FOLD_FROM } from '../../src/api/search';
import { dialect, openTestDatabase, type TestDatabase } from '../support/testDatabase';

interface ProbeDb {
  search_probe: { id: number; title: string; body: string };
}

const ROWS: [title: string, body: string][] = [
  ['Jardín central', 'Riego de las bugambilias'],
  ['ÑANDÚ DEL ZOOLÓGICO', 'Visita escolar'],
  ['Reunión del año', 'Orden del día: CUOTAS'],
  ['Aviso', 'El ano del perro'],
  ['Descuento 100%', 'pago_anticipado con \\ barra'],
  ['Œuvre française', 'Ça marche, Noël'],
];

describe(`text search in SQL (${dialect})`, () => {
  let t: TestDatabase;
  let db: Kysely<ProbeDb>;
  beforeAll(async () => {
    t = await openTestDatabase();
    db = t.handle.db as unknown as Kysely<ProbeDb>;
    await db.schema
      .createTable('search_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('search_probe')
      .values(ROWS.map(([title, body], i) => ({ id: i + 1, title, body })))
      .execute();
  });
  afterAll(() => t?.close());

  async function titlesFound(typed: string): Promise<string[]> {
    const where = containsSearch(typed, ['p.title', 'p.body']);
    let query = db.selectFrom('search_probe as p').select('p.title').orderBy('p.id');
    if (where) query = query.where(where);
    return (await query.execute()).map((r) => r.title);
  }

  it('folds every character of the table, and the text around it, exactly as the browser does', async () => {
    const samples = [
      SEARCH_FOLD_FROM,
      'Hola, ¿QUÉ TAL? Ñandú, pingüino, CAÑÓN, Ÿvette, Œ, 10%_\\ ß ø',
      'sin cambios: ñ ß 123 ¡!',
    ];
    for (const text of samples) {
      await db.updateTable('search_probe').set({ body: text }).where('id', '=', 1).execute();
      const row = await db
        .selectFrom('search_probe as p')
        .select(foldedColumn('p.body').as('folded'))
        .where('p.id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(row.folded).toBe(foldForSearch(text));
    }
    await db.updateTable('search_probe').set({ body: ROWS[0]![1] }).where('id', '=', 1).execute();
  });

  it('ignores case and accents in the search and in the text', async () => {
    for (const typed of ['JARDÍN', 'jardín', 'jardin', 'JARDIN', 'Jardín Central']) {
      expect(await titlesFound(typed), typed).toEqual(['Jardín central']);
    }
    for (const typed of ['ñandú', 'ÑANDÚ', 'ñandu', 'zoologico']) {
      expect(await titlesFound(typed), typed).toEqual(['ÑANDÚ DEL ZOOLÓGICO']);
    }
    // In the text only, upper-case there.
    expect(await titlesFound('cuotas')).toEqual(['Reunión del año']);
    expect(await titlesFound('REUNION')).toEqual(['Reunión del año']);
    // French letters fold too.
    expect(await titlesFound('oeuvre')).toEqual([]);
    expect(await titlesFound('ŒUVRE FRANCAISE')).toEqual(['Œuvre française']);
    expect(await titlesFound('noel')).toEqual(['Œuvre française']);
  });

  it('keeps ñ apart from n', async () => {
    expect(await titlesFound('AÑO')).toEqual(['Reunión del año']);
    expect(await titlesFound('ano')).toEqual(['Aviso']);
    expect(await titlesFound('nandu')).toEqual([]);
  });

  it('treats LIKE wildcards and the escape character as plain characters', async () => {
    expect(await titlesFound('%')).toEqual(['Descuento 100%']);
    expect(await titlesFound('_')).toEqual(['Descuento 100%']);
    expect(await titlesFound('pago_anticipado')).toEqual(['Descuento 100%']);
    expect(await titlesFound('pago%anticipado')).toEqual([]);
    expect(await titlesFound('\\')).toEqual(['Descuento 100%']);
    expect(await titlesFound('j_rd')).toEqual([]);
  });

  it('filters nothing when nothing but spaces was typed', async () => {
    expect(containsSearch('   ', ['p.title'])).toBeNull();
    expect(await titlesFound('  ')).toHaveLength(ROWS.length);
  });
});
