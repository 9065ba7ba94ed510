// The profile photo machine (mi-perfil), model-based: every state and transition walked against a real
// actor whose calls are controllable promises, with a recording stand-in for the session actor. Plus the
// client-side check of a chosen file.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { PHOTO_MAX_BYTES } from '../../src/api/profile';
import { type PhotoFile, photoFileProblem, profilePhotoMachine } from '../../src/machines/profilePhotoMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';
import { sessionRecorder } from './sessionRecorder';

/** What the machine reads of a file (type and size); the upload itself is a stand-in here. */
const file = (name: string, type: string, size: number) => ({ name, type, size }) as unknown as PhotoFile;
const FILES = {
  ok: file('foto.jpg', 'image/jpeg', 240_000),
  wrongType: file('animacion.gif', 'image/gif', 40_000),
  tooLarge: file('foto-grande.png', 'image/png', PHOTO_MAX_BYTES + 1),
};
const SIGNED_URL = '/api/--perfil/photo-file/12?v=3&exp=1800000000&sig=ab';

const session = sessionRecorder();

type Snap = Snapshot<typeof profilePhotoMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('uploading')) {
    return [
      { type: 'xstate.done.actor.uploadPhoto', output: SIGNED_URL },
      { type: 'xstate.error.actor.uploadPhoto', error: new Error('Payload Too Large') },
    ];
  }
  if (snapshot.matches('removing')) {
    return [
      { type: 'xstate.done.actor.removePhoto', output: undefined },
      { type: 'xstate.error.actor.removePhoto', error: new Error('Failed to fetch') },
    ];
  }
  return [...Object.values(FILES).map((chosen) => ({ type: 'choose', file: chosen })), { type: 'remove' }];
}

for (const hasPhoto of [false, true]) {
  describe(`profilePhotoMachine model (photo at start: ${hasPhoto})`, () => {
    const INPUT = { hasPhoto, session: session.ref };
    const { paths, gaps } = coveredModel(profilePhotoMachine, { input: INPUT, events: eventsFor });

    it('walks every state node, every model state and every transition', () => {
      expect(gaps()).toEqual(NO_GAPS);
    });

    let calls = controllablePromises();
    let actor: Actor<typeof profilePhotoMachine>;
    let changesDone = 0;
    const states: StateChecks<Snap> = {
      idle: (s) => {
        // The session is refreshed once per photo uploaded or removed, and only then.
        expect(session.received).toEqual(Array.from({ length: changesDone }, () => ({ type: 'refresh' })));
        expect(actor.getSnapshot().can({ type: 'remove' })).toBe(s.context.hasPhoto);
      },
      uploading: () => expect(calls.inputOf('uploadPhoto')).toEqual({ file: FILES.ok }),
      removing: () => expect(calls.inputOf('removePhoto')).toBeUndefined(),
    };

    const countChange = () => void changesDone++;

    walkEveryPath(it, profilePhotoMachine, paths, states, () => {
      calls = controllablePromises();
      changesDone = 0;
      session.clear();
      actor = createActor(providePromises(profilePhotoMachine, calls, ['uploadPhoto', 'removePhoto']), {
        input: INPUT,
      }).start();
      return {
        actor,
        calls,
        send: ['choose', 'remove'],
        invoked: ['uploadPhoto', 'removePhoto'],
        after: { 'xstate.done.actor.uploadPhoto': countChange, 'xstate.done.actor.removePhoto': countChange },
      };
    });
  });
}

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
});
