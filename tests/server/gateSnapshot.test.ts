// The caseta's signed snapshot of today's passes (src/api/gate.ts GATE_PATHS.snapshot) on both databases: who
// may read it (gate staff and a paired device's shift; residents and others no; a revoked device's shift 401;
// another condominium's staff get their own passes only), the signature verifies with the key it names and is
// derived from the installation's shared secret, a changed character does not verify, nothing but hashes of the
// codes and no e-mail or phone inside, every pass whose dates include today (revoked ones too, marked), and
// each pass's entries so far and open entry. Las Palmas at Monday 2025-06-02 noon.
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE_DEVICE_TOKEN } from '../../server/db/seed/gateDevices';
import { snapshotKeyOf } from '../../server/domain/gate/snapshot';
import { GATE_PATHS, type GateMovementAnswer, GateSnapshot, GateSnapshotAnswer, type GateSnapshotPass } from '../../src/api/gate';
import { GATE_DEVICE_PATHS, gateDevicePath } from '../../src/api/gateDevices';
import type { SessionDataAnswer } from '../../src/api/sessions';
import { pairedDevice, shiftSession } from '../support/gateDeviceServerFixtures';
import {
  condoIdOf,
  dwellingIdOf,
  entryRequest,
  exitRequest,
  GATE_SEEDED,
  gateCalls,
  insertPass,
} from '../support/gateServerFixtures';
import { api } from '../support/http';
import { type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, getSessionData, signInAs, type TestApp, testClock } from '../support/testApp';

/** canUseGate: administrators, and the guard and supervisor (who hold ACC-PAS in the demo). */
const GATE: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
const GUARD = 'Gabriel Flores Luna';

let t: TestApp;
const gate = gateCalls(() => t);
let admin = '';
const ids = { palmas: 0, bosque: 0, a101: 0 };

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: GATE_PATHS.snapshot,
    variant: 'Las Palmas',
    expected: GATE,
    run: (t, c) => status(t, c, 'GET', GATE_PATHS.snapshot),
  },
];

/** The answer, checked against the contract, and the snapshot its text holds. */
async function snapshotAs(token: string) {
  const res = await gate.get(token, GATE_PATHS.snapshot);
  expect(res.statusCode, res.body).toBe(200);
  const answer = JSON.parse(res.body) as unknown;
  assert(answer, GateSnapshotAnswer);
  const snapshot = JSON.parse(answer.snapshot) as unknown;
  assert(snapshot, GateSnapshot);
  return { answer, snapshot, body: res.body };
}

const verifies = (answer: GateSnapshotAnswer, text = answer.snapshot) =>
  verify(
    'sha256',
    Buffer.from(text, 'utf8'),
    { key: createPublicKey({ key: answer.publicKey, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(answer.signature, 'base64url'),
  );

const passOf = (snapshot: GateSnapshot, passId: number): GateSnapshotPass | undefined =>
  snapshot.passes.find((p) => p.passId === passId);

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(GATE_SEEDED) });
  ids.palmas = await condoIdOf(t.app.db, 'palmas');
  ids.bosque = await condoIdOf(t.app.db, 'bosque');
  ids.a101 = await dwellingIdOf(t.app.db, ids.palmas, 'Torre A - 101');
  admin = await signInAs(t.app, 'admin@demo.mx');
});

describe(`the snapshot's readers (${dialect})`, () => {
  walkMatrix(() => t, ROUTES);

  it('answers a shift on a paired device, and refuses it once the device is revoked', async () => {
    const shift = await shiftSession(t.app, DEMO_GATE_DEVICE_TOKEN, GUARD, '1234');
    const { snapshot } = await snapshotAs(shift);
    expect(snapshot.condoId).toBe(ids.palmas);
    const { data } = (await getSessionData(t.app, shift)).json() as SessionDataAnswer;
    expect(snapshot.deviceId).toBe(data.dispositivo?.id);
    expect(snapshot.deviceId).not.toBeNull();
    // A person's own session names no device.
    expect((await snapshotAs(admin)).snapshot.deviceId).toBeNull();

    const device = await pairedDevice(t.app, admin, 'Tableta para revocar');
    const revokedShift = await shiftSession(t.app, device.token, GUARD, '1234');
    expect((await gate.get(revokedShift, GATE_PATHS.snapshot)).statusCode).toBe(200);
    const revoke = await call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.revoke, device.id)), { token: admin });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await gate.get(revokedShift, GATE_PATHS.snapshot)).statusCode).toBe(401);
  });

  it("gives another condominium's staff their own passes, never Las Palmas'", async () => {
    const palmasPass = await insertPass(t.app.db, ids.palmas, { nombre: 'Solo de Las Palmas' });
    const bosqueDwelling = await t.app.db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', ids.bosque)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const bosquePass = await insertPass(t.app.db, ids.bosque, { apartmentId: bosqueDwelling.id, nombre: 'Solo del Bosque' });
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const { snapshot, body } = await snapshotAs(bosqueAdmin);
    expect(snapshot.condoId).toBe(ids.bosque);
    expect(passOf(snapshot, bosquePass.id)).toBeDefined();
    expect(passOf(snapshot, palmasPass.id)).toBeUndefined();
    expect(body).not.toContain('Solo de Las Palmas');
    const palmas = await snapshotAs(admin);
    expect(passOf(palmas.snapshot, bosquePass.id)).toBeUndefined();
  });
});

