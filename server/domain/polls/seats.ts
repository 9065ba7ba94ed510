// The places the caller votes from (src/api/polls.ts PollSeat): each of their dwellings in the condominium
// (votación), or themselves (encuesta), with what the electorate fixed at opening says of each. Before the
// poll opens they show what fixing now would give, without storing it. A seat's choices go back only to the
// one who cast them (and, on a public ballot, to the seat's other members, who may read them anyway).
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canReadPolls } from '../../../src/api/permissions';
import type { SeatFacts } from '../../../src/api/pollLifecycle';
import type { PollSeat } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { dwellingSeat, personSeat } from '../shared/electorate';
import { arrears } from '../shared/ledgerReports';
import { callerDwellings } from '../shared/viewer';
import { localDate } from '../shared/zonedTime';
import type { PollSection } from './access';
import { type BallotRow, ballotsOfSeats, choicesOf } from './ballots';
import type { PollRow } from './rows';

export interface CallerSeat {
  seatKey: string;
  seat: PollSeat;
  facts: SeatFacts;
  ballot: BallotRow | null;
}

export interface Caller {
  auth: Auth;
  viewer: CommunicationViewer;
}

interface SeatFix {
  seatKey: string;
  apartmentId: number | null;
  name: string;
  inElectorate: boolean;
  weight: number;
  barred: boolean;
  debtCents: number | null;
  debtDays: number | null;
}

/** What fixing now would say of the caller's seats (an upcoming poll, or a proposal). */
async function seatsAsIfFixedNow(
  db: Kysely<Database>,
  caller: Caller,
  row: PollRow,
  found: PollSection,
  now: Date,
  timeZone: string,
): Promise<SeatFix[]> {
  if (row.kind === 'encuesta') {
    const name = (await db.selectFrom('users').select('name').where('id', '=', caller.auth.userId).executeTakeFirstOrThrow())
      .name;
    const reads = canReadPolls(caller.viewer, found.facts);
    return [
      {
        seatKey: personSeat(caller.auth.userId),
        apartmentId: null,
        name,
        inElectorate: reads,
        weight: 1,
        barred: false,
        debtCents: null,
        debtDays: null,
      },
    ];
  }
  const dwellings = await callerDwellings(db, caller.auth);
  const owed = dwellings.length > 0 ? await arrears(db, row.condo_id, localDate(now, timeZone)) : new Map();
  const limit = found.section.tiempo_moroso;
  return dwellings.map((d) => {
    const debt = owed.get(d.id);
    return {
      seatKey: dwellingSeat(d.id),
      apartmentId: d.id,
      name: d.name,
      inElectorate: true,
      weight: row.counting === 'indiviso' ? d.indiviso : 1,
      barred: limit > 0 && debt !== undefined && debt.dias > limit,
      debtCents: debt?.adeudo ?? null,
      debtDays: debt?.dias ?? null,
    };
  });
}

/** What the fixed electorate says of the caller's seats (absent: not in it). */
async function seatsAsFixed(db: Kysely<Database>, caller: Caller, row: PollRow): Promise<SeatFix[]> {
  const candidates =
    row.kind === 'encuesta'
      ? [
          {
            seatKey: personSeat(caller.auth.userId),
            apartmentId: null,
            name: (await db.selectFrom('users').select('name').where('id', '=', caller.auth.userId).executeTakeFirstOrThrow())
              .name,
          },
        ]
      : (await callerDwellings(db, caller.auth)).map((d) => ({ seatKey: dwellingSeat(d.id), apartmentId: d.id, name: d.name }));
  if (candidates.length === 0) return [];
  const fixed = await db
    .selectFrom('poll_electorate')
    .select(['seat_key', 'name', 'weight', 'barred', 'debt_cents', 'debt_days'])
    .where('poll_id', '=', row.id)
    .where(
      'seat_key',
      'in',
      candidates.map((c) => c.seatKey),
    )
    .execute();
  return candidates.map((c) => {
    const seat = fixed.find((f) => f.seat_key === c.seatKey);
    return {
      ...c,
      name: seat?.name ?? c.name,
      inElectorate: seat !== undefined,
      weight: Number(seat?.weight ?? 0),
      barred: seat?.barred === 1,
      debtCents: seat?.debt_cents === null || seat === undefined ? null : Number(seat.debt_cents),
      debtDays: seat?.debt_days === null || seat === undefined ? null : Number(seat.debt_days),
    };
  });
}

export async function callerSeats(
  db: Kysely<Database>,
  caller: Caller,
  row: PollRow,
  found: PollSection,
  now: Date,
  timeZone: string,
): Promise<CallerSeat[]> {
  const fixes =
    row.fixed_at === null ? await seatsAsIfFixedNow(db, caller, row, found, now, timeZone) : await seatsAsFixed(db, caller, row);
  const ballots = await ballotsOfSeats(
    db,
    row.id,
    fixes.map((f) => f.seatKey),
  );
  const mine = ballots.filter((b) => b.cast_by === caller.auth.userId || row.secret === 0);
  const choices = await choicesOf(
    db,
    mine.map((b) => b.id),
  );
  return fixes.map((fix) => {
    const ballot = ballots.find((b) => b.seat_key === fix.seatKey) ?? null;
    const facts: SeatFacts = { enElectorado: fix.inElectorate, moroso: fix.barred, votado: ballot !== null };
    const estado = ballot ? 'votado' : !fix.inElectorate ? 'no_elegible' : fix.barred ? 'moroso' : 'puede';
    const ownVote = ballot !== null && ballot.cast_by === caller.auth.userId;
    return {
      seatKey: fix.seatKey,
      ballot,
      facts,
      seat: {
        ApmtId: fix.apartmentId,
        Nombre: fix.name,
        estado,
        adeudo: estado === 'moroso' ? fix.debtCents : null,
        dias: estado === 'moroso' ? fix.debtDays : null,
        peso: row.kind === 'votacion' && fix.inElectorate ? fix.weight : null,
        FechaVoto: ballot ? (ballot.changed_at ?? ballot.cast_at) : null,
        recibo: ballot?.receipt ?? null,
        respuestas: ballot && (ownVote || row.secret === 0) ? (choices.get(ballot.id) ?? []) : null,
        VotoDe: ballot && !ownVote ? (ballot.cast_by_name ?? '') : null,
      },
    };
  });
}
