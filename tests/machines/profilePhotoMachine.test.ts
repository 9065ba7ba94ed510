// The profile photo machine (mi-perfil), model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose calls are controllable promises, with a
// recording stand-in for the session actor. Plus the client-side check of a chosen file.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { PHOTO_MAX_BYTES } from '../../src/api/profile';
import { type PhotoFile, type PhotoProblem, photoFileProblem, profilePhotoMachine } from '../../src/machines/profilePhotoMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { FILES, PHOTO_INPUT, profilePhotoModel, SIGNED_URL, session } from '../models/profilePhotoMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { sessionRecorder } from '../support/sessionRecorder';

type Snap = Snapshot<typeof profilePhotoMachine>;
const cover = coverModel(profilePhotoModel);

describe('profilePhotoMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof profilePhotoMachine>;
  /** What the walk knows without the machine: whether there is a photo, changes done, the last problem. */
  let hasPhoto = PHOTO_INPUT.hasPhoto;
  let changesDone = 0;
  let problem: PhotoProblem | null = null;
  const ctx = () => actor.getSnapshot().context;
  const canRemove = () => actor.getSnapshot().can({ type: 'remove' });
  const canChoose = () => actor.getSnapshot().can({ type: 'choose', file: FILES.ok });
  const states: StateChecks<Snap> = {
    idle: () => {
      expect(calls.pending()).toEqual([]);
      // The session is refreshed once per photo uploaded or removed, and only then.
      expect(session.received).toEqual(Array.from({ length: changesDone }, () => ({ type: 'refresh' })));
      expect(ctx()).toMatchObject({ hasPhoto, problem });
      // A failed call keeps why; the file's own problems are no call.
      expect(ctx().failure).toEqual(problem === 'uploadFailed' || problem === 'removeFailed' ? NETWORK_FAILURE : null);
      expect(canRemove()).toBe(hasPhoto);
      expect(canChoose()).toBe(true);
    },
    uploading: () => {
      expect(calls.pending()).toEqual(['uploadPhoto']);
      expect(calls.inputOf('uploadPhoto')).toEqual({ file: FILES.ok });
      expect(ctx()).toMatchObject({ hasPhoto, problem: null });
      expect(canChoose()).toBe(false);
    },
    removing: () => {
      expect(calls.pending()).toEqual(['removePhoto']);
      expect(ctx()).toMatchObject({ hasPhoto: true, problem: null });
      expect(canRemove()).toBe(false);
    },
  };

  const changed = (photo: boolean) => () => {
    changesDone++;
    hasPhoto = photo;
    problem = null;
  };

  walkModel(it, cover, profilePhotoMachine, states, () => {
    calls = controllablePromises();
    hasPhoto = PHOTO_INPUT.hasPhoto;
    changesDone = 0;
    problem = null;
    session.clear();
    actor = createActor(provideCalls(profilePhotoMachine, calls), { input: PHOTO_INPUT }).start();
    return {
      actor,
      calls,
      after: {
        choose: (step) => {
          problem = (step.event as EventObject & { file: PhotoFile }).file === FILES.wrongType ? 'wrongType' : null;
        },
        remove: () => {
          problem = null;
        },
        'xstate.done.actor.uploadPhoto': changed(true),
        'xstate.done.actor.removePhoto': changed(false),
        'xstate.error.actor.uploadPhoto': () => {
          problem = 'uploadFailed';
        },
        'xstate.error.actor.removePhoto': () => {
          problem = 'removeFailed';
        },
      },
    };
  });
});

describe('profilePhotoMachine rules', () => {
  it('takes PNG, JPEG and WebP up to PHOTO_MAX_BYTES, and says why it refuses others', () => {
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: 'image/webp', size: 1 })).toBeNull();
    expect(photoFileProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(photoFileProblem({ type: 'image/svg+xml', size: 100 })).toBe('wrongType');
    expect(photoFileProblem({ type: '', size: 100 })).toBe('wrongType');
  });

  it('refuses a file without sending it, and the next good one clears the message', async () => {
    const uploaded: unknown[] = [];
    const actor = createActor(
      profilePhotoMachine.provide({
        actors: {
          uploadPhoto: fromPromise(async ({ input }) => {
            uploaded.push(input.file);
            return SIGNED_URL;
          }),
        },
      }),
      { input: { hasPhoto: false, session: sessionRecorder().ref } },
    ).start();
    actor.send({ type: 'choose', file: FILES.tooLarge });
    expect(actor.getSnapshot().context.problem).toBe('tooLarge');
    actor.send({ type: 'choose', file: FILES.wrongType });
    expect(actor.getSnapshot().context.problem).toBe('wrongType');
    expect(uploaded).toEqual([]);
    actor.send({ type: 'choose', file: FILES.ok });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await settle();
    expect(uploaded).toEqual([FILES.ok]);
    expect(actor.getSnapshot().context.hasPhoto).toBe(true);
  });

  it('offers Quitar foto at once to a member who has a photo', () => {
    const actor = createActor(profilePhotoMachine, { input: { hasPhoto: true, session: sessionRecorder().ref } }).start();
    expect(actor.getSnapshot().can({ type: 'remove' })).toBe(true);
  });
});
