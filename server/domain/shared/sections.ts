// The communication sections as the shared rules of src/api/permissions.ts read them: a section's facts for a
// viewer, the sections the caller may read, and the refusal of employees, who have no Comunicación. Shared:
// posts, tickets, polls, reservations, calendar, conversations, global search, management and the
// communication home decide with them.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canReadSection, isEmployee, type SectionFacts } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Auth } from './auth';

/** What the rules read of a section, for a viewer who is (or is not) one of its assigned users. */
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

/** The sections of the condominium the viewer may read (permissions.canReadSection), in menu order. */
export async function readableSections(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer): Promise<Section[]> {
  const sections = await db.selectFrom('sections').selectAll().where('condo_id', '=', auth.condoId).orderBy('position').execute();
  const assigned = new Set(
    (
      await db
        .selectFrom('section_users as su')
        .innerJoin('sections as s', 's.id', 'su.section_id')
        .select('su.section_id')
        .where('s.condo_id', '=', auth.condoId)
        .where('su.user_id', '=', auth.userId)
        .execute()
    ).map((r) => r.section_id),
  );
  return sections.filter((s) => canReadSection(viewer, sectionFacts(s, assigned.has(s.id))));
}

/** Employees have no Comunicación (spec §6): every communication call refuses them. */
export function requireCommunication(viewer: CommunicationViewer): void {
  if (isEmployee(viewer.usuario)) throw forbidden();
}
