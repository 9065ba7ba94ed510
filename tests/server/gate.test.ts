// The caseta's calls (src/api/gate.ts GATE_PATHS): every path × every demo role, another condominium's pass and
// entry (404), and the rules: the verdict with the entry limit, entries replayed by client id recorded once,
// online refusals (not allowed, used up, already out) against offline records with their conflict, walk-ins,
// the bounds of a device's clock, and who is expected and inside today. Las Palmas at Monday 2025-06-02 noon.
import { randomUUID } from 'node:crypto';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SINGLE_USE_KEY, DEMO_SINGLE_USE_QR } from '../../server/db/seed/gate';
import { DEMO_PASS_KEY, DEMO_PASS_QR } from '../../server/db/seed/guests';
import { ErrorAnswer } from '../../src/api/errors';
import {
  entryPhotoFilePath,
  entryPhotoPath,
  GATE_PATHS,
  GateCheckAnswer,
  type GateMovement,
  GateMovementAnswer,
  GateTodayAnswer,
  MOVEMENT_PATHS,
} from '../../src/api/gate';
import {
  condoIdOf,
  dwellingIdOf,
  entryRequest,
  exitRequest,
  GATE_SEEDED,
  gateCalls,
  insertPass,
  passIdOf,
  refusalRequest,
} from '../support/gateServerFixtures';
import { type Expected, PNG_1X1, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

/** canUseGate: administrators, and the guard and supervisor (who hold ACC-PAS in the demo). */
const GATE: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
/** Another condominium's pass or entry: not found for the gate's people, refused for everyone else. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 404, 404, 401, 401];
const MEMBERS: Expected = [200, 200, 200, 200, 200, 200, 401, 401];

const ids = { palmas: 0, bosque: 0, a101: 0, bosquePass: 0, bosqueEntry: 0, bosqueDwelling: 0 };
let adminToken = '';

let t: TestApp;
const gate = gateCalls(() => t);

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: GATE_PATHS.today,
    variant: 'Las Palmas',
    expected: GATE,
    run: (t, c) => status(t, c, 'GET', GATE_PATHS.today),
  },
  {
    method: 'GET',
    path: GATE_PATHS.snapshot,
    variant: 'Las Palmas',
    expected: GATE,
    run: (t, c) => status(t, c, 'GET', GATE_PATHS.snapshot),
  },
  {
    method: 'POST',
    path: GATE_PATHS.check,
    variant: 'the demo pass',
    expected: GATE,
    run: (t, c) => status(t, c, 'POST', GATE_PATHS.check, { codigo: DEMO_PASS_KEY }),
  },
  {
    method: 'POST',
    path: GATE_PATHS.entry,
    variant: 'a walk-in',
    expected: GATE,
    run: (t, c) => status(t, c, 'POST', GATE_PATHS.entry, entryRequest({ apartmentId: ids.a101 })),
  },
  {
    method: 'POST',
    path: GATE_PATHS.entry,
    variant: "another condominium's pass",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', GATE_PATHS.entry, entryRequest({ passId: ids.bosquePass })),
  },
  {
    method: 'POST',
    path: GATE_PATHS.exit,
    variant: 'a walk-in let in by the administrator',
    expected: GATE,
    async run(t, c) {
      const entry = await gate.entry(adminToken, entryRequest({ apartmentId: ids.a101 }));
      return status(t, c, 'POST', GATE_PATHS.exit, exitRequest((entry.json() as GateMovementAnswer).data.id));
    },
  },
  {
    method: 'POST',
    path: GATE_PATHS.exit,
    variant: "another condominium's entry",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', GATE_PATHS.exit, exitRequest(ids.bosqueEntry)),
  },
  {
    method: 'POST',
    path: GATE_PATHS.refusal,
    variant: 'an unknown visitor',
    expected: GATE,
    run: (t, c) => status(t, c, 'POST', GATE_PATHS.refusal, refusalRequest({ apartmentId: ids.a101 })),
  },
  {
    method: 'POST',
    path: GATE_PATHS.refusal,
    variant: "another condominium's pass",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', GATE_PATHS.refusal, refusalRequest({ passId: ids.bosquePass })),
  },
  {
    method: 'POST',
    path: GATE_PATHS.photo,
    variant: 'an entry by the administrator',
    expected: GATE,
    async run(t, c) {
      const entry = await gate.entry(adminToken, entryRequest({ apartmentId: ids.a101 }));
      return status(t, c, 'POST', entryPhotoPath((entry.json() as GateMovementAnswer).data.id), { dataUrl: PNG_1X1 });
    },
  },
  {
    method: 'POST',
    path: GATE_PATHS.photo,
    variant: "another condominium's entry",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', entryPhotoPath(ids.bosqueEntry), { dataUrl: PNG_1X1 }),
  },
  {
    method: 'GET',
    path: GATE_PATHS.photoFile,
    variant: 'a forged link (only a signed one opens it)',
    expected: [403, 403, 403, 403, 403, 403, 403, 403],
    run: (t, c) => status(t, c, 'GET', `${entryPhotoFilePath(ids.bosqueEntry)}?exp=2000000000&sig=${'0'.repeat(64)}`),
  },
  {
    method: 'GET',
    path: MOVEMENT_PATHS.list,
    variant: 'scoped',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', MOVEMENT_PATHS.list),
  },
  {
    method: 'GET',
    path: MOVEMENT_PATHS.export,
    variant: 'scoped',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', `${MOVEMENT_PATHS.export}?tipo=refusal`),
  },
  {
    method: 'GET',
    path: MOVEMENT_PATHS.exportPdf,
    variant: 'scoped',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', `${MOVEMENT_PATHS.exportPdf}?tipo=refusal`),
  },
];

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(GATE_SEEDED) });
  const db = t.app.db;
  ids.palmas = await condoIdOf(db, 'palmas');
  ids.bosque = await condoIdOf(db, 'bosque');
  ids.a101 = await dwellingIdOf(db, ids.palmas, 'Torre A - 101');
  const bosqueDwelling = await db
    .selectFrom('apartments')
    .select('id')
    .where('condo_id', '=', ids.bosque)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.bosqueDwelling = bosqueDwelling.id;
  ids.bosquePass = (await insertPass(db, ids.bosque, { apartmentId: bosqueDwelling.id })).id;
  const { id } = await db
    .insertInto('gate_movements')
    .values({
      condo_id: ids.bosque,
      client_id: randomUUID(),
      kind: 'entry',
      pass_id: null,
      apartment_id: bosqueDwelling.id,
      visitor_name: 'Visita del Bosque',
      pass_kind: null,
      people: 1,
      plates: null,
      access_point: null,
      note: null,
      reason: null,
      entry_id: null,
      device_id: null,
      guard_user_id: null,
      occurred_at: '2025-06-02T17:00:00.000Z',
      occurred_local: '2025-06-02 11:00',
      received_at: '2025-06-02T17:00:00.000Z',
      conflict: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.bosqueEntry = id;
  adminToken = await signInAs(t.app, 'admin@demo.mx');
});

describe(`gate matrix (${dialect})`, () => {
  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the gate contract, and each exists', () => {
    const paths = [...Object.values(GATE_PATHS), ...Object.values(MOVEMENT_PATHS)];
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(paths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: `/api${route.path}` })).toBe(true);
  });
});

describe(`the caseta (${dialect})`, () => {
  let guard = '';
  beforeAll(async () => {
    guard = await signInAs(t.app, 'guardia@demo.mx');
  });

  const movement = async (response: Promise<{ statusCode: number; body: string }>, expected = 200) => {
    const res = await response;
    expect(res.statusCode, res.body).toBe(expected);
    const body = JSON.parse(res.body) as unknown;
    assert(body, GateMovementAnswer);
    return body;
  };
  const refused = async (response: Promise<{ statusCode: number; body: string }>, statusCode: number) => {
    const res = await response;
    expect(res.statusCode, res.body).toBe(statusCode);
    const body = JSON.parse(res.body) as unknown;
    assert(body, ErrorAnswer);
    return body;
  };
  const checked = async (codigo: string) => {
    const res = await gate.check(guard, codigo);
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body) as unknown;
    assert(body, GateCheckAnswer);
    return body.data;
  };
  const rowsWith = (clientId: string) =>
    t.app.db.selectFrom('gate_movements').selectAll().where('client_id', '=', clientId.toLowerCase()).execute();

  it('checks the demo pass: valid, no limit, nobody inside; the same visitor answer as the pass check', async () => {
    const data = await checked(DEMO_PASS_QR);
    expect(data).toMatchObject({ verdict: 'valid', reason: null, entryLimit: null, entriesUsed: 0, insideEntryId: null });
    expect(data.checkedAt).toEqual({ date: '2025-06-02', time: '12:00' });
    expect(data.pass.Nombre).toBe('Laura Gómez Pineda');
    expect(data.apartmentId).toBe(ids.a101);
  });

  it('answers 404 for an unknown code and for another condominium’s pass', async () => {
    expect((await refused(gate.check(guard, 'NOEXISTE'), 404)).messageId).toBe('pass.notFound');
    const bosque = await t.app.db.selectFrom('passes').select('qr').where('id', '=', ids.bosquePass).executeTakeFirstOrThrow();
    await refused(gate.check(guard, bosque.qr), 404);
  });

  it('lets the demo pass in with the pass’s dwelling and kind, shows it inside, then lets it out', async () => {
    const passId = await passIdOf(t.app.db, DEMO_PASS_QR);
    const entry = await movement(
      gate.entry(guard, entryRequest({ passId, visitorName: 'Laura Gómez Pineda', plates: 'JAL-100-A' })),
    );
    expect(entry.duplicate).toBe(false);
    expect(entry.data).toMatchObject({
      kind: 'entry',
      passId,
      passKind: 'domestico',
      apartmentId: ids.a101,
      dwelling: 'Torre A - 101',
      plates: 'JAL-100-A',
      guardName: 'Gabriel Flores Luna',
      deviceName: null,
      occurredAt: GATE_SEEDED.toISOString(),
      occurredLocal: '2025-06-02 12:00',
      conflict: null,
      exitAt: null,
    });
    expect(await checked(DEMO_PASS_KEY)).toMatchObject({ entriesUsed: 1, insideEntryId: entry.data.id });
    const today = await gate.today(guard);
    const answer = JSON.parse(today.body) as unknown;
    assert(answer, GateTodayAnswer);
    expect(answer.inside.map((m) => m.id)).toContain(entry.data.id);
    expect(answer.expected.find((e) => e.passId === passId)?.inside).toBe(true);

    const out = await movement(gate.exit(guard, exitRequest(entry.data.id)));
    expect(out.data).toMatchObject({ kind: 'exit', entryId: entry.data.id, passId, apartmentId: ids.a101, plates: 'JAL-100-A' });
    expect(await checked(DEMO_PASS_KEY)).toMatchObject({ entriesUsed: 1, insideEntryId: null });
    // The second exit of the same entry: refused online, recorded with its conflict offline.
    expect((await refused(gate.exit(guard, exitRequest(entry.data.id)), 409)).messageId).toBe('gate.alreadyOut');
    const late = await movement(gate.exit(guard, exitRequest(entry.data.id, { offline: true })));
    expect(late.data.conflict).toBe('alreadyOut');
  });

  it('records a replayed entry once, whatever the case of its client id', async () => {
    const request = entryRequest({ apartmentId: ids.a101, visitorName: 'Repartidor' });
    const first = await movement(gate.entry(guard, request));
    const again = await movement(gate.entry(guard, request));
    const shouted = await movement(gate.entry(guard, { ...request, clientId: request.clientId.toUpperCase() }));
    expect(first.duplicate).toBe(false);
    expect([again.duplicate, shouted.duplicate]).toEqual([true, true]);
    expect(again.data).toEqual(first.data);
    expect(shouted.data.id).toBe(first.data.id);
    expect(await rowsWith(request.clientId)).toHaveLength(1);
    // An exit and a refusal replayed too.
    const exit = exitRequest(first.data.id);
    expect((await movement(gate.exit(guard, exit))).duplicate).toBe(false);
    expect((await movement(gate.exit(guard, exit))).duplicate).toBe(true);
    const refusal = refusalRequest();
    expect((await movement(gate.refusal(guard, refusal))).duplicate).toBe(false);
    expect((await movement(gate.refusal(guard, refusal))).duplicate).toBe(true);
    expect(await rowsWith(exit.clientId)).toHaveLength(1);
    expect(await rowsWith(refusal.clientId)).toHaveLength(1);
  });

  it('refuses a revoked pass online (with the reason) and records it offline with the conflict', async () => {
    const pass = await insertPass(t.app.db, ids.palmas, { apartmentId: ids.a101, revoked: true });
    expect(await checked(pass.key)).toMatchObject({ verdict: 'revoked', reason: 'revoked' });
    const online = entryRequest({ passId: pass.id });
    const refusal = await refused(gate.entry(guard, online), 409);
    expect(refusal.messageId).toBe('gate.notAllowed');
    expect(refusal.message).toBe('Este pase no permite entrar ahora: fue revocado.');
    expect(await rowsWith(online.clientId)).toHaveLength(0);
    const offline = await movement(gate.entry(guard, entryRequest({ passId: pass.id, offline: true })));
    expect(offline.data).toMatchObject({ conflict: 'revoked', passId: pass.id, apartmentId: ids.a101 });
  });

  it('lets the single-use demo pass in once: then used up online, conflict offline', async () => {
    expect(await checked(DEMO_SINGLE_USE_KEY)).toMatchObject({ verdict: 'valid', entryLimit: 1, entriesUsed: 0 });
    const passId = await passIdOf(t.app.db, DEMO_SINGLE_USE_QR);
    const first = await movement(gate.entry(guard, entryRequest({ passId })));
    expect(first.data).toMatchObject({ dwelling: 'Torre A - 101', passKind: 'temporal', plates: 'JLS-482-B' });
    expect(await checked(DEMO_SINGLE_USE_QR)).toMatchObject({ verdict: 'usedUp', reason: 'usedUp', entriesUsed: 1 });
    expect((await refused(gate.entry(guard, entryRequest({ passId })), 409)).messageId).toBe('gate.usedUp');
    const offline = await movement(gate.entry(guard, entryRequest({ passId, offline: true })));
    expect(offline.data.conflict).toBe('usedUp');
  });

  it('refuses a pass outside its hours online as not allowed, and notes it offline', async () => {
    const passId = await passIdOf(t.app.db, DEMO_PASS_QR);
    // 07:00 in Las Palmas, before the pass's 08:00.
    const early = { occurredAt: '2025-06-02T13:00:00.000Z' };
    const refusal = await refused(gate.entry(guard, entryRequest({ passId, ...early })), 409);
    expect(refusal.message).toBe('Este pase no permite entrar ahora: todavía no es su horario.');
    const offline = await movement(gate.entry(guard, entryRequest({ passId, ...early, offline: true })));
    expect(offline.data).toMatchObject({ conflict: 'notAllowed', occurredLocal: '2025-06-02 07:00' });
    // Let out again, so the demo pass is not left inside.
    await movement(gate.exit(guard, exitRequest(offline.data.id)));
  });

  it('asks a walk-in for its dwelling (400), and refuses another condominium’s dwelling (404)', async () => {
    const missing = await refused(gate.entry(guard, entryRequest()), 400);
    expect(missing.field).toBe('apartmentId');
    expect((await refused(gate.entry(guard, entryRequest({ apartmentId: ids.bosqueDwelling })), 404)).messageId).toBe(
      'gate.dwellingNotFound',
    );
    expect((await refused(gate.entry(guard, entryRequest({ apartmentId: 99_999_999 })), 404)).messageId).toBe(
      'gate.dwellingNotFound',
    );
    const walkIn = await movement(
      gate.entry(
        guard,
        entryRequest({
          apartmentId: ids.a101,
          visitorName: 'Técnico de Izzi',
          people: 2,
          accessPoint: 'Acceso peatonal Fresno',
          note: 'Trae escalera',
        }),
      ),
    );
    expect(walkIn.data).toMatchObject({
      passId: null,
      passKind: null,
      visitorName: 'Técnico de Izzi',
      people: 2,
      accessPoint: 'Acceso peatonal Fresno',
      note: 'Trae escalera',
    });
  });

  it('answers 404 for an exit of an unknown entry, of an exit, and of another condominium’s entry', async () => {
    const walkIn = await movement(gate.entry(guard, entryRequest({ apartmentId: ids.a101 })));
    const out = await movement(gate.exit(guard, exitRequest(walkIn.data.id)));
    for (const entryId of [99_999_999, out.data.id, ids.bosqueEntry]) {
      expect((await refused(gate.exit(guard, exitRequest(entryId)), 404)).messageId).toBe('gate.entryNotFound');
    }
  });

  it('refuses a device time too far ahead or too old (400 on occurredAt); takes one three days old', async () => {
    const at = (minutes: number) => new Date(GATE_SEEDED.getTime() + minutes * 60_000).toISOString();
    for (const occurredAt of [at(6), at(-7 * 24 * 60 - 1)]) {
      const request = entryRequest({ apartmentId: ids.a101, occurredAt, offline: true });
      expect((await refused(gate.entry(guard, request), 400)).field).toBe('occurredAt');
      expect(await rowsWith(request.clientId)).toHaveLength(0);
    }
    const ahead = await movement(gate.entry(guard, entryRequest({ apartmentId: ids.a101, occurredAt: at(4) })));
    expect(ahead.data.occurredLocal).toBe('2025-06-02 12:04');
    const old = await movement(
      gate.entry(guard, entryRequest({ apartmentId: ids.a101, occurredAt: at(-3 * 24 * 60), offline: true })),
    );
    expect(old.data).toMatchObject({ occurredAt: '2025-05-30T18:00:00.000Z', occurredLocal: '2025-05-30 12:00' });
    const row = (await rowsWith(old.data.clientId))[0]!;
    expect(row.received_at).toBe(GATE_SEEDED.toISOString());
  });

  it('records a refusal with its reason and the pass’s dwelling', async () => {
    const passId = await passIdOf(t.app.db, DEMO_PASS_QR);
    const refusal = await movement(
      gate.refusal(guard, refusalRequest({ passId, visitorName: 'Laura Gómez Pineda', reason: 'guardDecision' })),
    );
    expect(refusal.data).toMatchObject({
      kind: 'refusal',
      reason: 'guardDecision',
      passId,
      apartmentId: ids.a101,
      passKind: 'domestico',
    });
  });

  it('lists today: passes valid today, searchable by name, plates, key and dwelling; access points and dwellings', async () => {
    const read = async (q?: string) => {
      const res = await gate.today(guard, q);
      expect(res.statusCode, res.body).toBe(200);
      const body = JSON.parse(res.body) as unknown;
      assert(body, GateTodayAnswer);
      return body;
    };
    const all = await read();
    expect(all).toMatchObject({ today: '2025-06-02', timeZone: 'America/Mexico_City' });
    const names = all.expected.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Laura Gómez Pineda', 'Jorge Ruiz Campos', 'Martha Delgado Ruiz']));
    // Revoked passes are not expected; the gardener comes on Tuesdays only.
    expect(all.expected.every((e) => e.passId !== ids.bosquePass)).toBe(true);
    expect(names).not.toContain('Jardinería Los Arcos');
    expect(all.accessPoints).toEqual(expect.arrayContaining(['Acceso principal', 'Acceso peatonal Fresno']));
    expect(all.dwellings).toContainEqual({ id: ids.a101, name: 'Torre A - 101' });
    expect(all.expected.length).toBeLessThanOrEqual(200);
    expect(all.inside.every((m: GateMovement) => m.kind === 'entry' && m.exitAt === null)).toBe(true);

    expect((await read('LAURA')).expected.map((e) => e.name)).toEqual(['Laura Gómez Pineda']);
    expect((await read('jls-482')).expected.map((e) => e.name)).toEqual(['Jorge Ruiz Campos']);
    expect((await read(DEMO_PASS_KEY.toLowerCase())).expected.map((e) => e.name)).toEqual(['Laura Gómez Pineda']);
    const a101 = (await read('torre a - 101')).expected;
    expect(a101.length).toBeGreaterThan(0);
    expect(a101.every((e) => e.dwelling === 'Torre A - 101')).toBe(true);
  });
});
