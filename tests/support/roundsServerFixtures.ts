// What the rounds' server tests share: a clock at noon in Las Palmas (Mexico City), three checkpoints and a plan
// made through the API whose rounds are open then, a round of another condominium written straight in, and a scan
// request with a fresh client id.
import { randomUUID } from 'node:crypto';
import { CheckpointAnswer, PlanAnswer, ROUND_PATHS, RoundsAnswer, type ScanRequest } from '../../src/api/rounds';
import { api } from './http';
import { call, expectOk, signInAs, type TestApp } from './testApp';

/** 12:00 in Mexico City: the fixture plan's 11:00 and 12:00 rounds are open. */
export const ROUNDS_NOW = new Date('2025-06-02T18:00:00Z');

export interface RoundFixture {
  checkpoints: { id: number; code: string }[];
  planId: number;
  /** The 12:00 round. */
  roundId: number;
}

export async function as(t: TestApp, who: string, method: 'GET' | 'POST', path: string, payload?: object) {
  return call(t.app, method, api(path), { token: await signInAs(t.app, `${who}@demo.mx`), ...(payload ? { payload } : {}) });
}

/** Three checkpoints and an ordered plan every hour from 11:00 to 15:00 (tolerances 30, 60, 90), made by admin. */
export async function makeRoundFixture(t: TestApp, name = 'Prueba'): Promise<RoundFixture> {
  const checkpoints: { id: number; code: string }[] = [];
  for (const n of [1, 2, 3]) {
    const saved = await expectOk<{ data: { id: number; code: string } }>(
      as(t, 'admin', 'POST', ROUND_PATHS.saveCheckpoint, { name: `${name} ${n}`, place: 'Torre A', instructions: '' }),
      CheckpointAnswer,
    );
    checkpoints.push({ id: saved.data.id, code: saved.data.code });
  }
  const plan = await expectOk<{ data: { id: number } }>(
    as(t, 'admin', 'POST', ROUND_PATHS.savePlan, {
      name,
      ordered: true,
      everyHours: 1,
      from: '11:00',
      to: '15:00',
      stops: checkpoints.map((c, i) => ({ checkpointId: c.id, toleranceMinutes: 30 * (i + 1) })),
    }),
    PlanAnswer,
  );
  const mine = await expectOk<RoundsAnswer>(as(t, 'guardia', 'GET', ROUND_PATHS.mine), RoundsAnswer);
  const round = mine.items.find((r) => r.planId === plan.data.id && r.slotAt.endsWith('T12:00'));
  if (!round) throw new Error(`no 12:00 round of the plan: ${JSON.stringify(mine.items.map((r) => r.slotAt))}`);
  return { checkpoints, planId: plan.data.id, roundId: round.id };
}

/** A checkpoint, plan and open round of Torres del Bosque, written straight in. */
export async function foreignRound(t: TestApp): Promise<{ roundId: number; checkpointId: number; code: string }> {
  const db = t.app.db;
  const condo = (await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow()).id;
  const at = t.app.clock.now();
  const code = `RC-BOSQUE-${randomUUID()}`;
  const checkpoint = await db
    .insertInto('round_checkpoints')
    .values({ condo_id: condo, name: 'Lobby', place: '', instructions: '', code, nfc_tag: null, created_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plan = await db
    .insertInto('round_plans')
    .values({
      condo_id: condo,
      name: 'Bosque',
      ordered: 0,
      every_hours: 1,
      from_time: '00:00',
      to_time: '00:00',
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const round = await db
    .insertInto('rounds')
    .values({
      condo_id: condo,
      plan_id: plan.id,
      slot_at: at.toISOString(),
      closes_at: new Date(at.getTime() + 3_600_000).toISOString(),
      status: 'scheduled',
      started_at: null,
      finished_at: null,
      walked_by_user_id: null,
      device_id: null,
      missed_notified_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('round_stops')
    .values({
      round_id: round.id,
      checkpoint_id: checkpoint.id,
      position: 1,
      due_at: new Date(at.getTime() + 3_600_000).toISOString(),
      status: 'pending',
      scan_id: null,
      scanned_at: null,
      late_notified_at: null,
    })
    .execute();
  return { roundId: round.id, checkpointId: checkpoint.id, code };
}

export const scanDraft = (roundId: number, code: string, extra: Partial<ScanRequest> = {}): ScanRequest => ({
  clientId: randomUUID(),
  roundId,
  code,
  ...extra,
});
