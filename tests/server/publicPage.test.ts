// GET /api/--pagina-publica/condo/:id and /CondoXid/:subdomain (spec §3.3 Public condo, §7).
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { PublicCondoAnswer } from '../../src/api/publicPage';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

describe(`public condo page (${dialect})`, () => {
  let t: TestApp;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.app.db.selectFrom('condominiums').select(['id', 'subdomain']).execute();
    ids = Object.fromEntries(rows.map((r) => [r.subdomain, r.id]));
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/--pagina-publica${url}` });

  it('answers Las Palmas by id with exactly the public fields', async () => {
    const res = await get(`/condo/${ids.palmas}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // object() refuses unknown keys: nothing private (login_error, privacy notice, subdomain…) leaks.
    assert(body, PublicCondoAnswer);
    expect(body.data).toMatchObject({
      CondoId: ids.palmas,
      CondoName: 'Residencial Las Palmas',
      CondoAdminCmpny: 'Administraciones Occidente S.C.',
      CondoAddress1: 'Av. de las Palmas 1200',
      CondoCity: 'Zapopan',
      CondoState: 'Jalisco',
      CondoZip: '45050',
      CondoCountry: 'México',
      CondoPhone1: '3312345678',
      CondoPhoneCountry1: '52',
      LogoFileName: null,
      CondoBackgroundColor: 'verde',
    });
    expect(body.data.Mapa).toContain('https://www.google.com/maps/embed');
    expect(body.data.publicidad).toEqual(expect.any(String));
    expect(body.data.MasInformacion).toEqual(expect.any(String));
  });

  it('answers the same condominium by subdomain, in any case', async () => {
    const byId = (await get(`/condo/${ids.palmas}`)).json();
    for (const subdomain of ['palmas', 'PALMAS', 'Palmas']) {
      const res = await get(`/CondoXid/${subdomain}`);
      expect(res.statusCode).toBe(200);
      assert(res.json(), PublicCondoAnswer);
      expect(res.json()).toEqual(byId);
    }
  });

  it('answers every demo condominium, with nulls where it has no data', async () => {
    const bosque = (await get('/CondoXid/bosque')).json();
    assert(bosque, PublicCondoAnswer);
    expect(bosque.data).toMatchObject({
      CondoId: ids.bosque,
      CondoName: 'Torres del Bosque',
      CondoBackgroundColor: 'azul',
      Mapa: null,
    });
    const villas = (await get(`/condo/${ids.villas}`)).json();
    assert(villas, PublicCondoAnswer);
    expect(villas.data).toMatchObject({ CondoName: 'Villas del Mar', CondoPhone1: null, CondoBackgroundColor: 'naranja' });
  });

  it('needs no session and ignores a bad one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/--pagina-publica/condo/${ids.palmas}`,
      headers: { 'app-token': 'garbage' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 JSON for an unknown id or subdomain', async () => {
    for (const url of ['/condo/999999', '/CondoXid/nadie']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      assert(body, ErrorAnswer);
      expect(body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'El condominio no existe.' });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '12345678901', '%20'])('answers 400 naming the field for id %s', async (id) => {
    const res = await get(`/condo/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'id' });
  });

  it.each(['a_b', 'x'.repeat(64), 'pal%2Emas'])('answers 400 naming the field for subdomain %s', async (subdomain) => {
    const res = await get(`/CondoXid/${subdomain}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'subdomain' });
  });

  it('hides an inactive condominium (status I) on both routes', async () => {
    await t.app.db.updateTable('condominiums').set({ status: 'I' }).where('subdomain', '=', 'villas').execute();
    expect((await get(`/condo/${ids.villas}`)).statusCode).toBe(404);
    expect((await get('/CondoXid/villas')).statusCode).toBe(404);
    expect((await get('/CondoXid/palmas')).statusCode).toBe(200);
  });
});
