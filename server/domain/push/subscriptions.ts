// mi-perfil's Web Push card (issue 30): the VAPID public key and the kinds on or off, a browser's subscription
// taken, checked and dropped. A subscription belongs to the person and the condominium it was turned on in (the
// screens a push opens are that condominium's); one browser has one endpoint, so turning it on again, as another
// person or in another condominium, moves it there.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { PushKindSetting, PushSubscribeRequest } from '../../../src/api/push';
import { PUSH_KINDS } from '../../../src/api/push';
import type { VapidKeys } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { endpointAllowed } from '../../infra/webPush/endpoints';
import type { Auth } from '../shared/auth';
import { clientOf } from '../shared/sessionRows';

/** The kinds in PUSH_KINDS' order, each on unless the person turned it off. */
export async function pushKinds(db: Kysely<Database>, userId: number): Promise<PushKindSetting[]> {
  const rows = await db.selectFrom('push_preferences').select(['modulo', 'enabled']).where('user_id', '=', userId).execute();
  const off = new Set(rows.filter((row) => row.enabled === 0).map((row) => row.modulo));
  return PUSH_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) }));
}

export async function pushSettings(db: Kysely<Database>, auth: Auth, vapid: VapidKeys) {
  return { publicKey: vapid.publicKey, kinds: await pushKinds(db, auth.userId) };
}

/** A kind on or off for every browser of the person (pushes already queued for it are checked again when sent). */
export async function setPushKind(db: Kysely<Database>, clock: Clock, auth: Auth, kind: string, enabled: boolean): Promise<void> {
  const values = { enabled: enabled ? (1 as const) : (0 as const), updated_at: clock.now().toISOString() };
  await db
    .insertInto('push_preferences')
    .values({ user_id: auth.userId, modulo: kind, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'modulo']).doUpdateSet(values))
    .execute();
}

const badRequest = (field: string) =>
  new AppError(400, ErrorCodes.badRequest, `push.refused.${field === 'endpoint' ? 'endpoint' : 'keys'}`, field);

/** The browser's key must be a point of P-256 (uncompressed, 65 bytes), its auth secret 16 bytes, or nothing we
 * encrypt for it could ever be read. */
function checkKeys(keys: PushSubscribeRequest['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) throw badRequest('keys.p256dh');
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw badRequest('keys.auth');
}

/** Pushes of this person in this condominium go to the browser; a browser already known moves to them. */
export async function subscribe(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: PushSubscribeRequest,
  context: { userAgent: string | undefined; endpoints: readonly string[] },
): Promise<void> {
  if (!endpointAllowed(request.endpoint, context.endpoints)) throw badRequest('endpoint');
  checkKeys(request.keys);
  const now = clock.now().toISOString();
  const owner = {
    user_id: auth.userId,
    condo_id: auth.condoId,
    p256dh: request.keys.p256dh.replace(/=+$/, ''),
    auth: request.keys.auth.replace(/=+$/, ''),
    user_agent: clientOf(undefined, context.userAgent).userAgent,
    // Signing out of this session stops the browser's pushes (domain/shared/sessionRows.ts stopPushesOf).
    session_id: auth.sessionId,
  };
  await db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id', 'condo_id'])
      .where('endpoint', '=', request.endpoint)
      .executeTakeFirst();
    // Pushes queued for the browser's former owner are not this person's to receive.
    if (known && (known.user_id !== auth.userId || known.condo_id !== auth.condoId)) {
      await trx.deleteFrom('push_outbox').where('subscription_id', '=', known.id).execute();
    }
    await trx
      .insertInto('push_subscriptions')
      .values({ ...owner, endpoint: request.endpoint, created_at: now, last_success_at: null })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...owner, created_at: now }))
      .execute();
    await keepNewest(trx, auth.userId);
  });
}

/** A person's browsers beyond this many (phones replaced, browsers reinstalled) go, the longest unused first: a
 * bounded fan-out per notification whatever a client sends. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

async function keepNewest(db: Kysely<Database>, userId: number): Promise<void> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'created_at', 'last_success_at'])
    .where('user_id', '=', userId)
    .execute();
  if (rows.length <= PUSH_SUBSCRIPTIONS_PER_PERSON) return;
  const lastUsed = (row: (typeof rows)[number]) =>
    (row.last_success_at ?? '') > row.created_at ? row.last_success_at! : row.created_at;
  const stale = rows
    .sort((a, b) => lastUsed(b).localeCompare(lastUsed(a)) || b.id - a.id)
    .slice(PUSH_SUBSCRIPTIONS_PER_PERSON)
    .map((row) => row.id);
  await db.deleteFrom('push_subscriptions').where('id', 'in', stale).execute();
}

/** One's own browser stops receiving (in whichever condominium it was on); answers whether it was on. */
export async function unsubscribe(db: Kysely<Database>, auth: Auth, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the browser receives this person's pushes of this condominium. */
export async function subscribed(db: Kysely<Database>, auth: Auth, endpoint: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', auth.userId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  return row !== undefined;
}
