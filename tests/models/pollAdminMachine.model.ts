// An administrator's actions on one poll as a test model: on the open votación (close early after confirming,
// extend to 30 Nov 23:59, cancel with a reason everyone sees) and on a resident's proposal (publish it, reject
// it with a reason); each answered as done, lost to someone else (409 with the poll as it is now), or not at
// all; the screen's reading of the poll kept meanwhile. Beside that, the result as CSV and the acta as PDF,
// downloaded with their progress, or failing and tried again. The words its scenarios are told in:
// docs/scenarios/pollAdminMachine.md.
import type { EventObject } from 'xstate';
import type { PollAction } from '../../src/api/pollLifecycle';
import type { PollAnswer } from '../../src/api/polls';
import { type PollAdminInput, pollAdminMachine } from '../../src/machines/pollAdminMachine';
import { ApiError } from '../../src/services/http';
import type { PollChangeResult } from '../../src/services/pollsService';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { answer, NO_SEAT, summary } from '../support/pollFixtures';

type Snap = Snapshot<typeof pollAdminMachine>;

export const OPEN_AS_ADMIN = NO_SEAT;
export const PROPOSAL = answer(
  { asientos: [], acciones: ['publicar', 'rechazar', 'cancelar'] },
  {
    ...summary({ PollId: 9, Titulo: 'Horario del gimnasio', tipo: 'encuesta', conteo: 'persona', quorum: null }),
    estado: 'propuesta',
    fase: 'propuesta',
    PropuestoPor: 'Rosa Hernández Díaz',
    version: 1,
  },
);
export const INPUTS: Record<string, PollAdminInput> = {
  open: { answer: OPEN_AS_ADMIN, canExport: true },
  proposal: { answer: PROPOSAL, canExport: true },
};
export const REASON = ' Se pospone a la asamblea de enero. ';
export const NEW_CLOSING = '2026-11-30T23:59';
export const CONFLICT_MESSAGE = 'Alguien cambió esta votación antes que tú. Revisa cómo quedó.';
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const REFUSED = new ApiError(400, 'BAD_REQUEST', 'El nuevo cierre debe ser posterior al cierre actual y a este momento.');
export const FILE = new Blob(['Pregunta,Opción,Votos\n'], { type: 'text/csv' });

/** The poll after the action went through, one version more. */
export function acted(before: PollAnswer, action: PollAction): PollAnswer {
  const estado = {
    publicar: 'publicada',
    rechazar: 'rechazada',
    cerrar: 'cerrada',
    extender: 'publicada',
    cancelar: 'cancelada',
  } as const;
  const fase = {
    publicar: 'abierta',
    rechazar: 'rechazada',
    cerrar: 'cerrada',
    extender: before.poll.fase,
    cancelar: 'cancelada',
  } as const;
  return {
    ...before,
    poll: {
      ...before.poll,
      estado: estado[action],
      fase: fase[action],
      version: before.poll.version + 1,
      motivo: action === 'cancelar' || action === 'rechazar' ? REASON.trim() : null,
      ...(action === 'extender' ? { cierra: '2026-12-01T05:59:00.000Z' } : {}),
    },
    acciones: action === 'extender' ? before.acciones : [],
  };
}

/** What another administrator did first: extended it by a day. */
export const someoneElse = (before: PollAnswer): PollAnswer => ({
  ...before,
  poll: { ...before.poll, cierra: '2026-11-29T05:59:00.000Z', version: before.poll.version + 1 },
});

const first = (s: Snap) => Object.values(INPUTS).some((i) => i.answer === s.context.answer);
const calm = (s: Snap) => first(s) && !s.context.file && !s.context.fileFailure;
const idleActing = (s: Snap) => s.matches({ act: 'idle' }) && !s.context.done && !s.context.conflict && !s.context.failure;

