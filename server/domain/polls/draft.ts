// A draft as the server takes it (POST new, POST update): the contract's rules (validatePollDraft, with the
// condominium's wall clock for "not in the past"), the times converted to UTC, and the section's rule of who
// publishes (administrators) and who proposes (a reader of an EN section with SectPosting A).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CommunicationViewer,
  canCreatePoll,
  canProposeKind,
  canProposePoll,
  canReadPolls,
} from '../../../src/api/permissions';
import type { PollState } from '../../../src/api/pollLifecycle';
import { type PollDraft, validatePollDraft } from '../../../src/api/polls';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Auth } from '../shared/auth';
import { localToUtc } from '../shared/zonedTime';
import { type PollSection, pollSection } from './access';

/** 400 naming the first field the draft rules refuse (the editor's own DraftErrors key). */
export function checkDraft(draft: PollDraft, nowLocal: string | undefined): void {
  const errors = validatePollDraft(draft, nowLocal);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && message) throw new AppError(400, ErrorCodes.badRequest, message as MessageId, field);
}

/** The state a new draft gets from this caller in this section: publicada, propuesta, or 403. */
export async function draftSection(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  sectionId: number,
): Promise<PollSection & { state: Extract<PollState, 'publicada' | 'propuesta'> }> {
  const found = await pollSection(db, auth, sectionId);
  if (!canReadPolls(viewer, found.facts)) throw forbidden();
  if (canCreatePoll(viewer, found.facts)) return { ...found, state: 'publicada' };
  if (canProposePoll(viewer, found.facts)) return { ...found, state: 'propuesta' };
  throw new AppError(403, ErrorCodes.forbidden, 'pollsNotices.refusal.cannotCreate');
}

/** A resident's proposal is an encuesta (canProposeKind); a votación is the administration's. */
export function checkProposalKind(state: PollState, draft: Pick<PollDraft, 'tipo'>): void {
  if (state === 'propuesta' && !canProposeKind(draft.tipo)) {
    throw new AppError(400, ErrorCodes.badRequest, 'polls.error.proposalSurveyOnly', 'tipo');
  }
}

/** The draft's columns of the polls row. */
export const draftColumns = (draft: PollDraft, timeZone: string) => ({
  section_id: draft.sectionId,
  title: draft.Titulo.trim(),
  description: draft.Descripcion.trim(),
  kind: draft.tipo,
  counting: draft.conteo,
  secret: draft.secreta ? (1 as const) : (0 as const),
  changeable: draft.cambiable ? (1 as const) : (0 as const),
  quorum: draft.quorum,
  opens_at: localToUtc(draft.abre, timeZone),
  closes_at: localToUtc(draft.cierra, timeZone),
});
