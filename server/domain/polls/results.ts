// The count of a poll over the electorate fixed at opening and its ballots (tally.ts does the arithmetic), as
// the caller may see it: pendientes only for administrators, who chose what only on a public ballot.
import type { Kysely } from 'kysely';
import { canSeeResults, type PollPhase, type VerResultados } from '../../../src/api/pollLifecycle';
import type { PollQuestion, PollResults } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import { ballotsOf, choicesOf } from './ballots';
import { fixedElectorate } from './electorate';
import type { PollRow } from './rows';
import { type TallyInput, tallyPoll } from './tally';

export const verResultadosOf = (value: number): VerResultados => (value === 2 ? 2 : value === 1 ? 1 : 0);

/** What the count reads: the fixed electorate and every ballot with its choices. */
export async function tallyInputOf(db: Kysely<Database>, row: PollRow, questions: readonly PollQuestion[]): Promise<TallyInput> {
  const electorate = await fixedElectorate(db, row.id);
  const ballots = await ballotsOf(db, row.id);
  const choices = await choicesOf(
    db,
    ballots.map((b) => b.id),
  );
  return {
    conteo: row.counting,
    quorum: row.quorum,
    questions: questions.map((q) => ({ id: q.id, tipo: q.tipo, options: q.opciones })),
    electorate: electorate.map((s) => ({ seatKey: s.seat_key, name: s.name, weight: Number(s.weight), barred: s.barred === 1 })),
    ballots: ballots.map((b) => ({
      seatKey: b.seat_key,
      choices: (choices.get(b.id) ?? []).map((c) => ({ questionId: c.preguntaId, optionIds: c.opciones, text: c.texto ?? null })),
    })),
  };
}

export const isFinalPhase = (phase: PollPhase) => phase === 'cerrada' || phase === 'cancelada';

/** The results for an administrator's export (CSV, acta): pendientes included, never a secret ballot's choices. */
export async function adminResults(
  db: Kysely<Database>,
  row: PollRow,
  questions: readonly PollQuestion[],
  phase: PollPhase,
): Promise<PollResults> {
  return tallyPoll(await tallyInputOf(db, row, questions), {
    final: isFinalPhase(phase),
    showPending: true,
    publicBallot: row.secret === 0,
  });
}

/** The results as this viewer may see them now (permissions of canSeeResults); null when hidden. */
export async function resultsFor(
  db: Kysely<Database>,
  row: PollRow,
  questions: readonly PollQuestion[],
  viewer: { admin: boolean; hasVoted: boolean },
  setting: VerResultados,
  phase: PollPhase,
): Promise<PollResults | null> {
  if (!canSeeResults(setting, viewer, phase)) return null;
  return tallyPoll(await tallyInputOf(db, row, questions), {
    final: isFinalPhase(phase),
    showPending: viewer.admin,
    publicBallot: row.secret === 0,
  });
}
