// A 409 of this area (PollConflictAnswer): why (a vote refusal, or a stale version / a refused action), and
// beside it the poll as it is now, so the screen shows the fresh poll instead of a lost update.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { VoteRefusal } from '../../../src/api/pollLifecycle';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { pollNotFound, visiblePoll } from './access';
import { pollAnswer } from './answers';
import type { PollSigner } from './attachments';
import type { Caller } from './seats';

/** Reads the poll again (in `db`, the refused call's transaction: it sees what the winner committed). */
export async function pollConflict(
  db: Kysely<Database>,
  caller: Caller,
  pollId: number,
  now: Date,
  sign: PollSigner,
  refusal: { motivo: VoteRefusal } | { messageId: MessageId },
): Promise<AppError> {
  const found = await visiblePoll(db, caller.auth, caller.viewer, pollId).catch(() => null);
  if (!found) return pollNotFound();
  const poll = await pollAnswer(db, caller, found.row, found, now, sign);
  const [messageId, motivo] =
    'motivo' in refusal ? [`polls.refused.${refusal.motivo}` as MessageId, refusal.motivo] : [refusal.messageId, null];
  return new AppError(409, ErrorCodes.conflict, messageId, undefined, { motivo, poll });
}
