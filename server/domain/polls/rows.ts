// A poll as the domain reads it: the polls row with the proposer's name, and the facts the shared rules of
// src/api (pollLifecycle.ts, permissions.ts) read from it.
import type { Kysely } from 'kysely';
import type { PollPhase, PollState, PollTimes } from '../../../src/api/pollLifecycle';
import { pollPhase } from '../../../src/api/pollLifecycle';
import type { PollCounting, PollKind } from '../../../src/api/polls';
import type { Database } from '../../db/schema';

export interface PollRow {
  id: number;
  condo_id: number;
  section_id: number;
  title: string;
  description: string;
  kind: PollKind;
  counting: PollCounting;
  secret: number;
  changeable: number;
  quorum: number | null;
  opens_at: string;
  closes_at: string;
  state: PollState;
  reason: string | null;
  proposer_id: number | null;
  proposer_name: string | null;
  created_by: number | null;
  version: number;
  fixed_at: string | null;
  closed_at: string | null;
  results_notified: number;
  created_at: string;
  updated_at: string;
}

/** The poll with its proposer's name; callers add their WHERE (every one names the condominium or the id). */
export const pollsQuery = (db: Kysely<Database>) => db.selectFrom('polls as p').leftJoin('users as pr', 'pr.id', 'p.proposer_id');

export const POLL_COLUMNS = [
  'p.id',
  'p.condo_id',
  'p.section_id',
  'p.title',
  'p.description',
  'p.kind',
  'p.counting',
  'p.secret',
  'p.changeable',
  'p.quorum',
  'p.opens_at',
  'p.closes_at',
  'p.state',
  'p.reason',
  'p.proposer_id',
  'pr.name as proposer_name',
  'p.created_by',
  'p.version',
  'p.fixed_at',
  'p.closed_at',
  'p.results_notified',
  'p.created_at',
  'p.updated_at',
] as const;

/** The poll of this condominium (any, when condoId is null: the jobs); undefined for none. */
export async function findPoll(db: Kysely<Database>, condoId: number | null, pollId: number): Promise<PollRow | undefined> {
  let query = pollsQuery(db)
    .select([...POLL_COLUMNS])
    .where('p.id', '=', pollId);
  if (condoId !== null) query = query.where('p.condo_id', '=', condoId);
  return (await query.executeTakeFirst()) as PollRow | undefined;
}

export const timesOf = (row: Pick<PollRow, 'state' | 'opens_at' | 'closes_at'>): PollTimes => ({
  estado: row.state,
  abre: row.opens_at,
  cierra: row.closes_at,
});

export const phaseOf = (row: Pick<PollRow, 'state' | 'opens_at' | 'closes_at'>, now: Date): PollPhase =>
  pollPhase(timesOf(row), now);

/** Whether the poll has been open (so its electorate is, or must now be, fixed). */
export const hasOpened = (row: Pick<PollRow, 'state' | 'opens_at' | 'closed_at'>, now: Date) =>
  (row.state === 'publicada' || row.state === 'cerrada') && Date.parse(row.opens_at) <= now.getTime();

/** The props a notification of this poll carries (src/api/notifications.ts, module encuesta). */
export const noticeProps = (row: Pick<PollRow, 'id' | 'section_id'>) => ({ pollID: row.id, SectId: row.section_id });

/** Where the poll opens in the app, under /condominio (spec §2.2: encuestas?PollId=). */
export const pollScreenPath = (pollId: number) => `/comunicacion/encuestas?PollId=${pollId}`;
