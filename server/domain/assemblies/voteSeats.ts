// The electorate of a voted item, fixed when it opens (assembly_item_seats), and who may vote for a seat. Every
// dwelling present by its owner (an owner attendance row; a proxy's holder is recorded as the owner's row), and,
// where the condominium lets tenants vote, a dwelling present only by its tenant; its weight is its indiviso (parts
// per million); barred when the condominium's arrearsDays is set and the ledger gives it an unpaid charge older than
// that as of the opening day in the condominium's zone (the polls' rule, shared/electorate.ts); its holder is the
// accepted proxy's (null: any owner of the dwelling, or any resident where tenants vote).
import type { Kysely } from 'kysely';
import type { AssemblySettings } from '../../../src/api/assemblies';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { arrears } from '../shared/ledgerReports';
import { acceptedProxies, dwellingsHeldBy } from './proxyRows';
import { dwellingsOf } from './rows';

/** Writes the item's seats in `trx` (the opening's transaction) as of `today` (YYYY-MM-DD, the condominium's zone). */
export async function fixSeats(
  trx: Kysely<Database>,
  assembly: { id: number; condo_id: number },
  itemId: number,
  settings: AssemblySettings,
  today: string,
): Promise<void> {
  const present = await trx
    .selectFrom('assembly_attendance')
    .select(['apartment_id', 'kind'])
    .where('assembly_id', '=', assembly.id)
    .execute();
  const voting = new Set(
    present.filter((p) => p.kind === 'owner' || (settings.tenantsVote && p.kind === 'tenant')).map((p) => p.apartment_id),
  );
  const owed = settings.arrearsDays > 0 ? await arrears(trx, assembly.condo_id, today) : new Map<number, { dias: number }>();
  const proxies = await acceptedProxies(trx, assembly.id);
  const rows = (await dwellingsOf(trx, assembly.condo_id))
    .filter((d) => voting.has(d.id))
    .map((d) => {
      const debt = owed.get(d.id);
      const proxy = proxies.get(d.id);
      return {
        item_id: itemId,
        apartment_id: d.id,
        weight: Number(d.indiviso),
        barred: settings.arrearsDays > 0 && debt !== undefined && debt.dias > settings.arrearsDays ? (1 as const) : (0 as const),
        holder_user_id: proxy?.holder_user_id ?? null,
        proxy_id: proxy?.id ?? null,
      };
    });
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('assembly_item_seats')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

export interface SeatFacts {
  apartment_id: number;
  holder_user_id: number | null;
  proxy_id: number | null;
}

/**
 * The seats of `seats` the caller votes for: those whose holder they are, and those without a proxy of a dwelling
 * they hold as owner (or as tenant where tenants vote).
 */
export async function seatsOfCaller<T extends SeatFacts>(
  db: Kysely<Database>,
  auth: Auth,
  seats: readonly T[],
  tenantsVote: boolean,
): Promise<T[]> {
  const held = new Set(
    (await dwellingsHeldBy(db, auth, tenantsVote ? ['owner', 'tenant'] : ['owner'])).map((d) => d.apartmentId),
  );
  return seats.filter((s) => (s.proxy_id !== null ? s.holder_user_id === auth.userId : held.has(s.apartment_id)));
}
