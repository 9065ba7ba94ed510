// Towers and dwellings for administrators (src/api/dwellings.ts; the route lets only canManagePeople in).
// The list is read whole for the condominium (a few thousand rows at most), searched with the shared fold
// (accents and case ignored) and sorted the way people count ("Casa 9" before "Casa 10"), then paged.
// Every write runs in a transaction that first takes the condominium (lockCondo) so two saves of the same
// name, a double submit, run one after the other and the second finds the first's row (409). Each writes its
// audit row ('tower' / 'apartment') in that same transaction. Another condominium's ids are 404.
import type { Kysely } from 'kysely';
import {
  cleanName,
  DWELLINGS_PAGE_SIZE,
  type Dwelling,
  type DwellingActiveRequest,
  type DwellingDraft,
  type DwellingListAnswer,
  type DwellingListQuery,
  nameKey,
  type Tower,
  type TowerActiveRequest,
  type TowerDraft,
} from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import { anyContains } from '../../../src/api/search';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';

export const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

const conflict = (id: MessageId, field?: string) => new AppError(409, ErrorCodes.conflict, id, field);

export interface TowerRow {
  id: number;
  name: string;
  active: number;
}
export interface ApartmentRow {
  id: number;
  tower_id: number | null;
  name: string;
  indiviso: number;
  active: number;
}

export const towersOf = (db: Kysely<Database>, condoId: number): Promise<TowerRow[]> =>
  db.selectFrom('towers').select(['id', 'name', 'active']).where('condo_id', '=', condoId).execute();

export const apartmentsOf = (db: Kysely<Database>, condoId: number): Promise<ApartmentRow[]> =>
  db.selectFrom('apartments').select(['id', 'tower_id', 'name', 'indiviso', 'active']).where('condo_id', '=', condoId).execute();

async function residentCounts(db: Kysely<Database>, condoId: number, apartmentIds?: number[]): Promise<Map<number, number>> {
  let query = db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select(['r.apartment_id', (eb) => eb.fn.count<number>('m.id').distinct().as('n')])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .groupBy('r.apartment_id');
  if (apartmentIds) query = query.where('r.apartment_id', 'in', apartmentIds.concat(-1));
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.apartment_id, Number(r.n)]));
}

function towerAnswer(row: TowerRow, apartments: readonly ApartmentRow[]): Tower {
  return {
    TowerId: row.id,
    Nombre: row.name,
    activa: row.active === 1,
    viviendas: apartments.filter((a) => a.tower_id === row.id && a.active === 1).length,
  };
}

function dwellingAnswer(
  row: ApartmentRow,
  towers: ReadonlyMap<number, TowerRow>,
  residents: ReadonlyMap<number, number>,
): Dwelling {
  return {
    ApmtId: row.id,
    Nombre: row.name,
    TowerId: row.tower_id,
    Torre: row.tower_id === null ? null : (towers.get(row.tower_id)?.name ?? null),
    indiviso: row.indiviso,
    activa: row.active === 1,
    residentes: residents.get(row.id) ?? 0,
  };
}

/** Towers by name, houses (no tower) last, then dwellings by name, numbers counted as numbers. */
export function compareDwellings(a: Dwelling, b: Dwelling): number {
  if ((a.Torre === null) !== (b.Torre === null)) return a.Torre === null ? 1 : -1;
  return collator.compare(a.Torre ?? '', b.Torre ?? '') || collator.compare(a.Nombre, b.Nombre) || a.ApmtId - b.ApmtId;
}

export async function listDwellings(db: Kysely<Database>, auth: Auth, query: DwellingListQuery): Promise<DwellingListAnswer> {
  const [towers, apartments, residents] = await Promise.all([
    towersOf(db, auth.condoId),
    apartmentsOf(db, auth.condoId),
    residentCounts(db, auth.condoId),
  ]);
  const towerById = new Map(towers.map((t) => [t.id, t]));
  const estado = query.estado ?? 'activas';
  const all = apartments.map((a) => dwellingAnswer(a, towerById, residents));
  const matching = all
    .filter((d) => estado === 'todas' || d.activa === (estado === 'activas'))
    .filter((d) =>
      query.torre === undefined ? true : query.torre === 'sin' ? d.TowerId === null : d.TowerId === Number(query.torre),
    )
    .filter((d) => anyContains([d.Nombre, d.Torre ?? '', `${d.Torre ?? ''} - ${d.Nombre}`], query.q ?? ''))
    .sort(compareDwellings);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DWELLINGS_PAGE_SIZE;
  const active = apartments.filter((a) => a.active === 1);
  return {
    success: true,
    viviendas: matching.slice(offset, offset + limit),
    total: matching.length,
    torres: towers.map((t) => towerAnswer(t, apartments)).sort((a, b) => collator.compare(a.Nombre, b.Nombre)),
    indivisoActivo: active.reduce((sum, a) => sum + a.indiviso, 0),
    activas: active.length,
  };
}

