// The ballots of a poll and what each chose, read for the count (tally), for a seat's own view, and for the
// receipt check. Who cast a ballot is read only where a rule allows showing it (the seat's own members, a
// public ballot's list); on a secret ballot no answer ever puts a person beside a choice.
import type { Kysely } from 'kysely';
import type { VoteChoice } from '../../../src/api/polls';
import type { Database } from '../../db/schema';

export interface BallotRow {
  id: number;
  seat_key: string;
  apartment_id: number | null;
  cast_by: number | null;
  cast_by_name: string | null;
  receipt: string;
  cast_at: string;
  changed_at: string | null;
  version: number;
}

const ballotsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('poll_ballots as b')
    .leftJoin('users as u', 'u.id', 'b.cast_by')
    .select([
      'b.id',
      'b.seat_key',
      'b.apartment_id',
      'b.cast_by',
      'u.name as cast_by_name',
      'b.receipt',
      'b.cast_at',
      'b.changed_at',
      'b.version',
    ]);

export async function ballotsOf(db: Kysely<Database>, pollId: number): Promise<BallotRow[]> {
  return ballotsQuery(db).where('b.poll_id', '=', pollId).orderBy('b.id').execute();
}

export async function ballotsOfSeats(db: Kysely<Database>, pollId: number, seatKeys: readonly string[]): Promise<BallotRow[]> {
  if (seatKeys.length === 0) return [];
  return ballotsQuery(db)
    .where('b.poll_id', '=', pollId)
    .where('b.seat_key', 'in', [...seatKeys])
    .execute();
}

/** What each of these ballots chose, by ballot, one VoteChoice per question answered. */
export async function choicesOf(db: Kysely<Database>, ballotIds: readonly number[]): Promise<Map<number, VoteChoice[]>> {
  const byBallot = new Map<number, VoteChoice[]>();
  for (let i = 0; i < ballotIds.length; i += 500) {
    const rows = await db
      .selectFrom('poll_choices')
      .select(['ballot_id', 'question_id', 'option_id', 'text'])
      .where('ballot_id', 'in', ballotIds.slice(i, i + 500))
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const choices = byBallot.get(row.ballot_id) ?? [];
      let choice = choices.find((c) => c.preguntaId === row.question_id);
      if (!choice) {
        choice = { preguntaId: row.question_id, opciones: [] };
        choices.push(choice);
      }
      if (row.option_id !== null) choice.opciones.push(row.option_id);
      if (row.text !== null) choice.texto = row.text;
      byBallot.set(row.ballot_id, choices);
    }
  }
  return byBallot;
}

/** The choices of one ballot as rows: an option each, or the text of an abierta question. */
export async function writeChoices(trx: Kysely<Database>, ballotId: number, answers: readonly VoteChoice[]): Promise<void> {
  const rows = answers.flatMap((a) => [
    ...a.opciones.map((optionId) => ({ ballot_id: ballotId, question_id: a.preguntaId, option_id: optionId, text: null })),
    ...(a.texto !== undefined && a.texto.trim() !== ''
      ? [{ ballot_id: ballotId, question_id: a.preguntaId, option_id: null, text: a.texto.trim() }]
      : []),
  ]);
  if (rows.length > 0) await trx.insertInto('poll_choices').values(rows).execute();
}
