// A lifecycle action on a poll (POST change): allowed only when pollLifecycle.ts lists it for the caller's roles
// on this poll now, and only on the version the caller saw; either refusal is a 409 with the poll as it is now.
// A reason where the table needs one; a new closing later than the current one and than now to extend.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { pollTransition } from '../../../src/api/pollLifecycle';
import type { PollAnswer, PollChangeRequest } from '../../../src/api/polls';
import { POLL_MESSAGES } from '../../../src/api/polls';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { localToUtc, timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { visiblePoll } from './access';
import { pollAnswer, rolesOn } from './answers';
import type { PollSigner } from './attachments';
import { pollConflict } from './conflict';
import { applyPollTransition, StalePoll } from './lifecycle';
import { findPoll, timesOf } from './rows';

const badRequest = (message: MessageId, field: string) => new AppError(400, ErrorCodes.badRequest, message, field);

export async function changePoll(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: PollChangeRequest,
  sign: PollSigner,
): Promise<PollAnswer> {
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const caller = { auth, viewer };
    const { row, section } = await visiblePoll(trx, auth, viewer, request.pollId);
    const now = clock.now();
    const refuse = async (messageId: 'polls.conflict.changed' | 'polls.conflict.action') =>
      pollConflict(trx, caller, row.id, now, sign, { messageId });
    if (row.version !== request.version) throw await refuse('polls.conflict.changed');
    const transition = pollTransition(timesOf(row), request.action, rolesOn(viewer, row), now);
    if (!transition) throw await refuse('polls.conflict.action');

    const reason = request.motivo?.trim() ?? '';
    if (transition.needsReason && reason === '') throw badRequest('polls.error.reasonRequired', 'motivo');
    const timeZone = await timeZoneOf(trx, auth.condoId);
    let closesAt: string | undefined;
    if (transition.needsClosing) {
      if (request.cierra === undefined) throw badRequest(POLL_MESSAGES.required, 'cierra');
      closesAt = localToUtc(request.cierra, timeZone);
      if (closesAt <= row.closes_at || Date.parse(closesAt) <= now.getTime()) {
        throw badRequest('polls.error.closingNotLater', 'cierra');
      }
    }
    // Publishing a proposal whose opening has passed would open it at once: its dates are edited first.
    if (request.action === 'publicar' && utcToLocal(row.opens_at, timeZone) < utcToLocal(now, timeZone)) {
      throw badRequest(POLL_MESSAGES.openingInPast, 'abre');
    }
    try {
      await applyPollTransition(
        trx,
        clock,
        row,
        section,
        transition,
        { userId: auth.userId, roles: rolesOn(viewer, row) },
        {
          ...(reason ? { reason } : {}),
          ...(closesAt ? { closesAt } : {}),
        },
      );
    } catch (error) {
      if (error instanceof StalePoll) throw await refuse('polls.conflict.changed');
      throw error;
    }
    const fresh = (await findPoll(trx, auth.condoId, row.id))!;
    return pollAnswer(trx, caller, fresh, await visiblePoll(trx, auth, viewer, row.id), now, sign);
  });
}
