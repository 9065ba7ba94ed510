// The SA section as its screen opens it (GET section), and what administrators keep for requests: the
// categories, the due hours by priority (GET settings, POST save-category, save-due-hours) and the employees a
// request may be assigned to. Every change writes its audit row in the same transaction.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canFileTicket, canManageTickets, canSeeTicketOverview } from '../../../src/api/permissions';
import type {
  CategorySaveRequest,
  DueHoursRequest,
  TicketCategory,
  TicketSectionAnswer,
  TicketSettingsAnswer,
} from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { employeesOf, readableRequestSection } from './access';
import { dwellingsOf } from './create';
import { dueHoursOf } from './time';

async function categoriesOf(db: Kysely<Database>, condoId: number, activeOnly: boolean): Promise<TicketCategory[]> {
  let query = db.selectFrom('ticket_categories').select(['id', 'name', 'active']).where('condo_id', '=', condoId);
  if (activeOnly) query = query.where('active', '=', 1);
  const rows = await query.orderBy('position').orderBy('id').execute();
  return rows.map((c) => ({ id: c.id, nombre: c.name, activa: c.active === 1 }));
}

/** The SA section the caller reads: its settings for the form, the caller's dwellings and abilities. */
export async function ticketSection(db: Kysely<Database>, auth: Auth, sectionId: number): Promise<TicketSectionAnswer> {
  const viewer = await loadViewer(db, auth);
  const { section, facts } = await readableRequestSection(db, auth, viewer, sectionId);
  return {
    success: true,
    section: {
      SectId: section.id,
      SectName: section.name,
      MensajeConfirmacion: section.mensaje_confirmacion || null,
      EnviarCopia: section.enviar_copia === 1 ? 1 : 0,
    },
    categorias: await categoriesOf(db, auth.condoId, true),
    viviendas: await dwellingsOf(db, auth),
    canFile: canFileTicket(viewer, facts),
    canManage: canManageTickets(viewer),
    canSeeOverview: canSeeTicketOverview(viewer),
  };
}

async function requireManager(db: Kysely<Database>, auth: Auth) {
  if (!canManageTickets(await loadViewer(db, auth))) throw forbidden();
}

export async function ticketSettings(db: Kysely<Database>, auth: Auth): Promise<TicketSettingsAnswer> {
  await requireManager(db, auth);
  return { success: true, categorias: await categoriesOf(db, auth.condoId, false), horas: await dueHoursOf(db, auth.condoId) };
}

export async function ticketAssignees(db: Kysely<Database>, auth: Auth) {
  await requireManager(db, auth);
  return {
    success: true as const,
    items: (await employeesOf(db, auth.condoId)).map((e) => ({ UserId: e.id, UserName: e.name })),
  };
}

const sameName = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;

/** A new category (no id: last in order) or a renamed, retired or restored one; names are unique, whatever the case. */
export async function saveCategory(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: CategorySaveRequest,
): Promise<TicketSettingsAnswer> {
  await db.transaction().execute(async (trx) => {
    await requireManager(trx, auth);
    const at = clock.now().toISOString();
    const name = request.nombre.trim();
    const existing = await trx
      .selectFrom('ticket_categories')
      .select(['id', 'name', 'active', 'position'])
      .where('condo_id', '=', auth.condoId)
      .execute();
    if (existing.some((c) => c.id !== request.id && sameName(c.name, name))) {
      throw new AppError(409, ErrorCodes.conflict, 'ticketsNotices.refusal.categoryTaken', 'nombre');
    }
    const after = { name, active: request.activa };
    if (request.id === undefined) {
      const position = Math.max(0, ...existing.map((c) => c.position)) + 1;
      const { id } = await trx
        .insertInto('ticket_categories')
        .values({ condo_id: auth.condoId, name, active: request.activa ? 1 : 0, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'ticket_category',
        entityId: id,
        action: 'create',
        after,
        at,
      });
      return;
    }
    const current = existing.find((c) => c.id === request.id);
    if (!current) throw new AppError(404, ErrorCodes.notFound, 'ticketsNotices.refusal.categoryNotFound');
    await trx
      .updateTable('ticket_categories')
      .set({ name, active: request.activa ? 1 : 0 })
      .where('id', '=', current.id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'ticket_category',
      entityId: current.id,
      action: 'update',
      before: { name: current.name, active: current.active === 1 },
      after,
      at,
    });
  });
  return ticketSettings(db, auth);
}

/** The hours to the due date by priority, for requests filed from now on (those filed keep their dates). */
export async function saveDueHours(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: DueHoursRequest,
): Promise<TicketSettingsAnswer> {
  await db.transaction().execute(async (trx) => {
    await requireManager(trx, auth);
    const before = await dueHoursOf(trx, auth.condoId);
    const hours = { baja: request.baja, media: request.media, alta: request.alta, urgente: request.urgente };
    const { id } = await trx
      .insertInto('ticket_due_hours')
      .values({ condo_id: auth.condoId, ...hours })
      .onConflict((oc) => oc.column('condo_id').doUpdateSet(hours))
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'ticket_due_hours',
      entityId: id,
      action: 'update',
      before,
      after: hours,
      at: clock.now().toISOString(),
    });
  });
  return ticketSettings(db, auth);
}
