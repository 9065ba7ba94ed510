// GET /api/--comunicacion/timeline: the condominium's history, newest first, a page at a time; the demo
// history of Las Palmas; recordActivity.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../../server/domain/timeline/timeline';
import {
  TIMELINE_KINDS,
  TIMELINE_PAGE_SIZE,
  type TimelineAnswer,
  TimelineAnswer as TimelineAnswerStruct,
} from '../../src/api/timeline';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const URL = '/api/--comunicacion/timeline';
const DAY = 86_400_000;

/** condo.created, the administrator joining, the sections, the privacy notice, 5 more named accounts and 8 neighbours joining (server/db/seed/activity.ts). */
const PALMAS_SECTIONS = 11;
const PALMAS_TOTAL = 1 + 1 + PALMAS_SECTIONS + 1 + 5 + 8;

describe(`timeline (${dialect})`, () => {
  const seededAt = new Date('2025-06-02T18:00:00Z');
  const clock = testClock(seededAt);
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  async function page(query = '', token = admin): Promise<TimelineAnswer> {
    const res = await call(t.app, 'GET', `${URL}${query}`, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, TimelineAnswerStruct);
    return body;
  }

  it(`shows Las Palmas' demo history: ${PALMAS_TOTAL} items over the last 60 days, newest first`, async () => {
    const all = await page('?limit=50');
    expect(all.total).toBe(PALMAS_TOTAL);
    expect(all.items).toHaveLength(PALMAS_TOTAL);
    const times = all.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const time of times) {
      expect(time).toBeLessThan(seededAt.getTime());
      expect(time).toBeGreaterThan(seededAt.getTime() - 61 * DAY);
    }
    expect(new Set(all.items.map((i) => i.id)).size).toBe(PALMAS_TOTAL);
    for (const item of all.items) expect(TIMELINE_KINDS).toContain(item.kind);

    const oldest = all.items.at(-1)!;
    expect(oldest).toMatchObject({ kind: 'condo.created', subject: 'Residencial Las Palmas', actorName: null, detail: null });
    expect(seededAt.getTime() - Date.parse(oldest.at)).toBeGreaterThan(59 * DAY);

    const sections = all.items.filter((i) => i.kind === 'section.created');
    expect(sections).toHaveLength(PALMAS_SECTIONS);
    expect(sections.map((s) => s.subject)).toContain('Asuntos del consejo');
    for (const s of sections) expect(s.actorName).toBe('Ana Martínez Ruiz');

    const joined = all.items.filter((i) => i.kind === 'member.joined');
    expect(joined.map((j) => j.subject)).toEqual(
      expect.arrayContaining([
        'Ana Martínez Ruiz',
        'Carlos Ramírez Soto',
        'Rosa Hernández Díaz',
        'Emilio Torres Vega',
        'Gabriel Flores Luna',
        'Sofía Vargas Peña',
      ]),
    );
    expect(joined).toHaveLength(6 + 8);
    expect(joined.find((j) => j.subject === 'Rosa Hernández Díaz')?.detail).toBe('Torre A - 101');
    expect(joined.find((j) => j.subject === 'Emilio Torres Vega')?.detail).toBeNull();
    expect(all.items.filter((i) => i.kind === 'privacy.updated')).toHaveLength(1);
  });

  it(`pages by ${TIMELINE_PAGE_SIZE} by default, and limit and offset walk the same order`, async () => {
    const all = (await page('?limit=50')).items;
    const first = await page();
    expect(first.items).toEqual(all.slice(0, TIMELINE_PAGE_SIZE));
    expect(first.total).toBe(PALMAS_TOTAL);
    const second = await page(`?offset=${TIMELINE_PAGE_SIZE}`);
    expect(second.items).toEqual(all.slice(TIMELINE_PAGE_SIZE));
    expect((await page('?limit=5&offset=3')).items).toEqual(all.slice(3, 8));
    expect((await page('?limit=1&offset=0')).items).toEqual(all.slice(0, 1));
    const past = await page('?offset=1000');
    expect(past).toEqual({ success: true, items: [], total: PALMAS_TOTAL });
  });

  it('is the same for every member of the condominium, whatever their role', async () => {
    const expected = await page();
    for (const email of ['consejo@demo.mx', 'residente@demo.mx', 'empleado@demo.mx', 'guardia@demo.mx', 'supervisor@demo.mx']) {
      expect(await page('', await signInAs(t.app, email))).toEqual(expected);
    }
  });

  it('shows only the condominium signed in to', async () => {
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    expect(await page('', bosque)).toEqual({ success: true, items: [], total: 0 });
  });

  it('puts what recordActivity records on top, with the actor’s name or none', async () => {
    const palmas = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'palmas')
      .executeTakeFirstOrThrow();
    const bosque = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    const consejo = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'consejo@demo.mx')
      .executeTakeFirstOrThrow();
    clock.advanceMinutes(5);
    const id = await recordActivity(t.app.db, clock, {
      condoId: palmas.id,
      kind: 'section.created',
      subject: 'Alberca',
      detail: 'Horarios y reglas',
      actorUserId: consejo.id,
    });
    clock.advanceMinutes(1);
    await recordActivity(t.app.db, clock, { condoId: palmas.id, kind: 'post.published', subject: 'Corte de agua' });
    await recordActivity(t.app.db, clock, { condoId: bosque.id, kind: 'condo.created', subject: 'Torres del Bosque' });

    const top = await page('?limit=2');
    expect(top.total).toBe(PALMAS_TOTAL + 2);
    expect(top.items[0]).toMatchObject({ kind: 'post.published', subject: 'Corte de agua', detail: null, actorName: null });
    expect(top.items[1]).toEqual({
      id,
      kind: 'section.created',
      subject: 'Alberca',
      detail: 'Horarios y reglas',
      actorName: 'Carlos Ramírez Soto',
      at: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    // Same instant: the later one first.
    await recordActivity(t.app.db, clock, { condoId: palmas.id, kind: 'member.joined', subject: 'Primero', at: clock.now() });
    await recordActivity(t.app.db, clock, { condoId: palmas.id, kind: 'member.joined', subject: 'Segundo', at: clock.now() });
    expect((await page('?limit=2')).items.map((i) => i.subject)).toEqual(['Segundo', 'Primero']);
  });

  const bad: [string, string][] = [
    ['?limit=0', 'limit'],
    ['?limit=51', 'limit'],
    ['?limit=-1', 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=1.5', 'limit'],
    ['?limit=', 'limit'],
    ['?offset=-1', 'offset'],
    ['?offset=x', 'offset'],
    ['?limit=5&limit=6', 'limit'],
    ['?page=2', 'page'],
  ];
  it.each(bad)('refuses %s with 400 naming %s', async (query, field) => {
    const res = await call(t.app, 'GET', `${URL}${query}`, { token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field });
  });

  it('accepts the edges: limit 1 and 50, offset 0', async () => {
    expect((await page('?limit=1')).items).toHaveLength(1);
    expect((await page('?limit=50&offset=0')).items.length).toBeGreaterThan(TIMELINE_PAGE_SIZE);
  });

  it('refuses without a session', async () => {
    const res = await call(t.app, 'GET', URL);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});
