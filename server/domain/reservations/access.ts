// Who asks and what they may read: the RI sections of the caller's condominium they read
// (permissions.canReadReservations), their dwellings with the arrears flag the RI section's TiempoMoroso gives,
// and whether they administer. Whoever reads no RI section gets 403 for the whole area (like polls' home); a
// facility or reservation of another condominium, or one not theirs to see, is 404.
import type { Kysely } from 'kysely';
import {
  type CommunicationViewer,
  canManageFacilities,
  canReadReservations,
  reservationRolesOf,
} from '../../../src/api/permissions';
import type { MyDwelling } from '../../../src/api/reservations';
import type { Database, Section } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { arrears } from '../shared/ledgerReports';
import { sectionFacts } from '../shared/sections';
import { callerDwellings, loadViewer } from '../shared/viewer';
import { localDate, timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { type ReservationRow, reservationNotFound } from './rows';

export interface ReservationCaller {
  auth: Auth;
  viewer: CommunicationViewer;
  sections: Section[];
  admin: boolean;
  dwellings: { id: number; name: string }[];
  timeZone: string;
  now: Date;
  nowLocal: string;
  today: string;
}

/** Every RI section of the condominium the viewer reads, in the menu's order. */
export async function readableReservationSections(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
): Promise<Section[]> {
  const sections = await db
    .selectFrom('sections')
    .selectAll()
    .where('condo_id', '=', auth.condoId)
    .where('code', '=', 'RI')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const assigned = new Set(
    (
      await db
        .selectFrom('section_users')
        .select('section_id')
        .where('user_id', '=', auth.userId)
        .where('section_id', 'in', sections.map((s) => s.id).concat(-1))
        .execute()
    ).map((r) => r.section_id),
  );
  return sections.filter((s) => canReadReservations(viewer, sectionFacts(s, assigned.has(s.id))));
}

/** The caller of this area, or 403 when they read no RI section. */
export async function reservationCaller(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<ReservationCaller> {
  const viewer = await loadViewer(db, auth);
  const sections = await readableReservationSections(db, auth, viewer);
  if (sections.length === 0) throw forbidden();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const now = clock.now();
  const nowLocal = utcToLocal(now, timeZone);
  return {
    auth,
    viewer,
    sections,
    admin: canManageFacilities(viewer),
    dwellings: (await callerDwellings(db, auth)).map((d) => ({ id: d.id, name: d.name })),
    timeZone,
    now,
    nowLocal,
    today: nowLocal.slice(0, 10),
  };
}

/** Administrators only (after reservationCaller): 403 for anyone else. */
export function requireManager(caller: ReservationCaller): void {
  if (!caller.admin) throw forbidden();
}

/** The RI section's TiempoMoroso (days; 0: any overdue debt bars); the first RI section of the condominium. */
export async function arrearsDays(db: Kysely<Database>, condoId: number): Promise<number> {
  const section = await db
    .selectFrom('sections')
    .select('tiempo_moroso')
    .where('condo_id', '=', condoId)
    .where('code', '=', 'RI')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return section?.tiempo_moroso ?? 0;
}

/** Whether these dwellings are in arrears beyond the RI section's TiempoMoroso as of `today`. */
export async function dwellingArrears(
  db: Kysely<Database>,
  condoId: number,
  dwellings: readonly { id: number; name: string }[],
  today: string,
): Promise<MyDwelling[]> {
  if (dwellings.length === 0) return [];
  const owed = await arrears(db, condoId, today);
  const limit = await arrearsDays(db, condoId);
  return dwellings.map((d) => {
    const debt = owed.get(d.id);
    return {
      ApmtId: d.id,
      Nombre: d.name,
      moroso: debt !== undefined && debt.adeudo > 0 && debt.dias > limit,
      adeudo: debt?.adeudo ?? null,
      dias: debt?.dias ?? null,
    };
  });
}

export const rolesOn = (caller: ReservationCaller, row: Pick<ReservationRow, 'apartment_id'>) =>
  reservationRolesOf(
    caller.viewer,
    { apartmentId: row.apartment_id },
    caller.dwellings.map((d) => d.id),
  );

/** The reservation when the caller may see it in full (its dwelling's residents, administrators); 404 else. */
export function requireVisible(caller: ReservationCaller, row: ReservationRow | undefined): ReservationRow {
  if (!row || row.condo_id !== caller.auth.condoId || rolesOn(caller, row).length === 0) throw reservationNotFound();
  return row;
}

/** A dwelling's active members (told of what happens to its reservations). */
export async function residentsOf(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('m.user_id')
    .where('r.apartment_id', '=', apartmentId)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .execute();
  return [...new Set(rows.map((r) => r.user_id))].sort((a, b) => a - b);
}

export const localNow = (now: Date, timeZone: string) => ({
  nowLocal: utcToLocal(now, timeZone),
  today: localDate(now, timeZone),
});
