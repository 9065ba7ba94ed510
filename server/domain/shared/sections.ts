// The communication sections as the shared rules of src/api/permissions.ts read them: a section's facts for a
// viewer, the sections the caller may read, and the refusal of employees, who have no Comunicación. Shared:
// posts, tickets, polls, reservations, calendar, conversations, global search, management and the
// communication home decide with them.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canReadSection, isEmployee, type SectionFacts } from '../../../src/api/permissions';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database, Section } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Auth } from './auth';
import { callerRead } from './viewer';

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

const sectionsOfCondo = preparedQuery((db, condoId: number) =>
  db.selectFrom('sections').selectAll().where('condo_id', '=', condoId).orderBy('position').orderBy('id'),
);

const sectionsAssignedTo = preparedQuery((db, condoId: number, userId: number) =>
  db
    .selectFrom('section_users as su')
    .innerJoin('sections as s', 's.id', 'su.section_id')
    .select('su.section_id')
    .where('s.condo_id', '=', condoId)
    .where('su.user_id', '=', userId),
);

/**
 * Every section of the caller's condominium in menu order (position, then id), and the ids of those the caller
 * is assigned to. Read once per read-only request (viewer.ts callerRead): the home's counts, the polls' and the
 * requests' own checks each asked for them again, a whole row per section each time (issue 29).
 */
export function condoSections(db: Kysely<Database>, auth: Auth): Promise<{ sections: Section[]; assigned: ReadonlySet<number> }> {
  return callerRead(db, auth, 'sections', async () => {
    const sections = await sectionsOfCondo.all(db, auth.condoId);
    const assigned = new Set((await sectionsAssignedTo.all(db, auth.condoId, auth.userId)).map((r) => r.section_id));
    return { sections, assigned };
  });
}

/** The sections of the condominium the viewer may read (permissions.canReadSection), in menu order. */
export async function readableSections(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer): Promise<Section[]> {
  const { sections, assigned } = await condoSections(db, auth);
  return sections.filter((s) => canReadSection(viewer, sectionFacts(s, assigned.has(s.id))));
}

/** Employees have no Comunicación (spec §6): every communication call refuses them. */
export function requireCommunication(viewer: CommunicationViewer): void {
  if (isEmployee(viewer.usuario)) throw forbidden();
}
