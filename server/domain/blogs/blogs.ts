// Blog configuration (src/api/blogs.ts): the condominium's sections as administrators see and change
// them. Every function works inside the caller's condominium; a section of another one is 404.
import type { Kysely } from 'kysely';
import {
  type Blog,
  type BlogMessage,
  blogFormErrors,
  type EnableDisableRequest,
  type NewBlogRequest,
  newBlogErrors,
  type Resident,
  type Tower,
  type UpdateBlogRequest,
  type UpdatePositionsRequest,
} from '../../../src/api/blogs';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';

type Db = Kysely<Database>;

const badField = (field: string, messageId: BlogMessage) => new AppError(400, ErrorCodes.badRequest, messageId, field);

function blogsQuery(db: Db, condoId: number) {
  return db
    .selectFrom('sections as s')
    .where('s.condo_id', '=', condoId)
    .select((eb) => [
      's.id',
      's.name',
      's.code',
      's.graphic',
      's.position',
      's.status',
      's.posting',
      's.comments_display',
      's.vista_x_torre',
      's.sol_privada',
      's.exclusiva_usuarios',
      's.publico_privado',
      's.tiempo_moroso',
      's.ver_resultados',
      's.enviar_copia',
      's.mensaje_confirmacion',
      eb
        .selectFrom('section_users as su')
        .whereRef('su.section_id', '=', 's.id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('user_count'),
      // The post count the list shows: published posts only (those waiting for approval or rejected are not
      // the blog's yet).
      eb
        .selectFrom('posts as p')
        .whereRef('p.section_id', '=', 's.id')
        .where('p.status', '=', 'A')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('blog_count'),
    ]);
}

type BlogRow = Awaited<ReturnType<ReturnType<typeof blogsQuery>['executeTakeFirstOrThrow']>>;

const flag = (value: number) => (value === 1 ? 1 : 0);

function toBlog(row: BlogRow): Blog {
  return {
    SectId: row.id,
    SectName: row.name,
    SectCode: row.code,
    SecGraphic: row.graphic,
    SectPosition: row.position,
    SectStatus: row.status === 'I' ? 'I' : 'A',
    SectPosting: row.posting === 'B' ? 'B' : row.posting === 'R' ? 'R' : 'A',
    CommentsDisplay: row.comments_display === 'N' ? 'N' : 'Y',
    VistaxTorre: flag(row.vista_x_torre),
    SolPrivada: flag(row.sol_privada),
    ExclusivaUsuarios: row.exclusiva_usuarios === 'Y' ? 'Y' : 'N',
    PublicoPrivado: flag(row.publico_privado),
    TiempoMoroso: Number(row.tiempo_moroso),
    userCount: Number(row.user_count ?? 0),
    VerResultados: row.ver_resultados === 1 ? 1 : row.ver_resultados === 2 ? 2 : 0,
    EnviarCopia: flag(row.enviar_copia),
    MensajeConfirmacion: row.mensaje_confirmacion,
    blogCount: Number(row.blog_count ?? 0),
  };
}

/** A blog's settings as the history keeps them (entity 'section'): what the editor changes. */
const AUDITED_SETTINGS = [
  'SectName',
  'SectStatus',
  'SectPosting',
  'CommentsDisplay',
  'VistaxTorre',
  'SolPrivada',
  'ExclusivaUsuarios',
  'PublicoPrivado',
  'TiempoMoroso',
  'VerResultados',
  'EnviarCopia',
  'MensajeConfirmacion',
  'userCount',
] as const satisfies readonly (keyof Blog)[];

/** The settings that differ, as they were and as they are; null when nothing changed. */
type AuditedSettings = Partial<Record<(typeof AUDITED_SETTINGS)[number], unknown>>;

function settingsChange(before: Blog, after: Blog): { before: AuditedSettings; after: AuditedSettings } | null {
  const changed = AUDITED_SETTINGS.filter((key) => before[key] !== after[key]);
  if (!changed.length) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])) as AuditedSettings,
    after: Object.fromEntries(changed.map((key) => [key, after[key]])) as AuditedSettings,
  };
}

