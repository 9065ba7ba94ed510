// Scanning a QR code with the device's camera (the gate's passes, issue 26; the rounds' checkpoints later). The
// camera opens, frames are read until one holds a code, and the machine ends with the code's text. A refusal
// (the person or the browser said no, no camera, anything else) is a state the view explains, with a retry.
// Whoever invokes it stops it by leaving: the camera is given back then, whatever the scanner was doing.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { CameraError, type CameraRefusal, openCamera, stopCamera, watchForQr } from '../services/cameraService';

export interface CameraScannerContext {
  stream: MediaStream | null;
  /** The code read; '' until one is. */
  text: string;
  refusal: CameraRefusal | null;
}

export type CameraScannerEvent = { type: 'decoded'; text: string } | { type: 'retry' };

const refusalOf = (error: unknown): CameraRefusal => (error instanceof CameraError ? error.refusal : 'failed');

export const cameraScannerMachine = setup({
  types: {
    context: {} as CameraScannerContext,
    events: {} as CameraScannerEvent,
    output: {} as { text: string },
  },
  actors: {
    openCamera: fromPromise<MediaStream>(({ signal }) => openCamera(signal)),
    // Owns the stream once it is open: stopping this actor (the scanner left `scanning`) gives the camera back.
    watchForQr: fromCallback<CameraScannerEvent, MediaStream>(({ input, sendBack }) => {
      const stopWatching = watchForQr(input, (text) => sendBack({ type: 'decoded', text }));
      return () => {
        stopWatching();
        stopCamera(input);
      };
    }),
  },
  guards: {
    denied: ({ event }) => 'error' in event && refusalOf(event.error) === 'denied',
    noCamera: ({ event }) => 'error' in event && refusalOf(event.error) === 'noCamera',
    hasText: ({ event }) => event.type === 'decoded' && event.text.trim() !== '',
  },
  actions: {
    keepStream: assign({ stream: ({ event }) => ('output' in event ? (event.output as MediaStream) : null), refusal: null }),
    keepText: assign(({ event }) => {
      assertEvent(event, 'decoded');
      return { text: event.text.trim(), stream: null };
    }),
    forgetStream: assign({ stream: null }),
    keepRefusal: assign({ refusal: ({ event }) => ('error' in event ? refusalOf(event.error) : 'failed'), stream: null }),
  },
}).createMachine({
  id: 'cameraScanner',
  context: { stream: null, text: '', refusal: null },
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        id: 'openCamera',
        src: 'openCamera',
        onDone: { target: 'scanning', actions: 'keepStream' },
        onError: [
          { guard: 'denied', target: 'denied', actions: 'keepRefusal' },
          { guard: 'noCamera', target: 'noCamera', actions: 'keepRefusal' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
      },
    },
    scanning: {
      invoke: { id: 'watchForQr', src: 'watchForQr', input: ({ context }) => context.stream as MediaStream },
      on: { decoded: { guard: 'hasText', target: 'found', actions: 'keepText' } },
      exit: 'forgetStream',
    },
    denied: { on: { retry: 'opening' } },
    noCamera: { on: { retry: 'opening' } },
    failed: { on: { retry: 'opening' } },
    found: { type: 'final' },
  },
  output: ({ context }) => ({ text: context.text }),
});
