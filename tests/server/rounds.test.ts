// Rounds (issue 31) on both databases: checkpoints get a code once, a plan makes its rounds, a guard walks one
// (in order, out of order, a wrong code, a scan past its checkpoint's tolerance), a replayed offline scan counts
// once, a scan dated by the device before the round closed counts when it arrives later, the watch job marks late
// checkpoints and missed rounds once and tells the supervisor, the PDFs are PDFs, and the demo has its week.
import { beforeAll, describe, expect, it } from 'vitest';
import { watchRound } from '../../server/domain/rounds/jobs';
import {
  CheckpointsAnswer,
  finishRoundPath,
  PanelAnswer,
  ROUND_PATHS,
  RoundAnswer,
  roundNotePath,
  ScanAnswer,
  startRoundPath,
} from '../../src/api/rounds';
import { as, makeRoundFixture, ROUNDS_NOW, type RoundFixture, scanDraft } from '../support/roundsServerFixtures';
import { createTestApp, dialect, expectOk, type TestApp, testClock } from '../support/testApp';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe(`rounds (${dialect})`, () => {
  const clock = testClock(ROUNDS_NOW);
  let t: TestApp;
  let f: RoundFixture;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    f = await makeRoundFixture(t);
  });

  const scan = (body: object, who = 'guardia') => as(t, who, 'POST', ROUND_PATHS.scan, body);
  const supervisorNotices = async (roundId: number) =>
    (
      await t.app.db
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select(['n.title_id', 'n.props'])
        .where('u.email', '=', 'supervisor@demo.mx')
        .where('n.modulo', '=', 'recorrido')
        .execute()
    ).filter((n) => (JSON.parse(n.props) as { roundId: number }).roundId === roundId);

  it('gives each checkpoint its own code, kept when it is edited', async () => {
    const list = await expectOk<CheckpointsAnswer>(as(t, 'supervisor', 'GET', ROUND_PATHS.checkpoints), CheckpointsAnswer);
    const first = list.items.find((c) => c.id === f.checkpoints[0]!.id)!;
    expect(first.code).toMatch(/^RC-[\w-]{16}$/);
    expect(new Set(list.items.map((c) => c.code)).size).toBe(list.items.length);
    const edited = await expectOk<{ data: { code: string; nfcTag: string | null } }>(
      as(t, 'supervisor', 'POST', ROUND_PATHS.saveCheckpoint, {
        id: first.id,
        name: first.name,
        place: 'Lobby',
        instructions: 'Ver puertas',
        nfcTag: '04:A2:3B:1C',
      }),
    );
    expect(edited.data).toMatchObject({ code: first.code, nfcTag: '04:a2:3b:1c' });
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'round_checkpoint')
      .where('entity_id', '=', first.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'update']);
  });

  it('refuses a plan with a checkpoint twice or a bad schedule, naming the field', async () => {
    const stops = [{ checkpointId: f.checkpoints[0]!.id, toleranceMinutes: 10 }];
    const twice = await as(t, 'admin', 'POST', ROUND_PATHS.savePlan, {
      name: 'X',
      ordered: true,
      everyHours: 2,
      from: '22:00',
      to: '06:00',
      stops: [...stops, ...stops],
    });
    expect(twice.statusCode).toBe(400);
    expect(JSON.parse(twice.body)).toMatchObject({ field: 'stops', message: 'Un punto aparece dos veces en el plan.' });
    const hour = await as(t, 'admin', 'POST', ROUND_PATHS.savePlan, {
      name: 'X',
      ordered: true,
      everyHours: 2,
      from: '24:00',
      to: '06:00',
      stops,
    });
    expect(hour.statusCode).toBe(400);
    expect(JSON.parse(hour.body).field).toBe('from');
  });

  it('walks a round: in order, out of order, a wrong code, a note with a photo, then ends it', async () => {
    const started = await expectOk<{ data: { status: string; walkedBy: string } }>(
      as(t, 'guardia', 'POST', startRoundPath(f.roundId), {}),
      RoundAnswer,
    );
    expect(started.data.status).toBe('walking');
    const wrong = await scan(scanDraft(f.roundId, 'RC-NOT-A-CHECKPOINT'));
    expect(wrong.statusCode).toBe(409);
    expect(JSON.parse(wrong.body).message).toBe('Este código no es de un punto de este recorrido.');
    // The third before the second: recorded, marked out of order.
    const third = await expectOk<ScanAnswer>(
      scan(scanDraft(f.roundId, f.checkpoints[2]!.code, { note: 'Puerta abierta', photo: PNG_1X1 })),
      ScanAnswer,
    );
    expect(third.outcome).toBe('done');
    expect(third.data.stops[2]).toMatchObject({ status: 'done', outOfOrder: true, note: 'Puerta abierta' });
    const photo = await t.app.db
      .selectFrom('round_scans')
      .select('photo_file_id')
      .where('round_id', '=', f.roundId)
      .executeTakeFirstOrThrow();
    expect(photo.photo_file_id).not.toBeNull();
    const first = await expectOk<ScanAnswer>(scan(scanDraft(f.roundId, f.checkpoints[0]!.code)), ScanAnswer);
    expect(first.data.stops[0]).toMatchObject({ status: 'done', outOfOrder: false });
    const again = await expectOk<ScanAnswer>(scan(scanDraft(f.roundId, f.checkpoints[0]!.code)), ScanAnswer);
    expect(again.outcome).toBe('already');
    await expectOk(
      as(t, 'guardia', 'POST', roundNotePath(f.roundId), {
        text: 'Corrección: el punto 3 fue a las 12:05',
        checkpointId: f.checkpoints[2]!.id,
      }),
    );
    const ended = await expectOk<{ data: { status: string; stops: { status: string }[]; notes: { text: string }[] } }>(
      as(t, 'guardia', 'POST', finishRoundPath(f.roundId), {}),
      RoundAnswer,
    );
    // The second was never scanned: missed, and with it the round.
    expect(ended.data.status).toBe('missed');
    expect(ended.data.stops.map((s) => s.status)).toEqual(['done', 'missed', 'done']);
    expect(ended.data.notes.map((n) => n.text)).toEqual(['Corrección: el punto 3 fue a las 12:05']);
  });

  it('counts a replayed offline scan once, dated by the device, and answers the first one', async () => {
    const mine = await expectOk<{ items: { id: number; slotAt: string; planId: number }[] }>(
      as(t, 'guardia', 'GET', ROUND_PATHS.mine),
    );
    const round = mine.items.find((r) => r.planId === f.planId && r.slotAt.endsWith('T11:00'))!;
    const at = new Date(ROUNDS_NOW.getTime() - 10 * 60_000).toISOString();
    const body = scanDraft(round.id, f.checkpoints[0]!.code, { scannedAt: at, offline: true });
    const answers = await Promise.all([scan(body), scan(body), scan(body, 'supervisor')]);
    const parsed = answers.map((a) => JSON.parse(a.body) as ScanAnswer);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(parsed.filter((p) => !p.replayed)).toHaveLength(1);
    const rows = await t.app.db.selectFrom('round_scans').selectAll().where('client_id', '=', body.clientId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scanned_at: at, offline: 1, received_at: ROUNDS_NOW.toISOString() });
    // 11:50 is past the first checkpoint's 11:30: late.
    expect(parsed[0]!.outcome).toBe('late');
    // A device clock far ahead is refused.
    const ahead = await scan(
      scanDraft(round.id, f.checkpoints[1]!.code, { scannedAt: new Date(ROUNDS_NOW.getTime() + 3_600_000).toISOString() }),
    );
    expect(ahead.statusCode).toBe(400);
  });

  it('marks late checkpoints and the missed round once, telling the supervisor, and takes a scan made before it closed', async () => {
    const f2 = await makeRoundFixture(t, 'Vigilancia');
    const before = ROUNDS_NOW.getTime();
    // 12:45: the 12:00 round's first checkpoint (due 12:30) is late.
    clock.advanceMinutes(45);
    try {
      expect(await t.app.db.transaction().execute((trx) => watchRound(trx, t.app.clock, f2.roundId))).toBe(true);
      expect(await t.app.db.transaction().execute((trx) => watchRound(trx, t.app.clock, f2.roundId))).toBe(false);
      expect((await supervisorNotices(f2.roundId)).map((n) => n.title_id)).toEqual(['rounds.notify.late.title']);
      // 13:31: closed, nothing scanned: missed, told once, however often the watch runs.
      clock.advanceMinutes(46);
      await t.app.jobRunner.runOnce();
      await t.app.db.transaction().execute((trx) => watchRound(trx, t.app.clock, f2.roundId));
      const notices = (await supervisorNotices(f2.roundId)).map((n) => n.title_id);
      expect(notices.sort()).toEqual([
        'rounds.notify.late.title',
        'rounds.notify.late.title',
        'rounds.notify.late.title',
        'rounds.notify.missed.title',
      ]);
      const panel = await expectOk<PanelAnswer>(as(t, 'supervisor', 'GET', ROUND_PATHS.panel), PanelAnswer);
      expect(panel.rounds.find((r) => r.id === f2.roundId)?.status).toBe('missed');
      // The guard's phone was offline: all three scans made at 12:10 arrive now, and the round reads as walked late.
      for (const [i, cp] of f2.checkpoints.entries()) {
        const at = new Date(before + (10 + i) * 60_000).toISOString();
        await expectOk(scan(scanDraft(f2.roundId, cp.code, { scannedAt: at, offline: true })), ScanAnswer);
      }
      const after = await expectOk<PanelAnswer>(as(t, 'supervisor', 'GET', ROUND_PATHS.panel), PanelAnswer);
      expect(after.rounds.find((r) => r.id === f2.roundId)?.status).toBe('done');
      // One made after it closed is refused.
      const lateScan = await scan(scanDraft(f2.roundId, f2.checkpoints[0]!.code, { scannedAt: clock.now().toISOString() }));
      expect(lateScan.statusCode).toBe(409);
    } finally {
      clock.advanceMinutes(-91);
    }
  });

  it('writes the sheet of QR codes and the weekly report as PDFs', async () => {
    const sheet = await as(t, 'supervisor', 'GET', `${ROUND_PATHS.sheet}?ids=${f.checkpoints.map((c) => c.id).join(',')}`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const weekly = await as(t, 'admin', 'GET', `${ROUND_PATHS.weekly}?week=2025-05-28`);
    expect(weekly.statusCode).toBe(200);
    expect(weekly.headers['content-disposition']).toContain('recorridos-2025-05-26.pdf');
    expect(weekly.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as(t, 'admin', 'GET', `${ROUND_PATHS.weekly}?week=2025-13-01`)).statusCode).toBe(400);
  });

  it('loads the demo: six checkpoints, a night plan and a week of rounds, the latest closed one missed and told', async () => {
    const plan = await t.app.db
      .selectFrom('round_plans')
      .selectAll()
      .where('name', '=', 'Recorrido nocturno')
      .executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ every_hours: 2, from_time: '22:00', to_time: '06:00', ordered: 1 });
    const rounds = await t.app.db
      .selectFrom('rounds')
      .select(['status', 'closes_at'])
      .where('plan_id', '=', plan.id)
      .orderBy('slot_at')
      .execute();
    const closed = rounds.filter((r) => r.closes_at <= ROUNDS_NOW.toISOString());
    expect(closed.length).toBeGreaterThanOrEqual(30);
    expect(closed.at(-1)!.status).toBe('missed');
    expect(closed.filter((r) => r.status === 'missed')).toHaveLength(1);
    expect(closed.filter((r) => r.status === 'late').length).toBeGreaterThan(3);
    const missedNotices = await t.app.db
      .selectFrom('notifications')
      .select('id')
      .where('modulo', '=', 'recorrido')
      .where('title_id', '=', 'rounds.notify.missed.title')
      .execute();
    expect(missedNotices.length).toBeGreaterThanOrEqual(1);
  });
});
