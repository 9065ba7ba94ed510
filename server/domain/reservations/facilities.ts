// Administrators create and edit facilities (POST createFacility, updateFacility): the draft's shape
// (superstruct, at the route), its cross-field rules (reservations.facilityDraftProblems → 400 naming the
// first field, worded by reservationsNotices.draft.*), the photos and rules PDF decoded before anything is
// written, the closures replaced as given; an edit checks the version (409 with the facility as it is now).
// Every change leaves an audit row. Reservations already made keep the fee and times they were made with.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type FacilityAnswer,
  type FacilityDraft,
  type FacilityUpdateRequest,
  facilityDraftProblems,
} from '../../../src/api/reservations';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { decodeUploads } from '../shared/uploads';
import { requireManager, reservationCaller } from './access';
import { facilityAnswers } from './answers';
import { type FacilitySigner, keepOnlyFiles, saveFacilityFiles } from './files';
import { facilityNotFound, findFacility } from './rows';

/** 400 naming the first field the draft's rules refuse. */
function checkDraft(draft: FacilityDraft): void {
  const [field, id] = Object.entries(facilityDraftProblems(draft))[0] ?? [];
  if (field && id) {
    // The contract names the browser's ids (reservations.error.x); the server words the same problem itself.
    const messageId = `reservationsNotices.draft.${id.slice(id.lastIndexOf('.') + 1)}` as MessageId;
    throw new AppError(400, ErrorCodes.badRequest, messageId, field);
  }
}

const flag = (value: boolean) => (value ? (1 as const) : (0 as const));

function columns(draft: FacilityDraft) {
  return {
    name: draft.Nombre.trim(),
    description: draft.Descripcion.trim(),
    capacity: draft.capacidad,
    exclusive: flag(draft.exclusiva),
    rules_text: draft.reglamento.trim(),
    hours_json: JSON.stringify(draft.horario),
    unit: draft.unidad,
    slot_minutes: draft.duracionBloque,
    min_minutes: draft.minMinutos,
    max_minutes: draft.maxMinutos,
    days_ahead: draft.diasAnticipacion,
    cancel_hours: draft.horasCancelacion,
    limit_count: draft.limite?.cantidad ?? null,
    limit_period: draft.limite?.periodo ?? null,
    needs_approval: flag(draft.requiereAprobacion),
    fee_cents: draft.cuotaCents,
    deposit_cents: draft.depositoCents,
    admits_arrears: flag(draft.admiteMorosos),
    active: flag(draft.activa),
  };
}

async function replaceClosures(trx: Kysely<Database>, facilityId: number, draft: FacilityDraft) {
  await trx.deleteFrom('facility_closures').where('facility_id', '=', facilityId).execute();
  if (draft.cierres.length === 0) return;
  await trx
    .insertInto('facility_closures')
    .values(
      draft.cierres.map((c) => ({
        facility_id: facilityId,
        starts_local: c.desde,
        ends_local: c.hasta,
        reason: c.motivo.trim(),
      })),
    )
    .execute();
}

function decoded(draft: FacilityDraft) {
  return { photos: decodeUploads(draft.fotos), pdf: draft.reglamentoPdf ? decodeUploads([draft.reglamentoPdf]) : [] };
}

export async function createFacility(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: FacilityDraft,
  sign: FacilitySigner,
): Promise<FacilityAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  requireManager(caller);
  checkDraft(draft);
  const files = decoded(draft);
  const at = caller.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('facilities')
      .select(trx.fn.max('position').as('p'))
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('facilities')
      .values({ condo_id: auth.condoId, ...columns(draft), position: Number(last?.p ?? 0) + 1, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceClosures(trx, inserted.id, draft);
    const target = { facilityId: inserted.id, ownerUserId: auth.userId, at };
    await saveFacilityFiles(trx, { ...target, kind: 'image', firstPosition: 0 }, files.photos);
    await saveFacilityFiles(trx, { ...target, kind: 'rules', firstPosition: 0 }, files.pdf);
    const row = (await findFacility(trx, auth.condoId, inserted.id))!;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'facility',
      entityId: row.id,
      action: 'create',
      after: columns(draft),
      at,
    });
    return { success: true, instalacion: (await facilityAnswers(trx, [row], caller.nowLocal, sign))[0]! };
  });
}

export async function updateFacility(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: FacilityUpdateRequest,
  sign: FacilitySigner,
): Promise<FacilityAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  requireManager(caller);
  if (!(await findFacility(db, auth.condoId, request.facilityId))) throw facilityNotFound();
  checkDraft(request);
  const files = decoded(request);
  const at = caller.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = (await findFacility(trx, auth.condoId, request.facilityId))!;
    const fresh = async () =>
      (await facilityAnswers(trx, [(await findFacility(trx, auth.condoId, before.id))!], caller.nowLocal, sign))[0]!;
    const changed = await trx
      .updateTable('facilities')
      .set({ ...columns(request), version: before.version + 1, updated_at: at })
      .where('id', '=', before.id)
      .where('version', '=', request.version)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      throw new AppError(409, ErrorCodes.conflict, 'reservationsNotices.refusal.stale', undefined, {
        instalacion: await fresh(),
      });
    }
    await replaceClosures(trx, before.id, request);
    const kept = await keepOnlyFiles(trx, before.id, 'image', request.conservarFotos);
    const target = { facilityId: before.id, ownerUserId: auth.userId, at };
    await saveFacilityFiles(trx, { ...target, kind: 'image', firstPosition: kept + 1000 }, files.photos);
    if (files.pdf.length > 0 || !request.conservarReglamentoPdf) await keepOnlyFiles(trx, before.id, 'rules', []);
    await saveFacilityFiles(trx, { ...target, kind: 'rules', firstPosition: 0 }, files.pdf);
    const { id: _id, condo_id: _c, version: _v, created_at: _ca, updated_at: _u, position: _p, ...was } = before;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'facility',
      entityId: before.id,
      action: 'update',
      before: was,
      after: columns(request),
      at,
    });
    return { success: true, instalacion: await fresh() };
  });
}
