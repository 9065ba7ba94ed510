// Walk-ins (src/api/gateWalkIns.ts) on both databases: the guard asks, the dwelling's residents are told and one
// approves, the guard lets in and the entry is in the log with who approved; another dwelling's resident cannot
// answer (404); two residents answering at once: one wins, the other hears who (409); nobody answering within
// WALK_IN_ANSWER_MS reads as noAnswer, a late answer is 409 and the guard decides; a refused walk-in can only be
// refused; a replayed ask (same clientId) asks once; a paired device's shift asks and decides but answers nothing;
// every route × every demo role, and another condominium.
import { randomUUID } from 'node:crypto';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE_PINS } from '../../server/db/seed/gateDevices';
import { decisionClientId } from '../../server/domain/gate/walkIns';
import { ErrorAnswer } from '../../src/api/errors';
import {
  PendingWalkInsAnswer,
  WALK_IN_ANSWER_MS,
  WALK_IN_PATHS,
  WalkInAnswer,
  type WalkInAskAnswer,
  WalkInAskAnswer as WalkInAskAnswerStruct,
  type WalkInAskRequest,
  WalkInDecidedAnswer,
  walkInDecidePath,
  walkInRespondPath,
  walkInStatusPath,
} from '../../src/api/gateWalkIns';
import { notificationTarget } from '../../src/api/notifications';
import { pairedDevice, shiftSession } from '../support/gateDeviceServerFixtures';
import { condoIdOf, dwellingIdOf, GATE_SEEDED } from '../support/gateServerFixtures';
import { api } from '../support/http';
import { type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

/** canUseGate: administrators, and the guard and supervisor. */
const GATE: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
/** Another condominium's walk-in: not found for the gate's people, refused for everyone else. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 404, 404, 401, 401];
const MEMBERS: Expected = [200, 200, 200, 200, 200, 200, 401, 401];
/** Only residents of Torre A - 101 (residente@) may answer its walk-in; other members: as if it did not exist. */
const RESIDENTS_OF_101: Expected = [404, 404, 200, 404, 404, 404, 401, 401];

const clock = testClock(GATE_SEEDED);
let t: TestApp;
const ids = { palmas: 0, bosque: 0, a101: 0, bosqueDwelling: 0, bosqueWalkIn: 0 };
let guard = '';
let admin = '';
let residentToken = '';

const askRequest = (over: Partial<WalkInAskRequest> = {}): WalkInAskRequest => ({
  clientId: randomUUID(),
  apartmentId: ids.a101,
  visitorName: 'Paquetería DHL',
  reason: 'delivery',
  note: 'Caja grande',
  people: 1,
  plates: 'JAL-123-A',
  ...over,
});

const ask = (token: string, request = askRequest()) => call(t.app, 'POST', api(WALK_IN_PATHS.ask), { token, payload: request });
const askOk = async (token = guard, request = askRequest()) => {
  const body = await expectOk<WalkInAskAnswer>(ask(token, request), WalkInAskAnswerStruct);
  return body;
};
const respond = (token: string, id: number, answer: 'approve' | 'refuse') =>
  call(t.app, 'POST', api(walkInRespondPath(id)), { token, payload: { answer } });
const decide = (token: string, id: number, decision: 'entry' | 'refusal', clientId = randomUUID()) =>
  call(t.app, 'POST', api(walkInDecidePath(id)), { token, payload: { clientId, decision, accessPoint: 'Caseta principal' } });
const statusOf = async (id: number) =>
  (await expectOk<WalkInAnswer>(call(t.app, 'GET', api(walkInStatusPath(id)), { token: guard }), WalkInAnswer)).data;
const refused = async (response: Promise<{ statusCode: number; body: string }>, statusCode: number) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = JSON.parse(res.body) as unknown;
  assert(body, ErrorAnswer);
  return body as ErrorAnswer & Record<string, unknown>;
};

