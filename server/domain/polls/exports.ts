// The result of a poll as CSV and as the acta PDF (administrators only): the same count as the screen
// (results.ts over the fixed electorate), worded in the administrator's language by pollCsv.ts and actaPdf.ts.
// Once there is a count to export: from the opening on (a proposal or an upcoming poll has none; 409).
import type { Kysely } from 'kysely';
import { canManagePolls } from '../../../src/api/permissions';
import { canSeeResults } from '../../../src/api/pollLifecycle';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { visiblePoll } from './access';
import { pollActaPdf } from './actaPdf';
import { pollAnswer } from './answers';
import type { PollSigner } from './attachments';
import { pollConflict } from './conflict';
import { ensureFixed } from './electorate';
import { pollCsv } from './pollCsv';
import { adminResults } from './results';
import { phaseOf } from './rows';

async function exported(db: Kysely<Database>, clock: Clock, auth: Auth, pollId: number, sign: PollSigner) {
  const viewer = await loadViewer(db, auth);
  if (!canManagePolls(viewer)) throw forbidden();
  const now = clock.now();
  const found = await visiblePoll(db, auth, viewer, pollId);
  const row = await ensureFixed(db, found.row, now);
  const phase = phaseOf(row, now);
  const caller = { auth, viewer };
  if (!canSeeResults(0, { admin: true, hasVoted: false }, phase)) {
    throw await pollConflict(db, caller, row.id, now, sign, { messageId: 'polls.conflict.action' });
  }
  const { poll } = await pollAnswer(db, caller, row, found, now, sign);
  return { poll, results: await adminResults(db, row, poll.preguntas, phase), now };
}

/** The file name both exports share: the poll's id and its title, kept to safe characters. */
export function exportName(pollId: number, title: string, extension: 'csv' | 'pdf'): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `votacion-${pollId}${slug ? `-${slug}` : ''}.${extension}`;
}

export async function pollCsvExport(db: Kysely<Database>, clock: Clock, auth: Auth, pollId: number, sign: PollSigner) {
  const { poll, results } = await exported(db, clock, auth, pollId, sign);
  return { name: exportName(poll.PollId, poll.Titulo, 'csv'), body: pollCsv({ poll, results, language: auth.language }) };
}

export async function pollActaExport(db: Kysely<Database>, clock: Clock, auth: Auth, pollId: number, sign: PollSigner) {
  const { poll, results, now } = await exported(db, clock, auth, pollId, sign);
  const condo = await db.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
  const pdf = await pollActaPdf({
    condoName: condo.name,
    poll,
    results,
    generatedAt: now.toISOString(),
    language: auth.language,
  });
  return { name: exportName(poll.PollId, poll.Titulo, 'pdf'), body: pdf };
}
