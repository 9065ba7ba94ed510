// The live channel (src/api/live.ts, issue 30) on both databases, through real HTTP streams: a message reaches its
// conversation's readers and nobody else, read receipts reach the writer's side (and a read with nothing new tells
// nobody), a request and a walk-in reach those who may see them, another condominium's or person's events never
// arrive, a change rolled back sends nothing, a stream resumes after Last-Event-ID (or is told to resync), the
// polling fallback reads the same events, a stream needs a session and ends with it, and old events are pruned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_KEPT_MS, LIVE_PRUNE_JOB, pruneLiveEvents, publishLive } from '../../server/domain/shared/live';
import { CONVERSATIONS_PATHS } from '../../src/api/conversations';
import { WALK_IN_PATHS, walkInRespondPath } from '../../src/api/gateWalkIns';
import { LIVE_PATHS, type LiveEvent, LiveEventsAnswer } from '../../src/api/live';
import { SESSION_PATHS } from '../../src/api/sessions';
import { TICKETS_PATHS } from '../../src/api/tickets';
import { api } from '../support/http';
import { type LiveStreamProbe, listening, openLiveStream } from '../support/liveStream';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const PEOPLE = ['residente', 'consejo', 'guardia', 'vecino050', 'adminPalmas', 'adminBosque'] as const;
type Who = (typeof PEOPLE)[number];