async function towerOf(db: Kysely<Database>, condoId: number, towerId: number): Promise<TowerRow> {
  const row = await db
    .selectFrom('towers')
    .select(['id', 'name', 'active'])
    .where('id', '=', towerId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw notFound('errors.notFound.tower');
  return row;
}

async function apartmentOf(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<ApartmentRow> {
  const row = await db
    .selectFrom('apartments')
    .select(['id', 'tower_id', 'name', 'indiviso', 'active'])
    .where('id', '=', apartmentId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw notFound('errors.notFound.dwelling');
  return row;
}

async function towerSaved(db: Kysely<Database>, condoId: number, towerId: number): Promise<Tower> {
  return towerAnswer(await towerOf(db, condoId, towerId), await apartmentsOf(db, condoId));
}

async function dwellingSaved(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<Dwelling> {
  const row = await apartmentOf(db, condoId, apartmentId);
  const towers = new Map((await towersOf(db, condoId)).map((t) => [t.id, t]));
  return dwellingAnswer(row, towers, await residentCounts(db, condoId, [apartmentId]));
}

export async function saveTower(db: Kysely<Database>, clock: Clock, auth: Auth, draft: TowerDraft) {
  const name = cleanName(draft.Nombre);
  const at = clock.now().toISOString();
  const towerId = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const before = draft.TowerId === undefined ? null : await towerOf(trx, auth.condoId, draft.TowerId);
    const taken = (await towersOf(trx, auth.condoId)).some((t) => t.id !== before?.id && nameKey(t.name) === nameKey(name));
    if (taken) throw conflict('dwellings.error.towerTaken', 'Nombre');
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, entity: 'tower' as const, at };
    if (!before) {
      const { id } = await trx
        .insertInto('towers')
        .values({ condo_id: auth.condoId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { ...audit, entityId: id, action: 'create', after: { Nombre: name } });
      return id;
    }
    if (before.name !== name) {
      await trx.updateTable('towers').set({ name }).where('id', '=', before.id).execute();
      await recordAudit(trx, {
        ...audit,
        entityId: before.id,
        action: 'update',
        before: { Nombre: before.name },
        after: { Nombre: name },
      });
    }
    return before.id;
  });
  return { success: true as const, torre: await towerSaved(db, auth.condoId, towerId) };
}

export async function setTowerActive(db: Kysely<Database>, clock: Clock, auth: Auth, request: TowerActiveRequest) {
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const tower = await towerOf(trx, auth.condoId, request.TowerId);
    if ((tower.active === 1) === request.activa) return;
    if (!request.activa) {
      const active = await trx
        .selectFrom('apartments')
        .select('id')
        .where('tower_id', '=', tower.id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (active) throw conflict('dwellings.error.towerHasDwellings');
    }
    await trx
      .updateTable('towers')
      .set({ active: request.activa ? 1 : 0 })
      .where('id', '=', tower.id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'tower',
      entityId: tower.id,
      action: request.activa ? 'reactivar' : 'desactivar',
      before: { activa: !request.activa },
      after: { activa: request.activa },
      at: clock.now().toISOString(),
    });
  });
  return { success: true as const, torre: await towerSaved(db, auth.condoId, request.TowerId) };
}

const dwellingFacts = (row: Pick<ApartmentRow, 'name' | 'tower_id' | 'indiviso'>) => ({
  Nombre: row.name,
  TowerId: row.tower_id,
  indiviso: row.indiviso,
});

export async function saveDwelling(db: Kysely<Database>, clock: Clock, auth: Auth, draft: DwellingDraft) {
  const name = cleanName(draft.Nombre);
  const at = clock.now().toISOString();
  const apartmentId = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const before = draft.ApmtId === undefined ? null : await apartmentOf(trx, auth.condoId, draft.ApmtId);
    if (draft.TowerId !== null) {
      const tower = await towerOf(trx, auth.condoId, draft.TowerId);
      // A deactivated tower takes no new dwelling (one already in it may still be edited).
      if (tower.active !== 1 && before?.tower_id !== tower.id) throw conflict('dwellings.error.towerInactive', 'TowerId');
    }
    const siblings = await trx
      .selectFrom('apartments')
      .select(['id', 'name'])
      .where('condo_id', '=', auth.condoId)
      .where((eb) => (draft.TowerId === null ? eb('tower_id', 'is', null) : eb('tower_id', '=', draft.TowerId)))
      .execute();
    if (siblings.some((s) => s.id !== before?.id && nameKey(s.name) === nameKey(name)))
      throw conflict('dwellings.error.dwellingTaken', 'Nombre');
    const values = { name, tower_id: draft.TowerId, indiviso: draft.indiviso };
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, entity: 'apartment' as const, at };
    if (!before) {
      const { id } = await trx
        .insertInto('apartments')
        .values({ condo_id: auth.condoId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { ...audit, entityId: id, action: 'create', after: dwellingFacts(values) });
      return id;
    }
    const was = dwellingFacts(before);
    const now = dwellingFacts(values);
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      await trx.updateTable('apartments').set(values).where('id', '=', before.id).execute();
      await recordAudit(trx, { ...audit, entityId: before.id, action: 'update', before: was, after: now });
    }
    return before.id;
  });
  return { success: true as const, vivienda: await dwellingSaved(db, auth.condoId, apartmentId) };
}

export async function setDwellingActive(db: Kysely<Database>, clock: Clock, auth: Auth, request: DwellingActiveRequest) {
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await apartmentOf(trx, auth.condoId, request.ApmtId);
    if ((row.active === 1) === request.activa) return;
    if (request.activa && row.tower_id !== null) {
      const tower = await towerOf(trx, auth.condoId, row.tower_id);
      if (tower.active !== 1) throw conflict('dwellings.error.towerInactive');
    }
    await trx
      .updateTable('apartments')
      .set({ active: request.activa ? 1 : 0 })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'apartment',
      entityId: row.id,
      action: request.activa ? 'reactivar' : 'desactivar',
      before: { activa: !request.activa },
      after: { activa: request.activa },
      at: clock.now().toISOString(),
    });
  });
  return { success: true as const, vivienda: await dwellingSaved(db, auth.condoId, request.ApmtId) };
}
