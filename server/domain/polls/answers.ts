// The answers of src/api/polls.ts built from rows: a poll's summary (lists), and the whole poll as the caller
// may see it (seats, results per VerResultados, the actions the lifecycle table lists for them).
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canManagePolls, pollRolesOf } from '../../../src/api/permissions';
import { canEditPoll, pollActions } from '../../../src/api/pollLifecycle';
import type { PollAnswer, PollDraft, PollQuestion, PollSectionInfo, PollSummary } from '../../../src/api/polls';
import type { Database, Section } from '../../db/schema';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import type { PollSection } from './access';
import type { PollSigner } from './attachments';
import { attachmentsOf } from './attachments';
import { questionDrafts, questionsOf } from './questions';
import { resultsFor, verResultadosOf } from './results';
import { type PollRow, phaseOf, timesOf } from './rows';
import { type Caller, callerSeats } from './seats';

export function sectionInfo(section: Section): PollSectionInfo {
  return {
    SectId: section.id,
    SectName: section.name,
    // B is not offered for EN (spec §4); anything but A is closed to proposals.
    SectPosting: section.posting === 'A' ? 'A' : 'R',
    VerResultados: verResultadosOf(section.ver_resultados),
    EnviarCopia: section.enviar_copia === 1 ? 1 : 0,
    TiempoMoroso: section.tiempo_moroso,
    MensajeConfirmacion: section.mensaje_confirmacion || null,
  };
}

export const rolesOn = (viewer: CommunicationViewer, row: Pick<PollRow, 'proposer_id'>) =>
  pollRolesOf(viewer, { proposerId: row.proposer_id });

/** The reason: everyone's once cancelled; a rejection's only for its proposer and the administrators. */
function visibleReason(viewer: CommunicationViewer, row: PollRow): string | null {
  if (row.state === 'cancelada') return row.reason;
  if (row.state === 'rechazada' && rolesOn(viewer, row).length > 0) return row.reason;
  return null;
}

export function summaryOf(viewer: CommunicationViewer, row: PollRow, now: Date, voted: boolean): PollSummary {
  return {
    PollId: row.id,
    SectId: row.section_id,
    Titulo: row.title,
    tipo: row.kind,
    conteo: row.counting,
    secreta: row.secret === 1,
    cambiable: row.changeable === 1,
    quorum: row.quorum,
    abre: row.opens_at,
    cierra: row.closes_at,
    estado: row.state,
    fase: phaseOf(row, now),
    motivo: visibleReason(viewer, row),
    PropuestoPor: row.proposer_id !== null ? row.proposer_name : null,
    haVotado: voted,
    version: row.version,
  };
}

export function draftOf(row: PollRow, questions: readonly PollQuestion[], timeZone: string): PollDraft {
  return {
    sectionId: row.section_id,
    Titulo: row.title,
    Descripcion: row.description,
    tipo: row.kind,
    conteo: row.counting,
    secreta: row.secret === 1,
    cambiable: row.changeable === 1,
    quorum: row.quorum,
    abre: utcToLocal(row.opens_at, timeZone),
    cierra: utcToLocal(row.closes_at, timeZone),
    preguntas: questionDrafts(questions),
    adjuntos: [],
  };
}

/** The poll as the caller may see it (their right to see it is checked before; its electorate fixed if due). */
export async function pollAnswer(
  db: Kysely<Database>,
  caller: Caller,
  row: PollRow,
  found: PollSection,
  now: Date,
  sign: PollSigner,
): Promise<PollAnswer> {
  const timeZone = await timeZoneOf(db, row.condo_id);
  const questions = await questionsOf(db, row.id);
  const seats = await callerSeats(db, caller, row, found, now, timeZone);
  const voted = seats.some((s) => s.ballot !== null);
  const phase = phaseOf(row, now);
  const admin = canManagePolls(caller.viewer);
  const roles = rolesOn(caller.viewer, row);
  const editable = canEditPoll(timesOf(row), roles, now);
  return {
    success: true,
    poll: {
      ...summaryOf(caller.viewer, row, now, voted),
      Descripcion: row.description,
      preguntas: questions,
      adjuntos: await attachmentsOf(db, row.id, sign),
      seccion: sectionInfo(found.section),
      zonaHoraria: timeZone,
      fijadoEn: row.fixed_at,
    },
    asientos: seats.map((s) => s.seat),
    resultados: await resultsFor(
      db,
      row,
      questions,
      { admin, hasVoted: voted },
      verResultadosOf(found.section.ver_resultados),
      phase,
    ),
    acciones: pollActions(timesOf(row), roles, now),
    puedeEditar: editable,
    borrador: editable ? draftOf(row, questions, timeZone) : null,
  };
}
