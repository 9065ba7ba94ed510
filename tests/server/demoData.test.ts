// The demo data (DESIGN.md §6, server/db/seed): the fixed facts, loaded the same way every time.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { isEmpty, resetAndSeed, seedDemo, seedIfEmpty } from '../../server/db/seed/demo';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { DEMO_TICKET_CATEGORIES, DEMO_TICKET_CONFIRMATION } from '../../server/db/seed/ticketsDemo';
import { verifyPassword } from '../../server/infra/passwords';
import { OPEN_STATES } from '../../src/api/ticketLifecycle';
import { testClock } from '../support/testApp';
import { dialect, openTestDatabase, type TestDatabase } from '../support/testDatabase';

const TABLES = [
  'condominiums',
  'towers',
  'apartments',
  'users',
  'memberships',
  'residencies',
  'sessions',
  'user_permissions',
  'role_functions',
  'sections',
  'section_users',
  'activity',
  'password_resets',
  'mail_outbox',
  'files',
  'posts',
  'post_attachments',
  'post_comments',
  'notifications',
  'ticket_categories',
  'tickets',
  'ticket_events',
  'ticket_ratings',
  'scheduled_jobs',
  'conversations',
  'messages',
  'message_photos',
  'conversation_blocks',
  'message_reports',
] as const satisfies readonly (keyof Database)[];

/** Every row of every table, by id, without what legitimately differs between two loads. */
async function dump(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = (await db.selectFrom(table).selectAll().orderBy('id').execute()) as Record<string, unknown>[];
    result[table] = rows.map(({ password_hash: _hash, created_at: _created, ...rest }) => rest);
  }
  return result;
}