export const pollAdminModel = defineModel({
  machine: pollAdminMachine,
  inputs: INPUTS,
  payloads: {
    start: (s) =>
      calm(s) ? (['publicar', 'rechazar', 'cerrar', 'extender', 'cancelar'] as const).map((action) => ({ action })) : [],
    editReason: (s) => (s.context.motivo === '' ? [{ motivo: REASON }] : []),
    editClosing: (s) => (s.context.cierra === '' ? [{ cierra: NEW_CLOSING }] : []),
    confirm: BARE,
    dismiss: BARE,
    pollRead: (s) => (first(s) && !s.context.file ? [{ answer: someoneElse(s.context.answer) }] : []),
    'xstate.done.actor.change': (s) => [
      { output: { kind: 'changed', answer: acted(s.context.answer, s.context.action!) } satisfies PollChangeResult },
      {
        output: {
          kind: 'conflict',
          message: CONFLICT_MESSAGE,
          motivo: null,
          answer: someoneElse(s.context.answer),
        } satisfies PollChangeResult,
      },
    ],
    'xstate.error.actor.change': (s) =>
      s.context.failure ? [] : [{ error: s.context.action === 'extender' ? REFUSED : NO_CONNECTION }],
    download: (s) => (first(s) && idleActing(s) && !s.context.fileFailure ? [{ file: 'csv' }, { file: 'acta' }] : []),
    progress: (s) => (s.context.progress === 0 && !s.context.fileFailure ? [{ share: 0.5 }] : []),
    'xstate.done.actor.download': [{ output: FILE }],
    'xstate.error.actor.download': (s) => (s.context.fileFailure ? [] : [{ error: NO_CONNECTION }]),
    retryDownload: BARE,
    dismissDownload: BARE,
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: PollChangeResult; error?: ApiError; answer?: PollAnswer };
    if (e.type === 'xstate.done.actor.change') return `done change:${e.output!.kind}`;
    if (e.type === 'xstate.done.actor.download') return 'done download';
    if (e.type === 'pollRead') return `pollRead v${e.answer!.poll.version}`;
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      act: 'The administration card: a button for each action the poll’s acciones list (Publicar, Rechazar, Cerrar ahora, Extender cierre, Cancelar votación).',
      'act.idle': 'The buttons, enabled.',
      'act.asking':
        'A dialog: “¿Cerrar la votación ahora?” / “¿Publicar esta propuesta?” with Confirmar, or a Motivo box (rechazar, cancelar: “Todos verán este motivo.”), or Nuevo cierre (extender); Confirmar is enabled once what it needs is there.',
      'act.sending': 'Confirmar spins; the dialog cannot be closed.',
      'act.done': 'A status saying what was done (“Votación cerrada.”, “Cierre extendido.”…) with the poll as it is now.',
      'act.conflict': 'An alert “Alguien cambió esta votación antes que tú…” with the server’s words and Entendido.',
      'act.failed': 'The dialog again with an alert of the server’s words (or no connection); Confirmar sends again.',
      file: 'Descargar CSV and Descargar acta (PDF), while the poll is open or closed.',
      'file.idle': 'Both buttons enabled.',
      'file.downloading': 'The button pressed spins and a progress bar says how much has arrived.',
      'file.failed': 'An alert “No pudimos descargar el archivo” with Reintentar and Cerrar.',
    },
    events: {
      start: (e) =>
        `presses ${{ publicar: 'Publicar', rechazar: 'Rechazar', cerrar: 'Cerrar ahora', extender: 'Extender cierre', cancelar: 'Cancelar votación' }[e.action as PollAction]}`,
      editReason: () => `types “${REASON.trim()}” in Motivo`,
      editClosing: () => 'sets Nuevo cierre to 30/11/2026 11:59 PM',
      confirm: () => 'presses Confirmar',
      dismiss: (_, s) =>
        s.matches({ act: 'asking' }) || s.matches({ act: 'failed' }) ? 'presses Cancelar' : 'presses Entendido',
      pollRead: () => 'the screen reads the poll again (another administrator extended it)',
      'xstate.done.actor.change': (e) =>
        (e.output as PollChangeResult).kind === 'conflict'
          ? 'the server says someone else changed it first and sends it as it is now'
          : 'the server takes the action',
      'xstate.error.actor.change': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
      download: (e) => (e.file === 'csv' ? 'presses Descargar CSV' : 'presses Descargar acta (PDF)'),
      progress: () => 'half the file has arrived',
      'xstate.done.actor.download': () => 'the file arrives and the browser saves it',
      'xstate.error.actor.download': () => 'the connection fails',
      retryDownload: () => 'presses Reintentar',
      dismissDownload: () => 'presses Cerrar',
    },
  },
});
