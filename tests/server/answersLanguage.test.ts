// What the server says besides refusals comes in its reader's language (README "The language of answers"):
// success messages in the caller's (the session's profile language; anonymous: ?lang=, else Accept-Language),
// the acta and CFDI PDFs in the signed-in reader's (the CFDI's fiscal values as the SAT has them), the guest's
// host mail and the public contact mail in their recipient's profile language, through a real SMTP listener.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_POLLS } from '../../server/db/seed/demoFacts';
import { DEMO_GUEST_TOKENS } from '../../server/db/seed/guests';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { createSandboxPac } from '../../server/domain/invoicing/pac/sandbox';
import { INVOICING_PATHS, type InvoiceStamped } from '../../src/api/invoicing';
import { NOTIFICATIONS_PATHS } from '../../src/api/notifications';
import { POLLS_PATHS } from '../../src/api/polls';
import { api } from '../support/http';
import { draftKey, dwellingDraft, invoicingSetup } from '../support/invoicingServerFixtures';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const LANGUAGE = '/api/--sesiones/language';
const FORGOT = '/api/--sesiones/forgot-password';
const RESET = '/api/--sesiones/reset-password';
const HOST = 'palmas.condominio.test';

describe(`answers, PDFs and mails in the reader's language (${dialect})`, () => {
  // The demo's events and polls are seeded around this instant.
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({
      clock,
      env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Comunidad <avisos@condominio.test>', PUBLIC_BASE_DOMAIN: 'condominio.test' },
    });
  }, 60_000);
  afterAll(() => mailbox?.close());

  /** Signs in and sets the profile language; answers the session's token. */
  async function speaking(email: string, language: 'es' | 'en' | 'fr'): Promise<string> {
    const token = await signInAs(t.app, email);
    expect((await call(t.app, 'POST', LANGUAGE, { token, payload: { language } })).statusCode).toBe(200);
    return token;
  }

  /** The next mail to `to` the listener receives after `before`. */
  async function mailTo(to: string, before: number) {
    await t.app.tasks.drain();
    for (let n = before + 1; ; n++) {
      await mailbox.waitFor(n);
      const found = mailbox.messages.slice(before).find((m) => m.to.includes(to));
      if (found) return found;
    }
  }

  it('answers forgot-password in the page’s language: ?lang=, else Accept-Language, else Spanish', async () => {
    const forgot = (url: string, headers: Record<string, string> = {}) =>
      call(t.app, 'POST', url, { payload: { email: 'nadie@demo.mx' }, headers: { host: HOST, ...headers } });
    expect((await forgot(FORGOT)).json().message).toBe(
      'Si el correo está registrado, te enviaremos un enlace para restablecer tu contraseña.',
    );
    expect((await forgot(FORGOT, { 'accept-language': 'fr-CA,fr;q=0.9' })).json().message).toBe(
      'Si cette adresse est enregistrée, nous vous enverrons un lien pour réinitialiser votre mot de passe.',
    );
    expect((await forgot(`${FORGOT}?lang=en`, { 'accept-language': 'fr' })).json().message).toBe(
      'If that address is registered, we will send you a link to reset your password.',
    );
  });

  it('answers a new password in English and in French', async () => {
    const resetWith = async (email: string, headers: Record<string, string>) => {
      const before = mailbox.messages.length;
      await call(t.app, 'POST', FORGOT, { payload: { email }, headers: { host: HOST } });
      await t.app.tasks.drain();
      const mail = await mailbox.waitFor(before + 1);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      const res = await call(t.app, 'POST', RESET, { payload: { token, password: 'Jacarandas2025' }, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().message;
    };
    expect(await resetWith('vecino003@demo.mx', { 'accept-language': 'en-US,en;q=0.9' })).toBe(
      'Your password was updated. Sign in with the new password.',
    );
    expect(await resetWith('vecino004@demo.mx', { 'accept-language': 'fr' })).toBe(
      'Votre mot de passe a été mis à jour. Connectez-vous avec le nouveau mot de passe.',
    );
    expect(await resetWith('vecino005@demo.mx', {})).toBe('Tu contraseña se actualizó. Inicia sesión con la nueva contraseña.');
  });

  it('answers the payment provider contact in the administrator’s language', async () => {
    const send = async (token: string) =>
      call(t.app, 'POST', '/api/--proveedor-pagos/contacto', {
        token,
        headers: { 'accept-language': 'es' },
        payload: {
          tab: 'llamar',
          nombre: 'Ana Martínez Ruiz',
          telefono: '5512345678',
          prefieresContacto: 'whatsapp',
          fechaContacto: '2025-06-03',
          horarioTentativo: '10:00',
        },
      });
    const french = await send(await speaking('admin@demo.mx', 'fr'));
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json()).toEqual({ success: true, message: 'Informations reçues avec succès' });
    expect((await send(await speaking('admin@demo.mx', 'en'))).json().message).toBe('Information received successfully');
    await speaking('admin@demo.mx', 'es');
  });

  it('mails the host of a registered guest in the host’s language, and tells them in the app likewise', async () => {
    const rosa = await speaking('residente@demo.mx', 'en');
    const before = mailbox.messages.length;
    const res = await call(t.app, 'POST', `/api/--invitados/registrar/${DEMO_GUEST_TOKENS.open}`, {
      headers: { 'accept-language': 'es' },
      payload: {
        nombre: 'Mario Núñez',
        email: 'mario@correo.mx',
        confirmEmail: 'mario@correo.mx',
        telefono: '',
        formaDeAcceso: 'pie',
        numDeInvitados: 1,
        placas: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo('residente@demo.mx', before);
    expect(mail.subject).toBe('New guest: Mario Núñez');
    expect(mail.text.trim()).toBe(
      `Hello Rosa Hernández Díaz: Mario Núñez registered for your event “Cumpleaños de Rosa”. Their access key is ${res.json().ClaveManual}.`,
    );
    expect(mail.html).toContain('<html lang="en">');
    // The notice is worded when read, in the reader's language (issue 28, defect 7).
    const panel = (await call(t.app, 'GET', api(NOTIFICATIONS_PATHS.latest), { token: rosa })).json();
    expect(panel.items[0]).toMatchObject({
      Titulo: 'New guest',
      TextoApp: 'Mario Núñez registered for your event “Cumpleaños de Rosa”.',
    });
    await call(t.app, 'POST', LANGUAGE, { token: rosa, payload: { language: 'es' } });
  });

  it('writes the acta of a poll in the requesting administrator’s language', async () => {
    const poll = await t.app.db
      .selectFrom('polls')
      .select('id')
      .where('title', '=', DEMO_POLLS.openVote)
      .executeTakeFirstOrThrow();
    const acta = async (token: string) => {
      const res = await call(t.app, 'GET', `/api${POLLS_PATHS.acta(poll.id)}`, { token, headers: { 'accept-language': 'es' } });
      expect(res.statusCode, res.body).toBe(200);
      return pdfText(res.rawPayload);
    };
    const english = await acta(await speaking('admin@demo.mx', 'en'));
    expect(english).toContain('Record of results');
    expect(english).toContain('Type: Vote');
    expect(english).toContain('Ballot: Secret');
    expect(english).not.toContain('Acta de resultados');
    const spanish = await acta(await speaking('admin@demo.mx', 'es'));
    expect(spanish).toContain('Acta de resultados');
  });
});

// ALTCHA and the sandbox PAC check against the real time (a solution's expiry, the CFDI's 72 hours): an app
// on the real clock.
describe(`mails and CFDI on the real clock in the reader's language (${dialect})`, () => {
  let t: TestApp;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({
      pac: createSandboxPac({ cadenaOf: cadenaOfXml }),
      env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Comunidad <avisos@condominio.test>' },
    });
  }, 60_000);
  afterAll(() => mailbox?.close());

  async function speaking(email: string, language: 'es' | 'en' | 'fr'): Promise<string> {
    const token = await signInAs(t.app, email);
    expect((await call(t.app, 'POST', LANGUAGE, { token, payload: { language } })).statusCode).toBe(200);
    return token;
  }

  it('mails a public contact request to the administrator in their language', async () => {
    await speaking('admin@demo.mx', 'en');
    const palmas = (
      await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow()
    ).id;
    const captcha = await call(t.app, 'GET', '/api/--pagina-publica/captcha');
    const challenge = captcha.json().challenge as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
    const before = mailbox.messages.length;
    const res = await call(t.app, 'POST', '/api/--pagina-publica/contactar', {
      // The visitor's page is French: the answer is; the administrator reads English.
      headers: { 'accept-language': 'fr' },
      payload: {
        kind: 'access',
        condoId: palmas,
        nombre: 'Lucía Ramírez',
        email: 'lucia@example.com',
        tel: '33 1234 5678',
        comentarios: 'Soy la nueva inquilina.',
        vivienda: 'Torre A - 305',
        subject: 'Contacto',
        logo: null,
        country: 'MX',
        cf_capcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Votre demande d’accès a été envoyée à l’administration. Elle vous répondra par e-mail.');
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(before + 1);
    expect(mail.to).toContain('admin@demo.mx');
    expect(mail.subject).toBe('Access request - Residencial Las Palmas: Lucía Ramírez');
    expect(mail.text).toContain(
      'An access request sent from the public page of Residencial Las Palmas. Reply directly to lucia@example.com.',
    );
    expect(mail.text).toContain('Dwelling: Torre A - 305');
    expect(mail.text).toContain('Comments: Soy la nueva inquilina.');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('labels the CFDI PDF in the reader’s language and keeps its fiscal values as the SAT has them', async () => {
    const admin = await speaking('admin@demo.mx', 'en');
    const s = await invoicingSetup(t.app);
    const stamped = await call(t.app, 'POST', api(INVOICING_PATHS.stamp), {
      token: admin,
      payload: { draft: dwellingDraft(s), draftKey: draftKey() },
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
    const { cfdi } = stamped.json() as InvoiceStamped;
    const pdf = async (token: string) => {
      const res = await call(t.app, 'GET', api(INVOICING_PATHS.pdf.replace(':id', String(cfdi.id))), { token });
      expect(res.statusCode, res.body).toBe(200);
      return pdfText(res.rawPayload);
    };
    const english = await pdf(admin);
    for (const label of ['CFDI I - Income', 'Fiscal folio (UUID)', 'Recipient', 'Tax regime', 'CFDI use', 'Unit price']) {
      expect(english).toContain(label);
    }
    expect(english).toContain('Original string of the SAT digital certification complement');
    expect(english).not.toContain('Cadena original del complemento');
    const spanish = await pdf(await speaking('admin@demo.mx', 'es'));
    expect(spanish).toContain('Cadena original del complemento de certificación digital del SAT');
    // The values are the same in both: the UUID, RFCs, régimen and uso CFDI keys, the seals.
    const xml = (await call(t.app, 'GET', api(INVOICING_PATHS.xml.replace(':id', String(cfdi.id))), { token: admin })).body;
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(xml)![1]!;
    for (const value of [cfdi.uuid, attribute('UsoCFDI'), attribute('RegimenFiscalReceptor'), 'EKU9003173C9']) {
      expect(english).toContain(value);
      expect(spanish).toContain(value);
    }
    const seal = attribute('Sello');
    expect(english.replace(/\s/g, '')).toContain(seal.slice(0, 40));
  });
});
