// The caseta's offline snapshot (src/api/gate.ts GATE_PATHS.snapshot, issue 26 "Offline"): every pass of the
// caller's condominium whose dates include today, with only what the verdict weighs and the card shows (codes
// as SHA-256 hashes, no e-mail or phone), its entries so far and who is inside, signed with the installation's
// ECDSA P-256 key so the device can tell the server's list from anything else it might be handed. Three reads
// whatever the number of passes: the zone, the passes, then their entries counted and their open entries in
// bulk. Who may call it is the route's rule (canUseGate, and a paired device's shift).
import { createECDH, createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GateSnapshot, GateSnapshotAnswer, GateSnapshotPass, SnapshotPublicKey } from '../../../src/api/gate';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';
import type { Auth } from '../shared/auth';
import { checkedPassOf } from '../shared/passLookup';
import { localDate, timeZoneOf } from '../shared/zonedTime';
import { hasNoExit } from './movementRows';

type Db = Kysely<Database>;

interface SnapshotKey {
  privateKey: KeyObject;
  publicKey: SnapshotPublicKey;
}

/** One key per secret (appSecret hands every caller the same Buffer): deriving it again is wasted work. */
const keys = new WeakMap<Buffer, SnapshotKey>();

/**
 * The signing key, the same in every process: its private scalar is the 'gate-snapshot-key' secret (hashed
 * again in the one-in-4-billion case that it is not below the curve's order).
 */
export function snapshotKeyOf(secret: Buffer): SnapshotKey {
  const kept = keys.get(secret);
  if (kept) return kept;
  const ecdh = createECDH('prime256v1');
  let scalar = secret;
  for (;;) {
    try {
      ecdh.setPrivateKey(scalar);
      break;
    } catch {
      scalar = createHash('sha256').update(scalar).digest();
    }
  }
  // The uncompressed point: 0x04, then x and y, 32 bytes each.
  const point = ecdh.getPublicKey();
  const publicKey: SnapshotPublicKey = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const privateKey = createPrivateKey({ key: { ...publicKey, d: scalar.toString('base64url') }, format: 'jwk' });
  const key = { privateKey, publicKey };
  keys.set(secret, key);
  return key;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The condominium's passes whose dates include `today` (a missing date does not bound), revoked ones too. */
function passesOfDay(db: Db, condoId: number, today: string) {
  return db
    .selectFrom('passes as p')
    .where('p.condo_id', '=', condoId)
    .where((eb) =>
      eb.and([
        eb.or([eb('p.fecha_inicio', 'is', null), eb('p.fecha_inicio', '<=', today)]),
        eb.or([eb('p.fecha_fin', 'is', null), eb('p.fecha_fin', '>=', today)]),
      ]),
    );
}

/** Entries so far and the newest entry with no exit, for every pass of the day, in two queries. */
async function entriesOfDay(db: Db, condoId: number, today: string) {
  const ofDay = passesOfDay(db, condoId, today).select('p.id');
  const counts = await db
    .selectFrom('gate_movements')
    .select((eb) => ['pass_id', eb.fn.countAll<number | string>().as('n')])
    .where('condo_id', '=', condoId)
    .where('kind', '=', 'entry')
    .where('pass_id', 'in', ofDay)
    .groupBy('pass_id')
    .execute();
  const open = await db
    .selectFrom('gate_movements as m')
    .select(['m.pass_id', 'm.id'])
    .where('m.condo_id', '=', condoId)
    .where('m.kind', '=', 'entry')
    .where('m.pass_id', 'in', ofDay)
    .where((eb) => hasNoExit(eb))
    // Newest first, as the online check picks it (domain/gate/check.ts passEntries): the first per pass wins.
    .orderBy('m.occurred_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  const used = new Map(counts.map((row) => [row.pass_id, Number(row.n)]));
  const inside = new Map<number, number>();
  for (const row of open) if (row.pass_id !== null && !inside.has(row.pass_id)) inside.set(row.pass_id, row.id);
  return { used, inside };
}

export async function buildGateSnapshot(db: Db, clock: Clock, auth: Auth): Promise<GateSnapshot> {
  const issuedAt = clock.now();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const today = localDate(issuedAt, timeZone);
  const rows = await passesOfDay(db, auth.condoId, today)
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as u', 'u.id', 'p.host_user_id')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .selectAll('p')
    .select(['a.name as aptName', 't.name as towerName', 'u.name as userName', 'e.name as eventName', 'e.status as eventStatus'])
    // The id order of the online lookup (domain/shared/passLookup.ts): the first pass a code matches wins.
    .orderBy('p.id')
    .execute();
  const { used, inside } = await entriesOfDay(db, auth.condoId, today);
  const passes: GateSnapshotPass[] = rows.map(({ aptName, towerName, userName, eventName, eventStatus, ...row }) => {
    const { pass, window } = checkedPassOf(row, { aptName, towerName, userName, eventName, eventStatus });
    // The key never leaves the server: the guard who typed it has it.
    const { ClaveManual: _key, ...card } = pass;
    return {
      passId: row.id,
      apartmentId: row.apartment_id,
      // The stored key is already in capitals without spaces, the form a typed key is brought to before it is compared.
      qrHash: sha256Hex(row.qr),
      keyHash: sha256Hex(row.manual_key),
      pass: card,
      revoked: window.revoked,
      eventCancelled: window.eventCancelled,
      entryLimit: row.entry_limit ?? null,
      entriesUsed: used.get(row.id) ?? 0,
      insideEntryId: inside.get(row.id) ?? null,
    };
  });
  return {
    condoId: auth.condoId,
    deviceId: auth.deviceId ?? null,
    issuedAt: issuedAt.toISOString(),
    today,
    timeZone,
    passes,
  };
}

/** The snapshot as JSON text, its signature over exactly that text (r||s, base64url) and the public key. */
export async function signedGateSnapshot(db: Db, clock: Clock, auth: Auth): Promise<GateSnapshotAnswer> {
  const { privateKey, publicKey } = snapshotKeyOf(await appSecret(db, clock, 'gate-snapshot-key'));
  const snapshot = JSON.stringify(await buildGateSnapshot(db, clock, auth));
  const signature = sign('sha256', Buffer.from(snapshot, 'utf8'), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return { success: true, snapshot, signature: signature.toString('base64url'), publicKey };
}
