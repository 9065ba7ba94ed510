// The summary (GET summary): the sections the member may read (permissions.canReadSection), in menu order,
// each with its count of published posts.
import type { Kysely } from 'kysely';
import type { SummaryAnswer } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { readableSections, requireCommunication } from '../shared/sections';
import { loadViewer } from '../shared/viewer';
import { sectionAnswer } from './access';
import { publishedCounts } from './answers';

/** The sections the member may read, in menu order, with their published post counts. */
export async function sectionsSummary(db: Kysely<Database>, auth: Auth): Promise<SummaryAnswer> {
  const viewer = await loadViewer(db, auth);
  requireCommunication(viewer);
  const readable = await readableSections(db, auth, viewer);
  const counts = await publishedCounts(db, auth.condoId);
  return { success: true, sections: readable.map((s) => sectionAnswer(s, counts.get(s.id) ?? 0)) };
}
