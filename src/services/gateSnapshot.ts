// The caseta's list for checking passes without network (issue 26 "Offline"): the server's signed snapshot of
// today's passes (src/api/gate.ts GATE_PATHS.snapshot) kept in IndexedDB, in a database of its own (idb-keyval
// opens one store per database, and the offline queue has 'condominio-offline'). A snapshot is kept only when
// its ECDSA signature verifies with WebCrypto against the key this browser pinned: the first one it got since it
// was paired (or, for staff on their own browser, the first one ever); one signed by another key is refused and
// not kept. checkOffline answers a code like the server's check, decided by the same rule (gateVerdict) in the
// condominium's zone, and only on the day the snapshot was issued for. Movements kept in the offline queue are
// noted beside the snapshot (it stays as signed): an entry counts against its pass and an exit lets its visitor
// out, so a single-use pass cannot enter twice offline on one device. A note is dropped once a snapshot fetched
// after the movement was sent has counted it.
import { clear, createStore, get, set, type UseStore, update } from 'idb-keyval';
import { validate } from 'superstruct';
import {
  GATE_PATHS,
  GATE_SNAPSHOT_REFRESH_MS,
  type GateCheck,
  GateSnapshot,
  GateSnapshotAnswer,
  gateVerdict,
  type SnapshotPublicKey,
} from '../api/gate';
import { passCodeCandidates } from '../api/passCheck';
import { reportError } from './errorReporter';
import { readPairedDevice } from './gateDevicesService';
import { apiPath, call, http } from './http';
import { listQueued } from './offlineQueue';

/** A code checked against the snapshot: like the server's answer, or null when no usable snapshot is kept. */
export type OfflineCheck = { kind: 'checked'; check: GateCheck } | { kind: 'notFound' };

/** What the server sent, as it sent it: verified again whenever it is read. */
interface KeptSnapshot {
  text: string;
  signature: string;
  publicKey: SnapshotPublicKey;
}

/** The key this browser trusts, and for which pairing (a new pairing pins afresh). */
interface PinnedKey {
  scope: string;
  publicKey: SnapshotPublicKey;
}

/** A movement in the offline queue that the snapshot does not count yet. */
interface QueuedNote {
  clientId: string;
  kind: 'entry' | 'exit';
  passId: number | null;
  entryId: number | null;
}

const PIN = 'pin';
const NOTES = 'queued';
const snapshotKey = (condoId: number) => `snapshot/${condoId}`;

let store: UseStore | null = null;
/** Opened on first use (a browser without IndexedDB, e.g. the views' test DOM, never touches it). */
function db(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('condominio-gate-snapshot', 'snapshot');
  return store;
}

/** The condominium whose caseta is open (last asked for or kept): checkOffline uses its snapshot only (a person
 * may belong to several). */
let activeCondoId: number | null = null;

/** Pins belong to a pairing: this device's id, or the browser itself for staff on their own session. */
function pinScope(): string {
  const device = readPairedDevice();
  return device ? `device:${device.deviceId}` : 'browser';
}

const sameKey = (a: SnapshotPublicKey, b: SnapshotPublicKey) => a.x === b.x && a.y === b.y && a.crv === b.crv;

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The snapshot the text holds when the signature verifies with the key and it reads as the contract says. */
async function verified(kept: KeptSnapshot): Promise<GateSnapshot | null> {
  try {
    const key = await crypto.subtle.importKey('jwk', kept.publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      base64UrlBytes(kept.signature),
      new TextEncoder().encode(kept.text),
    );
    if (!ok) return null;
    const [invalid, snapshot] = validate(JSON.parse(kept.text), GateSnapshot);
    return invalid ? null : snapshot;
  } catch {
    // A key or signature that does not even decode is as bad as one that does not verify.
    return null;
  }
}

export type KeepResult = 'kept' | 'refused';

/**
 * Keeps an answer of the snapshot path for the condominium: refused (and not kept) when it was signed by
 * another key than the pinned one, does not verify, or is another condominium's. The first key a pairing sees
 * is pinned. `sentBefore`: queue notes that were no longer waiting when this snapshot was asked for, so the
 * server counted them in it.
 */
export async function keepGateSnapshot(
  answer: GateSnapshotAnswer,
  condoId: number,
  sentBefore: ReadonlySet<string> = new Set(),
): Promise<KeepResult> {
  const where = db();
  if (!where) return 'refused';
  const scope = pinScope();
  const pinned = await get<PinnedKey>(PIN, where);
  const trusted = pinned?.scope === scope ? pinned.publicKey : null;
  if (trusted && !sameKey(trusted, answer.publicKey)) return 'refused';
  const kept: KeptSnapshot = { text: answer.snapshot, signature: answer.signature, publicKey: answer.publicKey };
  const snapshot = await verified(kept);
  if (!snapshot || snapshot.condoId !== condoId) return 'refused';
  if (!trusted) await set(PIN, { scope, publicKey: answer.publicKey } satisfies PinnedKey, where);
  await set(snapshotKey(condoId), kept, where);
  activeCondoId = condoId;
  if (sentBefore.size > 0) {
    await update<QueuedNote[]>(NOTES, (notes = []) => notes.filter((note) => !sentBefore.has(note.clientId)), where);
  }
  return 'kept';
}

