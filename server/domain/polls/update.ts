// Editing a poll before anyone could vote (POST update): administrators while it is proposed or upcoming, the
// proposer while it is proposed (pollLifecycle.canEditPoll), on the version they saw. The questions are written
// again (there are no ballots yet), the attachments not kept go, and a moved opening or closing moves the jobs.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canEditPoll } from '../../../src/api/pollLifecycle';
import { POLL_MAX_ATTACHMENTS, type PollAnswer, type PollUpdateRequest } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { decodeUploads } from '../shared/uploads';
import { loadViewer } from '../shared/viewer';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { visiblePoll } from './access';
import { pollAnswer, rolesOn } from './answers';
import { keepOnlyAttachments, type PollSigner, saveAttachments } from './attachments';
import { pollConflict } from './conflict';
import { checkDraft, checkProposalKind, draftColumns, draftSection } from './draft';
import { bumpVersion, StalePoll } from './lifecycle';
import { replaceQuestions } from './questions';
import { findPoll, timesOf } from './rows';
import { schedulePollJobs } from './schedule';

export async function updatePoll(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: PollUpdateRequest,
  sign: PollSigner,
): Promise<PollAnswer> {
  const files = decodeUploads(request.adjuntos);
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const caller = { auth, viewer };
    const { row } = await visiblePoll(trx, auth, viewer, request.pollId);
    const now = clock.now();
    const at = now.toISOString();
    const refuse = (messageId: 'polls.conflict.changed' | 'polls.conflict.action') =>
      pollConflict(trx, caller, row.id, now, sign, { messageId });
    if (!canEditPoll(timesOf(row), rolesOn(viewer, row), now)) throw await refuse('polls.conflict.action');
    if (row.version !== request.version) throw await refuse('polls.conflict.changed');
    const target = await draftSection(trx, auth, viewer, request.sectionId);
    checkProposalKind(target.state, request);
    // A proposal stays one; a published poll stays published (and only an administrator edits it).
    if (row.state === 'publicada' && target.state !== 'publicada') throw await refuse('polls.conflict.action');
    const timeZone = await timeZoneOf(trx, auth.condoId);
    const columns = draftColumns(request, timeZone);
    // "Not in the past" applies to an opening that moves; one left as it was may be behind us by now.
    checkDraft(request, columns.opens_at !== row.opens_at ? utcToLocal(now, timeZone) : undefined);
    const kept = await keepOnlyAttachments(trx, row.id, request.conservarAdjuntos);
    if (kept + files.length > POLL_MAX_ATTACHMENTS) {
      throw new AppError(
        400,
        ErrorCodes.badRequest,
        { id: 'errors.input.items', values: { field: { id: 'errors.field.attachments' }, min: 0, max: POLL_MAX_ATTACHMENTS } },
        'adjuntos',
      );
    }
    try {
      await bumpVersion(trx, row, columns, at);
    } catch (error) {
      if (error instanceof StalePoll) throw await refuse('polls.conflict.changed');
      throw error;
    }
    await replaceQuestions(trx, row.id, request.preguntas);
    await saveAttachments(trx, { pollId: row.id, ownerUserId: auth.userId, at, firstPosition: kept }, files);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'poll',
      entityId: row.id,
      action: 'update',
      before: { title: row.title, section: row.section_id, opens: row.opens_at, closes: row.closes_at },
      after: { title: columns.title, section: columns.section_id, opens: columns.opens_at, closes: columns.closes_at },
      at,
    });
    const fresh = (await findPoll(trx, auth.condoId, row.id))!;
    if (fresh.state === 'publicada') await schedulePollJobs(trx, fresh, now);
    const found = await visiblePoll(trx, auth, viewer, row.id);
    return pollAnswer(trx, caller, fresh, found, now, sign);
  });
}
