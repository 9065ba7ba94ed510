// The movement log as a PDF (src/api/gate.ts MOVEMENT_PATHS.exportPdf) over the demo's month at Las Palmas:
// administrators get every row the filters find, written with the filters, the count and "Página n de m" (as
// many pages as the file has); a resident their own dwelling's visits only; another condominium's member none;
// the reader's language; and more than MOVEMENT_PDF_MAX rows refused with a message that says to narrow them,
// exactly MOVEMENT_PDF_MAX written. The file is compressed: its text is read by inflating its streams.
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { ErrorAnswer } from '../../src/api/errors';
import { MOVEMENT_PATHS, MOVEMENT_PDF_MAX } from '../../src/api/gate';
import { condoIdOf, dwellingIdOf, entryRequest, GATE_SEEDED, gateCalls } from '../support/gateServerFixtures';
import { api } from '../support/http';
import { pdfPages, pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

/** The PDF with its Flate-compressed streams inflated, so pdfText reads it as it reads the uncompressed ones. */
function inflated(pdf: Buffer): Buffer {
  const source = pdf.toString('latin1');
  const parts: Buffer[] = [];
  let from = 0;
  for (const match of source.matchAll(/<<([^<>]*)>>\nstream\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(match[1]!)?.[1]);
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + length);
    parts.push(pdf.subarray(from, start), /\/FlateDecode/.test(match[1]!) ? inflateSync(bytes) : bytes);
    from = start + length;
  }
  parts.push(pdf.subarray(from));
  return Buffer.concat(parts);
}

/** A row's first cell: its day and time as Spanish and English write them (31/05/2025 2:00 PM, 05/31/2025 …). */
const ROW_TIME = /^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M$/;

