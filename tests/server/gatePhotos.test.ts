// An entry's photo of plates or ID (issue 26) on both databases: sent to the recorded entry by the gate's people
// or a device's shift, once (a retry answers the first); refused to residents, for another condominium's entry, for
// an exit, too big or not an image; shown in the log (a signed link) to administrators and supervisors only; and
// deleted with its file by the gate's daily job after the condominium's retention, once however many processes poll.
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { DEMO_GATE_PINS } from '../../server/db/seed/gateDevices';
import { GATE_JOB_HANDLERS } from '../../server/domain/gate/jobs';
import { ENTRY_PHOTO_JOB, entryPhotoFile } from '../../server/domain/gate/photos';
import { createJobRunner } from '../../server/infra/scheduledJobs';
import { CONDO_SETTINGS_PATHS, type CondoSettings } from '../../src/api/condoSettings';
import {
  EntryPhotoAnswer,
  entryPhotoPath,
  type GateMovementAnswer,
  MOVEMENT_PATHS,
  type MovementListAnswer,
} from '../../src/api/gate';
import { pairedDevice, shiftSession } from '../support/gateDeviceServerFixtures';
import { condoIdOf, dwellingIdOf, entryRequest, exitRequest, GATE_SEEDED, gateCalls } from '../support/gateServerFixtures';
import { api } from '../support/http';
import { PNG_1X1 } from '../support/routeMatrix';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const DAY_MINUTES = 24 * 60;
/** The PNG's signature followed by zeros: a "PNG" of this many bytes. */
const pngOf = (bytes: number) => {
  const data = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return `data:image/png;base64,${data.toString('base64')}`;
};

