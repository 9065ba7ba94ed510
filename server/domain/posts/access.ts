// Who is asking and what the section is, in the shapes the shared rules of src/api/permissions.ts read.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canReadSection, isEmployee, type SectionFacts } from '../../../src/api/permissions';
import type { PostSection } from '../../../src/api/posts';
import type { Database, Section } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Auth } from '../shared/auth';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';
const flag = (value: number) => (value === 1 ? 1 : 0) as 0 | 1;

export async function loadViewer(db: Kysely<Database>, auth: Auth): Promise<CommunicationViewer> {
  const member = await db
    .selectFrom('memberships')
    .select(['is_admin', 'is_board', 'is_employee', 'is_guard'])
    .where('id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const permissions = await db
    .selectFrom('user_permissions')
    .select(['clave', 'tipo', 'activa'])
    .where('membership_id', '=', auth.membershipId)
    .execute();
  const towers = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select('a.tower_id')
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.tower_id', 'is not', null)
    .orderBy('a.id')
    .execute();
  return {
    usuario: {
      UserId: auth.userId,
      UserIsAdmin: yesNo(member.is_admin),
      UserIsBoard: yesNo(member.is_board),
      UserIsEmployed: yesNo(member.is_employee),
      UserIsGuard: yesNo(member.is_guard),
    },
    usuarioPermisos: permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
    towerIds: [...new Set(towers.map((t) => t.tower_id!))],
  };
}

/** Every active member of the condominium as a viewer, with the users of one section (readers of a post). */
export async function loadMembers(
  db: Kysely<Database>,
  condoId: number,
  sectionId: number,
): Promise<{ viewer: CommunicationViewer; assigned: boolean }[]> {
  const members = await db
    .selectFrom('memberships')
    .select(['id', 'user_id', 'is_admin', 'is_board', 'is_employee', 'is_guard'])
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .execute();
  const permissions = await db
    .selectFrom('user_permissions as p')
    .innerJoin('memberships as m', 'm.id', 'p.membership_id')
    .select(['p.membership_id', 'p.clave', 'p.tipo', 'p.activa'])
    .where('m.condo_id', '=', condoId)
    .execute();
  const towers = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select(['r.membership_id', 'a.tower_id'])
    .where('a.condo_id', '=', condoId)
    .where('a.tower_id', 'is not', null)
    .execute();
  const assigned = new Set(
    (await db.selectFrom('section_users').select('user_id').where('section_id', '=', sectionId).execute()).map((r) => r.user_id),
  );
  return members.map((m) => ({
    assigned: assigned.has(m.user_id),
    viewer: {
      usuario: {
        UserId: m.user_id,
        UserIsAdmin: yesNo(m.is_admin),
        UserIsBoard: yesNo(m.is_board),
        UserIsEmployed: yesNo(m.is_employee),
        UserIsGuard: yesNo(m.is_guard),
      },
      usuarioPermisos: permissions
        .filter((p) => p.membership_id === m.id)
        .map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
      towerIds: [...new Set(towers.filter((t) => t.membership_id === m.id).map((t) => t.tower_id!))],
    },
  }));
}

export function sectionFacts(section: Section, assigned: boolean): SectionFacts {
  return {
    SectCode: section.code,
    SectStatus: section.status,
    SectPosting: section.posting,
    CommentsDisplay: section.comments_display,
    VistaxTorre: section.vista_x_torre,
    SolPrivada: section.sol_privada,
    PublicoPrivado: section.publico_privado,
    ExclusivaUsuarios: section.exclusiva_usuarios,
    assigned,
  };
}

export function sectionAnswer(section: Section, blogCount: number): PostSection {
  const oneOf = <T extends string>(value: string, allowed: readonly T[], fallback: T) =>
    (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    SectId: section.id,
    SectName: section.name,
    SectCode: section.code,
    SectPosting: oneOf(section.posting, ['A', 'B', 'R'] as const, 'R'),
    CommentsDisplay: oneOf(section.comments_display, ['Y', 'N'] as const, 'N'),
    VistaxTorre: flag(section.vista_x_torre),
    SolPrivada: flag(section.sol_privada),
    PublicoPrivado: flag(section.publico_privado),
    ExclusivaUsuarios: oneOf(section.exclusiva_usuarios, ['Y', 'N'] as const, 'N'),
    // As canReadSection reads it: anything but 'A' is closed to members.
    SectStatus: section.status === 'A' ? 'A' : 'I',
    blogCount,
  };
}

/** Employees have no Comunicación (spec §6): every communication call refuses them. */
export function requireCommunication(viewer: CommunicationViewer): void {
  if (isEmployee(viewer.usuario)) throw forbidden();
}

export const sectionNotFound = () => notFound('errors.notFound.section');
export const postNotFound = () => notFound('errors.notFound.post');

/** The section of the member's condominium that they may read, with its facts; 404 elsewhere, 403 when not theirs to read. */
export async function readableSection(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  sectionId: number,
): Promise<{ section: Section; facts: SectionFacts }> {
  requireCommunication(viewer);
  const section = await db
    .selectFrom('sections')
    .selectAll()
    .where('id', '=', sectionId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!section) throw sectionNotFound();
  const assigned = !!(await db
    .selectFrom('section_users')
    .select('id')
    .where('section_id', '=', section.id)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst());
  const facts = sectionFacts(section, assigned);
  if (!canReadSection(viewer, facts)) throw forbidden();
  return { section, facts };
}
