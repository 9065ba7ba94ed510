// Sends what waits in push_outbox (domain/shared/pushOutbox.ts queues it with the notification): every interval each
// server process claims due rows with one conditional UPDATE (the mail outbox's lease, so each push leaves from one
// process however many poll), words the notification in its recipient's profile language, encrypts it for the
// browser and posts it to its push service. Sent: the row goes. The subscription gone (404, 410): the subscription
// goes, and every push queued for it. Busy or unreachable: tried again after a backoff. Refused for good, or too old
// to be worth showing: given up, the reason kept on the row.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { pushPayload } from '../../../src/api/push';
import type { PushPayload } from '../../../src/api/pushPayload';
import type { VapidKeys } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { createLeasedPoller, type Poller, type PollOutcome } from '../../infra/leasedPoller';
import { endpointAllowed, endpointHost } from '../../infra/webPush/endpoints';
import { type PushResult, type PushTarget, sendWebPush } from '../../infra/webPush/send';
import { notificationWords } from '../shared/notificationWords';
import { recipientLanguage } from '../shared/recipientLanguages';

/** How long a claim lasts: far longer than one push request may take (PUSH_TIMEOUT_MS). */
export const PUSH_LEASE_MS = 2 * 60_000;
export const PUSH_TIMEOUT_MS = 10_000;
/** A notification older than this is no longer worth a push (the bell still has it); also the push service's TTL. */
export const PUSH_MAX_AGE_MS = 24 * 60 * 60_000;
/** The wait after the first failed attempt, doubled after each further one up to PUSH_RETRY_MAX_DELAY_MS. */
export const PUSH_RETRY_FIRST_DELAY_MS = 30_000;
export const PUSH_RETRY_MAX_DELAY_MS = 60 * 60_000;
export const PUSH_MAX_ATTEMPTS = 8;

export function pushRetryDelayMs(attempts: number): number {
  return Math.min(PUSH_RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), PUSH_RETRY_MAX_DELAY_MS);
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export interface PushLog {
  /** A push refused or not answered; `retry` says whether another attempt follows. Names the push service's host. */
  failed(detail: string, status: number | null, host: string, retry: boolean): void;
  /** The push service forgot the subscription: it was removed. */
  gone(host: string): void;
  /** The pass itself broke (the database went away): logged, and the next pass tries again. */
  broken(error: unknown): void;
}

export interface PushSenderDeps {
  db: Kysely<Database>;
  clock: Clock;
  vapid: () => Promise<VapidKeys>;
  subject: string;
  endpoints: readonly string[];
  intervalMs: number;
  log: PushLog;
  /** This sender's name on its claims (default: a random one, as each process has). */
  owner?: string;
  /** The request to the push service (default: over the network); tests may watch it. */
  send?: (target: PushTarget, payload: string, options: Parameters<typeof sendWebPush>[2], now: Date) => Promise<PushResult>;
}

/** runOnce answers how many pushes the push services took. */
export type PushSender = Poller;

const BATCH = 50;
/** Pushes in flight at once per process: each waits on a push service, not on this machine. */
const CONCURRENCY = 8;

