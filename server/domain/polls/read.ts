// One poll as the caller may see it (GET poll), and the receipt check (GET receipt). Reading an open poll whose
// electorate nobody fixed yet fixes it first: the count always stands on the electorate of the opening.
import type { Kysely } from 'kysely';
import type { PollAnswer, ReceiptAnswer, ReceiptQuery } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { visiblePoll } from './access';
import { pollAnswer } from './answers';
import type { PollSigner } from './attachments';
import { ensureFixed } from './electorate';
import { checkReceipt } from './receipt';

export async function readPoll(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  pollId: number,
  sign: PollSigner,
): Promise<PollAnswer> {
  const viewer = await loadViewer(db, auth);
  const now = clock.now();
  const found = await visiblePoll(db, auth, viewer, pollId);
  const row = await ensureFixed(db, found.row, now);
  return pollAnswer(db, { auth, viewer }, row, found, now, sign);
}

export async function pollReceipt(db: Kysely<Database>, auth: Auth, query: ReceiptQuery): Promise<ReceiptAnswer> {
  const viewer = await loadViewer(db, auth);
  const { row } = await visiblePoll(db, auth, viewer, query.pollId);
  return checkReceipt(db, row.id, query.codigo);
}