/** Asks the server for today's snapshot of the condominium and keeps it (see keepGateSnapshot). */
export async function refreshGateSnapshot(condoId: number, signal?: AbortSignal): Promise<KeepResult> {
  activeCondoId = condoId;
  const where = db();
  if (!where) return 'refused';
  // The notes of movements already sent when we ask: this snapshot counts them.
  const notes = (await get<QueuedNote[]>(NOTES, where)) ?? [];
  const waiting = new Set((await listQueued()).map((item) => item.clientId));
  const sentBefore = new Set(notes.map((note) => note.clientId).filter((clientId) => !waiting.has(clientId)));
  const answer = await call(() => http.get(apiPath(GATE_PATHS.snapshot), { signal }), GateSnapshotAnswer);
  const result = await keepGateSnapshot(answer, condoId, sentBefore);
  if (result === 'refused')
    reportError(new Error('The gate snapshot was refused: another key or a bad signature'), { cacheOnly: true });
  return result;
}

/**
 * Notes a movement recorded (or kept by the offline queue) since the snapshot: an entry on a pass counts, an
 * exit lets its visitor out. The next snapshot asked for once it is no longer waiting counts it itself.
 */
export async function noteMovement(
  kind: 'entry' | 'exit' | 'refusal',
  request: { clientId: string; passId?: number | null; entryId?: number },
): Promise<void> {
  const where = db();
  if (!where || kind === 'refusal') return;
  if (kind === 'entry' && !request.passId) return;
  const note: QueuedNote = { clientId: request.clientId, kind, passId: request.passId ?? null, entryId: request.entryId ?? null };
  await update<QueuedNote[]>(
    NOTES,
    (notes = []) => (notes.some((n) => n.clientId === note.clientId) ? notes : [...notes, note]),
    where,
  );
}

/** The condominium's date (YYYY-MM-DD) and time (HH:mm) now. */
function localNow(timeZone: string, at: Date): { date: string; time: string } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * A typed or scanned code checked against the open caseta's snapshot, as the server would answer it then.
 * null when there is none to trust: no caseta open, nothing kept, a key other than the pinned one, a
 * signature that does not verify, or a snapshot of another day (the condominium's today moved on).
 */
export async function checkOffline(codigo: string, at: Date = new Date()): Promise<OfflineCheck | null> {
  const where = db();
  if (!where || activeCondoId === null) return null;
  const [kept, pinned, notes = []] = await Promise.all([
    get<KeptSnapshot>(snapshotKey(activeCondoId), where),
    get<PinnedKey>(PIN, where),
    get<QueuedNote[]>(NOTES, where),
  ]);
  if (!kept || !pinned || pinned.scope !== pinScope() || !sameKey(pinned.publicKey, kept.publicKey)) return null;
  const snapshot = await verified(kept);
  if (!snapshot || snapshot.condoId !== activeCondoId) return null;
  const now = localNow(snapshot.timeZone, at);
  if (now.date !== snapshot.today) return null;

  const { qr, manualKey } = passCodeCandidates(codigo);
  const [qrHash, keyHash] = await Promise.all([sha256Hex(qr), sha256Hex(manualKey)]);
  // The passes come in id order: the first a code matches is the one the server's lookup finds.
  const found = snapshot.passes.find((p) => p.qrHash === qrHash || p.keyHash === keyHash);
  if (!found) return { kind: 'notFound' };

  const queuedEntries = notes.filter((n) => n.kind === 'entry' && n.passId === found.passId).length;
  const exited = found.insideEntryId !== null && notes.some((n) => n.kind === 'exit' && n.entryId === found.insideEntryId);
  const entriesUsed = found.entriesUsed + queuedEntries;
  const window = { ...found.pass, revoked: found.revoked, eventCancelled: found.eventCancelled };
  const { verdict, reason } = gateVerdict(window, now, found.entryLimit, entriesUsed);
  return {
    kind: 'checked',
    check: {
      verdict,
      reason,
      checkedAt: now,
      passId: found.passId,
      apartmentId: found.apartmentId,
      // The snapshot never carries the key: the guard who typed it gets it back, a scanned QR shows none.
      pass: { ...found.pass, ClaveManual: found.keyHash === keyHash ? manualKey : '' },
      entryLimit: found.entryLimit,
      entriesUsed,
      insideEntryId: exited ? null : found.insideEntryId,
      offlineAsOf: snapshot.issuedAt,
    },
  };
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
const pageShown = () => (typeof document === 'undefined' ? true : document.visibilityState !== 'hidden');

/**
 * Keeps the condominium's snapshot fresh while the caseta is shown: now, every GATE_SNAPSHOT_REFRESH_MS while the page
 * is visible and the browser online, and when the network comes back. Failures are quiet (the last snapshot
 * kept stays). Returns the function that stops it.
 */
export function keepGateSnapshotFresh(condoId: number): () => void {
  activeCondoId = condoId;
  const controller = new AbortController();
  let running = false;
  const refresh = () => {
    if (running || !browserOnline() || !pageShown()) return;
    running = true;
    refreshGateSnapshot(condoId, controller.signal)
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  };
  refresh();
  const timer = setInterval(refresh, GATE_SNAPSHOT_REFRESH_MS);
  globalThis.addEventListener?.('online', refresh);
  return () => {
    clearInterval(timer);
    globalThis.removeEventListener?.('online', refresh);
    controller.abort();
  };
}

/** Everything kept forgotten: snapshots, the pinned key and the notes (tests, and a device unpaired). */
export async function forgetGateSnapshot(): Promise<void> {
  activeCondoId = null;
  const where = db();
  if (where) await clear(where);
}
