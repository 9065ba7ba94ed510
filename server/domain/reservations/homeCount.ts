// What waits in RI sections on the communication home (and the menu badge): for administrators, the requests
// waiting for approval that have not started; for everyone else, their dwellings' upcoming reservations
// (pending or confirmed). One count for the condominium, shown on each RI section the caller reads (the
// homeSummary only asks for sections the caller reads).
import type { Kysely } from 'kysely';
import { canManageFacilities } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { callerDwellings, loadViewer } from '../shared/viewer';

export async function reservationsWaiting(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<number> {
  const now = clock.now().toISOString();
  let query = db
    .selectFrom('reservations')
    .select(db.fn.countAll<number>().as('n'))
    .where('condo_id', '=', auth.condoId)
    .where('starts_at', '>', now);
  if (canManageFacilities(await loadViewer(db, auth))) {
    query = query.where('state', '=', 'pendiente');
  } else {
    const dwellings = (await callerDwellings(db, auth)).map((d) => d.id);
    if (dwellings.length === 0) return 0;
    query = query.where('state', 'in', ['pendiente', 'confirmada']).where('apartment_id', 'in', dwellings);
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}
