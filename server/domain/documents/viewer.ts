// Who is reading the library: the audiences the shared rule (permissions.documentAudiencesFor) gives them, from their
// roles and whether they hold a dwelling of this condominium as its owner.
import type { Kysely } from 'kysely';
import type { DocumentAudience } from '../../../src/api/documents';
import { documentAudiencesFor, isAdmin } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { loadAccess } from '../shared/sessionData';

export interface LibraryReader {
  condoId: number;
  audiences: DocumentAudience[];
  admin: boolean;
}

export async function libraryReader(db: Kysely<Database>, auth: Auth): Promise<LibraryReader> {
  const access = await loadAccess(db, auth);
  const owned = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select('r.id')
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.condo_id', '=', auth.condoId)
    .where('r.kind', '=', 'owner')
    .executeTakeFirst();
  return {
    condoId: auth.condoId,
    audiences: documentAudiencesFor({ usuario: access.usuario, owner: owned !== undefined }),
    admin: isAdmin(access.usuario),
  };
}