export async function listBlogs(db: Db, auth: Auth): Promise<Blog[]> {
  const rows = await blogsQuery(db, auth.condoId).orderBy('s.position').orderBy('s.id').execute();
  return rows.map(toBlog);
}

export async function singleBlog(db: Db, auth: Auth, sectionId: number): Promise<Blog> {
  const row = await blogsQuery(db, auth.condoId).where('s.id', '=', sectionId).executeTakeFirst();
  if (!row) throw notFound('errors.notFound.blog');
  return toBlog(row);
}

/** Active members of the condominium, each with their first dwelling, and whether they are in the blog. */
export async function blogResidents(db: Db, auth: Auth, sectionId: number): Promise<Resident[]> {
  await singleBlog(db, auth, sectionId);
  const members = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('section_users as su', (join) => join.onRef('su.user_id', '=', 'u.id').on('su.section_id', '=', sectionId))
    .select(['m.id as membershipId', 'u.id as UserId', 'u.name as UserName', 'su.id as assignment'])
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  const dwellings = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['r.membership_id', 'a.name as AptName', 't.name as TorreName', 't.id as TorreId'])
    .where('m.condo_id', '=', auth.condoId)
    .orderBy('a.id', 'desc')
    .execute();
  // The first dwelling of each member (lowest apartment id): later rows overwrite earlier ones.
  const dwellingOf = new Map(dwellings.map((d) => [d.membership_id, d]));
  return members.map((member) => {
    const dwelling = dwellingOf.get(member.membershipId);
    return {
      UserId: member.UserId,
      UserName: member.UserName,
      AptName: dwelling?.AptName ?? '',
      TorreName: dwelling?.TorreName ?? '',
      TorreId: dwelling?.TorreId ?? null,
      ...(member.assignment === null ? {} : { IdUsersSections: member.assignment }),
    };
  });
}

export async function listTowers(db: Db, auth: Auth): Promise<Tower[]> {
  return db.selectFrom('towers').select(['id', 'name as nombre']).where('condo_id', '=', auth.condoId).orderBy('name').execute();
}

async function memberIds(db: Db, condoId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Saves the editor's fields and the residents who join (newUsers) or leave (deletedUsers). A public blog
 * keeps no users; an exclusive one never shows per tower. The code of a blog does not change.
 */
export async function updateBlog(db: Db, clock: Clock, auth: Auth, request: UpdateBlogRequest): Promise<Blog> {
  const existing = await singleBlog(db, auth, request.SectId);
  if (request.SectCode !== existing.SectCode) throw badField('SectCode', 'blogs.errors.required');
  const name = request.SectName.trim();
  const errors = blogFormErrors({ ...request, SectName: name });
  const first = Object.entries(errors)[0];
  if (first) throw badField(first[0], first[1] as BlogMessage);
  const exclusive = request.ExclusivaUsuarios === 'Y';
  const newUsers = [...new Set(request.newUsers)];
  const known = await memberIds(db, auth.condoId, newUsers);
  if (newUsers.some((id) => !known.has(id))) {
    throw new AppError(400, ErrorCodes.badRequest, 'errors.blogs.residentNotMember', 'newUsers');
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sections')
      .set({
        name,
        status: request.SectStatus,
        posting: request.SectPosting,
        comments_display: request.CommentsDisplay,
        vista_x_torre: exclusive ? 0 : request.VistaxTorre,
        sol_privada: request.SolPrivada,
        exclusiva_usuarios: request.ExclusivaUsuarios,
        publico_privado: request.PublicoPrivado,
        tiempo_moroso: request.TiempoMoroso,
        ver_resultados: request.VerResultados,
        enviar_copia: request.EnviarCopia,
        mensaje_confirmacion: request.MensajeConfirmacion?.trim() ? request.MensajeConfirmacion.trim() : null,
      })
      .where('id', '=', request.SectId)
      .where('condo_id', '=', auth.condoId)
      .execute();
    if (!exclusive) {
      await trx.deleteFrom('section_users').where('section_id', '=', request.SectId).execute();
    } else if (request.deletedUsers.length) {
      await trx
        .deleteFrom('section_users')
        .where('section_id', '=', request.SectId)
        .where('user_id', 'in', request.deletedUsers)
        .execute();
    }
    if (exclusive && newUsers.length) {
      await trx
        .insertInto('section_users')
        .values(newUsers.map((user_id) => ({ section_id: request.SectId, user_id })))
        .onConflict((oc) => oc.columns(['section_id', 'user_id']).doNothing())
        .execute();
    }
    const change = settingsChange(existing, await singleBlog(trx, auth, request.SectId));
    if (change) {
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'section',
        entityId: request.SectId,
        action: 'update',
        ...change,
        at: clock.now(),
      });
    }
  });
  return singleBlog(db, auth, request.SectId);
}

