// The caseta's offline snapshot on the device (src/services/gateSnapshot.ts) over an in-memory IndexedDB
// (fake-indexeddb, stubbed for this file only) and Node's WebCrypto: a snapshot signed like the server signs it
// (ECDSA P-256, r||s) is kept, a tampered one or one signed by another key than the pinned one is refused and
// not kept; a code is answered as the server would (valid, unknown, revoked, used up once an entry waits in
// the offline queue), with the time of the list, and not at all on another day. Node has no page address for
// the app's '/api' prefix, so every call here finds no server: the caseta is offline.
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GateSnapshot, GateSnapshotAnswer, GateSnapshotPass, SnapshotPublicKey } from '../../src/api/gate';
import { checkGateCode, recordMovement } from '../../src/services/gateService';
import { checkOffline, forgetGateSnapshot, keepGateSnapshot, noteMovement } from '../../src/services/gateSnapshot';
import { clearOfflineQueue, listQueued } from '../../src/services/offlineQueue';

const CONDO = 7;
/** Saturday 2026-03-14, 12:00 in Mexico City (UTC−6 all year). */
const ISSUED = '2026-03-14T18:00:00.000Z';
const AT_NOON = new Date('2026-03-14T18:05:00.000Z');
const hex = (text: string) => createHash('sha256').update(text).digest('hex');

function keyPair(): { privateKey: KeyObject; publicKey: SnapshotPublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey: { kty: kty as 'EC', crv: crv as 'P-256', x: x!, y: y! } };
}

let pass = 0;
function snapshotPass(values: Partial<GateSnapshotPass> & { qr?: string; key?: string } = {}): GateSnapshotPass {
  pass += 1;
  const { qr = `QR-${pass}`, key = `KEY${pass}ABCD`, ...rest } = values;
  return {
    passId: 100 + pass,
    apartmentId: 12,
    qrHash: hex(qr),
    keyHash: hex(key),
    pass: {
      Tipo: 'temporal',
      Nombre: `Visita ${pass}`,
      NombreInfante: null,
      TorreName: 'Torre A',
      AptName: '101',
      UserName: 'Rosa Hernández',
      Evento: null,
      DiasAcceso: [],
      FechaInicio: '2026-03-14',
      FechaFin: '2026-03-14',
      HoraInicio: null,
      HoraFin: null,
      NotaVisitante: null,
      Acompanantes: 0,
      FormaDeAcceso: 'pie',
      Placas: null,
    },
    revoked: false,
    eventCancelled: false,
    entryLimit: null,
    entriesUsed: 0,
    insideEntryId: null,
    ...rest,
  };
}

