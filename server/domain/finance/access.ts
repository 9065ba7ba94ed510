// What the shared rules of src/api/permissions.ts read about the caller, loaded from the database: the
// server applies the same rules the browser's menus do.
import type { Kysely } from 'kysely';
import type { SessionData } from '../../../src/api/sessions';
import type { Database } from '../../db/schema';
import { loadSessionData } from '../sessionData';
import type { Auth } from '../shared/auth';

export type AccessData = Pick<SessionData, 'condo' | 'usuario' | 'usuarioPermisos' | 'permisosRoles'>;

export async function loadAccess(db: Kysely<Database>, auth: Auth): Promise<AccessData> {
  // The photo link and user hash are not needed to decide anything.
  return loadSessionData(
    db,
    auth,
    () => '',
    async () => '',
  );
}

export const ownApartmentIds = (access: AccessData) => access.usuario.apartments.map((a) => a.AptId);
