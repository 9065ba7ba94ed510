// GET /api/--invitados/pase/:condoId/:qr: the visitor pass (spec §2.7, §3.3 Pass); unknown, revoked and
// other-condominium codes are the same 404 with the spec's message (§8).
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASS_KEY, DEMO_PASS_QR, DEMO_REGULATION_URL } from '../../server/db/seed/guests';
import { PassAnswer } from '../../src/api/passes';
import { call, createTestApp, dialect, type TestApp, testClock } from '../support/testApp';

const NOT_FOUND = 'El pase de acceso no fue encontrado o no es válido.';

describe(`visitor pass (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  let palmas: number;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
  });

  it('answers every field of the demo pass without a session', async () => {
    const res = await call(t.app, 'GET', `/api/--invitados/pase/${palmas}/${DEMO_PASS_QR}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, PassAnswer);
    expect(body.data).toEqual({
      Tipo: 'domestico',
      Nombre: 'Laura Gómez Pineda',
      Email: 'laura.gomez@correo.mx',
      Telefono: '3312345678',
      QR: DEMO_PASS_QR,
      ClaveManual: DEMO_PASS_KEY,
      DiasAcceso: ['lunes', 'miercoles', 'viernes'],
      FechaInicio: '2025-06-02',
      FechaFin: '2025-07-02',
      HoraInicio: '08:00',
      HoraFin: '17:30',
      NotaVisitante: 'Presenta una identificación oficial en la caseta.',
      reglamento: DEMO_REGULATION_URL,
      CondoId: palmas,
      CondoName: 'Residencial Las Palmas',
      TorreName: 'Torre A',
      AptName: '101',
      UserName: 'Rosa Hernández Díaz',
      NombreInfante: null,
      puntosDeAcceso: [
        expect.objectContaining({ Nombre: 'Acceso principal', Coordinates: '20.710112,-103.410358' }),
        expect.objectContaining({ Nombre: 'Acceso peatonal Fresno', Address: 'Calle Fresno 45, Zapopan, Jalisco' }),
      ],
    });
  });

  it('refuses unknown codes, another condominium and malformed ids with the same 404 or a 400', async () => {
    for (const url of [`/api/--invitados/pase/${palmas}/NO-EXISTE`, `/api/--invitados/pase/${palmas + 1}/${DEMO_PASS_QR}`]) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: NOT_FOUND, code: 'NOT_FOUND' });
    }
    expect((await call(t.app, 'GET', `/api/--invitados/pase/abc/${DEMO_PASS_QR}`)).statusCode).toBe(400);
  });

  it('is not found at once when revoked', async () => {
    const url = `/api/--invitados/pase/${palmas}/${DEMO_PASS_QR}`;
    await t.app.db.updateTable('passes').set({ revoked_at: clock.now().toISOString() }).where('qr', '=', DEMO_PASS_QR).execute();
    expect((await call(t.app, 'GET', url)).statusCode).toBe(404);
    await t.app.db.updateTable('passes').set({ revoked_at: null }).where('qr', '=', DEMO_PASS_QR).execute();
    expect((await call(t.app, 'GET', url)).statusCode).toBe(200);
  });
});

describe(`visitor pass PDF (${dialect})`, () => {
  let t: TestApp;
  let palmas: number;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2025-06-02T18:00:00Z')) });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
  });

  /** How pdfkit writes text with its standard fonts: WinAnsi codes in hex. */
  const shown = (text: string) => Buffer.from(text, 'latin1').toString('hex');

  it('is a one-page PDF with the guest’s name, the manual key and the QR', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/--invitados/pase-pdf/${palmas}/${DEMO_PASS_QR}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pase-${DEMO_PASS_KEY}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toContain(shown('Laura G'));
    expect(text).toContain(shown('mez Pineda'));
    expect(text).toContain(shown(DEMO_PASS_KEY));
    // The QR: hundreds of filled module rectangles in one path.
    expect((text.match(/ re\b| l\b/g) ?? []).length).toBeGreaterThan(100);
  });

  it('is not found for unknown and revoked passes', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/--invitados/pase-pdf/${palmas}/NO-EXISTE` });
    expect(unknown.statusCode).toBe(404);
    await t.app.db.updateTable('passes').set({ revoked_at: '2025-06-02T18:00:00Z' }).where('qr', '=', DEMO_PASS_QR).execute();
    const revoked = await t.app.inject({ method: 'GET', url: `/api/--invitados/pase-pdf/${palmas}/${DEMO_PASS_QR}` });
    expect(revoked.statusCode).toBe(404);
  });
});