describe(`entry photos (${dialect})`, () => {
  const clock = testClock(GATE_SEEDED);
  let t: TestApp;
  const gate = gateCalls(() => t);
  let admin = '';
  let a101 = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    a101 = await dwellingIdOf(t.app.db, await condoIdOf(t.app.db, 'palmas'), 'Torre A - 101');
  });

  const token = (email: string) => signInAs(t.app, email);
  // Sessions end as the clock moves days: whoever calls after that signs in again.
  const adminNow = () => signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
  const entryBy = async (who: string) => {
    const res = await gate.entry(who, entryRequest({ apartmentId: a101, visitorName: 'Visita con foto', plates: 'JAL-123-A' }));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as GateMovementAnswer).data;
  };
  const sendPhoto = (who: string | undefined, movementId: number, dataUrl = PNG_1X1) =>
    call(t.app, 'POST', api(entryPhotoPath(movementId)), { token: who, payload: { dataUrl } });
  const rowOf = (id: number) =>
    t.app.db
      .selectFrom('gate_movements')
      .select(['photo_file_id', 'photo_expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const fileExists = async (id: number) =>
    (await t.app.db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const logRow = async (who: string, id: number) => {
    const res = await call(t.app, 'GET', api(`${MOVEMENT_PATHS.list}?limit=100`), { token: who });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MovementListAnswer).items.find((m) => m.id === id);
  };

  it('takes a guard’s photo once: a retry answers the first and stores nothing new', async () => {
    const guard = await token('guardia@demo.mx');
    const entry = await entryBy(guard);
    const first = await expectOk<EntryPhotoAnswer>(sendPhoto(guard, entry.id), EntryPhotoAnswer);
    expect(first).toEqual({
      success: true,
      duplicate: false,
      expiresAt: new Date(Date.parse(entry.occurredAt) + 30 * DAY_MINUTES * 60_000).toISOString(),
    });
    const stored = await rowOf(entry.id);
    expect(stored.photo_file_id).not.toBeNull();
    const again = await expectOk<EntryPhotoAnswer>(sendPhoto(guard, entry.id, pngOf(2000)), EntryPhotoAnswer);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await rowOf(entry.id)).toEqual(stored);
  });

  it('takes a device shift’s photo and a supervisor’s', async () => {
    const device = await pairedDevice(t.app, admin, 'Tableta de la caseta');
    const shift = await shiftSession(t.app, device.token, 'Gabriel Flores Luna', DEMO_GATE_PINS['guardia@demo.mx']!);
    const byShift = await entryBy(shift);
    expect((await expectOk<EntryPhotoAnswer>(sendPhoto(shift, byShift.id), EntryPhotoAnswer)).duplicate).toBe(false);
    const supervisor = await token('supervisor@demo.mx');
    const bySupervisor = await entryBy(supervisor);
    expect((await sendPhoto(supervisor, bySupervisor.id)).statusCode).toBe(200);
  });

  it('refuses residents, nobody, another condominium’s entry, an exit, and what is too big or not an image', async () => {
    const guard = await token('guardia@demo.mx');
    const entry = await entryBy(guard);
    for (const email of ['residente@demo.mx', 'consejo@demo.mx', 'empleado@demo.mx']) {
      expect((await sendPhoto(await token(email), entry.id)).statusCode, email).toBe(403);
    }
    expect((await sendPhoto(undefined, entry.id)).statusCode).toBe(401);
    // Torres del Bosque's entry, by its own administrator: the guard of Las Palmas finds nothing.
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const bosqueDwelling = await t.app.db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', await condoIdOf(t.app.db, 'bosque'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await gate.entry(bosqueAdmin, entryRequest({ apartmentId: bosqueDwelling.id }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const elsewhereId = (elsewhere.json() as GateMovementAnswer).data.id;
    expect((await sendPhoto(guard, elsewhereId)).statusCode).toBe(404);
    expect((await rowOf(elsewhereId)).photo_file_id).toBeNull();
    const exit = await gate.exit(guard, exitRequest(entry.id));
    expect((await sendPhoto(guard, (exit.json() as GateMovementAnswer).data.id)).statusCode).toBe(409);
    // Decoded bigger than ATTACHMENT_MAX_BYTES (the data URL itself within the struct's length).
    const big = await sendPhoto(guard, entry.id, pngOf(1_550_000));
    expect(big.statusCode, big.body.slice(0, 200)).toBe(400);
    expect(big.json()).toMatchObject({
      field: 'dataUrl',
      message: 'La foto debe ser una imagen PNG, JPEG o WebP de hasta 1.5 MB.',
    });
    // Says PNG, is a PDF; a PDF; plain text.
    const pdfBytes = Buffer.from('%PDF-1.4 una factura').toString('base64');
    for (const dataUrl of [`data:image/png;base64,${pdfBytes}`, `data:application/pdf;base64,${pdfBytes}`, 'no es una foto']) {
      expect((await sendPhoto(guard, entry.id, dataUrl)).statusCode, dataUrl.slice(0, 30)).toBe(400);
    }
    expect((await rowOf(entry.id)).photo_file_id).toBeNull();
  });

  it('shows the photo to administrators and supervisors through a signed link, to nobody else', async () => {
    const guard = await token('guardia@demo.mx');
    const entry = await entryBy(guard);
    await expectOk(sendPhoto(guard, entry.id));
    const forAdmin = await logRow(admin, entry.id);
    const forSupervisor = await logRow(await token('supervisor@demo.mx'), entry.id);
    expect(forAdmin?.photoUrl).toMatch(/^\/api\/--bitacora\/foto\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(forSupervisor?.photoUrl).toBeTruthy();
    expect((await logRow(guard, entry.id))?.photoUrl).toBeUndefined();
    // Residente lives in Torre A - 101: the visit is in "Mis visitas", without its photo.
    const mine = await logRow(await token('residente@demo.mx'), entry.id);
    expect(mine).toBeDefined();
    expect(mine?.photoUrl).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: forAdmin!.photoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(PNG_1X1.split(',')[1]!, 'base64'))).toBe(true);
    const forged = forAdmin!.photoUrl!.replace(/sig=[0-9a-f]/, (s) => (s.endsWith('0') ? 'sig=1' : 'sig=0'));
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('deletes photos past the retention, file and columns, once with two processes polling', async () => {
    const guard = await token('guardia@demo.mx');
    const entry = await entryBy(guard);
    await expectOk(sendPhoto(guard, entry.id));
    const { photo_file_id: fileId } = await rowOf(entry.id);
    expect(await entryPhotoFile(t.app.db, clock, entry.id)).toBeDefined();
    // A day short of the 30: kept.
    clock.advanceMinutes(29 * DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect((await rowOf(entry.id)).photo_file_id).toBe(fileId);
    clock.advanceMinutes(DAY_MINUTES + 60);
    // Past its expiry nothing serves it, even before the job has run.
    expect(await entryPhotoFile(t.app.db, clock, entry.id)).toBeUndefined();
    const due = await t.app.db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', '=', ENTRY_PHOTO_JOB)
      .where('done_at', 'is', null)
      .where('due_at', '<=', clock.now().toISOString())
      .execute();
    expect(due.length).toBeGreaterThan(0);
    const quiet = { failed: () => {}, broken: () => {} };
    const runner = (db: Kysely<Database>, owner: string) =>
      createJobRunner({ db, clock, handlers: GATE_JOB_HANDLERS, intervalMs: 0, log: quiet, owner });
    const [a, b] = await Promise.all([runner(t.app.db, 'a').runOnce(), runner(t.app.db, 'b').runOnce()]);
    expect(a + b).toBe(due.length);
    expect(await rowOf(entry.id)).toEqual({ photo_file_id: null, photo_expires_at: null });
    expect(await fileExists(fileId!)).toBe(false);
    admin = await adminNow();
    expect((await logRow(admin, entry.id))?.photoUrl).toBeUndefined();
    // The entry itself stays in the log; a late retry cannot bring the photo back.
    expect(await logRow(admin, entry.id)).toMatchObject({ visitorName: 'Visita con foto', plates: 'JAL-123-A' });
    expect((await sendPhoto(await token('guardia@demo.mx'), entry.id)).statusCode).toBe(409);
  });

  it('applies a shortened retention to the photos kept, within a day', async () => {
    const guard = await token('guardia@demo.mx');
    const entry = await entryBy(guard);
    await expectOk(sendPhoto(guard, entry.id));
    const { photo_file_id: fileId } = await rowOf(entry.id);
    admin = await adminNow();
    const now = (await (await call(t.app, 'GET', api(CONDO_SETTINGS_PATHS.settings), { token: admin })).json()) as {
      settings: CondoSettings;
    };
    const saved = await call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.save), {
      token: admin,
      payload: { version: now.settings.version, fields: { ...now.settings.fields, photoRetentionDays: 2 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.advanceMinutes(DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect((await rowOf(entry.id)).photo_file_id).toBe(fileId);
    clock.advanceMinutes(DAY_MINUTES + 60);
    await t.app.jobRunner.runOnce();
    expect((await rowOf(entry.id)).photo_file_id).toBeNull();
    expect(await fileExists(fileId!)).toBe(false);
  });
});
