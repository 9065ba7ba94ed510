// Which section and which post the caller is asking about, and whether it is theirs to read: always through
// the shared rules of src/api/permissions.ts. Another condominium's section is unknown (404), a section of
// theirs they may not read forbidden (403); a post they may not read is unknown (404), so its existence is not
// confirmed.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canReadPost, canReadSection, type SectionFacts } from '../../../src/api/permissions';
import type { PostSection } from '../../../src/api/posts';
import type { Database, Section } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Auth } from '../shared/auth';
import { requireCommunication, sectionFacts } from '../shared/sections';
import { loadViewer } from '../shared/viewer';
import { factsOf, findPost } from './rows';

const flag = (value: number) => (value === 1 ? 1 : 0) as 0 | 1;

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

/** A post the member may read, with its section; 404 when it is not theirs to read. */
export async function readablePost(db: Kysely<Database>, auth: Auth, postId: number) {
  const viewer = await loadViewer(db, auth);
  requireCommunication(viewer);
  const post = await findPost(db, auth.condoId, postId);
  if (!post) throw postNotFound();
  const section = await db.selectFrom('sections').selectAll().where('id', '=', post.section_id).executeTakeFirstOrThrow();
  const assigned = !!(await db
    .selectFrom('section_users')
    .select('id')
    .where('section_id', '=', section.id)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst());
  const facts = sectionFacts(section, assigned);
  if (!canReadPost(viewer, facts, factsOf(post))) throw postNotFound();
  return { viewer, post, section, facts };
}