describe(`the signed snapshot (${dialect})`, () => {
  it('verifies with the key it names, one key derived from the installation’s shared secret', async () => {
    const first = await snapshotAs(admin);
    expect(verifies(first.answer)).toBe(true);
    expect(Object.keys(first.answer.publicKey).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(first.snapshot).toMatchObject({
      today: '2025-06-02',
      timeZone: 'America/Mexico_City',
      issuedAt: GATE_SEEDED.toISOString(),
    });
    // Every process derives the same key from the secret kept in the database.
    const secret = await t.app.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'gate-snapshot-key')
      .executeTakeFirstOrThrow();
    expect(snapshotKeyOf(Buffer.from(secret.value, 'base64url')).publicKey).toEqual(first.answer.publicKey);
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    expect((await snapshotAs(guard)).answer.publicKey).toEqual(first.answer.publicKey);
  });

  it('does not verify once a character of it is changed', async () => {
    const revoked = await insertPass(t.app.db, ids.palmas, { revoked: true, nombre: 'Pase cambiado' });
    const { answer } = await snapshotAs(admin);
    // The same text read and written again is the same text: only the flag below differs.
    expect(JSON.stringify(JSON.parse(answer.snapshot))).toBe(answer.snapshot);
    const changed = JSON.parse(answer.snapshot) as GateSnapshot;
    passOf(changed, revoked.id)!.revoked = false;
    const tampered = JSON.stringify(changed);
    expect(tampered).not.toBe(answer.snapshot);
    expect(verifies(answer, tampered)).toBe(false);
    expect(verifies({ ...answer, signature: Buffer.alloc(64, 1).toString('base64url') })).toBe(false);
  });

  it('carries hashes of the codes, never the codes, an e-mail or a phone', async () => {
    const pass = await insertPass(t.app.db, ids.palmas, { apartmentId: ids.a101, nombre: 'Visita con correo' });
    await t.app.db
      .updateTable('passes')
      .set({ email: 'visita.privada@example.com', telefono: '5512345678' })
      .where('id', '=', pass.id)
      .execute();
    const { snapshot, body } = await snapshotAs(admin);
    const kept = passOf(snapshot, pass.id)!;
    expect(kept.pass.Nombre).toBe('Visita con correo');
    expect(kept.qrHash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.keyHash).toMatch(/^[0-9a-f]{64}$/);
    for (const secret of ['visita.privada@example.com', '5512345678', pass.qr, pass.key]) expect(body).not.toContain(secret);
    expect(body).not.toContain('ClaveManual');
    // The hashes are of the very codes a guard types or scans.
    const sha = async (text: string) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      return Buffer.from(digest).toString('hex');
    };
    expect(kept.qrHash).toBe(await sha(pass.qr));
    expect(kept.keyHash).toBe(await sha(pass.key));
  });

  it('holds every pass whose dates include today, revoked ones marked, and no other', async () => {
    const revoked = await insertPass(t.app.db, ids.palmas, { revoked: true });
    const expired = await insertPass(t.app.db, ids.palmas);
    await t.app.db.updateTable('passes').set({ fecha_fin: '2025-06-01' }).where('id', '=', expired.id).execute();
    const future = await insertPass(t.app.db, ids.palmas);
    await t.app.db.updateTable('passes').set({ fecha_inicio: '2025-06-03' }).where('id', '=', future.id).execute();
    const { snapshot } = await snapshotAs(admin);
    expect(passOf(snapshot, revoked.id)).toMatchObject({ revoked: true, eventCancelled: false });
    expect(passOf(snapshot, expired.id)).toBeUndefined();
    expect(passOf(snapshot, future.id)).toBeUndefined();
    // In id order, as the online lookup finds them.
    const passIds = snapshot.passes.map((p) => p.passId);
    expect(passIds).toEqual([...passIds].sort((a, b) => a - b));
  });

  it("counts each pass's entries and names the entry of whoever is inside", async () => {
    const twice = await insertPass(t.app.db, ids.palmas, { apartmentId: ids.a101, entryLimit: 3 });
    const outAgain = await insertPass(t.app.db, ids.palmas, { apartmentId: ids.a101 });
    const never = await insertPass(t.app.db, ids.palmas, { apartmentId: ids.a101, entryLimit: 1 });
    const enter = async (passId: number) => {
      const res = await gate.entry(admin, entryRequest({ passId, apartmentId: ids.a101 }));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as GateMovementAnswer).data.id;
    };
    const leave = async (entryId: number) => {
      const res = await gate.exit(admin, exitRequest(entryId));
      expect(res.statusCode, res.body).toBe(200);
    };
    await leave(await enter(twice.id));
    const inside = await enter(twice.id);
    await leave(await enter(outAgain.id));
    // A refusal is no entry.
    const refusal = await gate.refusal(admin, {
      clientId: randomUUID(),
      passId: never.id,
      visitorName: 'X',
      reason: 'guardDecision',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);

    const { snapshot } = await snapshotAs(admin);
    expect(passOf(snapshot, twice.id)).toMatchObject({ entryLimit: 3, entriesUsed: 2, insideEntryId: inside });
    expect(passOf(snapshot, outAgain.id)).toMatchObject({ entryLimit: null, entriesUsed: 1, insideEntryId: null });
    expect(passOf(snapshot, never.id)).toMatchObject({ entryLimit: 1, entriesUsed: 0, insideEntryId: null });
  });
});
