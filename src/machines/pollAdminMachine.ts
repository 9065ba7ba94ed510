// An administrator's hand on one poll, beside the poll's screen. Lifecycle actions are offered only as the
// answer's `acciones` lists them (the server's reading of src/api/pollLifecycle.ts for the caller): publish a
// proposal, reject it (with a reason for its proposer), close early (after confirming), extend (to a new
// closing time in the condominium's zone) or cancel (with a reason shown to everyone). Each asks first, then
// goes with the version read; a 409 shows the poll as it is now with the server's words. Beside that, the
// result as CSV and the acta as PDF download through the one ky instance, with their progress and failure.

import { is } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import { POLL_LIFECYCLE, type PollAction } from '../api/pollLifecycle';
import { LocalDateTime, POLL_REASON_MAX, type PollAnswer, type PollChangeRequest } from '../api/polls';
import { changePoll, fetchPollFile, type PollChangeResult, type PollFileKind, saveBlob } from '../services/pollsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PollAdminInput {
  answer: PollAnswer;
  /** Administrators export results (canManagePolls); the answer alone does not say it. */
  canExport: boolean;
}

export interface PollAdminContext extends PollAdminInput {
  /** The action being asked about or sent. */
  action: PollAction | null;
  motivo: string;
  /** extender: the new closing, 'YYYY-MM-DDTHH:mm' in the poll's zone. */
  cierra: string;
  /** The action that went through (said once). */
  done: PollAction | null;
  /** The server's words of the last 409; the poll kept is the fresh one it sent. */
  conflict: string | null;
  /** The last action failed: why. */
  failure: CallFailure | null;
  /** The file being downloaded, its share received (0–1; 0 while unknown), and the last download's failure. */
  file: PollFileKind | null;
  progress: number;
  fileFailure: CallFailure | null;
}

export type PollAdminEvent =
  | { type: 'start'; action: PollAction }
  | { type: 'editReason'; motivo: string }
  | { type: 'editClosing'; cierra: string }
  | { type: 'confirm' }
  | { type: 'dismiss' }
  | { type: 'pollRead'; answer: PollAnswer }
  | { type: 'download'; file: PollFileKind }
  | { type: 'progress'; share: number }
  | { type: 'retryDownload' }
  | { type: 'dismissDownload' };

/** What an action needs before it goes, from the lifecycle table's row for administrators. */
export function actionNeeds(action: PollAction): { reason: boolean; closing: boolean } {
  const row = POLL_LIFECYCLE.find((t) => t.action === action && t.roles.includes('admin'));
  return { reason: !!row?.needsReason, closing: !!row?.needsClosing };
}

/** The file's name on the caller's disk. */
export const pollFileName = (file: PollFileKind, pollId: number) =>
  file === 'csv' ? `votacion-${pollId}-resultados.csv` : `votacion-${pollId}-acta.pdf`;

/** The change request of the action asked about. */
export function changeRequest(context: PollAdminContext): PollChangeRequest {
  const action = context.action!;
  const needs = actionNeeds(action);
  return {
    pollId: context.answer.poll.PollId,
    version: context.answer.poll.version,
    action,
    ...(needs.reason ? { motivo: context.motivo.trim() } : {}),
    ...(needs.closing ? { cierra: context.cierra } : {}),
  };
}

