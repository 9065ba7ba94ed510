// The CSD upload of datos-generales (issue 17): the .cer, the .key and the key's password are chosen, then
// uploaded together. The server checks it is a CSD (not a FIEL), of this issuer's RFC, in force, and that the key
// opens with the password and matches the certificate: each refusal is one of CSD_PROBLEMS, shown with its
// message and the choice open again; a failed call (no connection) can be retried. The password is wiped from
// the context as soon as the upload ends, whatever the outcome: it is typed again, never kept.
import { assign, fromPromise, setup } from 'xstate';
import { CSD_MAX_BYTES, type CsdProblem } from '../api/invoicing';
import type { IssuerSavedAnswer } from '../services/invoicingAnswers';
import { type CsdUpload, type CsdUploadResult, uploadCsd } from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type CsdFile = Blob & { name: string };

export interface CsdUploadInput {
  issuerId: number;
  version: number;
}

export interface CsdUploadContext extends CsdUploadInput {
  cer: CsdFile | null;
  key: CsdFile | null;
  password: string;
  problem: CsdProblem | null;
  failure: CallFailure | null;
  saved: IssuerSavedAnswer['issuer'] | null;
}

export type CsdUploadEvent =
  | { type: 'chooseCer'; file: CsdFile | null }
  | { type: 'chooseKey'; file: CsdFile | null }
  | { type: 'typePassword'; password: string }
  | { type: 'upload' }
  | { type: 'retry' };

/** Both files chosen, none too big, and a password typed. */
export const readyToUpload = (context: Pick<CsdUploadContext, 'cer' | 'key' | 'password'>) =>
  context.cer !== null &&
  context.key !== null &&
  context.cer.size > 0 &&
  context.key.size > 0 &&
  context.cer.size <= CSD_MAX_BYTES &&
  context.key.size <= CSD_MAX_BYTES &&
  context.password.length > 0;

export const csdUploadMachine = setup({
  types: {
    input: {} as CsdUploadInput,
    context: {} as CsdUploadContext,
    events: {} as CsdUploadEvent,
  },
  actors: {
    upload: fromPromise<CsdUploadResult, CsdUpload>(({ input, signal }) => uploadCsd(input, signal)),
  },
  guards: {
    ready: ({ context }) => readyToUpload(context),
    saved: (_, { output }: { output: CsdUploadResult }) => output.kind === 'saved',
  },
  actions: {
    chooseCer: assign((_, { file }: { file: CsdFile | null }) => ({ cer: file })),
    chooseKey: assign((_, { file }: { file: CsdFile | null }) => ({ key: file })),
    typePassword: assign((_, { password }: { password: string }) => ({ password })),
    keepSaved: assign((_, { output }: { output: CsdUploadResult }) =>
      output.kind === 'saved' ? { saved: output.issuer, version: output.issuer.version, problem: null, failure: null } : {},
    ),
    keepProblem: assign((_, { output }: { output: CsdUploadResult }) =>
      output.kind === 'problem' ? { problem: output.problem, failure: null } : {},
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), problem: null })),
    /** The password leaves memory once the upload ended; a new attempt types it again. */
    forgetPassword: assign({ password: '' }),
  },
}).createMachine({
  id: 'csdUpload',
  context: ({ input }) => ({ ...input, cer: null, key: null, password: '', problem: null, failure: null, saved: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        chooseCer: { actions: { type: 'chooseCer', params: ({ event }) => ({ file: event.file }) } },
        chooseKey: { actions: { type: 'chooseKey', params: ({ event }) => ({ file: event.file }) } },
        typePassword: { actions: { type: 'typePassword', params: ({ event }) => ({ password: event.password }) } },
        upload: { guard: 'ready', target: 'uploading' },
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          issuerId: context.issuerId,
          version: context.version,
          password: context.password,
          cer: context.cer!,
          key: context.key!,
        }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => ({ output: event.output }) },
            target: 'saved',
            actions: [{ type: 'keepSaved', params: ({ event }) => ({ output: event.output }) }, 'forgetPassword'],
          },
          {
            target: 'problem',
            actions: [{ type: 'keepProblem', params: ({ event }) => ({ output: event.output }) }, 'forgetPassword'],
          },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, 'forgetPassword'],
        },
      },
    },
    /** The server's problem with these files: choose again (the password is typed again too). */
    problem: {
      on: {
        chooseCer: { target: 'choosing', actions: { type: 'chooseCer', params: ({ event }) => ({ file: event.file }) } },
        chooseKey: { target: 'choosing', actions: { type: 'chooseKey', params: ({ event }) => ({ file: event.file }) } },
        typePassword: {
          target: 'choosing',
          actions: { type: 'typePassword', params: ({ event }) => ({ password: event.password }) },
        },
      },
    },
    /** No answer: the password is typed again, then retry uploads the same files. */
    failed: {
      on: {
        typePassword: { actions: { type: 'typePassword', params: ({ event }) => ({ password: event.password }) } },
        retry: { guard: 'ready', target: 'uploading' },
      },
    },
    saved: { type: 'final' },
  },
});
