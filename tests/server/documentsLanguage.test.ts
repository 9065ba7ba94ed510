// The PDFs and the statement mail speak their reader's language (issue 11 part 7): the visitor pass the
// page's (?lang=, else Accept-Language), a statement the signed-in user's profile language, a mailed
// statement its recipient's; dates and money as the language writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASS_QR } from '../../server/db/seed/guests';
import { CUOTA_CENTS } from '../../server/db/seed/ledger';
import { documentWords } from '../../server/domain/shared/documentWords';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const A = CUOTA_CENTS['Torre A'];
const LANGUAGE = '/api/--sesiones/language';

describe(`documents in the reader's language (${dialect})`, () => {
  // The demo pass runs from 2 June to 2 July 2025, 08:00 to 17:30; the ledger up to March 2026.
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  let mailbox: Mailbox;
  let palmas: number;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Comunidad <avisos@condominio.test>' } });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    const rows = await t.app.db
      .selectFrom('apartments as a')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['a.id', 'a.name', 't.name as tower'])
      .where('a.condo_id', '=', palmas)
      .execute();
    for (const r of rows) ids.set(`${r.tower ?? ''}/${r.name}`, r.id);
  }, 60_000);
  afterAll(() => mailbox?.close());

  const passPdf = async (query: string, headers: Record<string, string> = {}) => {
    const res = await call(t.app, 'GET', `/api/--invitados/pase-pdf/${palmas}/${DEMO_PASS_QR}${query}`, { headers });
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  };

  it('writes the visitor pass in Spanish by default, with the spec’s formats', async () => {
    const text = await passPdf('');
    for (const line of [
      'Pase de acceso',
      'CÓDIGO MANUAL',
      'Servicio doméstico',
      'Residente: Rosa Hernández Díaz',
      'DÍAS DE ACCESO',
      'Lunes, Miércoles, Viernes',
      'Del 02/06/2025 al 02/07/2025',
      'De 8:00 AM a 5:30 PM',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('writes the visitor pass in the language the page asks for (?lang=), before the browser’s', async () => {
    const english = await passPdf('?lang=en', { 'accept-language': 'fr' });
    for (const line of [
      'Access pass',
      'MANUAL CODE',
      'Domestic staff',
      'Resident: Rosa Hernández Díaz',
      'Monday, Wednesday, Friday',
    ]) {
      expect(english).toContain(line);
    }
    expect(english).toContain('From 06/02/2025 to 07/02/2025');
    expect(english).toContain('From 8:00 AM to 5:30 PM');
    expect(english).not.toContain('Pase de acceso');
  });

  it('writes the visitor pass in the browser’s language without ?lang=', async () => {
    const french = await passPdf('', { 'accept-language': 'fr-FR,fr;q=0.9' });
    for (const line of [
      'Laissez-passer',
      'CODE MANUEL',
      'Employé de maison',
      'Lundi, Mercredi, Vendredi',
      'Du 02/06/2025 au 02/07/2025',
    ]) {
      expect(french).toContain(line);
    }
    expect(french).toContain('De 08:00 à 17:30');
  });

  it('refuses a language it does not speak', async () => {
    const res = await call(t.app, 'GET', `/api/--invitados/pase-pdf/${palmas}/${DEMO_PASS_QR}?lang=de`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'lang', message: 'Language: choose one of the allowed options.' });
  });

  it('writes a statement in the signed-in user’s profile language, with its dates and money', async () => {
    const token = await signInAs(t.app, 'residente@demo.mx');
    const statement = async () => {
      const url = `/api/--financiero/estado-cuenta-pdf?ApartmentId=${ids.get('Torre A/101')}&fechaInicio=2024-06-01&fechaFin=2024-12-31`;
      // The browser's language does not matter once signed in.
      const res = await call(t.app, 'GET', url, { token, headers: { 'accept-language': 'es' } });
      expect(res.statusCode, res.body).toBe(200);
      return pdfText(res.rawPayload);
    };
    await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'en' } });
    const english = await statement();
    expect(english).toContain('Account statement - Torre A - 101');
    expect(english).toContain('Period from 06/01/2024 to 12/31/2024');
    expect(english).toContain('Closing balance');
    expect(english).toContain(documentWords('en').money(A));
    expect(documentWords('en').money(A)).toMatch(/^MX\$/);

    await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'fr' } });
    const french = await statement();
    expect(french).toContain('Relevé de compte - Torre A - 101');
    expect(french).toContain('Période du 01/06/2024 au 31/12/2024');
    // French money in the PDF's WinAnsi: no-break spaces, the amount before $MX.
    expect(french).toContain(documentWords('fr').money(A));
    expect(documentWords('fr').money(123456)).toBe('1\u00a0234,56\u00a0$MX');
    await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'es' } });
  });

  it('writes the bulk statements file in the language of who asked for it', async () => {
    const token = await signInAs(t.app, 'admin@demo.mx');
    await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'en' } });
    const res = await call(t.app, 'POST', '/api/--financiero/pdf-generator-masivo/estado-cuenta', {
      token,
      payload: {
        ApartmentsId: [ids.get('Torre A/104')],
        periodo: true,
        fechaInicio: '2025-01-01',
        fechaFin: '2025-03-31',
        TipoDescarga: 'pdf',
        TipoImpresion: 'normal',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data });
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Account statement - Torre A - 104');
    expect(text).toContain('Period from 01/01/2025 to 03/31/2025');
    await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'es' } });
  });

  it('mails each resident their statement in their own profile language', async () => {
    const rosa = await signInAs(t.app, 'residente@demo.mx');
    await call(t.app, 'POST', LANGUAGE, { token: rosa, payload: { language: 'fr' } });
    const admin = await signInAs(t.app, 'admin@demo.mx');
    const before = mailbox.messages.length;
    const res = await call(t.app, 'POST', '/api/--financiero/send-multi-edo-cta', {
      token: admin,
      payload: { ApartmentsId: [ids.get('Torre A/101'), ids.get('Torre A/102')], periodo: false, year: 2025 },
    });
    expect(res.json()).toEqual({ success: true, enviados: 2 });
    await mailbox.waitFor(before + 2);
    const mails = mailbox.messages.slice(before);
    const french = mails.find((m) => m.to.includes('residente@demo.mx'))!;
    expect(french.subject).toBe('Relevé de compte Torre A - 101 - Residencial Las Palmas');
    expect(french.text).toContain('Voici le relevé de compte de Torre A - 101, Residencial Las Palmas.');
    expect(french.text).toContain('Période du 01/01/2025 au 31/12/2025');
    expect(french.html).toContain('<html lang="fr">');
    expect(pdfText(french.attachments[0]!.content)).toContain('Relevé de compte - Torre A - 101');
    // The neighbour keeps Spanish, the demo's language.
    const spanish = mails.find((m) => m.to.includes('vecino001@demo.mx'))!;
    expect(spanish.subject).toBe('Estado de cuenta Torre A - 102 - Residencial Las Palmas');
    expect(pdfText(spanish.attachments[0]!.content)).toContain('Estado de cuenta - Torre A - 102');
    await call(t.app, 'POST', LANGUAGE, { token: rosa, payload: { language: 'es' } });
  });
});