describe(`the live channel (${dialect})`, () => {
  let t: TestApp;
  let base = '';
  const tokens = {} as Record<Who, string>;
  const users = {} as Record<Who, number>;
  const streams = {} as Record<Who, LiveStreamProbe>;
  const condos = { palmas: 0, bosque: 0 };
  let conversationId = 0;
  const isSentinel = (marker: number) => (e: LiveEvent) => e.type === 'ticket' && e.data.ticketId === marker;

  /** An event of its own for `who` (a ticket id no request has), written like any other. */
  async function sentinel(who: Who, condoId = condos.palmas, marker = Math.floor(Math.random() * 1e9)) {
    await t.app.db
      .transaction()
      .execute((trx) =>
        publishLive(trx, t.app.clock, { condoId, userIds: [users[who]], type: 'ticket', data: { ticketId: marker } }),
      );
    return marker;
  }

  /** Nothing but the sentinel arrives for `who` after the events they had: written after the action, it comes last. */
  async function nothingMoreFor(who: Who, before: number, condoId = condos.palmas) {
    const marker = await sentinel(who, condoId);
    await streams[who].next(isSentinel(marker));
    expect(streams[who].events.slice(before)).toEqual([expect.objectContaining({ data: { ticketId: marker } })]);
  }

  async function eventsFor(type: string, since: number) {
    return t.app.db
      .selectFrom('live_events')
      .select(['user_id', 'condo_id', 'payload'])
      .where('type', '=', type)
      .where('id', '>', since)
      .orderBy('id')
      .execute();
  }
  const newestId = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('live_events')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  beforeAll(async () => {
    t = await createTestApp();
    base = await listening(t.app);
    const db = t.app.db;
    condos.palmas = (
      await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow()
    ).id;
    condos.bosque = (
      await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow()
    ).id;
    for (const who of PEOPLE) {
      const email = who.startsWith('admin') ? 'admin@demo.mx' : `${who}@demo.mx`;
      tokens[who] = await signInAs(
        t.app,
        email,
        who === 'adminBosque' ? 'Torres del Bosque' : who === 'adminPalmas' ? 'Residencial Las Palmas' : undefined,
      );
      users[who] = (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    }
    const dwellingOf = async (who: Who) =>
      (
        await db
          .selectFrom('residencies as r')
          .innerJoin('memberships as m', 'm.id', 'r.membership_id')
          .select('r.apartment_id')
          .where('m.user_id', '=', users[who])
          .where('m.condo_id', '=', condos.palmas)
          .executeTakeFirstOrThrow()
      ).apartment_id;
    const [a, b] = [await dwellingOf('residente'), await dwellingOf('consejo')].sort((x, y) => x - y);
    conversationId = (
      await db
        .selectFrom('conversations')
        .select('id')
        .where('party_a_apartment_id', '=', a!)
        .where('party_b_apartment_id', '=', b!)
        .executeTakeFirstOrThrow()
    ).id;
    for (const who of PEOPLE) {
      streams[who] = await openLiveStream(base, tokens[who]);
      expect(streams[who].status).toBe(200);
      await streams[who].ready;
    }
  });

  afterAll(() => {
    for (const who of PEOPLE) streams[who]?.close();
  });

  it('answers a stream of server-sent events, written by hand and kept out of every buffer', async () => {
    const res = await fetch(`${base}/api${LIVE_PATHS.stream}`, { headers: { 'app-token': tokens.vecino050 } });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.body?.cancel();
  });

  it('tells the conversation’s readers of a message, and nobody else', async () => {
    const before = Object.fromEntries(PEOPLE.map((who) => [who, streams[who].events.length])) as Record<Who, number>;
    await expectOk(
      call(t.app, 'POST', api(CONVERSATIONS_PATHS.send), {
        token: tokens.consejo,
        payload: { conversationId, Texto: 'Mañana cortan el agua a las 10.', fotos: [] },
      }),
    );
    // The reader: the bell and the conversation; the writer's side: the conversation (its other screens).
    await streams.residente.next((e) => e.type === 'notification' && e.data.modulo === 'mensaje');
    await streams.residente.next((e) => e.type === 'conversation' && e.data.conversationId === conversationId);
    await streams.consejo.next((e) => e.type === 'conversation' && e.data.conversationId === conversationId);
    expect(streams.consejo.events.slice(before.consejo).some((e) => e.type === 'notification')).toBe(false);
    // Nobody else: a neighbour, the guard, the administrator (the administration is not a party here).
    for (const who of ['vecino050', 'guardia', 'adminPalmas'] as const) await nothingMoreFor(who, before[who]);
  });

  it('tells the writer’s side when the message is read, and tells nobody when nothing new is read', async () => {
    const before = streams.consejo.events.length;
    await expectOk(call(t.app, 'GET', api(CONVERSATIONS_PATHS.conversation(conversationId)), { token: tokens.residente }));
    await streams.consejo.next((e) => e.type === 'conversation' && e.data.conversationId === conversationId, { from: before });
    const since = await newestId();
    await expectOk(call(t.app, 'GET', api(CONVERSATIONS_PATHS.conversation(conversationId)), { token: tokens.residente }));
    await expectOk(
      call(t.app, 'GET', api(`${CONVERSATIONS_PATHS.updates(conversationId)}?after=0`), { token: tokens.residente }),
    );
    expect(await eventsFor('conversation', since)).toEqual([]);
  });

  it('never sends another condominium’s events, even to the same person', async () => {
    const before = { palmas: streams.adminPalmas.events.length, bosque: streams.adminBosque.events.length };
    const marker = await sentinel('adminBosque', condos.bosque);
    await streams.adminBosque.next(isSentinel(marker));
    await nothingMoreFor('adminPalmas', before.palmas);
    expect(streams.adminBosque.events.slice(before.bosque)).toHaveLength(1);
  });

  it('sends nothing of a change that was rolled back', async () => {
    const before = streams.residente.events.length;
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await publishLive(trx, t.app.clock, {
          condoId: condos.palmas,
          userIds: [users.residente],
          type: 'ticket',
          data: { ticketId: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await nothingMoreFor('residente', before);
  });

  it('tells a request’s requester and the administrators, and an internal note only the administrators', async () => {
    const db = t.app.db;
    const section = await db
      .selectFrom('sections')
      .select('id')
      .where('condo_id', '=', condos.palmas)
      .where('code', '=', 'SA')
      .executeTakeFirstOrThrow();
    const category = await db
      .selectFrom('ticket_categories')
      .select('id')
      .where('condo_id', '=', condos.palmas)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const dwelling = (
      await db
        .selectFrom('residencies as r')
        .innerJoin('memberships as m', 'm.id', 'r.membership_id')
        .select('r.apartment_id')
        .where('m.user_id', '=', users.residente)
        .executeTakeFirstOrThrow()
    ).apartment_id;
    const admins = (
      await db
        .selectFrom('memberships')
        .select('user_id')
        .where('condo_id', '=', condos.palmas)
        .where('is_admin', '=', 1)
        .where('active', '=', 1)
        .execute()
    ).map((r) => r.user_id);
    const since = await newestId();
    const filed = await expectOk<{ TicketId: number }>(
      call(t.app, 'POST', api(TICKETS_PATHS.create), {
        token: tokens.residente,
        payload: {
          sectionId: section.id,
          categoriaId: category.id,
          Titulo: 'Fuga en el estacionamiento',
          Descripcion: 'Hay agua en el cajón 14 desde la mañana.',
          ApmtId: dwelling,
          Prioridad: 'media',
          adjuntos: [],
        },
      }),
    );
    await streams.residente.next((e) => e.type === 'ticket' && e.data.ticketId === filed.TicketId);
    await streams.adminPalmas.next((e) => e.type === 'ticket' && e.data.ticketId === filed.TicketId);
    const told = (rows: { user_id: number; payload: string }[]) =>
      [...new Set(rows.filter((r) => JSON.parse(r.payload).ticketId === filed.TicketId).map((r) => r.user_id))].sort();
    expect(told(await eventsFor('ticket', since))).toEqual([...new Set([...admins, users.residente])].sort());

    const noteSince = await newestId();
    await expectOk(
      call(t.app, 'POST', api(TICKETS_PATHS.reply), {
        token: tokens.adminPalmas,
        payload: { ticketId: filed.TicketId, Texto: 'Revisar con el plomero.', interna: true, adjuntos: [] },
      }),
    );
    expect(told(await eventsFor('ticket', noteSince))).toEqual([...admins].sort());
  });

  it('tells the caseta and the dwelling’s residents of a walk-in, and its answer to the caseta', async () => {
    const dwelling = (
      await t.app.db
        .selectFrom('residencies as r')
        .innerJoin('memberships as m', 'm.id', 'r.membership_id')
        .select('r.apartment_id')
        .where('m.user_id', '=', users.residente)
        .executeTakeFirstOrThrow()
    ).apartment_id;
    const before = streams.vecino050.events.length;
    const asked = await expectOk<{ data: { id: number } }>(
      call(t.app, 'POST', api(WALK_IN_PATHS.ask), {
        token: tokens.guardia,
        payload: {
          clientId: crypto.randomUUID(),
          apartmentId: dwelling,
          visitorName: 'Paquetería DHL',
          reason: 'delivery',
          note: null,
          people: 1,
          plates: null,
        },
      }),
    );
    const id = asked.data.id;
    const aboutIt = (e: LiveEvent) => e.type === 'walkIn' && e.data.walkInId === id;
    await streams.residente.next(aboutIt);
    await streams.guardia.next(aboutIt);
    const guardHad = streams.guardia.events.length;
    await expectOk(call(t.app, 'POST', api(walkInRespondPath(id)), { token: tokens.residente, payload: { answer: 'approve' } }));
    await streams.guardia.next(aboutIt, { from: guardHad });
    await nothingMoreFor('vecino050', before);
  });

  it('resumes after Last-Event-ID with the reader’s own events only, in order', async () => {
    streams.residente.close();
    const last = streams.residente.events.at(-1)!.id;
    const first = await sentinel('residente');
    await sentinel('consejo');
    const second = await sentinel('residente');
    const resumed = await openLiveStream(base, tokens.residente, { lastEventId: last });
    streams.residente = resumed;
    const ready = await resumed.ready;
    expect(resumed.events.map((e) => (e.type === 'ticket' ? e.data.ticketId : e.type))).toEqual([first, second]);
    expect(ready).toEqual({ lastEventId: resumed.events.at(-1)!.id, resync: false });
    // The polling fallback reads the same.
    const polled = await expectOk<LiveEventsAnswer>(
      call(t.app, 'GET', api(`${LIVE_PATHS.events}?after=${last}`), { token: tokens.residente }),
      LiveEventsAnswer,
    );
    expect(polled.events).toEqual(resumed.events);
    expect(polled).toMatchObject({ lastEventId: ready.lastEventId, resync: false });
  });

  it('tells a reader whose Last-Event-ID it cannot replay to read everything again', async () => {
    const lost = await openLiveStream(base, tokens.vecino050, { lastEventId: 2_000_000_000 });
    expect(await lost.ready).toEqual({ lastEventId: await newestId(), resync: true });
    expect(lost.events).toEqual([]);
    lost.close();
  });

  it('needs a session, and ends a stream whose session ended', async () => {
    expect((await openLiveStream(base, null)).status).toBe(401);
    expect((await call(t.app, 'GET', api(LIVE_PATHS.events))).statusCode).toBe(401);
    const token = await signInAs(t.app, 'vecino051@demo.mx');
    const probe = await openLiveStream(base, token);
    await probe.ready;
    await expectOk(call(t.app, 'POST', api(SESSION_PATHS.signOut), { token }));
    await t.app.live.hub.beat();
    await probe.ended;
    expect((await openLiveStream(base, token)).status).toBe(401);
  });

  it('prunes events older than a day, and asks for its next run', async () => {
    const clock = testClock(new Date(Date.now() + LIVE_EVENTS_KEPT_MS + 60_000));
    const old = await newestId();
    await t.app.db.transaction().execute((trx) => pruneLiveEvents(trx, clock));
    expect(await t.app.db.selectFrom('live_events').select('id').where('id', '<=', old).execute()).toEqual([]);
    const jobs = await t.app.db.selectFrom('scheduled_jobs').select('key').where('kind', '=', LIVE_PRUNE_JOB).execute();
    expect(jobs.length).toBeGreaterThan(0);
  });
});