describe(`movement log PDF (${dialect})`, () => {
  let t: TestApp;
  const gate = gateCalls(() => t);
  const tokens = { admin: '', resident: '', bosque: '' };
  const ids = { palmas: 0, a101: 0, b502: 0, supervisor: 0 };

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(GATE_SEEDED) });
    ids.palmas = await condoIdOf(t.app.db, 'palmas');
    ids.a101 = await dwellingIdOf(t.app.db, ids.palmas, 'Torre A - 101');
    ids.b502 = await dwellingIdOf(t.app.db, ids.palmas, 'Torre B - 502');
    ids.supervisor = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'supervisor@demo.mx').executeTakeFirstOrThrow()
    ).id;
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
    tokens.resident = await signInAs(t.app, 'residente@demo.mx');
    const bosque = await t.app.db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select('u.email')
      .where('c.subdomain', '=', 'bosque')
      .where('m.is_admin', '=', 0)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    tokens.bosque = await signInAs(t.app, bosque.email);
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    // Today's walk-in for Torre A - 101: the newest row, and one its resident reads.
    const res = await gate.entry(
      guard,
      entryRequest({ apartmentId: ids.a101, visitorName: 'Primo de Rosa', plates: 'XYZ-987-Q' }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  const countIn = async (where: { kind?: string; apartmentId?: number } = {}) => {
    let query = t.app.db
      .selectFrom('gate_movements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('condo_id', '=', ids.palmas);
    if (where.kind) query = query.where('kind', '=', where.kind);
    if (where.apartmentId) query = query.where('apartment_id', '=', where.apartmentId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  /** The PDF of a 200 answer: its text lines (one per cell), page count, and the rows' lines. */
  const pdf = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await gate.get(token, MOVEMENT_PATHS.exportPdf, query);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    const lines = pdfText(inflated(res.rawPayload)).split('\n');
    return { res, lines, pages: pdfPages(res.rawPayload), rows: lines.filter((l) => ROW_TIME.test(l)).length };
  };

  it('gives administrators every row, newest first, with the condominium, the count and page n of m', async () => {
    const total = await countIn();
    const { res, lines, pages, rows } = await pdf(tokens.admin);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bitacora-movimientos-2025-06-02.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rows).toBe(total);
    expect(lines.slice(0, 4)).toEqual([
      'Residencial Las Palmas',
      'Bitácora de movimientos',
      'Sin filtros: todos los movimientos.',
      `${total.toLocaleString('es-MX')} movimientos, en la hora del condominio (America/Mexico_City).`,
    ]);
    // The column headings, then the newest row: today's walk-in at noon in Mexico City.
    const first = lines.findIndex((l) => ROW_TIME.test(l));
    expect(lines.slice(first - 11, first)).toEqual([
      'Fecha y hora',
      'Movimiento',
      'Visitante',
      'Vivienda',
      'Tipo de pase',
      'Personas',
      'Placas',
      'Punto de acceso',
      'Guardia',
      'Dispositivo',
      'Observaciones',
    ]);
    // Empty cells (no pass kind, access point or device for a walk-in let in from a person's session) write nothing.
    expect(lines.slice(first, first + 8)).toEqual([
      '02/06/2025 12:00 PM',
      'Entrada',
      'Primo de Rosa',
      'Torre A - 101',
      '1',
      'XYZ-987-Q',
      'Gabriel Flores Luna',
      expect.stringMatching(ROW_TIME),
    ]);
    expect(pages).toBeGreaterThan(10);
    const footers = lines.filter((l) => l.startsWith('Generada el 02/06/2025 12:00 PM · Página '));
    expect(footers).toEqual(
      Array.from({ length: pages }, (_, i) => `Generada el 02/06/2025 12:00 PM · Página ${i + 1} de ${pages}`),
    );
  });

  it('writes the filters applied, and only the rows they find', async () => {
    const refusals = await countIn({ kind: 'refusal' });
    const { lines, rows } = await pdf(tokens.admin, {
      tipo: 'refusal',
      desde: '2025-05-01',
      hasta: '2025-06-02',
      vivienda: ids.b502,
    });
    const b502Refusals = Number(
      (
        await t.app.db
          .selectFrom('gate_movements')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('apartment_id', '=', ids.b502)
          .where('kind', '=', 'refusal')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(lines[2]).toBe('Filtros: desde 01/05/2025 · hasta 02/06/2025 · vivienda Torre B - 502 · movimiento Rechazo');
    expect(rows).toBe(b502Refusals);
    const all = await pdf(tokens.admin, { tipo: 'refusal', guardia: ids.supervisor });
    expect(all.lines[2]).toBe('Filtros: movimiento Rechazo · guardia Sofía Vargas Peña');
    const bySupervisor = await t.app.db
      .selectFrom('gate_movements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('guard_user_id', '=', ids.supervisor)
      .where('kind', '=', 'refusal')
      .executeTakeFirstOrThrow();
    expect(all.rows).toBe(Number(bySupervisor.n));
    // A refusal's reason is among its remarks.
    expect((await pdf(tokens.admin, { tipo: 'refusal' })).lines.filter((l) => l === 'Rechazo')).toHaveLength(refusals);
  });

  it('gives a resident only their own dwelling’s visits, and does not name a guard they filter by', async () => {
    const other = await t.app.db
      .selectFrom('gate_movements')
      .select('visitor_name')
      .where('condo_id', '=', ids.palmas)
      .where('apartment_id', '=', ids.b502)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const own = await t.app.db.selectFrom('gate_movements').select('visitor_name').where('apartment_id', '=', ids.a101).execute();
    expect(own.map((m) => m.visitor_name)).not.toContain(other.visitor_name);

    const { lines, rows } = await pdf(tokens.resident);
    expect(lines[1]).toBe('Mis visitas');
    expect(rows).toBe(await countIn({ apartmentId: ids.a101 }));
    expect(lines).toContain('Primo de Rosa');
    expect(lines).not.toContain(other.visitor_name);
    expect(lines).not.toContain('Torre B - 502');
    // Another dwelling named in the filter finds nothing of it, and is not named.
    const elsewhere = await pdf(tokens.resident, { vivienda: ids.b502, guardia: ids.supervisor });
    expect(elsewhere.rows).toBe(0);
    expect(elsewhere.lines[2]).toBe(`Filtros: vivienda #${ids.b502} · guardia #${ids.supervisor}`);
    expect(elsewhere.lines).toContain('No hay movimientos con estos filtros.');
  });

  it('gives another condominium’s member nothing of Las Palmas', async () => {
    const { lines, rows, pages } = await pdf(tokens.bosque);
    expect(rows).toBe(0);
    expect(pages).toBe(1);
    expect(lines).not.toContain('Residencial Las Palmas');
    expect(lines).not.toContain('Primo de Rosa');
    expect(lines).toContain('0 movimientos, en la hora del condominio (America/Mexico_City).');
  });

  it('writes in the reader’s language', async () => {
    const english = await signInAs(t.app, 'supervisor@demo.mx');
    const changed = await call(t.app, 'POST', api(ACCOUNT_PATHS.language), { token: english, payload: { language: 'en' } });
    expect(changed.statusCode).toBe(200);
    const { res, lines, rows } = await pdf(english, { tipo: 'exit', desde: '2025-06-01' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="movement-log-2025-06-02.pdf"');
    expect(lines.slice(1, 3)).toEqual(['Movement log', 'Filters: from 06/01/2025 · movement Exit']);
    expect(lines.filter((l) => l === 'Exit')).toHaveLength(rows);
    expect(lines.at(-1)).toMatch(/^Generated on 06\/02\/2025 12:00 PM · Page 1 of 1$/);
  });

  // Last: it adds a day of MOVEMENT_PDF_MAX + 1 movements.
  it('refuses more than MOVEMENT_PDF_MAX rows, asking to narrow the filters, and writes exactly that many', async () => {
    const day = '2025-04-01';
    const rows = Array.from({ length: MOVEMENT_PDF_MAX + 1 }, (_, i) => ({
      condo_id: ids.palmas,
      client_id: randomUUID(),
      // One exit among the entries: filtering it out leaves exactly the limit.
      kind: i === 0 ? 'exit' : 'entry',
      pass_id: null,
      apartment_id: ids.b502,
      visitor_name: `Visita ${i}`,
      pass_kind: null,
      people: 1,
      plates: null,
      access_point: 'Caseta principal',
      note: null,
      reason: null,
      entry_id: null,
      device_id: null,
      guard_user_id: null,
      occurred_at: `${day}T18:00:00.000Z`,
      occurred_local: `${day} 12:00`,
      received_at: `${day}T18:00:00.000Z`,
      conflict: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.db
        .insertInto('gate_movements')
        .values(rows.slice(i, i + 500))
        .execute();

    for (const query of [{ desde: day, hasta: day }, {}] as Record<string, string>[]) {
      const res = await gate.get(tokens.admin, MOVEMENT_PATHS.exportPdf, query);
      expect(res.statusCode, res.body).toBe(400);
      const body = JSON.parse(res.body) as unknown;
      assert(body, ErrorAnswer);
      expect(body).toMatchObject({ code: 'BAD_REQUEST', messageId: 'gate.pdfTooMany', field: 'desde' });
      expect(body.message).toBe(
        'Estos filtros encuentran más de 5,000 movimientos, lo más que cabe en un PDF. Acota las fechas u otro filtro, o exporta el CSV.',
      );
    }

    const exact = await pdf(tokens.admin, { desde: day, hasta: day, tipo: 'entry' });
    expect(exact.rows).toBe(MOVEMENT_PDF_MAX);
    expect(exact.lines[3]).toBe('5,000 movimientos, en la hora del condominio (America/Mexico_City).');
    expect(exact.lines.filter((l) => l.includes(' · Página '))).toHaveLength(exact.pages);
    expect(exact.lines.at(-1)).toBe(`Generada el 02/06/2025 12:00 PM · Página ${exact.pages} de ${exact.pages}`);
    // Compressed, a full file stays small enough to mail.
    expect(exact.res.rawPayload.length).toBeLessThan(500_000);
  });
});
