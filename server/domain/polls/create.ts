// A new poll (POST new): administrators publish it (its jobs scheduled), anyone else who may propose in the
// section leaves it proposed (the administrators are told). The draft's rules are the contract's.
import type { Kysely } from 'kysely';
import type { PollDraft, PollSavedAnswer } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { decodeUploads } from '../shared/uploads';
import { loadViewer } from '../shared/viewer';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { saveAttachments } from './attachments';
import { checkDraft, checkProposalKind, draftColumns, draftSection } from './draft';
import { tellProposed } from './notices';
import { saveQuestions } from './questions';
import { findPoll } from './rows';
import { schedulePollJobs } from './schedule';

export async function createPoll(db: Kysely<Database>, clock: Clock, auth: Auth, draft: PollDraft): Promise<PollSavedAnswer> {
  const files = decodeUploads(draft.adjuntos);
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const { state } = await draftSection(trx, auth, viewer, draft.sectionId);
    checkProposalKind(state, draft);
    const now = clock.now();
    const at = now.toISOString();
    const timeZone = await timeZoneOf(trx, auth.condoId);
    checkDraft(draft, utcToLocal(now, timeZone));
    const columns = draftColumns(draft, timeZone);
    const { id } = await trx
      .insertInto('polls')
      .values({
        condo_id: auth.condoId,
        ...columns,
        state,
        reason: null,
        proposer_id: state === 'propuesta' ? auth.userId : null,
        created_by: auth.userId,
        fixed_at: null,
        closed_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveQuestions(trx, id, draft.preguntas);
    await saveAttachments(trx, { pollId: id, ownerUserId: auth.userId, at, firstPosition: 0 }, files);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'poll',
      entityId: id,
      action: 'create',
      after: { state, kind: columns.kind, counting: columns.counting, opens: columns.opens_at, closes: columns.closes_at },
      at,
    });
    const row = (await findPoll(trx, auth.condoId, id))!;
    if (state === 'publicada') await schedulePollJobs(trx, row, now);
    else await tellProposed(trx, clock, row, row.proposer_name ?? '');
    return { success: true, PollId: id, estado: state };
  });
}
