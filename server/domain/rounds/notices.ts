// What the rounds tell people, in the change's transaction: the panel's readers (supervisors and administrators)
// hear on the live channel that a round moved; the supervisors are notified (bell and push, worded when read) when
// a checkpoint is late and when a round is missed. Opening the notice goes to condominio/recorridos-supervisor.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';
import { notify } from '../shared/notify';
import { roundWatchersOf } from './rows';

export async function publishRound(trx: Kysely<Database>, clock: Clock, round: { id: number; condoId: number }): Promise<void> {
  const { all } = await roundWatchersOf(trx, round.condoId);
  await publishLive(trx, clock, { condoId: round.condoId, userIds: all, type: 'round', data: { roundId: round.id } });
}

export type RoundNotice =
  | { kind: 'late'; roundId: number; checkpoint: string; plan: string; slot: string }
  | { kind: 'missed'; roundId: number; plan: string; slot: string; missing: number };

/** Tells the condominium's supervisors (administrators when it has none). */
export async function tellSupervisors(trx: Kysely<Database>, clock: Clock, condoId: number, notice: RoundNotice): Promise<void> {
  const { supervisors, all } = await roundWatchersOf(trx, condoId);
  const values: Record<string, string | number> =
    notice.kind === 'late'
      ? { checkpoint: notice.checkpoint, plan: notice.plan, slot: notice.slot }
      : { plan: notice.plan, slot: notice.slot, missing: notice.missing };
  await notify(trx, clock, supervisors.length > 0 ? supervisors : all, {
    condoId,
    title: { id: `rounds.notify.${notice.kind}.title` },
    text: { id: `rounds.notify.${notice.kind}.text`, values },
    modulo: 'recorrido',
    props: { roundId: notice.roundId },
  });
}
