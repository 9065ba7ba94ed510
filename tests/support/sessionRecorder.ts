// A stand-in for the app-wide session actor that records what flows tell it (refresh, signedIn…). One
// recorder serves a whole model: the model's context and the actor's must hold the same ref to compare.
import { createActor, fromCallback } from 'xstate';
import type { SessionEvent } from '../../src/machines/sessionMachine';

export function sessionRecorder() {
  const received: SessionEvent[] = [];
  const ref = createActor(
    fromCallback<SessionEvent>(({ receive }) => {
      receive((event) => {
        received.push(event);
      });
    }),
  ).start();
  return {
    ref,
    received,
    clear: () => {
      received.length = 0;
    },
  };
}
