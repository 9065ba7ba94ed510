// Votes on an assembly's agenda items (src/api/assemblyVotes.ts). Who manages the open assembly opens a voted item
// (secret or public), one at a time: in one transaction under the condominium's lock the item goes pending → open
// WHERE still pending and no other is open, and its electorate is fixed (voteSeats.ts). A seat's voter votes once:
// INSERT … ON CONFLICT (item, dwelling) DO NOTHING, so of two votes from one dwelling at once one row is kept and the
// other call gets 409 (no changes: the polls' rule for a poll that is not "changeable"); the item must be open as
// the server reads it inside the lock (the server's time decides, a vote after the close is refused). Who manages
// it records a show of hands for a seat the same way (recorded_by). Closing stores the outcome (assemblyMajority.ts
// over tally.ts). Every change is published on the assembly's live event; the results are read again from there.
import type { Kysely } from 'kysely';
import type { MajorityRule } from '../../../src/api/assemblies';
import { type ItemOutcome, itemOutcome, type VoteChoice, weightNeeded } from '../../../src/api/assemblyMajority';
import type {
  AssemblyVoting,
  ItemVoteState,
  ItemVoting,
  OpenItemRequest,
  SeatRow,
  VoteRequest,
} from '../../../src/api/assemblyVotes';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import { lockCondo } from '../shared/condoLock';
import { localDate, timeZoneOf } from '../shared/zonedTime';
import { publishAssembly } from './notices';
import { assemblyOf, type Viewing } from './rows';
import { readSettings } from './settings';
import { itemTally } from './tally';
import { fixSeats, seatsOfCaller } from './voteSeats';

const conflict = (messageId: MessageId) => new AppError(409, ErrorCodes.conflict, messageId);
const itemNotFound = () => new AppError(404, ErrorCodes.notFound, 'assemblyVotes.refusal.itemNotFound');

async function votedItem(db: Kysely<Database>, assemblyId: number, itemId: number) {
  const item = await db
    .selectFrom('assembly_items')
    .selectAll()
    .where('id', '=', itemId)
    .where('assembly_id', '=', assemblyId)
    .executeTakeFirst();
  if (item?.kind !== 'voted') throw itemNotFound();
  return item;
}

/** Every voted item of the assembly with its results, the caller's seats, and for who manages it every seat. */
export async function votingOf(db: Kysely<Database>, viewing: Viewing, assemblyId: number): Promise<AssemblyVoting> {
  const { auth, manages } = viewing;
  const assembly = await assemblyOf(db, auth.condoId, assemblyId, manages);
  const { tenantsVote } = await readSettings(db, auth.condoId);
  const items = await db
    .selectFrom('assembly_items')
    .selectAll()
    .where('assembly_id', '=', assemblyId)
    .where('kind', '=', 'voted')
    .orderBy('position')
    .execute();
  const answered: ItemVoting[] = [];
  for (const item of items) {
    const state = item.vote_state as ItemVoteState;
    const secret = item.secret === 1;
    if (state === 'pending') {
      answered.push({
        itemId: item.id,
        title: item.title,
        state,
        secret,
        outcome: null,
        results: null,
        mySeats: [],
        seats: null,
      });
      continue;
    }
    const seats = await db
      .selectFrom('assembly_item_seats as s')
      .innerJoin('apartments as a', 'a.id', 's.apartment_id')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .leftJoin('assembly_proxies as p', 'p.id', 's.proxy_id')
      .leftJoin('assembly_item_votes as v', (j) =>
        j.onRef('v.item_id', '=', 's.item_id').onRef('v.apartment_id', '=', 's.apartment_id'),
      )
      .select([
        's.apartment_id',
        's.weight',
        's.barred',
        's.holder_user_id',
        's.proxy_id',
        'a.name',
        't.name as tower',
        'p.holder_name',
        'v.choice',
        'v.recorded_by',
      ])
      .where('s.item_id', '=', item.id)
      .orderBy('s.apartment_id')
      .execute();
    const tally = await itemTally(db, auth.condoId, item.id);
    const rule = { majority: item.majority as MajorityRule, qualifiedPercent: item.qualified_percent };
    const shown = (choice: string | null) => (secret || choice === null ? null : (choice as VoteChoice));
    const mine = await seatsOfCaller(db, auth, seats, tenantsVote);
    answered.push({
      itemId: item.id,
      title: item.title,
      state,
      secret,
      outcome: (item.outcome as ItemOutcome | null) ?? null,
      results: {
        yes: tally.yes,
        no: tally.no,
        abstain: tally.abstain,
        electorate: tally.electorate,
        total: tally.total,
        seats: tally.seats,
        voted: seats.filter((s) => s.choice !== null && s.barred !== 1).length,
        needed: weightNeeded(tally, rule),
      },
      mySeats: mine.map((s) => ({
        apartmentId: s.apartment_id,
        name: dwellingName(s.tower, s.name),
        barred: s.barred === 1,
        voted: s.choice !== null,
        choice: shown(s.choice),
        byProxy: s.proxy_id !== null,
      })),
      seats: manages
        ? seats.map(
            (s): SeatRow => ({
              apartmentId: s.apartment_id,
              name: dwellingName(s.tower, s.name),
              weight: Number(s.weight),
              barred: s.barred === 1,
              holder: s.holder_name ?? null,
              voted: s.choice !== null,
              choice: shown(s.choice),
              shownOfHands: s.recorded_by !== null,
            }),
          )
        : null,
    });
  }
  return { assemblyId, manages, assemblyOpen: assembly.state === 'open', items: answered };
}