export const pollAdminMachine = setup({
  types: {
    input: {} as PollAdminInput,
    context: {} as PollAdminContext,
    events: {} as PollAdminEvent,
  },
  actors: {
    changePoll: fromPromise<PollChangeResult, PollChangeRequest>(({ input, signal }) => changePoll(input, signal)),
    fetchPollFile: fromPromise<Blob, { file: PollFileKind; pollId: number; onProgress: (share: number) => void }>(
      ({ input, signal }) => fetchPollFile(input.file, input.pollId, input.onProgress, signal),
    ),
  },
  guards: {
    offered: ({ context }, { action }: { action: PollAction }) => context.answer.acciones.includes(action),
    ready: ({ context }) => {
      if (!context.action) return false;
      const needs = actionNeeds(context.action);
      const motivo = context.motivo.trim();
      if (needs.reason && (motivo === '' || motivo.length > POLL_REASON_MAX)) return false;
      return !needs.closing || is(context.cierra, LocalDateTime);
    },
    lostRace: (_, { result }: { result: PollChangeResult }) => result.kind === 'conflict',
    /** Results exist to export once the poll has opened. */
    exportable: ({ context }) =>
      context.canExport && (context.answer.poll.fase === 'abierta' || context.answer.poll.fase === 'cerrada'),
  },
  actions: {
    ask: assign((_, { action }: { action: PollAction }) => ({
      action,
      motivo: '',
      cierra: '',
      done: null,
      conflict: null,
      failure: null,
    })),
    editReason: assign((_, { motivo }: { motivo: string }) => ({ motivo: motivo.slice(0, POLL_REASON_MAX) })),
    editClosing: assign((_, { cierra }: { cierra: string }) => ({ cierra })),
    forget: assign({ action: null, motivo: '', cierra: '', done: null, conflict: null, failure: null }),
    keepRead: assign((_, { answer }: { answer: PollAnswer }) => ({ answer })),
    changed: assign(({ context }, { result }: { result: PollChangeResult }) => ({
      answer: result.answer,
      done: context.action,
      action: null,
      motivo: '',
      cierra: '',
    })),
    lostRace: assign((_, { result }: { result: PollChangeResult }) => ({
      answer: result.answer,
      conflict: result.kind === 'conflict' ? result.message : null,
      action: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    startDownload: assign((_, { file }: { file: PollFileKind }) => ({ file, progress: 0, fileFailure: null })),
    restartDownload: assign({ progress: 0, fileFailure: null }),
    progress: assign((_, { share }: { share: number }) => ({ progress: Math.min(1, Math.max(0, share)) })),
    saveFile: (_, { blob, name }: { blob: Blob; name: string }) => saveBlob(name, blob),
    downloaded: assign({ file: null, progress: 0 }),
    downloadFailed: assign((_, { error }: { error: unknown }) => ({ fileFailure: callFailure(error) })),
    forgetDownload: assign({ file: null, progress: 0, fileFailure: null }),
  },
}).createMachine({
  id: 'pollAdmin',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    action: null,
    motivo: '',
    cierra: '',
    done: null,
    conflict: null,
    failure: null,
    file: null,
    progress: 0,
    fileFailure: null,
  }),
  states: {
    act: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            start: {
              guard: { type: 'offered', params: ({ event }) => ({ action: event.action }) },
              target: 'asking',
              actions: { type: 'ask', params: ({ event }) => ({ action: event.action }) },
            },
            // The poll as the screen last read it.
            pollRead: { actions: { type: 'keepRead', params: ({ event }) => ({ answer: event.answer }) } },
          },
        },
        // A dialog: the reason, the new closing, or a confirmation.
        asking: {
          on: {
            editReason: { actions: { type: 'editReason', params: ({ event }) => ({ motivo: event.motivo }) } },
            editClosing: { actions: { type: 'editClosing', params: ({ event }) => ({ cierra: event.cierra }) } },
            confirm: { guard: 'ready', target: 'sending' },
            dismiss: { target: 'idle', actions: 'forget' },
          },
        },
        sending: {
          invoke: {
            id: 'change',
            src: 'changePoll',
            input: ({ context }) => changeRequest(context),
            onDone: [
              {
                guard: { type: 'lostRace', params: ({ event }) => ({ result: event.output }) },
                target: 'conflict',
                actions: { type: 'lostRace', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'done', actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        done: { on: { dismiss: { target: 'idle', actions: 'forget' } } },
        conflict: { on: { dismiss: { target: 'idle', actions: 'forget' } } },
        // What was typed is kept: send again, or give up.
        failed: { on: { confirm: { guard: 'ready', target: 'sending' }, dismiss: { target: 'idle', actions: 'forget' } } },
      },
    },
    file: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            download: {
              guard: 'exportable',
              target: 'downloading',
              actions: { type: 'startDownload', params: ({ event }) => ({ file: event.file }) },
            },
          },
        },
        downloading: {
          invoke: {
            id: 'download',
            src: 'fetchPollFile',
            input: ({ context, self }) => ({
              file: context.file!,
              pollId: context.answer.poll.PollId,
              onProgress: (share: number) => self.send({ type: 'progress', share }),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'saveFile',
                  params: ({ context, event }) => ({
                    blob: event.output,
                    name: pollFileName(context.file!, context.answer.poll.PollId),
                  }),
                },
                'downloaded',
              ],
            },
            onError: { target: 'failed', actions: { type: 'downloadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
          on: { progress: { actions: { type: 'progress', params: ({ event }) => ({ share: event.share }) } } },
        },
        failed: {
          on: {
            retryDownload: { target: 'downloading', actions: 'restartDownload' },
            dismissDownload: { target: 'idle', actions: 'forgetDownload' },
          },
        },
      },
    },
  },
});
