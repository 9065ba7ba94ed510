// mi-perfil, the photo: a PNG, JPEG or WebP file no bigger than PHOTO_MAX_BYTES, checked here before it
// is read and sent as a data URL; or removing the photo. Either way the session data is refreshed, since
// it carries the photo's signed URL.
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { PHOTO_MAX_BYTES } from '../api/profile';
import { deletePhoto, uploadPhoto } from '../services/profileService';
import type { SessionRef } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type PhotoProblem = 'wrongType' | 'tooLarge' | 'uploadFailed' | 'removeFailed';

export interface ProfilePhotoInput {
  hasPhoto: boolean;
  session: SessionRef;
}

export interface ProfilePhotoContext {
  hasPhoto: boolean;
  session: SessionRef;
  problem: PhotoProblem | null;
  /** The upload or removal failed: why (its problem says which one). */
  failure: CallFailure | null;
}

/** What the machine needs of a chosen file: its type and size to check it, the bytes to send it. */
export type PhotoFile = Blob & { readonly name?: string };

export type ProfilePhotoEvent = { type: 'choose'; file: PhotoFile } | { type: 'remove' };

/** The client-side check of a chosen file, before anything is read or sent. */
export function photoFileProblem(file: Pick<Blob, 'type' | 'size'>): 'wrongType' | 'tooLarge' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

export const profilePhotoMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as ProfilePhotoInput,
    context: {} as ProfilePhotoContext,
    events: {} as ProfilePhotoEvent,
  },
  actors: {
    uploadPhoto: fromPromise<string | null, { file: PhotoFile }>(({ input, signal }) => uploadPhoto(input.file, signal)),
    removePhoto: fromPromise<void>(({ signal }) => deletePhoto(signal)),
  },
  guards: {
    fileIsRefused: ({ event }) => {
      assertEvent(event, 'choose');
      return photoFileProblem(event.file) !== null;
    },
    hasPhoto: ({ context }) => context.hasPhoto,
  },
  actions: {
    refuseFile: assign(({ event }) => {
      assertEvent(event, 'choose');
      return { problem: photoFileProblem(event.file), failure: null };
    }),
    clearProblem: assign({ problem: null, failure: null }),
    keepPhoto: assign({ hasPhoto: true }),
    forgetPhoto: assign({ hasPhoto: false }),
    failUpload: assign((_, { error }: { error: unknown }) => ({ problem: 'uploadFailed' as const, failure: callFailure(error) })),
    failRemove: assign((_, { error }: { error: unknown }) => ({ problem: 'removeFailed' as const, failure: callFailure(error) })),
    refreshSession: sendTo(({ context }) => context.session, { type: 'refresh' }),
  },
}).createMachine({
  id: 'profilePhoto',
  context: ({ input }) => ({ hasPhoto: input.hasPhoto, session: input.session, problem: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        choose: [
          { guard: 'fileIsRefused', actions: 'refuseFile' },
          { target: 'uploading', actions: 'clearProblem' },
        ],
        remove: { guard: 'hasPhoto', target: 'removing', actions: 'clearProblem' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ event }) => {
          assertEvent(event, 'choose');
          return { file: event.file };
        },
        onDone: { target: 'idle', actions: ['keepPhoto', 'refreshSession'] },
        onError: { target: 'idle', actions: { type: 'failUpload', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        onDone: { target: 'idle', actions: ['forgetPhoto', 'refreshSession'] },
        onError: { target: 'idle', actions: { type: 'failRemove', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