async function dueIds(db: Kysely<Database>, now: Date, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('push_outbox')
    .select('id')
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes the row for `owner` if it is still due and no live lease holds it, counting the attempt. */
async function claim(db: Kysely<Database>, id: number, owner: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('push_outbox')
    .set((eb) => ({ claimed_by: owner, claimed_until: later(now, PUSH_LEASE_MS), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The claimed push: its notification, its browser, and whether that browser still takes this kind for this person. */
async function claimedPush(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('push_outbox as o')
    .innerJoin('notifications as n', 'n.id', 'o.notification_id')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select([
      'o.attempts',
      'n.id as notification_id',
      'n.user_id',
      'n.condo_id',
      'n.modulo',
      'n.props',
      'n.titulo',
      'n.texto_app',
      'n.title_id',
      'n.text_id',
      'n.word_values',
      'n.created_at',
      's.id as subscription_id',
      's.user_id as subscription_user_id',
      's.condo_id as subscription_condo_id',
      's.endpoint',
      's.p256dh',
      's.auth',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('push_preferences as p')
            .select('p.id')
            .whereRef('p.user_id', '=', 'n.user_id')
            .whereRef('p.modulo', '=', 'n.modulo')
            .where('p.enabled', '=', 0),
        )
        .as('muted'),
    )
    .where('o.id', '=', id)
    .executeTakeFirst();
}

type ClaimedPush = NonNullable<Awaited<ReturnType<typeof claimedPush>>>;

/** What the push says, in its recipient's language of now. */
export async function payloadOf(db: Kysely<Database>, push: ClaimedPush): Promise<PushPayload> {
  const language = await recipientLanguage(db, push.user_id, { condoId: push.condo_id });
  const words = notificationWords(language, push);
  return pushPayload(
    { title: words.Titulo, text: words.TextoApp },
    { id: push.notification_id, Modulo: push.modulo, Props: push.props },
  );
}

export function createPushSender(deps: PushSenderDeps): PushSender {
  const { db, clock, log } = deps;
  const owner = deps.owner ?? randomUUID();
  const send = deps.send ?? sendWebPush;

  const mine = (id: number) => db.deleteFrom('push_outbox').where('id', '=', id).where('claimed_by', '=', owner);

  async function giveUp(id: number, reason: string) {
    await db
      .updateTable('push_outbox')
      .set({ next_attempt_at: null, last_error: reason, claimed_by: null, claimed_until: null })
      .where('id', '=', id)
      .where('claimed_by', '=', owner)
      .execute();
  }

  async function sendOne(id: number): Promise<PollOutcome> {
    const now = clock.now();
    if (!(await claim(db, id, owner, now))) return 'taken';
    const push = await claimedPush(db, id);
    if (!push) return 'tried';
    // Queued before the browser moved to another person or condominium, or before the kind was turned off: not sent.
    if (push.subscription_user_id !== push.user_id || push.subscription_condo_id !== push.condo_id || push.muted) {
      await mine(id).execute();
      return 'tried';
    }
    const age = now.getTime() - new Date(push.created_at).getTime();
    if (age >= PUSH_MAX_AGE_MS) {
      await giveUp(id, 'Not sent: the notification is older than a day');
      return 'tried';
    }
    const host = endpointHost(push.endpoint);
    if (!endpointAllowed(push.endpoint, deps.endpoints)) {
      await giveUp(id, `Not sent: ${host} is not in WEB_PUSH_ENDPOINTS`);
      log.failed('endpoint not allowed', null, host, false);
      return 'tried';
    }
    const payload = JSON.stringify(await payloadOf(db, push));
    const options = {
      vapid: await deps.vapid(),
      subject: deps.subject,
      ttlSeconds: Math.max(0, Math.floor((PUSH_MAX_AGE_MS - age) / 1000)),
      // A push not yet delivered to an offline browser is replaced by its own retry, never shown twice.
      topic: `n${push.notification_id}`,
      timeoutMs: PUSH_TIMEOUT_MS,
    };
    let result: PushResult;
    try {
      result = await send({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, payload, options, now);
    } catch (error) {
      // The request could not even be made (keys nothing can encrypt for): the same would fail again.
      result = { outcome: 'refused', status: 0, detail: error instanceof Error ? error.message : String(error) };
    }
    const after = clock.now();
    switch (result.outcome) {
      case 'delivered':
        await mine(id).execute();
        await db
          .updateTable('push_subscriptions')
          .set({ last_success_at: after.toISOString() })
          .where('id', '=', push.subscription_id)
          .execute();
        return 'done';
      case 'gone':
        // Every push queued for it goes with it (the outbox's foreign key cascades).
        await db.deleteFrom('push_subscriptions').where('id', '=', push.subscription_id).execute();
        log.gone(host);
        return 'tried';
      case 'refused':
        await giveUp(id, `${result.status} ${result.detail}`.trim());
        log.failed(result.detail, result.status, host, false);
        return 'tried';
      case 'retry': {
        const next = new Date(after.getTime() + Math.max(pushRetryDelayMs(push.attempts), result.retryAfterMs ?? 0));
        const retry = push.attempts < PUSH_MAX_ATTEMPTS && next.getTime() - new Date(push.created_at).getTime() < PUSH_MAX_AGE_MS;
        const reason = `${result.status ?? 'no answer'} ${result.detail}`.trim();
        if (retry) {
          await db
            .updateTable('push_outbox')
            .set({ next_attempt_at: next.toISOString(), last_error: reason, claimed_by: null, claimed_until: null })
            .where('id', '=', id)
            .where('claimed_by', '=', owner)
            .execute();
        } else {
          await giveUp(id, reason);
        }
        log.failed(result.detail, result.status, host, retry);
        return 'tried';
      }
    }
  }

  return createLeasedPoller({
    dueIds: (batch) => dueIds(db, clock.now(), batch),
    handle: sendOne,
    batch: BATCH,
    concurrency: CONCURRENCY,
    intervalMs: deps.intervalMs,
    firstDelayMs: deps.intervalMs,
    broken: (error) => log.broken(error),
  });
}
