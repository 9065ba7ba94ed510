// Who is asking: the signed-in member's dwellings here, whether they administer the condominium, its time zone,
// and what the shared rules of src/api/permissions.ts let them do with guests (canInviteGuests: a dwelling here;
// canManageCondoLink: administrators). A member who may do neither is refused (403).
import type { Kysely } from 'kysely';
import { canInviteGuests, canManageCondoLink } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Auth } from '../shared/auth';
import { callerDwellingRows } from '../shared/viewer';

export interface Inviter {
  dwellings: { AptId: number; AptName: string; TorreName: string | null }[];
  isAdmin: boolean;
  timeZone: string;
  canInvite: boolean;
  canManageCondoLink: boolean;
}

/** The signed-in member's dwellings and roles here, and what the shared rules let them do. */
export async function inviterOf(db: Kysely<Database>, auth: Auth): Promise<Inviter> {
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.is_admin', 'c.time_zone'])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const dwellings = (await callerDwellingRows(db, auth)).map((d) => ({ AptId: d.id, AptName: d.name, TorreName: d.tower }));
  const usuario = { apartments: dwellings, UserIsAdmin: member.is_admin === 1 ? ('Y' as const) : ('N' as const) };
  return {
    dwellings,
    isAdmin: member.is_admin === 1,
    timeZone: member.time_zone,
    canInvite: canInviteGuests({ usuario }),
    canManageCondoLink: canManageCondoLink({ usuario }),
  };
}

/** The inviter, when they may invite guests (a dwelling here); 403 otherwise. */
export async function requireInviter(db: Kysely<Database>, auth: Auth): Promise<Inviter> {
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite) throw forbidden();
  return inviter;
}