export async function enableDisableBlog(db: Db, clock: Clock, auth: Auth, request: EnableDisableRequest): Promise<Blog> {
  const existing = await singleBlog(db, auth, request.SectId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sections')
      .set({ status: request.SectStatus })
      .where('id', '=', request.SectId)
      .where('condo_id', '=', auth.condoId)
      .execute();
    if (existing.SectStatus === request.SectStatus) return;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'section',
      entityId: request.SectId,
      action: request.SectStatus === 'A' ? 'activate' : 'deactivate',
      before: { SectName: existing.SectName, SectStatus: existing.SectStatus },
      after: { SectName: existing.SectName, SectStatus: request.SectStatus },
      at: clock.now(),
    });
  });
  return singleBlog(db, auth, request.SectId);
}

/** Writes the new positions of the affected blogs, all or none; every one must be in the condominium. */
export async function updatePositions(db: Db, clock: Clock, auth: Auth, changes: UpdatePositionsRequest): Promise<Blog[]> {
  const ids = [...new Set(changes.map((c) => c.SectId))];
  if (ids.length !== changes.length) {
    throw new AppError(400, ErrorCodes.badRequest, 'errors.blogs.duplicate', 'SectId');
  }
  const found = await db
    .selectFrom('sections')
    .select(['id', 'name', 'position'])
    .where('condo_id', '=', auth.condoId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw notFound('errors.notFound.blog');
  const was = new Map(found.map((f) => [f.id, f]));
  await db.transaction().execute(async (trx) => {
    for (const change of changes) {
      await trx
        .updateTable('sections')
        .set({ position: change.SectPosition })
        .where('id', '=', change.SectId)
        .where('condo_id', '=', auth.condoId)
        .execute();
      const before = was.get(change.SectId)!;
      if (before.position === change.SectPosition) continue;
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'section',
        entityId: change.SectId,
        action: 'reorder',
        before: { SectName: before.name, SectPosition: before.position },
        after: { SectName: before.name, SectPosition: change.SectPosition },
        at: clock.now(),
      });
    }
  });
  return listBlogs(db, auth);
}

/** A new blog (code '' = generic) after the last one. */
export async function addNewBlog(db: Db, clock: Clock, auth: Auth, request: NewBlogRequest): Promise<Blog> {
  const name = request.SectName.trim();
  const errors = newBlogErrors({ ...request, SectName: name });
  const first = Object.entries(errors)[0];
  if (first) throw badField(first[0], first[1] as BlogMessage);
  const id = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('sections')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('sections')
      .values({
        condo_id: auth.condoId,
        name,
        code: '',
        graphic: null,
        position: Number(last?.p ?? 0) + 1,
        status: request.SectStatus,
        posting: request.SectPosting,
        comments_display: request.CommentsDisplay,
        vista_x_torre: request.VistaxTorre,
        sol_privada: 0,
        exclusiva_usuarios: 'N',
        publico_privado: request.PublicoPrivado,
        tiempo_moroso: 0,
        ver_resultados: 0,
        enviar_copia: 0,
        mensaje_confirmacion: null,
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await singleBlog(trx, auth, inserted.id);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'section',
      entityId: inserted.id,
      action: 'create',
      after: Object.fromEntries(AUDITED_SETTINGS.map((key) => [key, created[key]])) as AuditedSettings,
      at: clock.now(),
    });
    return inserted.id;
  });
  return singleBlog(db, auth, id);
}