async function count(db: Kysely<Database>, table: (typeof TABLES)[number]): Promise<number> {
  const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const SEED = { scryptLogN: 10 };

describe(`demo data (${dialect})`, () => {
  // Midday in Mexico City: the same calendar date there and in UTC.
  const clock = testClock(new Date('2025-03-10T18:30:00Z'));
  let a: TestDatabase;
  let b: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    a = await openTestDatabase();
    // On PostgreSQL b is a second schema migrated while a's already has Kysely's migration tables.
    b = await openTestDatabase();
    db = a.handle.db;
    expect(await isEmpty(db)).toBe(true);
    await seedDemo(db, { ...SEED, clock });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  async function condo(subdomain: string) {
    return db.selectFrom('condominiums').selectAll().where('subdomain', '=', subdomain).executeTakeFirstOrThrow();
  }

  it('has the three condominiums', async () => {
    const rows = await db.selectFrom('condominiums').select(['name', 'subdomain', 'status']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'Residencial Las Palmas', subdomain: 'palmas', status: 'A' },
      { name: 'Torres del Bosque', subdomain: 'bosque', status: 'P' },
      { name: 'Villas del Mar', subdomain: 'villas', status: 'A' },
    ]);
  });

  it('gives Las Palmas towers A and B and 260 dwellings, 60 of them outside any tower', async () => {
    const palmas = await condo('palmas');
    expect(palmas).toMatchObject({ mostrar_ingresos: 'T', background_color: 'verde', aviso_activo: 1, login_error: null });
    expect(palmas.aviso_privacidad).toBeTruthy();
    const towers = await db
      .selectFrom('towers')
      .select(['id', 'name'])
      .where('condo_id', '=', palmas.id)
      .orderBy('name')
      .execute();
    expect(towers.map((t) => t.name)).toEqual(['Torre A', 'Torre B']);
    const apartments = await db.selectFrom('apartments').select(['tower_id', 'name']).where('condo_id', '=', palmas.id).execute();
    expect(apartments).toHaveLength(260);
    expect(apartments.filter((x) => x.tower_id === null)).toHaveLength(60);
    for (const tower of towers) expect(apartments.filter((x) => x.tower_id === tower.id)).toHaveLength(100);
    // Dwelling names are unique within a tower (and among the houses).
    const keys = apartments.map((x) => `${x.tower_id}/${x.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills Las Palmas with neighbours besides the named accounts', async () => {
    const palmas = await condo('palmas');
    const residents = await db
      .selectFrom('memberships')
      .select(db.fn.countAll<number>().as('n'))
      .where('condo_id', '=', palmas.id)
      .where('is_admin', '=', 0)
      .where('is_employee', '=', 0)
      .where('is_guard', '=', 0)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(residents.n)).toBeGreaterThanOrEqual(50);
  });

  it('makes Torres del Bosque a trial ending 30 days after the clock’s date', async () => {
    const bosque = await condo('bosque');
    expect(bosque.status).toBe('P');
    expect(bosque.end_subscription).toBe('2025-04-09');
  });

  it('makes Villas del Mar refuse sign-in with its subscription ended', async () => {
    const villas = await condo('villas');
    expect(villas.login_error).toBe('Suscripción vencida');
    expect(villas.end_subscription! < '2025-03-10').toBe(true);
  });

  it('has the demo accounts of DESIGN.md §6, all with the documented password', async () => {
    const memberships = await db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select([
        'u.email',
        'c.subdomain',
        'm.is_admin',
        'm.is_board',
        'm.is_employee',
        'm.is_guard',
        'm.is_supervisor',
        'm.active',
      ])
      .where('u.email', 'in', [
        'admin@demo.mx',
        'consejo@demo.mx',
        'residente@demo.mx',
        'empleado@demo.mx',
        'guardia@demo.mx',
        'supervisor@demo.mx',
        'inactivo@demo.mx',
      ])
      .orderBy('u.email')
      .orderBy('c.subdomain')
      .execute();
    const role = (m: (typeof memberships)[number]) =>
      `${m.email} ${m.subdomain} ${m.is_admin}${m.is_board}${m.is_employee}${m.is_guard}${m.is_supervisor} ${m.active ? 'active' : 'inactive'}`;
    expect(memberships.map(role)).toEqual([
      'admin@demo.mx bosque 10000 active',
      'admin@demo.mx palmas 10000 active',
      'admin@demo.mx villas 00000 active',
      'consejo@demo.mx palmas 01000 active',
      'empleado@demo.mx palmas 00100 active',
      'guardia@demo.mx palmas 00010 active',
      'inactivo@demo.mx palmas 00000 inactive',
      'residente@demo.mx palmas 00000 active',
      'supervisor@demo.mx palmas 00101 active',
    ]);
    const users = await db.selectFrom('users').select(['email', 'password_hash']).execute();
    for (const user of users) expect(user.email).toBe(user.email.toLowerCase());
    const admin = users.find((u) => u.email === 'admin@demo.mx')!;
    expect(admin.password_hash.startsWith('scrypt$10$')).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, admin.password_hash)).toBe(true);
    expect(await verifyPassword('demo1234!', admin.password_hash)).toBe(false);
  });

  it('has the resident in Torre A - 101, with the privacy notice not accepted', async () => {
    const row = await db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .innerJoin('residencies as r', 'r.membership_id', 'm.id')
      .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .select(['t.name as tower', 'a.name as apartment', 'm.privacy_accepted_at'])
      .where('u.email', '=', 'residente@demo.mx')
      .execute();
    expect(row).toEqual([{ tower: 'Torre A', apartment: '101', privacy_accepted_at: null }]);
  });

  it('gives Las Palmas forty requests to the administrator across every state and age, walked like the server would', async () => {
    const palmas = await condo('palmas');
    const section = await db
      .selectFrom('sections')
      .selectAll()
      .where('condo_id', '=', palmas.id)
      .where('code', '=', 'SA')
      .executeTakeFirstOrThrow();
    expect(section).toMatchObject({ mensaje_confirmacion: DEMO_TICKET_CONFIRMATION, enviar_copia: 1 });
    const categories = await db
      .selectFrom('ticket_categories')
      .select(['name', 'active'])
      .where('condo_id', '=', palmas.id)
      .orderBy('position')
      .execute();
    expect(categories).toEqual(DEMO_TICKET_CATEGORIES.map((name) => ({ name, active: 1 })));
    const tickets = await db.selectFrom('tickets').selectAll().execute();
    expect(tickets).toHaveLength(40);
    expect(tickets.every((t) => t.section_id === section.id && t.condo_id === palmas.id)).toBe(true);
    const byState: Record<string, number> = {};
    for (const t of tickets) byState[t.state] = (byState[t.state] ?? 0) + 1;
    expect(byState).toEqual({ nuevo: 6, asignado: 6, en_proceso: 7, en_espera: 3, resuelto: 4, cerrado: 11, cancelado: 3 });
    const now = clock.now().getTime();
    const ages = tickets.map((t) => (now - Date.parse(t.created_at)) / 86_400_000);
    expect(Math.min(...ages)).toBeLessThan(0.25);
    expect(Math.max(...ages)).toBeGreaterThan(80);
    expect(Math.max(...ages)).toBeLessThan(95);

    const user = async (email: string) =>
      (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const own = await db
      .selectFrom('tickets as t')
      .leftJoin('apartments as a', 'a.id', 't.apartment_id')
      .leftJoin('towers as w', 'w.id', 'a.tower_id')
      .select(['t.state', 'a.name', 'w.name as tower', 't.common_area'])
      .where('t.requester_user_id', '=', await user('residente@demo.mx'))
      .execute();
    expect(own).toHaveLength(7);
    expect(new Set(own.map((t) => t.state)).size).toBe(7);
    expect(own.filter((t) => t.name !== null).every((t) => `${t.tower} - ${t.name}` === 'Torre A - 101')).toBe(true);
    expect(tickets.filter((t) => t.assignee_user_id === null).every((t) => ['nuevo', 'cancelado'].includes(t.state))).toBe(true);
    const employee = await user('empleado@demo.mx');
    expect(tickets.filter((t) => t.assignee_user_id === employee).length).toBeGreaterThan(10);

    // Overdue: open past the due date, the administrators told once; the rest wait for their jobs.
    const nowIso = clock.now().toISOString();
    const open = tickets.filter((t) => (OPEN_STATES as readonly string[]).includes(t.state));
    const overdue = open.filter((t) => t.due_at! < nowIso);
    expect(overdue).toHaveLength(8);
    expect(overdue.every((t) => t.overdue_notified_at === t.due_at)).toBe(true);
    const jobs = await db
      .selectFrom('scheduled_jobs')
      .select(['kind', 'key', 'due_at', 'done_at'])
      .where('kind', 'like', 'ticket-%')
      .execute();
    const job = (kind: string, id: number) => jobs.find((j) => j.kind === kind && j.key === String(id));
    for (const t of open.filter((o) => !overdue.includes(o)))
      expect(job('ticket-overdue', t.id)).toMatchObject({ due_at: t.due_at, done_at: null });
    for (const t of tickets.filter((r) => r.state === 'resuelto')) {
      expect(Date.parse(job('ticket-autoclose', t.id)!.due_at) - Date.parse(t.resolved_at!)).toBe(7 * 86_400_000);
      expect(Date.parse(t.resolved_at!)).toBeGreaterThan(now - 7 * 86_400_000);
    }
    expect(jobs).toHaveLength(open.length - overdue.length + 4);
    const overdueNotices = await db
      .selectFrom('notifications')
      .select('props')
      .where('titulo', '=', 'Solicitud vencida')
      .execute();
    expect(overdueNotices.map((n) => JSON.parse(n.props).taskID).sort()).toEqual(overdue.map((t) => t.id).sort());

    // Every timeline ends where its request stands, and the closed ones' times agree with it.
    const events = await db.selectFrom('ticket_events').selectAll().orderBy('id').execute();
    for (const t of tickets) {
      const own = events.filter((e) => e.ticket_id === t.id);
      expect(own[0]).toMatchObject({ kind: 'creada', to_value: 'nuevo' });
      const last = own.filter((e) => e.kind === 'estado').at(-1);
      expect(last?.to_value ?? 'nuevo').toBe(t.state);
      expect(t.version).toBe(1 + own.filter((e) => e.kind === 'estado').length);
      if (t.state === 'cerrado' || t.state === 'cancelado') expect(t.closed_at).toBe(last!.created_at);
      expect(own.every((e) => e.created_at <= nowIso)).toBe(true);
    }
    expect(events.filter((e) => e.kind === 'nota').every((e) => e.internal === 1)).toBe(true);
    expect(events.some((e) => e.kind === 'estado' && e.user_id === null && e.to_value === 'cerrado')).toBe(true);
    const ratings = await db.selectFrom('ticket_ratings').select('stars').execute();
    expect(ratings).toHaveLength(7);
  });

  it('gives Las Palmas’ IC section conversations with read and unread messages, and one reported message', async () => {
    const palmas = await condo('palmas');
    const section = await db
      .selectFrom('sections')
      .select('id')
      .where('condo_id', '=', palmas.id)
      .where('code', '=', 'IC')
      .executeTakeFirstOrThrow();
    const party = async (email: string) =>
      (
        await db
          .selectFrom('users as u')
          .innerJoin('memberships as m', 'm.user_id', 'u.id')
          .innerJoin('residencies as r', 'r.membership_id', 'm.id')
          .select('r.apartment_id')
          .where('u.email', '=', email)
          .executeTakeFirstOrThrow()
      ).apartment_id;
    const [residente, consejo, vecino25, vecino26] = await Promise.all(
      ['residente@demo.mx', 'consejo@demo.mx', 'vecino025@demo.mx', 'vecino026@demo.mx'].map(party),
    );
    const conversations = await db.selectFrom('conversations').selectAll().orderBy('id').execute();
    expect(new Set(conversations.map((c) => c.section_id))).toEqual(new Set([section.id]));
    const pairs = conversations.map((c) => [c.party_a_apartment_id, c.party_b_apartment_id]);
    const sorted = (a: number, b: number) => [Math.min(a, b), Math.max(a, b)];
    expect(pairs).toEqual([[residente, null], sorted(residente!, consejo!), sorted(vecino25!, vecino26!), [consejo, null]]);
    const between = conversations[1]!;
    const messages = await db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', between.id)
      .orderBy('id')
      .execute();
    const read = (from: number, isRead: boolean) =>
      messages.filter((m) => m.sender_apartment_id === from && (m.read_at !== null) === isRead).length;
    // Read both ways; consejo's last two wait for residente.
    expect([read(residente!, true), read(consejo!, true), read(consejo!, false)]).toEqual([2, 1, 2]);
    for (const m of messages) if (m.read_at) expect(m.read_at > m.created_at).toBe(true);
    // Each conversation's messages in time order.
    const all = await db.selectFrom('messages').select(['conversation_id', 'created_at']).orderBy('id').execute();
    for (const c of conversations) {
      const times = all.filter((m) => m.conversation_id === c.id).map((m) => m.created_at);
      expect([...times].sort()).toEqual(times);
    }
    const reports = await db
      .selectFrom('message_reports as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['m.conversation_id', 'm.sender_apartment_id', 'r.state'])
      .execute();
    expect(reports).toEqual([{ conversation_id: conversations[2]!.id, sender_apartment_id: vecino26, state: 'nuevo' }]);
    // Every unread message told its readers.
    const unread = await db
      .selectFrom('messages')
      .select(db.fn.countAll<number>().as('n'))
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    const told = await db
      .selectFrom('notifications')
      .select(db.fn.countAll<number>().as('n'))
      .where('modulo', '=', 'mensaje')
      .executeTakeFirstOrThrow();
    expect(Number(unread.n)).toBe(5);
    expect(Number(told.n)).toBe(5);
  });

  it('loads the same rows every time from the same clock', async () => {
    await seedDemo(b.handle.db, { ...SEED, clock });
    const [first, second] = await Promise.all([dump(db), dump(b.handle.db)]);
    expect(first.apartments).toHaveLength(260 + 40 + 12);
    expect(second).toEqual(first);
  });

  it('gives Las Palmas a timeline at the same times relative to the clock on every load', async () => {
    const history = (d: Kysely<Database>) =>
      d
        .selectFrom('activity')
        .select(['condo_id', 'kind', 'subject', 'detail', 'actor_user_id', 'created_at'])
        .orderBy('id')
        .execute();
    const [first, second] = await Promise.all([history(db), history(b.handle.db)]);
    expect(first.length).toBeGreaterThan(20);
    expect(second).toEqual(first);
    const palmas = await condo('palmas');
    expect(new Set(first.map((a) => a.condo_id))).toEqual(new Set([palmas.id]));
    const now = clock.now().getTime();
    const ages = first.map((a) => (now - Date.parse(a.created_at)) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(59);
    expect(Math.max(...ages)).toBeLessThan(61);
    expect(Math.min(...ages)).toBeGreaterThan(0);
  });

  it('leaves a non-empty database alone in seedIfEmpty', async () => {
    await db.updateTable('condominiums').set({ name: 'Las Palmas renombrado' }).where('subdomain', '=', 'palmas').execute();
    const users = await count(db, 'users');
    expect(await seedIfEmpty(db, { ...SEED, clock })).toBe(false);
    expect(await count(db, 'users')).toBe(users);
    expect(await count(db, 'condominiums')).toBe(3);
    expect((await condo('palmas')).name).toBe('Las Palmas renombrado');
  });

  it('loads the same data again with resetAndSeed, whatever was changed or added', async () => {
    const palmas = await condo('palmas');
    await db.deleteFrom('towers').where('name', '=', 'Torre B').execute();
    await db
      .insertInto('users')
      .values({ email: 'intruso@demo.mx', name: 'Intruso', password_hash: 'x', photo_file_name: null, created_at: 'now' })
      .execute();
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({
        token_hash: 'f'.repeat(64),
        user_id: admin.id,
        condo_id: palmas.id,
        kind: 'condo',
        parent_id: null,
        remember_me: 0,
        created_at: 'now',
        last_seen_at: 'now',
        expires_at: 'later',
        absolute_expires_at: 'later',
      })
      .execute();

    // Rows in the tables of the account issue: a photo, a reset link, a mail, some activity.
    const file = await db
      .insertInto('files')
      .values({
        owner_user_id: admin.id,
        content_type: 'image/png',
        byte_size: 1,
        sha256: 'x',
        data: Buffer.from([1]),
        created_at: 'now',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ photo_file_id: file.id }).where('id', '=', admin.id).execute();
    await db
      .insertInto('files')
      .values({
        owner_user_id: null,
        content_type: 'text/plain',
        byte_size: 1,
        sha256: 'y',
        data: Buffer.from([2]),
        created_at: 'now',
      })
      .execute();
    await db
      .insertInto('password_resets')
      .values({
        user_id: admin.id,
        token_hash: 'e'.repeat(64),
        created_at: 'now',
        expires_at: 'later',
        used_at: null,
        revoked_at: null,
      })
      .execute();
    await db
      .insertInto('mail_outbox')
      .values({ to_address: 'admin@demo.mx', subject: 's', text: 't', html: 'h', created_at: 'now', sent_at: null })
      .execute();
    await db
      .insertInto('activity')
      .values({
        condo_id: palmas.id,
        kind: 'member.joined',
        subject: 'Intruso',
        detail: null,
        actor_user_id: null,
        created_at: 'now',
      })
      .execute();
    await db.insertInto('app_secrets').values({ name: 'photo-url', value: 'a-key', created_at: 'now' }).execute();

    await resetAndSeed(db, { ...SEED, clock });
    // The server's own secrets are not demo data: they survive.
    expect(await db.selectFrom('app_secrets').select('value').execute()).toEqual([{ value: 'a-key' }]);
    // The same rows under the same ids as a first load, so ids in demo links (the visitor pass) stay valid.
    expect(await dump(db)).toEqual(await dump(b.handle.db));
  });
});

describe(`demo data dates (${dialect})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t?.close());

  it('counts the trial from the condominium’s calendar day, not UTC’s', async () => {
    // 21:00 on 9 March in Mexico City is already 10 March in UTC.
    expect(await seedIfEmpty(t.handle.db, { ...SEED, clock: testClock(new Date('2025-03-10T03:00:00Z')) })).toBe(true);
    const bosque = await t.handle.db
      .selectFrom('condominiums')
      .select('end_subscription')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    expect(bosque.end_subscription).toBe('2025-04-08');
  });
});
