// Management control's summary (src/api/management.ts): who may ask (permissions.canSeeManagementControl),
// today in the condominium's zone, the money figures through the financial reports' functions, the community
// figures, and for each figure the screen it opens when the caller may open it (the same rules those screens
// and their routes apply: canOpenReport by Clave, canReadSection for the SA / RI / EN sections,
// canSeeMyGuests for the guest list).
import type { Kysely } from 'kysely';
import type { ManagementSummary } from '../../../src/api/management';
import { canOpenReport, canSeeManagementControl, canSeeMyGuests } from '../../../src/api/permissions';
import { pollPath, sectionPath } from '../../../src/api/sections';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { readableSections } from '../shared/sections';
import { loadAccess } from '../shared/sessionData';
import { loadViewer } from '../shared/viewer';
import { localDate, timeZoneOf } from '../shared/zonedTime';
import { guestTraffic, openRequests, pollParticipation, weekReservations } from './activity';
import { moneyFigures } from './money';

export async function managementSummary(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<ManagementSummary> {
  const access = await loadAccess(db, auth);
  if (!canSeeManagementControl(access)) throw forbidden();
  const now = clock.now();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const today = localDate(now, timeZone);

  // The sections the caller reads, for the links to requests, facilities and polls.
  const readable = await readableSections(db, auth, await loadViewer(db, auth));
  const firstOf = (code: string) => {
    const section = readable.find((s) => s.code === code);
    return section ? sectionPath({ SectId: section.id, SectCode: section.code }) : null;
  };
  const readableIds = new Set(readable.map((s) => s.id));

  const money = await moneyFigures(db, auth.condoId, today, (clave) => canOpenReport(access, clave));
  return {
    hoy: today,
    ...money,
    visitas: await guestTraffic(db, auth.condoId, today, timeZone, canSeeMyGuests(access) ? '/mis-invitados' : null),
    solicitudes: await openRequests(db, auth.condoId, today, timeZone, firstOf('SA')),
    reservaciones: await weekReservations(db, auth.condoId, today, firstOf('RI')),
    encuestas: await pollParticipation(db, auth.condoId, now, (poll) =>
      readableIds.has(poll.section_id) ? pollPath(poll.id) : null,
    ),
  };
}
