// Whom one may write to (issue 13): the condominium's towers and dwellings, by name only (never the people
// living there nor their contact data), and the sides the caller writes for.
import type { Kysely } from 'kysely';
import type { DirectoryAnswer } from '../../../src/api/conversations';
import { ErrorCodes } from '../../../src/api/errors';
import { canWriteTo, speaksForAdministration } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';
import { loadCaller, usableSection, usableSections } from './access';

export async function conversationDirectory(
  db: Kysely<Database>,
  auth: Auth,
  sectionId: number | undefined,
): Promise<DirectoryAnswer> {
  const caller = await loadCaller(db, auth);
  if (sectionId !== undefined) await usableSection(db, caller, sectionId);
  else if ((await usableSections(db, caller)).size === 0) {
    throw new AppError(403, ErrorCodes.forbidden, 'conversationsNotices.noSection');
  }
  const towers = await db
    .selectFrom('towers')
    .select(['id', 'name'])
    .where('condo_id', '=', auth.condoId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const towerName = new Map(towers.map((t) => [t.id, t.name]));
  const dwellings = await db
    .selectFrom('apartments')
    .select(['id', 'name', 'tower_id'])
    .where('condo_id', '=', auth.condoId)
    .orderBy('id')
    .execute();
  // Tower by tower in the towers' order, then the houses; each in the order they were made. (Sorted here:
  // the two databases put NULL towers at opposite ends.)
  const towerOrder = new Map(towers.map((t, index) => [t.id, index]));
  const rank = (towerId: number | null) => (towerId === null ? towers.length : (towerOrder.get(towerId) ?? towers.length));
  const shown = dwellings
    .sort((a, b) => rank(a.tower_id) - rank(b.tower_id) || a.id - b.id)
    .map((d) => ({
      ApmtId: d.id,
      AptName: d.name,
      TorreId: d.tower_id,
      TorreName: d.tower_id === null ? null : (towerName.get(d.tower_id) ?? null),
    }));
  return {
    success: true,
    torres: towers.map((t) => ({ TorreId: t.id, TorreName: t.name })),
    viviendas: shown.filter((d) => canWriteTo(caller.viewer, caller.own, d.ApmtId)),
    mias: shown.filter((d) => caller.own.includes(d.ApmtId)),
    comoAdministracion: speaksForAdministration(caller.viewer),
  };
}