function signed(passes: GateSnapshotPass[], key = serverKey, values: Partial<GateSnapshot> = {}): GateSnapshotAnswer {
  const snapshot: GateSnapshot = {
    condoId: CONDO,
    deviceId: 3,
    issuedAt: ISSUED,
    today: '2026-03-14',
    timeZone: 'America/Mexico_City',
    passes,
    ...values,
  };
  const text = JSON.stringify(snapshot);
  const signature = sign('sha256', Buffer.from(text), { key: key.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return { success: true, snapshot: text, signature, publicKey: key.publicKey };
}

const serverKey = keyPair();
const LAURA = snapshotPass({ qr: 'QR-LAURA', key: 'PALMAS01' });
const REVOKED = snapshotPass({ key: 'REVOKED1', revoked: true });
const SINGLE_USE = snapshotPass({ key: 'UNAVEZ01', entryLimit: 1 });
const INSIDE = snapshotPass({ key: 'DENTRO01', insideEntryId: 555, entriesUsed: 1 });
const PASSES = [LAURA, REVOKED, SINGLE_USE, INSIDE];

const checked = async (codigo: string, at = AT_NOON) => {
  const result = await checkOffline(codigo, at);
  if (result?.kind !== 'checked') throw new Error(`expected a checked pass, got ${JSON.stringify(result)}`);
  return result.check;
};

beforeAll(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await forgetGateSnapshot();
  await clearOfflineQueue();
});

describe('keeping the snapshot', () => {
  it('keeps one that verifies, pinning its key, and answers from it', async () => {
    expect(await checkOffline('PALMAS01', AT_NOON)).toBeNull();
    expect(await keepGateSnapshot(signed(PASSES), CONDO)).toBe('kept');
    const check = await checked(' palmas 01 ');
    expect(check).toMatchObject({ verdict: 'valid', reason: null, passId: LAURA.passId, offlineAsOf: ISSUED });
    expect(check.checkedAt).toEqual({ date: '2026-03-14', time: '12:05' });
    // The key typed comes back on the card; the snapshot itself never carries it.
    expect(check.pass.ClaveManual).toBe('PALMAS01');
    expect(check.pass.Nombre).toBe(LAURA.pass.Nombre);
  });

  it('finds a pass by its QR or its link, and shows no key for it', async () => {
    await keepGateSnapshot(signed(PASSES), CONDO);
    expect((await checked('QR-LAURA')).passId).toBe(LAURA.passId);
    const byLink = await checked('https://palmas.example.mx/invitacion/7/QR-LAURA');
    expect(byLink.passId).toBe(LAURA.passId);
    expect(byLink.pass.ClaveManual).toBe('');
  });

  it('refuses a tampered snapshot and keeps the one it had', async () => {
    await keepGateSnapshot(signed([LAURA]), CONDO);
    const original = signed([LAURA, REVOKED]);
    const tampered = { ...original, snapshot: original.snapshot.replace('"revoked":true', '"revoked":false') };
    expect(tampered.snapshot).not.toBe(original.snapshot);
    expect(await keepGateSnapshot(tampered, CONDO)).toBe('refused');
    // Still the first one: the revoked pass is not in it.
    expect(await checkOffline('REVOKED1', AT_NOON)).toEqual({ kind: 'notFound' });
  });

  it('refuses a snapshot signed by another key than the pinned one, even one that verifies', async () => {
    await keepGateSnapshot(signed([LAURA]), CONDO);
    const other = signed([LAURA, REVOKED], keyPair());
    expect(await keepGateSnapshot(other, CONDO)).toBe('refused');
    expect(await checkOffline('REVOKED1', AT_NOON)).toEqual({ kind: 'notFound' });
    // The pinned key's next snapshot is taken.
    expect(await keepGateSnapshot(signed([LAURA, REVOKED]), CONDO)).toBe('kept');
    expect((await checked('REVOKED1')).verdict).toBe('revoked');
  });

  it('refuses another condominium’s snapshot', async () => {
    expect(await keepGateSnapshot(signed(PASSES, serverKey, { condoId: CONDO + 1 }), CONDO)).toBe('refused');
    expect(await checkOffline('PALMAS01', AT_NOON)).toBeNull();
  });
});

describe('checking a code offline', () => {
  beforeEach(async () => {
    expect(await keepGateSnapshot(signed(PASSES), CONDO)).toBe('kept');
  });

  it('answers unknown for a code no pass of the day has', async () => {
    expect(await checkOffline('NOEXISTE', AT_NOON)).toEqual({ kind: 'notFound' });
  });

  it('says revoked for a revoked pass', async () => {
    expect(await checked('REVOKED1')).toMatchObject({ verdict: 'revoked', reason: 'revoked' });
  });

  it('knows who is inside, until their exit waits in the queue', async () => {
    expect((await checked('DENTRO01')).insideEntryId).toBe(555);
    await noteMovement('exit', { clientId: crypto.randomUUID(), entryId: 555 });
    expect((await checked('DENTRO01')).insideEntryId).toBeNull();
  });

  it('counts an entry queued offline, so a single-use pass does not enter twice', async () => {
    expect(await checked('UNAVEZ01')).toMatchObject({ verdict: 'valid', entriesUsed: 0 });
    const clientId = crypto.randomUUID();
    const outcome = await recordMovement({
      kind: 'entry',
      request: { clientId, passId: SINGLE_USE.passId, apartmentId: 12, visitorName: SINGLE_USE.pass.Nombre, people: 1 },
    });
    expect(outcome).toMatchObject({ queued: true });
    expect((await listQueued()).map((item) => item.clientId)).toEqual([clientId]);
    expect(await checked('UNAVEZ01')).toMatchObject({ verdict: 'usedUp', reason: 'usedUp', entriesUsed: 1 });
    // Once sent, a snapshot asked for afterwards counts it: not twice.
    await keepGateSnapshot(signed([{ ...SINGLE_USE, entriesUsed: 1 }]), CONDO, new Set([clientId]));
    expect(await checked('UNAVEZ01')).toMatchObject({ verdict: 'usedUp', entriesUsed: 1 });
  });

  it('is what the caseta’s check answers when no server answers, on the snapshot’s day only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(AT_NOON);
      const result = await checkGateCode('PALMAS01');
      expect(result).toMatchObject({ kind: 'checked', check: { passId: LAURA.passId, offlineAsOf: ISSUED } });
      // The next day the snapshot is of no use: the failure to reach the server stands.
      vi.setSystemTime(new Date('2026-03-15T18:00:00.000Z'));
      await expect(checkGateCode('PALMAS01')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not used on another day of the condominium', async () => {
    // 23:30 on the 14th in Mexico City is still the snapshot's day; 00:30 on the 15th is not.
    expect((await checked('PALMAS01', new Date('2026-03-15T05:30:00.000Z'))).verdict).toBe('valid');
    expect(await checkOffline('PALMAS01', new Date('2026-03-15T06:30:00.000Z'))).toBeNull();
  });
});