/** A fresh walk-in of Torre A - 101 asked by the administrator (the matrix's rows each need their own). */
const freshWalkIn = async () => (await askOk(admin)).data.id;

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: WALK_IN_PATHS.ask,
    variant: 'Torre A - 101',
    expected: GATE,
    run: (t, c) => status(t, c, 'POST', WALK_IN_PATHS.ask, askRequest()),
  },
  {
    method: 'POST',
    path: WALK_IN_PATHS.ask,
    variant: "another condominium's dwelling",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', WALK_IN_PATHS.ask, askRequest({ apartmentId: ids.bosqueDwelling })),
  },
  {
    method: 'GET',
    path: WALK_IN_PATHS.status,
    variant: 'Las Palmas',
    expected: GATE,
    run: async (t, c) => status(t, c, 'GET', walkInStatusPath(await freshWalkIn())),
  },
  {
    method: 'GET',
    path: WALK_IN_PATHS.status,
    variant: 'another condominium',
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', walkInStatusPath(ids.bosqueWalkIn)),
  },
  {
    method: 'POST',
    path: WALK_IN_PATHS.decide,
    variant: 'refused by the resident',
    expected: GATE,
    async run(t, c) {
      const id = await freshWalkIn();
      await respond(residentToken, id, 'refuse');
      return status(t, c, 'POST', walkInDecidePath(id), { clientId: randomUUID(), decision: 'refusal' });
    },
  },
  {
    method: 'POST',
    path: WALK_IN_PATHS.decide,
    variant: 'another condominium',
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', walkInDecidePath(ids.bosqueWalkIn), { clientId: randomUUID(), decision: 'refusal' }),
  },
  {
    method: 'GET',
    path: WALK_IN_PATHS.pending,
    variant: 'scoped',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', WALK_IN_PATHS.pending),
  },
  {
    method: 'POST',
    path: WALK_IN_PATHS.respond,
    variant: 'Torre A - 101',
    expected: RESIDENTS_OF_101,
    run: async (t, c) => status(t, c, 'POST', walkInRespondPath(await freshWalkIn()), { answer: 'approve' }),
  },
  {
    method: 'POST',
    path: WALK_IN_PATHS.respond,
    variant: 'another condominium',
    expected: [404, 404, 404, 404, 404, 404, 401, 401],
    run: (t, c) => status(t, c, 'POST', walkInRespondPath(ids.bosqueWalkIn), { answer: 'approve' }),
  },
];

beforeAll(async () => {
  t = await createTestApp({ clock });
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
  guard = await signInAs(t.app, 'guardia@demo.mx');
  admin = await signInAs(t.app, 'admin@demo.mx');
  residentToken = await signInAs(t.app, 'residente@demo.mx');
  // Bosque's administrator asks one of their own: Las Palmas' people must not reach it.
  const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  ids.bosqueWalkIn = (await askOk(bosqueAdmin, askRequest({ apartmentId: bosqueDwelling.id }))).data.id;
});

