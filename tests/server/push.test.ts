// Web Push (issue 30, "Notifications that reach a closed app"), on both databases, against a local push service
// (tests/support/pushServiceFake.ts) whose browsers the test makes, keys and all: a browser turned on in mi-perfil
// gets each notification of its person in that condominium, worded in the person's language, encrypted so that only
// it can read it (decrypted here, aes128gcm) and signed with the server's one VAPID key (verified here); a kind
// turned off sends none; 404/410 remove the subscription; busy push services are tried again later; each push
// leaves once however many server processes poll; a notification rolled back pushes nothing.
import { createECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { createPushSender, PUSH_RETRY_FIRST_DELAY_MS, type PushSender } from '../../server/domain/push/delivery';
import { PUSH_SUBSCRIPTIONS_PER_PERSON } from '../../server/domain/push/subscriptions';
import { notificationWords } from '../../server/domain/shared/notificationWords';
import { notify } from '../../server/domain/shared/notify';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { PUSH_KINDS, PUSH_PATHS } from '../../src/api/push';
import { ticketPath } from '../../src/api/sections';
import { SESSION_PATHS } from '../../src/api/sessions';
import { TICKETS_PATHS } from '../../src/api/tickets';
import { api } from '../support/http';
import { type FakeBrowser, type PushServiceFake, startPushServiceFake } from '../support/pushServiceFake';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const quiet = { failed: () => {}, gone: () => {}, broken: () => {} };

describe(`Web Push (${dialect})`, () => {
  const clock = testClock(new Date('2026-07-06T17:00:00Z'));
  let t: TestApp;
  let push: PushServiceFake;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  let palmas: number;
  let sectionId: number;
  let category: number;
  let dwelling: number;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    push = await startPushServiceFake();
    t = await createTestApp({ clock, env: { WEB_PUSH_ENDPOINTS: push.origin, SESSION_IDLE_MINUTES: '10080' } });
    for (const who of ['admin', 'consejo', 'residente']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`, PALMAS);
      users[who] = (
        await t.app.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.mx`).executeTakeFirstOrThrow()
      ).id;
    }
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    sectionId = (
      await t.app.db
        .selectFrom('sections')
        .select('id')
        .where('condo_id', '=', palmas)
        .where('code', '=', 'SA')
        .executeTakeFirstOrThrow()
    ).id;
    category = (
      await t.app.db.selectFrom('ticket_categories').select('id').where('condo_id', '=', palmas).executeTakeFirstOrThrow()
    ).id;
    const section = await call(t.app, 'GET', api(TICKETS_PATHS.section(sectionId)), { token: tokens.residente });
    dwelling = (section.json() as { viviendas: { ApmtId: number }[] }).viviendas[0]!.ApmtId;
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await push?.close();
  });

  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });
  const subscribe = (who: string, browser: FakeBrowser) => post(who, PUSH_PATHS.subscribe, browser.subscription);
  async function subscribed(who: string): Promise<FakeBrowser> {
    const browser = push.browser();
    const res = await subscribe(who, browser);
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }
  /** The resident files a request: the condominium's administrators are told (tickets/notices.ts). */
  async function fileTicket(title: string): Promise<number> {
    const res = await post('residente', TICKETS_PATHS.create, {
      sectionId,
      categoriaId: category,
      Titulo: title,
      Descripcion: `${title}: desde el lunes.`,
      ApmtId: dwelling,
      Prioridad: 'media',
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { TicketId: number }).TicketId;
  }
  /** Tells `who` directly, in a transaction of its own (what every area does through notify()). */
  async function tell(who: string, n: number) {
    await t.app.db.transaction().execute((trx) =>
      notify(trx, clock, [users[who]!], {
        condoId: palmas,
        titulo: `Aviso ${n}`,
        textoApp: `Texto del aviso ${n}`,
        modulo: 'publicacion',
        props: { postID: n },
      }),
    );
  }
  const outbox = () => t.app.db.selectFrom('push_outbox').selectAll().orderBy('id').execute();
  const subscriptionOf = (browser: FakeBrowser) =>
    t.app.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', browser.endpoint).executeTakeFirst();
  async function publicKey(app: FastifyInstance = t.app, token = tokens.admin) {
    const res = await call(app, 'GET', api(PUSH_PATHS.settings), { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { publicKey: string }).publicKey;
  }
  /** Forgets every push and subscription, so a test counts only its own. */
  async function fresh() {
    await t.app.db.deleteFrom('push_outbox').execute();
    await t.app.db.deleteFrom('push_subscriptions').execute();
    await t.app.db.deleteFrom('push_preferences').execute();
    push.received.length = 0;
  }

  it('gives one P-256 VAPID key, kept, and every kind on until the person turns one off', async () => {
    const res = await call(t.app, 'GET', api(PUSH_PATHS.settings), { token: tokens.residente });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { publicKey: string; kinds: { kind: string; enabled: boolean }[] };
    const key = Buffer.from(body.publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(body.kinds).toEqual(PUSH_KINDS.map((kind) => ({ kind, enabled: true })));
    expect(await publicKey()).toBe(body.publicKey);
    expect((await call(t.app, 'GET', api(PUSH_PATHS.settings))).statusCode).toBe(401);
  });

  it('takes a browser on the listed push services only, with keys that can be encrypted for', async () => {
    await fresh();
    const browser = push.browser();
    const refused = async (subscription: object, field: string, messageId: string) => {
      const res = await post('admin', PUSH_PATHS.subscribe, subscription);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field, messageId });
    };
    const elsewhere = { ...browser.subscription, endpoint: 'https://evil.example/push/1' };
    await refused(elsewhere, 'endpoint', 'push.refused.endpoint');
    // The listed origin exactly: not another port of the same host, not https to it.
    const otherPort = new URL(push.origin);
    otherPort.port = String(Number(otherPort.port) + 1);
    await refused({ ...browser.subscription, endpoint: `${otherPort.origin}/push/1` }, 'endpoint', 'push.refused.endpoint');
    const notAPoint = Buffer.from(browser.keys.p256dh, 'base64url');
    notAPoint[0] = 5;
    await refused(
      { ...browser.subscription, keys: { ...browser.keys, p256dh: notAPoint.toString('base64url') } },
      'keys.p256dh',
      'push.refused.keys',
    );
    await refused(
      { ...browser.subscription, keys: { ...browser.keys, auth: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
      'keys.auth',
      'push.refused.keys',
    );
    expect(await t.app.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);

    expect((await subscribe('admin', browser)).statusCode).toBe(200);
    const row = await subscriptionOf(browser);
    expect(row).toMatchObject({ user_id: users.admin, condo_id: palmas, p256dh: browser.keys.p256dh, auth: browser.keys.auth });
    const status = async (who: string) =>
      (await post(who, PUSH_PATHS.status, { endpoint: browser.endpoint })).json() as { subscribed: boolean };
    expect(await status('admin')).toEqual({ success: true, subscribed: true });
    expect(await status('consejo')).toEqual({ success: true, subscribed: false });
    // Nobody turns off another person's browser.
    expect((await post('consejo', PUSH_PATHS.unsubscribe, { endpoint: browser.endpoint })).statusCode).toBe(200);
    expect(await subscriptionOf(browser)).toBeDefined();
    expect((await post('admin', PUSH_PATHS.unsubscribe, { endpoint: browser.endpoint })).statusCode).toBe(200);
    expect(await subscriptionOf(browser)).toBeUndefined();
  });

  it('pushes a committed notification to each browser of the person told: encrypted for it, signed, its screen named', async () => {
    await fresh();
    const phone = await subscribed('admin');
    const laptop = await subscribed('admin');
    const someoneElse = await subscribed('consejo');
    const ticketId = await fileTicket('Fuga en el estacionamiento');
    const notice = await t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', users.admin!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await outbox()).map((row) => row.notification_id)).toEqual([notice.id, notice.id]);

    expect(await t.app.pushSender.runOnce()).toBe(2);
    expect(push.pushesFor(someoneElse.endpoint)).toEqual([]);
    const key = await publicKey();
    const spanish = notificationWords('es', notice);
    for (const browser of [phone, laptop]) {
      const [received, ...more] = push.pushesFor(browser.endpoint);
      expect(more).toEqual([]);
      expect(received!.payload).toEqual({
        title: spanish.Titulo,
        body: spanish.TextoApp,
        path: `/condominio${ticketPath(sectionId, ticketId)}`,
        tag: `notification-${notice.id}`,
      });
      expect(received!.vapidProblem).toBeNull();
      expect(received!.vapidKey).toBe(key);
      expect(received!.claims).toMatchObject({ aud: push.origin, sub: t.config.webPush.subject });
      expect(received!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'normal', topic: `n${notice.id}` });
      expect(Number(received!.headers.ttl)).toBeGreaterThan(23 * 3600);
      expect(Number(received!.headers.ttl)).toBeLessThanOrEqual(24 * 3600);
      expect(received!.size).toBeLessThanOrEqual(4096);
      expect((await subscriptionOf(browser))?.last_success_at).toBe(clock.now().toISOString());
    }
    expect(await outbox()).toEqual([]);
    expect(await t.app.pushSender.runOnce()).toBe(0);
  });

  it('words the push in the person’s language, and fits a long text in the push services’ 4 KB', async () => {
    await fresh();
    const phone = await subscribed('admin');
    expect((await post('admin', ACCOUNT_PATHS.language, { language: 'en' })).statusCode).toBe(200);
    try {
      await fileTicket('Portón atorado');
      await t.app.db.transaction().execute((trx) =>
        notify(trx, clock, [users.admin!], {
          condoId: palmas,
          titulo: 'Aviso largo',
          textoApp: '𝄞 nota '.repeat(900),
          modulo: 'recordatorio',
          props: { ApartmentId: dwelling },
        }),
      );
      expect(await t.app.pushSender.runOnce()).toBe(2);
      // Pushes go side by side: found by what they are, not by the order they arrived in.
      const payloads = push
        .pushesFor(phone.endpoint)
        .map((received) => received.payload as { title: string; body: string; path: string });
      const long = payloads.find((payload) => payload.title === 'Aviso largo');
      const ticket = payloads.find((payload) => payload !== long);
      const notice = await t.app.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', users.admin!)
        .where('modulo', '=', 'ticket')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(ticket!.title).toBe(notificationWords('en', notice).Titulo);
      expect(ticket!.title).not.toBe(notificationWords('es', notice).Titulo);
      expect(long).toMatchObject({ title: 'Aviso largo', path: '/condominio/financiero' });
      expect(long!.body.endsWith('…')).toBe(true);
      expect(push.pushesFor(phone.endpoint).every((received) => received.size <= 4096)).toBe(true);
    } finally {
      await post('admin', ACCOUNT_PATHS.language, { language: 'es' });
    }
  });

  it('sends nothing of a kind the person turned off, nor what was queued before they did', async () => {
    await fresh();
    const phone = await subscribed('admin');
    await tell('admin', 1);
    expect((await post('admin', PUSH_PATHS.kind, { kind: 'publicacion', enabled: false })).statusCode).toBe(200);
    await tell('admin', 2);
    // The second was never queued; the first, queued before, is dropped when its turn comes.
    expect(await outbox()).toHaveLength(1);
    await fileTicket('Luz fundida');
    expect(await t.app.pushSender.runOnce()).toBe(1);
    expect(push.pushesFor(phone.endpoint).map((received) => (received.payload as { path: string }).path)).toEqual([
      expect.stringContaining('/condominio/comunicacion/tickets-administrador/'),
    ]);
    expect(await outbox()).toEqual([]);
    const settings = (await call(t.app, 'GET', api(PUSH_PATHS.settings), { token: tokens.admin })).json() as {
      kinds: { kind: string; enabled: boolean }[];
    };
    expect(settings.kinds.filter((k) => !k.enabled)).toEqual([{ kind: 'publicacion', enabled: false }]);
    expect((await post('admin', PUSH_PATHS.kind, { kind: 'publicacion', enabled: true })).statusCode).toBe(200);
    await tell('admin', 3);
    expect(await t.app.pushSender.runOnce()).toBe(1);
  });

  it('pushes nothing for a notification whose transaction rolled back', async () => {
    await fresh();
    await subscribed('admin');
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await notify(trx, clock, [users.admin!], { condoId: palmas, titulo: 'Nunca', textoApp: 'Nunca', modulo: 'publicacion' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
    expect(await t.app.pushSender.runOnce()).toBe(0);
    expect(push.received).toEqual([]);
  });

  it('removes a subscription the push service says is gone (410, 404), with every push queued for it', async () => {
    await fresh();
    const gone = await subscribed('admin');
    const forgotten = await subscribed('admin');
    const alive = await subscribed('admin');
    push.answer(gone.endpoint, 410);
    push.answer(forgotten.endpoint, 404);
    await tell('admin', 1);
    await tell('admin', 2);
    expect(await outbox()).toHaveLength(6);
    expect(await t.app.pushSender.runOnce()).toBe(2);
    expect(await subscriptionOf(gone)).toBeUndefined();
    expect(await subscriptionOf(forgotten)).toBeUndefined();
    expect(await subscriptionOf(alive)).toBeDefined();
    // Each push queued for a gone one went with it (both may have been in flight at once: pushes go side by side).
    expect(push.pushesFor(gone.endpoint).length).toBeLessThanOrEqual(2);
    expect(push.pushesFor(alive.endpoint)).toHaveLength(2);
    expect(await outbox()).toEqual([]);
    await tell('admin', 3);
    expect(await outbox()).toHaveLength(1);
  });

  it('tries a busy push service again after a backoff (its Retry-After if longer), and gives up on a refusal', async () => {
    await fresh();
    const busy = await subscribed('admin');
    const limited = await subscribed('admin');
    const refusing = await subscribed('admin');
    push.answer(busy.endpoint, 503);
    push.answer(limited.endpoint, 429, '600');
    push.answer(refusing.endpoint, 400);
    await tell('admin', 1);
    expect(await t.app.pushSender.runOnce()).toBe(0);
    const rows = new Map((await outbox()).map((row) => [row.subscription_id, row]));
    const rowOf = async (browser: FakeBrowser) => rows.get((await subscriptionOf(browser))!.id)!;
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    expect(await rowOf(busy)).toMatchObject({ attempts: 1, next_attempt_at: at(PUSH_RETRY_FIRST_DELAY_MS), claimed_by: null });
    expect((await rowOf(busy)).last_error).toContain('503');
    expect(await rowOf(limited)).toMatchObject({ attempts: 1, next_attempt_at: at(600_000) });
    expect(await rowOf(refusing)).toMatchObject({ attempts: 1, next_attempt_at: null });
    expect((await rowOf(refusing)).last_error).toContain('400');

    // Not due yet: nothing is sent again.
    expect(await t.app.pushSender.runOnce()).toBe(0);
    expect(push.received).toHaveLength(3);
    push.answer(busy.endpoint, 201);
    push.answer(limited.endpoint, 201);
    clock.advanceMinutes(1);
    expect(await t.app.pushSender.runOnce()).toBe(1);
    clock.advanceMinutes(10);
    expect(await t.app.pushSender.runOnce()).toBe(1);
    expect(push.pushesFor(busy.endpoint)).toHaveLength(2);
    expect(push.pushesFor(limited.endpoint)).toHaveLength(2);
    expect(push.pushesFor(refusing.endpoint)).toHaveLength(1);
    // The refused one stays, given up, for whoever investigates; it goes with its subscription.
    expect((await outbox()).map((row) => row.next_attempt_at)).toEqual([null]);
  });

  it('gives up a push whose notification is a day old: the bell has it, the phone no longer needs it', async () => {
    await fresh();
    const phone = await subscribed('admin');
    await tell('admin', 1);
    clock.advanceMinutes(24 * 60);
    expect(await t.app.pushSender.runOnce()).toBe(0);
    expect(push.pushesFor(phone.endpoint)).toEqual([]);
    expect(await outbox()).toMatchObject([{ next_attempt_at: null, last_error: expect.stringContaining('older than a day') }]);
  });

  it('moves a browser to whoever turns it on next, with none of the former owner’s pushes', async () => {
    await fresh();
    const shared = await subscribed('admin');
    await tell('admin', 1);
    expect((await subscribe('consejo', shared)).statusCode).toBe(200);
    expect(await subscriptionOf(shared)).toMatchObject({ user_id: users.consejo, condo_id: palmas });
    expect(await outbox()).toEqual([]);
    await tell('admin', 2);
    await tell('consejo', 3);
    expect(await t.app.pushSender.runOnce()).toBe(1);
    expect(push.pushesFor(shared.endpoint).map((received) => (received.payload as { title: string }).title)).toEqual(['Aviso 3']);
  });

  it('stops the pushes of a browser whose session is ended by hand: signed out, or ended from another device', async () => {
    await fresh();
    // A shared tablet: the resident turns pushes on in a session of their own, then signs out.
    const tablet = await signInAs(t.app, 'residente@demo.mx', PALMAS);
    const shared = push.browser();
    expect(
      (await call(t.app, 'POST', api(PUSH_PATHS.subscribe), { token: tablet, payload: shared.subscription })).statusCode,
    ).toBe(200);
    await tell('residente', 1);
    expect(await outbox()).toHaveLength(1);
    expect((await call(t.app, 'POST', api(SESSION_PATHS.signOut), { token: tablet })).statusCode).toBe(200);
    expect(await subscriptionOf(shared)).toBeUndefined();
    // What was queued for it goes with it, and nothing new is queued.
    await tell('residente', 2);
    expect(await outbox()).toEqual([]);

    // A phone's session ended from another device of the same person.
    const phoneSession = await signInAs(t.app, 'residente@demo.mx', PALMAS);
    const phone = push.browser();
    expect(
      (await call(t.app, 'POST', api(PUSH_PATHS.subscribe), { token: phoneSession, payload: phone.subscription })).statusCode,
    ).toBe(200);
    const kept = await subscribed('residente');
    const others = await call(t.app, 'POST', api(SESSION_PATHS.revokeOtherSessions), { token: tokens.residente });
    expect(others.statusCode, others.body).toBe(200);
    expect(await subscriptionOf(phone)).toBeUndefined();
    // The browser of the session that asked keeps its pushes; a session that only runs out would too.
    expect(await subscriptionOf(kept)).toMatchObject({ user_id: users.residente });
    await tell('residente', 3);
    expect(await t.app.pushSender.runOnce()).toBe(1);
    expect(push.pushesFor(kept.endpoint)).toHaveLength(1);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_PERSON} browsers per person, the longest unused going first`, async () => {
    await fresh();
    const browsers: FakeBrowser[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_PERSON; i++) {
      browsers.push(await subscribed('residente'));
      clock.advanceMinutes(1);
    }
    const kept = await t.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', users.residente!)
      .execute();
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      browsers
        .slice(1)
        .map((b) => b.endpoint)
        .sort(),
    );
  });

  it('sends each push once when two server processes poll at once', async () => {
    await fresh();
    const browsers = [await subscribed('admin'), await subscribed('admin'), await subscribed('consejo')];
    for (let n = 1; n <= 12; n++) {
      await tell('admin', n);
      await tell('consejo', n);
    }
    expect(await outbox()).toHaveLength(36);
    let other: PushSender;
    if (dialect === 'postgres') {
      // Another app on the same database, as a second process behind the load balancer is.
      const second = await buildApp(t.config, { clock });
      closers.push(() => second.close());
      expect(await publicKey(second)).toBe(await publicKey());
      other = second.pushSender;
    } else {
      // SQLite has one process: a second sender with its own claims over the same database.
      other = createPushSender({
        db: t.app.db,
        clock,
        vapid: () => t.app.vapidKeys(),
        subject: t.config.webPush.subject,
        endpoints: t.config.webPush.endpoints,
        intervalMs: 0,
        log: quiet,
      });
    }
    const [mine, theirs] = await Promise.all([t.app.pushSender.runOnce(), other.runOnce()]);
    expect(mine + theirs).toBe(36);
    expect(push.received).toHaveLength(36);
    const arrivals = push.received.map((received) => `${received.endpoint} ${(received.payload as { tag: string }).tag}`);
    expect(new Set(arrivals).size).toBe(36);
    expect(await outbox()).toEqual([]);
    expect(await Promise.all([t.app.pushSender.runOnce(), other.runOnce()])).toEqual([0, 0]);
    expect(push.pushesFor(browsers[2]!.endpoint)).toHaveLength(12);
  });
});

describe('Web Push configuration', () => {
  const base = { DATA_DIR: '/tmp/unused' };
  const pair = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message;
    }
    return null;
  };

  it('takes a VAPID pair from the environment, whole and matching, or keeps its own', () => {
    const keys = pair();
    expect(
      loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).webPush.vapidKeys,
    ).toEqual(keys);
    expect(loadConfig(base).webPush.vapidKeys).toBeNull();
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey })).toMatch(/^VAPID_PRIVATE_KEY: must be set with its pair/);
    expect(refusal({ VAPID_PUBLIC_KEY: pair().publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(
      /^VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'short' })).toMatch(
      /^VAPID_PRIVATE_KEY: must be 32 bytes/,
    );
  });

  it('says whom push services write to, and which push services a subscription may name', () => {
    expect(loadConfig(base).webPush.subject).toBe('mailto:no-responder@localhost');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://app.condominio.mx' }).webPush.subject).toBe('https://app.condominio.mx');
    expect(loadConfig({ ...base, MAIL_FROM: 'Avisos <avisos@condominio.mx>' }).webPush.subject).toBe(
      'mailto:avisos@condominio.mx',
    );
    expect(refusal({ VAPID_SUBJECT: 'http://condominio.mx' })).toMatch(/^VAPID_SUBJECT:/);
    expect(loadConfig(base).webPush.endpoints).toContain('fcm.googleapis.com');
    expect(loadConfig({ ...base, WEB_PUSH_ENDPOINTS: 'push.example.org, http://127.0.0.1:9000' }).webPush.endpoints).toEqual([
      'push.example.org',
      'http://127.0.0.1:9000',
    ]);
    expect(refusal({ WEB_PUSH_ENDPOINTS: 'http://127.0.0.1:9000/push' })).toMatch(
      /^WEB_PUSH_ENDPOINTS: .* must be an origin alone/,
    );
    expect(refusal({ WEB_PUSH_ENDPOINTS: 'not a host' })).toMatch(/^WEB_PUSH_ENDPOINTS:/);
    expect(
      refusal({ WEB_PUSH_ENDPOINTS: 'http://127.0.0.1:9000', NODE_ENV: 'production', PUBLIC_URL: 'https://app.condominio.mx' }),
    ).toMatch(/^WEB_PUSH_ENDPOINTS: .*http is for tests only/);
  });
});