/** Opens a voted item of the open assembly, fixing its electorate; 409 unless pending and no other item is open. */
export async function openItem(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  assemblyId: number,
  itemId: number,
  request: OpenItemRequest,
): Promise<AssemblyVoting> {
  const { auth } = viewing;
  const timeZone = await timeZoneOf(db, auth.condoId);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const assembly = await assemblyOf(trx, auth.condoId, assemblyId);
    const item = await votedItem(trx, assemblyId, itemId);
    if (assembly.state !== 'open') throw conflict('assemblyVotes.refusal.assemblyNotOpen');
    if (item.vote_state !== 'pending') throw conflict('assemblyVotes.refusal.itemNotPending');
    const another = await trx
      .selectFrom('assembly_items')
      .select('id')
      .where('assembly_id', '=', assemblyId)
      .where('vote_state', '=', 'open')
      .executeTakeFirst();
    if (another) throw conflict('assemblyVotes.refusal.anotherOpen');
    const now = clock.now();
    const at = now.toISOString();
    const opened = await trx
      .updateTable('assembly_items')
      .set({ vote_state: 'open', secret: request.secret ? 1 : 0, opened_at: at })
      .where('id', '=', itemId)
      .where('vote_state', '=', 'pending')
      .executeTakeFirst();
    if (Number(opened.numUpdatedRows) !== 1) throw conflict('assemblyVotes.refusal.itemNotPending');
    await fixSeats(trx, assembly, itemId, await readSettings(trx, auth.condoId), localDate(now, timeZone));
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: assemblyId,
      action: 'iniciar',
      after: { name: item.title, state: 'open' },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return votingOf(db, viewing, assemblyId);
}

/** Closes an open item and stores its outcome. */
export async function closeItem(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  assemblyId: number,
  itemId: number,
): Promise<AssemblyVoting> {
  const { auth } = viewing;
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    await assemblyOf(trx, auth.condoId, assemblyId);
    const item = await votedItem(trx, assemblyId, itemId);
    if (item.vote_state !== 'open') throw conflict('assemblyVotes.refusal.itemNotOpen');
    const tally = await itemTally(trx, auth.condoId, itemId);
    const outcome = itemOutcome(tally, { majority: item.majority as MajorityRule, qualifiedPercent: item.qualified_percent });
    const at = clock.now().toISOString();
    const closed = await trx
      .updateTable('assembly_items')
      .set({ vote_state: 'closed', closed_at: at, outcome })
      .where('id', '=', itemId)
      .where('vote_state', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw conflict('assemblyVotes.refusal.itemNotOpen');
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: assemblyId,
      action: 'cerrar',
      after: { name: item.title, state: outcome },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return votingOf(db, viewing, assemblyId);
}

/**
 * One seat's vote: from a phone by its voter (`recorded` false), or a show of hands recorded by who manages the
 * assembly. 403 for a seat the caller does not vote for; 409 when the item is not open, the seat is barred or voted.
 */
export async function castItemVote(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  assemblyId: number,
  itemId: number,
  request: VoteRequest,
  recorded: boolean,
): Promise<AssemblyVoting> {
  const { auth } = viewing;
  if (recorded && !viewing.manages) throw forbidden();
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    await assemblyOf(trx, auth.condoId, assemblyId, viewing.manages);
    const item = await votedItem(trx, assemblyId, itemId);
    if (item.vote_state !== 'open') throw conflict('assemblyVotes.refusal.itemNotOpen');
    const seat = await trx
      .selectFrom('assembly_item_seats')
      .select(['apartment_id', 'barred', 'holder_user_id', 'proxy_id'])
      .where('item_id', '=', itemId)
      .where('apartment_id', '=', request.apartmentId)
      .executeTakeFirst();
    if (!seat) throw recorded ? conflict('assemblyVotes.refusal.noSeat') : forbidden();
    if (!recorded) {
      const { tenantsVote } = await readSettings(trx, auth.condoId);
      if ((await seatsOfCaller(trx, auth, [seat], tenantsVote)).length === 0) throw forbidden();
    }
    if (seat.barred === 1) throw conflict('assemblyVotes.refusal.barred');
    const at = clock.now().toISOString();
    const inserted = await trx
      .insertInto('assembly_item_votes')
      .values({
        item_id: itemId,
        apartment_id: request.apartmentId,
        choice: request.choice,
        cast_by: recorded ? null : auth.userId,
        recorded_by: recorded ? auth.userId : null,
        cast_at: at,
      })
      .onConflict((oc) => oc.columns(['item_id', 'apartment_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict('assemblyVotes.refusal.alreadyVoted');
    if (recorded) {
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'assembly',
        entityId: assemblyId,
        action: 'update',
        after: { apartmentId: request.apartmentId, name: item.title },
        at,
      });
    }
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return votingOf(db, viewing, assemblyId);
}