describe(`walk-in matrix (${dialect})`, () => {
  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the walk-in contract, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(WALK_IN_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});

describe(`walk-ins (${dialect})`, () => {
  const userId = async (email: string) =>
    (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const noticesOf = async (email: string) =>
    t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', await userId(email))
      .where('modulo', '=', 'visita')
      .orderBy('id')
      .execute();

  it('asks Torre A - 101, its resident is told, approves, and the guard lets in: the entry names who approved', async () => {
    const before = (await noticesOf('residente@demo.mx')).length;
    const othersBefore = (await noticesOf('consejo@demo.mx')).length;
    const asked = await askOk();
    expect(asked).toMatchObject({ replayed: false, told: 1 });
    expect(asked.data).toMatchObject({
      status: 'asking',
      dwelling: 'Torre A - 101',
      visitorName: 'Paquetería DHL',
      reason: 'delivery',
      answer: null,
      decision: null,
    });
    expect(Date.parse(asked.data.expiresAt) - Date.parse(asked.data.askedAt)).toBe(WALK_IN_ANSWER_MS);

    const notices = await noticesOf('residente@demo.mx');
    expect(notices).toHaveLength(before + 1);
    const notice = notices.at(-1)!;
    expect(notice.titulo).toBe('Visita en la caseta para Torre A - 101');
    expect(notice.texto_app).toBe('Paquetería DHL (Entrega) está en la caseta. ¿Le dejan pasar?');
    expect(notificationTarget({ Modulo: notice.modulo, Props: notice.props })).toBe('/visitas');
    expect(JSON.parse(notice.props)).toEqual({ walkInId: asked.data.id });
    // Another dwelling's member hears nothing.
    expect(await noticesOf('consejo@demo.mx')).toHaveLength(othersBefore);

    const pending = await expectOk<PendingWalkInsAnswer>(
      call(t.app, 'GET', api(WALK_IN_PATHS.pending), { token: residentToken }),
      PendingWalkInsAnswer,
    );
    expect(pending.items.map((w) => w.id)).toContain(asked.data.id);
    const consejo = await signInAs(t.app, 'consejo@demo.mx');
    const theirs = await expectOk<PendingWalkInsAnswer>(call(t.app, 'GET', api(WALK_IN_PATHS.pending), { token: consejo }));
    expect(theirs.items.map((w) => w.id)).not.toContain(asked.data.id);

    // Deciding before anyone answered is refused: the residents still may.
    const early = await refused(decide(guard, asked.data.id, 'entry'), 409);
    expect(early.message).toBe('Los residentes todavía pueden responder. Espera su respuesta.');

    const answered = await expectOk<WalkInAnswer>(respond(residentToken, asked.data.id, 'approve'), WalkInAnswer);
    expect(answered.data).toMatchObject({ status: 'approved', answer: 'approve', answeredBy: 'Rosa Hernández Díaz' });
    expect(await statusOf(asked.data.id)).toMatchObject({ status: 'approved', answeredBy: 'Rosa Hernández Díaz' });

    const clientId = randomUUID();
    const decided = await expectOk<WalkInDecidedAnswer>(decide(guard, asked.data.id, 'entry', clientId), WalkInDecidedAnswer);
    expect(decided.duplicate).toBe(false);
    expect(decided.data).toMatchObject({
      status: 'decided',
      decision: 'entry',
      movementId: decided.movement.id,
      answer: 'approve',
    });
    expect(decided.movement).toMatchObject({
      kind: 'entry',
      passId: null,
      apartmentId: ids.a101,
      visitorName: 'Paquetería DHL',
      people: 1,
      plates: 'JAL-123-A',
      accessPoint: 'Caseta principal',
      guardName: 'Gabriel Flores Luna',
      note: 'Visita sin pase (Entrega) · aprobada por Rosa Hernández Díaz · Caja grande',
    });
    // A retry of the decision records nothing new.
    const again = await expectOk<WalkInDecidedAnswer>(decide(guard, asked.data.id, 'entry', clientId), WalkInDecidedAnswer);
    expect(again).toMatchObject({ duplicate: true, movement: { id: decided.movement.id } });
    const rows = await t.app.db
      .selectFrom('gate_movements')
      .select('id')
      .where('client_id', '=', decided.movement.clientId)
      .execute();
    expect(rows).toHaveLength(1);
    // It is no longer pending.
    const after = await expectOk<PendingWalkInsAnswer>(call(t.app, 'GET', api(WALK_IN_PATHS.pending), { token: residentToken }));
    expect(after.items.map((w) => w.id)).not.toContain(asked.data.id);
  });

  it('records one movement when two guards decide the same walk-in at once; a different decision hears 409', async () => {
    const supervisor = await signInAs(t.app, 'supervisor@demo.mx');
    for (const [first, second] of [
      ['entry', 'entry'],
      ['entry', 'refusal'],
    ] as const) {
      const asked = await askOk();
      await expectOk<WalkInAnswer>(respond(residentToken, asked.data.id, 'approve'), WalkInAnswer);
      const answers = await Promise.all([decide(guard, asked.data.id, first), decide(supervisor, asked.data.id, second)]);
      const walkIn = await t.app.db
        .selectFrom('gate_walkins')
        .select(['client_id', 'movement_id'])
        .where('id', '=', asked.data.id)
        .executeTakeFirstOrThrow();
      const movements = await t.app.db
        .selectFrom('gate_movements')
        .select(['id', 'kind'])
        .where('client_id', '=', decisionClientId(walkIn.client_id))
        .execute();
      expect(movements).toHaveLength(1);
      expect(walkIn.movement_id).toBe(movements[0]!.id);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual(first === second ? [200, 200] : [200, 409]);
    }
  });

  it('refuses an answer from a resident of another dwelling (404), and an unknown walk-in (404)', async () => {
    const asked = await askOk();
    const consejo = await signInAs(t.app, 'consejo@demo.mx');
    await refused(respond(consejo, asked.data.id, 'approve'), 404);
    await refused(respond(residentToken, 2_000_000_000, 'approve'), 404);
    expect(await statusOf(asked.data.id)).toMatchObject({ status: 'asking', answer: null });
  });

  it('keeps the first of two answers given at once; the other hears who answered (409)', async () => {
    // The board member lives in Torre A - 101 too, for this test.
    const membership = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', await userId('consejo@demo.mx'))
      .where('condo_id', '=', ids.palmas)
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('residencies').values({ membership_id: membership.id, apartment_id: ids.a101 }).execute();
    const consejo = await signInAs(t.app, 'consejo@demo.mx');
    const asked = await askOk();
    expect(asked.told).toBe(2);
    const [first, second] = await Promise.all([
      respond(residentToken, asked.data.id, 'approve'),
      respond(consejo, asked.data.id, 'refuse'),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? first : second;
    const loser = first.statusCode === 200 ? second : first;
    const won = (JSON.parse(winner.body) as WalkInAnswer).data;
    const lost = JSON.parse(loser.body) as ErrorAnswer & { answeredBy: string };
    expect(lost.message).toBe(`${won.answeredBy} ya respondió a esta visita.`);
    expect(lost.answeredBy).toBe(won.answeredBy);
    expect(await statusOf(asked.data.id)).toMatchObject({ answer: won.answer, answeredBy: won.answeredBy });
    await t.app.db
      .deleteFrom('residencies')
      .where('membership_id', '=', membership.id)
      .where('apartment_id', '=', ids.a101)
      .execute();
  });

  it('reads noAnswer once the time ran out; a late answer is 409; the guard decides and the log says so', async () => {
    const asked = await askOk(guard, askRequest({ visitorName: 'Técnico de Telmex', reason: 'technician', note: null }));
    clock.advanceMinutes(WALK_IN_ANSWER_MS / 60_000 - 1);
    expect((await statusOf(asked.data.id)).status).toBe('asking');
    clock.advanceMinutes(1);
    expect((await statusOf(asked.data.id)).status).toBe('noAnswer');
    const late = await refused(respond(residentToken, asked.data.id, 'approve'), 409);
    expect(late.message).toBe('Se acabó el tiempo para responder; el guardia decide.');
    const pending = await expectOk<PendingWalkInsAnswer>(
      call(t.app, 'GET', api(WALK_IN_PATHS.pending), { token: residentToken }),
    );
    expect(pending.items.map((w) => w.id)).not.toContain(asked.data.id);
    const decided = await expectOk<WalkInDecidedAnswer>(decide(guard, asked.data.id, 'refusal'), WalkInDecidedAnswer);
    expect(decided.movement).toMatchObject({
      kind: 'refusal',
      reason: 'guardDecision',
      visitorName: 'Técnico de Telmex',
      note: 'Visita sin pase (Técnico o servicio) · sin respuesta de los residentes; decidió el guardia',
    });
    expect(decided.data).toMatchObject({ status: 'decided', decision: 'refusal', answer: null });
  });

  it('lets a refused walk-in only be refused', async () => {
    const asked = await askOk();
    await expectOk(respond(residentToken, asked.data.id, 'refuse'));
    expect((await statusOf(asked.data.id)).status).toBe('refused');
    const entry = await refused(decide(guard, asked.data.id, 'entry'), 409);
    expect(entry.message).toBe('Un residente rechazó esta visita: solo puedes registrar el rechazo.');
    const decided = await expectOk<WalkInDecidedAnswer>(decide(guard, asked.data.id, 'refusal'), WalkInDecidedAnswer);
    expect(decided.movement.note).toBe('Visita sin pase (Entrega) · rechazada por Rosa Hernández Díaz · Caja grande');
    // A different decision afterwards is refused; the same one answers the movement again.
    await refused(decide(guard, asked.data.id, 'entry'), 409);
    const again = await expectOk<WalkInDecidedAnswer>(decide(guard, asked.data.id, 'refusal'));
    expect(again).toMatchObject({ duplicate: true, movement: { id: decided.movement.id } });
  });

  it('asks once for a replayed clientId (in capitals too): one row, residents told once', async () => {
    const before = (await noticesOf('residente@demo.mx')).length;
    const request = askRequest();
    const first = await askOk(guard, request);
    const [second, third] = await Promise.all([
      askOk(guard, request),
      askOk(guard, { ...request, clientId: request.clientId.toUpperCase() }),
    ]);
    expect(first.replayed).toBe(false);
    expect([second.replayed, third.replayed]).toEqual([true, true]);
    expect(second.data.id).toBe(first.data.id);
    expect(third.data.id).toBe(first.data.id);
    const rows = await t.app.db.selectFrom('gate_walkins').select('id').where('client_id', '=', request.clientId).execute();
    expect(rows).toHaveLength(1);
    expect(await noticesOf('residente@demo.mx')).toHaveLength(before + 1);
  });

  it('lets a paired device’s shift ask, read and decide, recording the device; not answer as a resident', async () => {
    const device = await pairedDevice(t.app, admin, 'Tableta de la caseta');
    const shift = await shiftSession(t.app, device.token, 'Gabriel Flores Luna', DEMO_GATE_PINS['guardia@demo.mx']!);
    const asked = await askOk(shift);
    const row = await t.app.db.selectFrom('gate_walkins').selectAll().where('id', '=', asked.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_id: device.id, asked_by_user_id: await userId('guardia@demo.mx') });
    expect((await call(t.app, 'GET', api(walkInStatusPath(asked.data.id)), { token: shift })).statusCode).toBe(200);
    await expectOk(respond(residentToken, asked.data.id, 'approve'));
    const decided = await expectOk<WalkInDecidedAnswer>(decide(shift, asked.data.id, 'entry'), WalkInDecidedAnswer);
    expect(decided.movement.deviceName).toBe('Tableta de la caseta');
    // A shift does gate work only: no resident's list, no answers.
    expect((await call(t.app, 'GET', api(WALK_IN_PATHS.pending), { token: shift })).statusCode).toBe(403);
    expect((await respond(shift, asked.data.id, 'approve')).statusCode).toBe(403);
  });

  it('refuses a walk-in with no dwelling of the condominium and bad fields (400 naming the field)', async () => {
    const bad = await refused(ask(guard, { ...askRequest(), reason: 'party' as never }), 400);
    expect(bad.field).toBe('reason');
    await refused(ask(guard, askRequest({ visitorName: '   ' })), 400);
    await refused(ask(guard, askRequest({ apartmentId: 2_000_000_000 })), 404);
  });
});
