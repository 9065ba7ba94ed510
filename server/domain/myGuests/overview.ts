// What Mis invitados opens with (GET overview): the caller's dwellings, the condominium's access points, what
// they may do (invite guests: a dwelling here; the condo links: administrators) and, for administrators, the
// condo links. A member who may do neither is refused (403).
import type { Kysely } from 'kysely';
import type { MyGuestsOverview } from '../../../src/api/myGuests';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Auth } from '../shared/auth';
import { accessPointsOf } from '../shared/visitorPasses';
import { inviterOf } from './access';
import { listCondoLinks } from './condoLinks';

export async function myGuestsOverview(db: Kysely<Database>, auth: Auth): Promise<MyGuestsOverview> {
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite && !inviter.canManageCondoLink) throw forbidden();
  const condoLinks = inviter.canManageCondoLink ? await listCondoLinks(db, auth.condoId) : [];
  return {
    success: true,
    CondoId: auth.condoId,
    dwellings: inviter.dwellings,
    accessPoints: await accessPointsOf(db, auth.condoId),
    canInvite: inviter.canInvite,
    canManageCondoLink: inviter.canManageCondoLink,
    condoLinks,
  };
}
