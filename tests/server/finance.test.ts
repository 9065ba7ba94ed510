// Money (issue 5): the demo ledger, one dwelling's statement (JSON and PDF), bulk statements (a PDF behind a
// short-lived link, and e-mails through a real SMTP listener), the financial reports, banks and funds, and
// who may call each.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUOTA_CENTS, EXTRAORDINARY } from '../../server/db/seed/ledger';
import {
  BalancesAnswer,
  BulkPdfAnswer,
  FILE_LINK_SECONDS,
  formatMoney,
  ReportAnswer,
  ReportsAnswer,
  type Statement,
  StatementAnswer,
  YearsAnswer,
} from '../../src/api/finance';
import { api } from '../support/http';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { pdfPages, pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const A = CUOTA_CENTS['Torre A'];

describe(`finance (${dialect})`, () => {
  // 12:00 on 15 March 2026 in Mexico City: 24 months of ledger, April 2024 to March 2026.
  const clock = testClock(new Date('2026-03-15T18:00:00Z'));
  let t: TestApp;
  let mailbox: Mailbox;
  const tokens: Record<string, string> = {};
  /** Dwelling ids by "Torre A/101". */
  const ids = new Map<string, number>();

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Comunidad <avisos@condominio.test>' } });
    for (const who of ['admin', 'consejo', 'residente', 'empleado', 'guardia']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    }
    const rows = await t.app.db
      .selectFrom('apartments as a')
      .innerJoin('condominiums as c', 'c.id', 'a.condo_id')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['a.id', 'a.name', 't.name as tower'])
      .where('c.subdomain', '=', 'palmas')
      .execute();
    for (const r of rows) ids.set(`${r.tower ?? ''}/${r.name}`, r.id);
  }, 60_000);
  afterAll(() => mailbox?.close());

  const get = (who: string | undefined, path: string) => call(t.app, 'GET', api(path), { token: who ? tokens[who] : undefined });
  const post = (who: string | undefined, path: string, payload: object) =>
    call(t.app, 'POST', api(path), { token: who ? tokens[who] : undefined, payload });

  async function statementOf(who: string, dwelling: string, from: string, to: string): Promise<Statement> {
    const res = await get(who, `/--financiero/estado-cuenta?ApartmentId=${ids.get(dwelling)}&fechaInicio=${from}&fechaFin=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, StatementAnswer);
    return body.data;
  }

  it('seeds two years of ledger for every dwelling of Las Palmas, some in arrears', async () => {
    const palmas = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'palmas')
      .executeTakeFirstOrThrow();
    const count = async (table: 'dwelling_charges' | 'dwelling_payments' | 'ledger_movements' | 'ledger_budgets') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('condo_id', '=', palmas.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(ids.size).toBe(260);
    expect(await count('dwelling_charges')).toBe(260 * 25);
    expect(await count('dwelling_payments')).toBeGreaterThan(260 * 23);
    expect(await count('ledger_movements')).toBeGreaterThan(24 * 9);
    expect(await count('ledger_budgets')).toBeGreaterThan(0);
    const years = await get('admin', '/--financiero/obtainDateMovs');
    const body = years.json();
    assert(body, YearsAnswer);
    expect(body.data).toEqual([{ anio: 2026 }, { anio: 2025 }, { anio: 2024 }]);
  });

  it('gives a dwelling that pays on time a year that starts and ends at zero', async () => {
    const s = await statementOf('residente', 'Torre A/101', '2025-01-01', '2025-12-31');
    expect(s).toMatchObject({
      AptName: '101',
      TorreName: 'Torre A',
      CondoName: 'Residencial Las Palmas',
      saldoInicial: 0,
      saldoFinal: 0,
      vencido: 0,
    });
    expect(s.Residentes).toContain('Rosa Hernández Díaz');
    expect(s.totalCargos).toBe(12 * A + EXTRAORDINARY.cents);
    expect(s.totalAbonos).toBe(s.totalCargos);
    expect(s.movimientos).toHaveLength(2 * 13);
    // Running balance: the charge on the 1st, the payment a few days later.
    expect(s.movimientos[0]).toMatchObject({ fecha: '2025-01-01', cargo: A, abono: 0, saldo: A });
    expect(s.movimientos[1]).toMatchObject({ abono: A, saldo: 0 });
  });

  it('carries unpaid cuotas into the opening balance and the overdue amount', async () => {
    // Torre A/104 (the fourth dwelling) stopped paying its last four cuotas: December to March.
    const s = await statementOf('consejo', 'Torre A/104', '2026-01-01', '2026-03-31');
    expect(s.saldoInicial).toBe(A);
    expect(s.totalCargos).toBe(3 * A);
    expect(s.totalAbonos).toBe(0);
    expect(s.saldoFinal).toBe(4 * A);
    // March's cuota fell due on the 10th; today is the 15th.
    expect(s.vencido).toBe(4 * A);
    const february = await statementOf('admin', 'Torre A/104', '2026-02-01', '2026-02-28');
    expect(february.vencido).toBe(3 * A);
  });

  it('lets residents see their own dwellings only, and refuses a bad period', async () => {
    const neighbour = await get(
      'residente',
      `/--financiero/estado-cuenta?ApartmentId=${ids.get('Torre A/104')}&fechaInicio=2025-01-01&fechaFin=2025-12-31`,
    );
    expect(neighbour.statusCode).toBe(403);
    const employee = await get(
      'empleado',
      `/--financiero/estado-cuenta?ApartmentId=${ids.get('Torre A/101')}&fechaInicio=2025-01-01&fechaFin=2025-12-31`,
    );
    expect(employee.statusCode).toBe(403);
    const elsewhere = await get(
      'admin',
      `/--financiero/estado-cuenta?ApartmentId=999999&fechaInicio=2025-01-01&fechaFin=2025-12-31`,
    );
    expect(elsewhere.statusCode).toBe(404);
    const backwards = await get(
      'admin',
      `/--financiero/estado-cuenta?ApartmentId=${ids.get('Torre A/101')}&fechaInicio=2025-12-01&fechaFin=2025-01-01`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: 'Ingrese un rango de fechas valido', field: 'fechaFin' });
    const own = await get('residente', '/--financiero/viviendas');
    expect(own.json().data.map((d: { AptName: string }) => d.AptName)).toEqual(['101']);
    const all = await get('consejo', '/--financiero/viviendas');
    expect(all.json().data).toHaveLength(260);
  });

  it('renders one dwelling’s statement as a PDF with its balance', async () => {
    const res = await get(
      'residente',
      `/--financiero/estado-cuenta-pdf?ApartmentId=${ids.get('Torre A/101')}&fechaInicio=2025-01-01&fechaFin=2025-12-31`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="estado-de-cuenta-torre-a-101-2025-01-01-2025-12-31.pdf"',
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Estado de cuenta - Torre A - 101');
    expect(text).toContain('Periodo del 01/01/2025 al 31/12/2025');
    expect(text).toContain(formatMoney(A));
  });

  it('generates up to 100 statements in one PDF behind a short-lived link', async () => {
    const chosen = ['Torre A/101', 'Torre A/104', 'Torre B/502'].map((d) => ids.get(d)!);
    const res = await post('admin', '/--financiero/pdf-generator-masivo/estado-cuenta', {
      ApartmentsId: chosen,
      periodo: true,
      fechaInicio: '2026-01-01',
      fechaFin: '2026-03-31',
      TipoDescarga: 'pdf',
      TipoImpresion: 'por-pagina',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, BulkPdfAnswer);
    expect(body.data).toMatch(/^\/api\/--financiero\/archivo\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
    const file = await t.app.inject({ method: 'GET', url: body.data });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(pdfPages(file.rawPayload)).toBe(3);
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Estado de cuenta - Torre A - 104');
    expect(text).toContain(formatMoney(4 * A));
    expect(text).toContain('Estado de cuenta - Torre B - 502');
    // A forged signature is refused; the link dies after its lifetime.
    const forged = await t.app.inject({
      method: 'GET',
      url: body.data.replace(/sig=(.)/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`),
    });
    expect(forged.statusCode).toBe(404);
    clock.advanceMinutes(FILE_LINK_SECONDS / 60 + 1);
    const late = await t.app.inject({ method: 'GET', url: body.data });
    expect(late.statusCode).toBe(410);
    clock.advanceMinutes(-(FILE_LINK_SECONDS / 60 + 1));
  });

  it('puts statements on shared pages when printing normally, and checks the request', async () => {
    const chosen = ['Torre A/101', 'Torre A/102', 'Torre A/103', 'Torre A/104'].map((d) => ids.get(d)!);
    const base = { ApartmentsId: chosen, periodo: true, fechaInicio: '2026-02-01', fechaFin: '2026-03-31', TipoDescarga: 'pdf' };
    const normal = await post('admin', '/--financiero/pdf-generator-masivo/estado-cuenta', { ...base, TipoImpresion: 'normal' });
    const file = await t.app.inject({ method: 'GET', url: normal.json().data });
    expect(pdfPages(file.rawPayload)).toBeLessThan(4);
    const noYear = await post('admin', '/--financiero/pdf-generator-masivo/estado-cuenta', {
      ...base,
      periodo: false,
      TipoImpresion: 'normal',
    });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json()).toMatchObject({ message: 'Seleccione el año', field: 'year' });
    const backwards = await post('admin', '/--financiero/pdf-generator-masivo/estado-cuenta', {
      ...base,
      fechaInicio: '2026-03-01',
      fechaFin: '2026-02-01',
      TipoImpresion: 'normal',
    });
    expect(backwards.json()).toMatchObject({ message: 'Ingrese un rango de fechas valido' });
    const tooMany = await post('admin', '/--financiero/pdf-generator-masivo/estado-cuenta', {
      ...base,
      ApartmentsId: [...ids.values()].slice(0, 101),
      TipoImpresion: 'normal',
    });
    expect(tooMany.statusCode).toBe(400);
    const foreign = await post('admin', '/--financiero/pdf-generator-masivo/estado-cuenta', {
      ...base,
      ApartmentsId: [999999],
      TipoImpresion: 'normal',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('mails each dwelling’s residents their own statement over SMTP, the PDF attached', async () => {
    const before = mailbox.messages.length;
    const res = await post('admin', '/--financiero/send-multi-edo-cta', {
      ApartmentsId: [ids.get('Torre A/101'), ids.get('Torre A/102'), ids.get('Torre A/104')],
      periodo: false,
      year: 2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Torre A/101: residente; Torre A/102: the first neighbour; nobody lives in Torre A/104.
    expect(res.json()).toEqual({ success: true, enviados: 2 });
    await mailbox.waitFor(before + 2);
    const mails = mailbox.messages.slice(before);
    const rosa = mails.find((m) => m.to.includes('residente@demo.mx'))!;
    expect(rosa.subject).toBe('Estado de cuenta Torre A - 101 - Residencial Las Palmas');
    expect(rosa.text).toContain('Periodo del 01/01/2026 al 31/12/2026');
    expect(rosa.text).toContain(`Saldo final: ${formatMoney(0)}`);
    // The statement itself is the attachment: the same PDF as the estado-cta download, not the body.
    expect(rosa.text).not.toContain('Movimientos');
    expect(rosa.attachments).toHaveLength(1);
    const [pdf] = rosa.attachments;
    expect(pdf!.filename).toBe('estado-de-cuenta-torre-a-101-2026-01-01-2026-12-31.pdf');
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf!.content)).toContain('Estado de cuenta - Torre A - 101');
    expect(pdfText(pdf!.content)).toContain('Periodo del 01/01/2026 al 31/12/2026');
    const neighbour = mails.find((m) => m.to.includes('vecino001@demo.mx'))!;
    expect(neighbour.subject).toContain('Torre A - 102');
    expect(pdfText(neighbour.attachments[0]!.content)).toContain('Estado de cuenta - Torre A - 102');
    // Only the high ADEUDOS level may send them.
    const board = await post('consejo', '/--financiero/send-multi-edo-cta', {
      ApartmentsId: [ids.get('Torre A/101')],
      periodo: false,
      year: 2026,
    });
    expect(board.statusCode).toBe(403);
  });

  it('lists the reports each role may open, with the §3.3 titles', async () => {
    const list = async (who: string) => {
      const res = await get(who, '/--financiero/reports-list');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      assert(body, ReportsAnswer);
      return body.data;
    };
    expect(await list('admin')).toEqual([
      { Clave: 'DetIng', Nombre: 'Ingresos' },
      { Clave: 'DetEg', Nombre: 'Egresos' },
      { Clave: 'Presup', Nombre: 'Presupuestos' },
      { Clave: 'Bancos', Nombre: 'Bancos y cajas' },
      { Clave: 'Fondos', Nombre: 'Fondos' },
      { Clave: 'IngEg', Nombre: 'Consolidado' },
      { Clave: 'Morosos', Nombre: 'Morosos' },
    ]);
    expect((await list('residente')).map((r) => r.Clave)).toEqual(['DetIng', 'DetEg', 'IngEg']);
  });

  async function report(clave: string, from = '2025-01-01', to = '2025-12-31', who = 'admin') {
    const res = await get(who, `/--financiero/reporte?Clave=${clave}&fechaInicio=${from}&fechaFin=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, ReportAnswer);
    return body.data;
  }

  it('adds up income, expenses and the consolidated result for a period', async () => {
    const income = await report('DetIng');
    expect(income.Titulo).toBe('Ingresos');
    const cuotas = income.filas.find((f) => f.etiqueta === 'Cuotas de mantenimiento')!;
    expect(cuotas.valores[0]).toBeGreaterThan(0);
    expect(income.totales[0]).toBe(income.filas.reduce((s, f) => s + f.valores[0]!, 0));
    const expense = await report('DetEg');
    expect(expense.filas.map((f) => f.etiqueta)).toContain('Vigilancia');
    const consolidated = await report('IngEg');
    expect(consolidated.Titulo).toBe('Consolidado');
    expect(consolidated.filas).toHaveLength(12);
    expect(consolidated.totales).toEqual([income.totales[0], expense.totales[0], income.totales[0]! - expense.totales[0]!]);
    const budget = await report('Presup');
    const guards = budget.filas.find((f) => f.etiqueta === 'Egreso: Vigilancia')!;
    expect(guards.valores[2]).toBe(guards.valores[0]! - guards.valores[1]!);
  });

  it('balances banks and funds from their opening balance', async () => {
    const banks = await report('Bancos');
    expect(banks.Titulo).toBe('Bancos y cajas');
    for (const row of banks.filas) expect(row.valores[3]).toBe(row.valores[0]! + row.valores[1]! - row.valores[2]!);
    const list = await get('consejo', '/--financiero/bancos-list');
    const body = list.json();
    assert(body, BalancesAnswer);
    expect(body.data.map((b) => b.nombre)).toEqual(['BBVA Cuenta operativa', 'Banorte Inversión', 'Caja chica']);
    const funds = await get('admin', '/--financiero/fondos-list');
    expect(funds.json().data.map((f: { nombre: string }) => f.nombre)).toEqual(['Fondo de reserva', 'Fondo de obras']);
  });

  it('lists the dwellings in arrears with amount and age (Morosos)', async () => {
    const morosos = await report('Morosos', '2026-01-01', '2026-12-31');
    expect(morosos.fechaFin).toBe('2026-03-15');
    const row = morosos.filas.find((f) => f.etiqueta === 'Torre A - 104')!;
    // Owes December to March; the December cuota fell due on 10 December.
    expect(row.valores).toEqual([4 * A, 95]);
    expect(morosos.filas.find((f) => f.etiqueta === 'Torre A - 101')).toBeUndefined();
    expect(morosos.totales[1]).toBeNull();
    expect(morosos.totales[0]).toBe(morosos.filas.reduce((s, f) => s + f.valores[0]!, 0));
  });

  it('refuses a report whose Clave the caller lacks', async () => {
    const res = await get('residente', '/--financiero/reporte?Clave=Morosos&fechaInicio=2025-01-01&fechaFin=2025-12-31');
    expect(res.statusCode).toBe(403);
    const unknown = await get('admin', '/--financiero/reporte?Clave=Nada&fechaInicio=2025-01-01&fechaFin=2025-12-31');
    expect(unknown.statusCode).toBe(400);
  });
});
