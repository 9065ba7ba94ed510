// POST /api/--proveedor-pagos/contacto (spec §2.4, §3.3, §5, §6, §8): an administrator's request for a
// meeting ('agendar') or a call ('llamar'), stored and mailed to the payment provider through a real SMTP
// listener; every field rule; every other role refused; nothing stored or mailed on a refusal.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { ProviderContactAnswer } from '../../src/api/providerContact';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const CONTACT = '/api/--proveedor-pagos/contacto';

/** 18:00 UTC is noon in Mexico City: "today" is 2026-06-15 for the condominium. */
const clock = testClock(new Date('2026-06-15T18:00:00Z'));

const llamar = (extra: Record<string, unknown> = {}) => ({
  tab: 'llamar',
  nombre: 'Ana Martínez Ruiz',
  telefono: '5512345678',
  prefieresContacto: 'whatsapp',
  fechaContacto: '2026-06-16',
  horarioTentativo: '10:00',
  ...extra,
});

describe(`payment-provider contact (${dialect})`, () => {
  let t: TestApp;
  let mailbox: Mailbox;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url } });
    for (const email of ['consejo@demo.mx', 'residente@demo.mx', 'empleado@demo.mx', 'guardia@demo.mx', 'supervisor@demo.mx']) {
      tokens[email] = await signInAs(t.app, email);
    }
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });
  afterAll(() => mailbox?.close());

  const stored = () => t.app.db.selectFrom('provider_contact_requests').selectAll().orderBy('id').execute();
  const send = (token: string | undefined, payload: object) => call(t.app, 'POST', CONTACT, { token, payload });

  it('stores a call request and mails it to the provider', async () => {
    const res = await send(tokens.admin, llamar());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, ProviderContactAnswer);
    expect(body).toEqual({ success: true, message: 'Información recibida con éxito' });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tab: 'llamar',
      nombre: 'Ana Martínez Ruiz',
      telefono: '5512345678',
      prefiere_contacto: 'whatsapp',
      fecha_contacto: '2026-06-16',
      horario_tentativo: '10:00',
      created_at: clock.now().toISOString(),
    });
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(1);
    expect(mail.to).toEqual(['afiliaciones@pagos-comunidad.mx']);
    expect(mail.subject).toBe('Solicitud de contacto - Residencial Las Palmas: Ana Martínez Ruiz');
    expect(mail.text).toContain('Teléfono: 5512345678');
    expect(mail.text).toContain('Prefiere: WhatsApp');
    expect(mail.text).toContain('Fecha de contacto: 2026-06-16');
    expect(mail.text).toContain('Horario tentativo: 10:00');
    expect(mail.text).toContain('admin@demo.mx');
  });

  it('stores a meeting picked on the calendar (no contact preference) from any condominium the admin runs', async () => {
    const res = await send(
      tokens.bosque,
      llamar({ tab: 'agendar', prefieresContacto: 'llamada', fechaContacto: '2026-06-15', horarioTentativo: '9:00' }),
    );
    expect(res.statusCode).toBe(200);
    const rows = await stored();
    expect(rows.at(-1)).toMatchObject({
      tab: 'agendar',
      prefiere_contacto: null,
      fecha_contacto: '2026-06-15',
      horario_tentativo: '9:00',
    });
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(2);
    expect(mail.subject).toBe('Reunión solicitada - Torres del Bosque: Ana Martínez Ruiz');
    expect(mail.text).toContain('Hora de la reunión: 9:00');
    expect(mail.text).not.toContain('Prefiere');
  });

  it('refuses every field that breaks the rules, naming it; nothing is stored or mailed', async () => {
    const rowsBefore = (await stored()).length;
    const mailsBefore = mailbox.messages.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ nombre: '' }, 'nombre'],
      [{ nombre: '   ' }, 'nombre'],
      [{ nombre: undefined }, 'nombre'],
      [{ telefono: '551234567' }, 'telefono'],
      [{ telefono: '55123456789' }, 'telefono'],
      [{ telefono: '55-1234-567' }, 'telefono'],
      [{ telefono: '' }, 'telefono'],
      [{ prefieresContacto: null }, 'prefieresContacto'],
      [{ prefieresContacto: 'correo' }, 'prefieresContacto'],
      [{ fechaContacto: '16/06/2026' }, 'fechaContacto'],
      [{ fechaContacto: '2026-06-14' }, 'fechaContacto'],
      [{ fechaContacto: '2026-02-30' }, 'fechaContacto'],
      [{ fechaContacto: '2026-08-15' }, 'fechaContacto'],
      [{ horarioTentativo: '12:00' }, 'horarioTentativo'],
      [{ horarioTentativo: null }, 'horarioTentativo'],
      [{ tab: 'visitar' }, 'tab'],
    ];
    for (const [change, field] of cases) {
      const res = await send(tokens.admin, llamar(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = res.json();
      assert(body, ErrorAnswer);
      expect(body.field, JSON.stringify(change)).toBe(field);
    }
    expect((await send(tokens.admin, llamar({ telefono: '123' }))).json()).toMatchObject({ field: 'telefono' });
    expect((await send(tokens.admin, llamar({ fechaContacto: '2026-06-14' }))).json()).toMatchObject({
      message: 'Elige una fecha de hoy en adelante.',
    });
    expect(await stored()).toHaveLength(rowsBefore);
    await t.app.tasks.drain();
    expect(mailbox.messages).toHaveLength(mailsBefore);
  });

  it('is for administrators only: every other role 403, no session 401', async () => {
    const rowsBefore = (await stored()).length;
    expect((await send(undefined, llamar())).statusCode).toBe(401);
    for (const email of ['consejo@demo.mx', 'residente@demo.mx', 'empleado@demo.mx', 'guardia@demo.mx', 'supervisor@demo.mx']) {
      const res = await send(tokens[email], llamar());
      expect(res.statusCode, email).toBe(403);
    }
    expect(await stored()).toHaveLength(rowsBefore);
  });
});
