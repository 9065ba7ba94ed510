// The condominium's settings (issue 16): read and save as Torres del Bosque's administrator (Las Palmas is
// everyone else's demo); the public page and the session data follow at once; a new privacy notice asks every
// member again, in the transaction of the save; the map goes through the sanitizer; a stale save gets 409 with
// the settings now; each save writes one history row of the changed fields; the logo is stored and served.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONDO_SETTINGS_PATHS, type CondoSettings, type CondoSettingsFields } from '../../src/api/condoSettings';
import { condoLogoUrl } from '../../src/api/condoSettingsLogo';
import type { SessionData } from '../../src/api/sessions';
import { api } from '../support/http';
import { PNG_1X1 } from '../support/routeMatrix';
import { call, createTestApp, dialect, getSessionData, signInAs, type TestApp } from '../support/testApp';

describe(`condominium settings (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  let bosqueId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    bosqueId = (
      await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow()
    ).id;
  });

  const read = async (token = admin): Promise<CondoSettings> => {
    const res = await call(t.app, 'GET', api(CONDO_SETTINGS_PATHS.settings), { token });
    expect(res.statusCode).toBe(200);
    return res.json().settings;
  };
  const save = (version: string, fields: CondoSettingsFields, token = admin) =>
    call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.save), { token, payload: { version, fields } });
  const audits = () =>
    t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'condo_settings')
      .where('condo_id', '=', bosqueId)
      .orderBy('id')
      .execute();

  it('reads Torres del Bosque’s settings as stored', async () => {
    const settings = await read();
    expect(settings.condoId).toBe(bosqueId);
    expect(settings.fields).toMatchObject({
      name: 'Torres del Bosque',
      backgroundColor: 'azul',
      mostrarIngresos: 'M',
      displayDirectory: 'E',
      avisoActivo: false,
      avisoPrivacidad: '',
      timeZone: 'America/Mexico_City',
      address2: '',
    });
    expect(settings.version).toMatch(/^[0-9a-f]{32}$/);
  });

  it('saves the colour and the options: the public page and the session data show them at once, one history row of what changed', async () => {
    const before = await read();
    const auditsBefore = (await audits()).length;
    const res = await save(before.version, {
      ...before.fields,
      backgroundColor: 'naranja',
      mostrarIngresos: 'T',
      displayDirectory: 'M',
      extra: 'x',
    } as CondoSettingsFields);
    // An unknown field is refused by the contract.
    expect(res.statusCode).toBe(400);
    const ok = await save(before.version, {
      ...before.fields,
      backgroundColor: 'naranja',
      mostrarIngresos: 'T',
      displayDirectory: 'M',
    });
    expect(ok.statusCode).toBe(200);
    const after: CondoSettings = ok.json().settings;
    expect(after.version).not.toBe(before.version);
    const page = await call(t.app, 'GET', `/api/--pagina-publica/condo/${bosqueId}`);
    expect(page.json().data.CondoBackgroundColor).toBe('naranja');
    const data: SessionData = (await getSessionData(t.app, admin)).json().data;
    expect(data.condo).toMatchObject({ MostrarIngresos: 'T', displaydirectory: 'M' });
    const rows = await audits();
    expect(rows).toHaveLength(auditsBefore + 1);
    const row = rows.at(-1)!;
    expect(row.action).toBe('update');
    expect(JSON.parse(row.before_json!)).toEqual({ backgroundColor: 'azul', mostrarIngresos: 'M', displayDirectory: 'E' });
    expect(JSON.parse(row.after_json!)).toEqual({ backgroundColor: 'naranja', mostrarIngresos: 'T', displayDirectory: 'M' });
  });

  it('answers a stale save with 409 and the settings now, and changes nothing', async () => {
    const first = await read();
    const auditsBefore = (await audits()).length;
    expect((await save(first.version, { ...first.fields, city: 'Zapopan' })).statusCode).toBe(200);
    const stale = await save(first.version, { ...first.fields, city: 'Tlaquepaque' });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.code).toBe('CONFLICT');
    expect(body.settings.fields.city).toBe('Zapopan');
    expect((await read()).fields.city).toBe('Zapopan');
    expect(await audits()).toHaveLength(auditsBefore + 1);
  });

  it('saving nothing new writes no history', async () => {
    const now = await read();
    const auditsBefore = (await audits()).length;
    const res = await save(now.version, now.fields);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.version).toBe(now.version);
    expect(await audits()).toHaveLength(auditsBefore);
  });

  it('refuses a map the sanitizer cannot accept, with a clear message; keeps an accepted one', async () => {
    const now = await read();
    const bad = await save(now.version, { ...now.fields, mapa: '<script src="https://evil.example/x.js"></script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('fields.mapa');
    expect(bad.json().message).toContain('Google Maps');
    const other = await save(now.version, { ...now.fields, mapa: 'https://maps.example.com/embed?x=1' });
    expect(other.statusCode).toBe(400);
    const map = '<iframe src="https://www.google.com/maps/embed?pb=!1m2" width="600" height="300"></iframe>';
    expect((await save(now.version, { ...now.fields, mapa: map })).statusCode).toBe(200);
    const page = await call(t.app, 'GET', `/api/--pagina-publica/condo/${bosqueId}`);
    expect(page.json().data.Mapa).toBe('https://www.google.com/maps/embed?pb=!1m2');
  });

  it('refuses what the rules refuse: an unknown zone, a bad phone, a colour not offered, an empty name', async () => {
    const now = await read();
    for (const fields of [
      { ...now.fields, timeZone: 'America/Atlantida' },
      { ...now.fields, phone1: 'llámame' },
      { ...now.fields, phoneCountry1: '+52' },
      { ...now.fields, backgroundColor: 'rosa' },
      { ...now.fields, name: '   ' },
      { ...now.fields, mostrarIngresos: 'Z' },
      { ...now.fields, avisoActivo: true, avisoPrivacidad: '' },
    ]) {
      expect((await save(now.version, fields as CondoSettingsFields)).statusCode).toBe(400);
    }
    expect((await read()).version).toBe(now.version);
  });

  it('a new privacy notice asks every member again, in the same transaction as the save; the same text does not', async () => {
    const resident = await signInAs(t.app, 'bosque.residente@demo.mx');
    const pendingBefore = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('condo_id', '=', bosqueId)
      .where('privacy_accepted_at', 'is', null)
      .execute();
    expect(pendingBefore).toEqual([]);
    const now = await read();
    const res = await save(now.version, {
      ...now.fields,
      avisoPrivacidad: 'Torres del Bosque cuida tus datos.',
      avisoActivo: true,
    });
    expect(res.statusCode).toBe(200);
    const accepted = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'm.privacy_accepted_at'])
      .where('m.condo_id', '=', bosqueId)
      .execute();
    expect(accepted.length).toBeGreaterThan(1);
    // Everyone but the administrator who wrote it, who accepted it by saving it.
    for (const m of accepted) expect(m.privacy_accepted_at === null, m.email).toBe(m.email !== 'admin@demo.mx');
    const adminData: SessionData = (await getSessionData(t.app, admin)).json().data;
    expect(adminData.usuario.AvisoPrivacidad).not.toBeNull();
    // Other condominiums keep their acceptances.
    const palmasAccepted = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select('m.privacy_accepted_at')
      .where('c.subdomain', '=', 'palmas')
      .where('m.privacy_accepted_at', 'is not', null)
      .execute();
    expect(palmasAccepted.length).toBeGreaterThan(10);
    // The resident's calls wait for the notice (the browser shows it).
    const data: SessionData = (await getSessionData(t.app, resident)).json().data;
    expect(data.condo).toMatchObject({ AvisoPrivacidad: 'Torres del Bosque cuida tus datos.', AvisoActivo: 1 });
    expect(data.usuario.AvisoPrivacidad).toBeNull();
    const row = (await audits()).at(-1)!;
    expect(JSON.parse(row.after_json!)).toMatchObject({ avisoActivo: true, privacyAcceptancesReset: true });

    // Accepted again, an unrelated change does not ask again.
    await signInAs(t.app, 'bosque.residente@demo.mx');
    const next = await read();
    expect((await save(next.version, { ...next.fields, zip: '44601' })).statusCode).toBe(200);
    const residentRow = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.privacy_accepted_at')
      .where('u.email', '=', 'bosque.residente@demo.mx')
      .executeTakeFirstOrThrow();
    expect(residentRow.privacy_accepted_at).not.toBeNull();
  });

  it('rolls the reset back with the save when the history row cannot be written', async () => {
    const now = await read();
    // A history row that fails (a constraint the test adds) must take the settings and the reset with it.
    const { sql } = await import('kysely');
    await sql`create table if not exists audit_guard (x integer)`.execute(t.app.db);
    const trigger =
      dialect === 'sqlite'
        ? sql`create trigger audit_fail before insert on audit_log when new.entity = 'condo_settings' begin select raise(abort, 'no'); end`
        : sql`create or replace function audit_fail() returns trigger as $$ begin if new.entity = 'condo_settings' then raise exception 'no'; end if; return new; end $$ language plpgsql`;
    await trigger.execute(t.app.db);
    if (dialect === 'postgres')
      await sql`create trigger audit_fail before insert on audit_log for each row execute function audit_fail()`.execute(
        t.app.db,
      );
    try {
      const res = await save(now.version, { ...now.fields, avisoPrivacidad: 'Otro texto.', avisoActivo: true });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger audit_fail${dialect === 'postgres' ? sql` on audit_log` : sql``}`.execute(t.app.db);
    }
    expect((await read()).fields.avisoPrivacidad).toBe(now.fields.avisoPrivacidad);
    const reset = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('condo_id', '=', bosqueId)
      .where('privacy_accepted_at', 'is', null)
      .execute();
    // The resident accepted the last notice: the failed save asked nobody again.
    expect(reset).toEqual([]);
  });

  it('stores a logo, serves it publicly, names it in the session and on the public page, and removes it', async () => {
    const res = await call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.uploadLogo), { token: admin, payload: { dataUrl: PNG_1X1 } });
    expect(res.statusCode).toBe(200);
    const name: string = res.json().settings.logoFileName;
    expect(name).toMatch(/^\d+\.png$/);
    const data: SessionData = (await getSessionData(t.app, admin)).json().data;
    expect(data.condoLogo.FileName).toBe(name);
    const page = await call(t.app, 'GET', `/api/--pagina-publica/condo/${bosqueId}`);
    expect(page.json().data.LogoFileName).toBe(name);
    const file = await call(t.app, 'GET', condoLogoUrl(bosqueId, name));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await call(t.app, 'GET', condoLogoUrl(bosqueId + 1, name))).statusCode).toBe(404);
    const wrong = await call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.uploadLogo), {
      token: admin,
      payload: { dataUrl: `data:image/png;base64,${Buffer.from('not a png at all, really').toString('base64')}` },
    });
    expect(wrong.statusCode).toBe(400);
    const removed = await call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.deleteLogo), { token: admin });
    expect(removed.json().settings.logoFileName).toBeNull();
    expect((await call(t.app, 'GET', condoLogoUrl(bosqueId, name))).statusCode).toBe(404);
    const [added, dropped] = (await audits()).slice(-2);
    expect([added!.action, JSON.parse(added!.before_json!), JSON.parse(added!.after_json!)]).toEqual([
      'update',
      { logoFileName: null },
      { logoFileName: name },
    ]);
    expect([dropped!.action, JSON.parse(dropped!.after_json!)]).toEqual(['update', { logoFileName: null }]);
  });
});
