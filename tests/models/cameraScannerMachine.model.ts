// Scanning a QR code with the camera as a test model: the camera opens (or the person refuses it, there is none,
// or it fails), frames are read until one holds a code, and the scanner ends with the code's text. The words its
// scenarios are told in: docs/scenarios/cameraScannerMachine.md.
import { cameraScannerMachine } from '../../src/machines/cameraScannerMachine';
import { CameraError } from '../../src/services/cameraService';
import { BARE, defineModel } from '../support/machineModel';

/** What the open camera is in the headless walk: a stream is only handed from one actor to the next. */
export const STREAM = { id: 'fake-stream', getTracks: () => [] } as unknown as MediaStream;
export const PASS_TEXT = ' https://palmas.example/invitacion/1/DEMO-PASE-001 ';

export const cameraScannerModel = defineModel({
  machine: cameraScannerMachine,
  payloads: {
    // A frame with only blanks in its code is not a code: each state's check says it is not taken.
    decoded: [{ text: PASS_TEXT }],
    retry: BARE,
    'xstate.done.actor.openCamera': [{ output: STREAM }],
    'xstate.error.actor.openCamera': [
      { error: new CameraError('denied') },
      { error: new CameraError('noCamera') },
      { error: new CameraError('failed') },
      { error: new Error('anything else') },
    ],
  },
  words: {
    states: {
      opening: 'Abriendo la cámara…',
      scanning: 'The camera’s picture with a frame, and the hint to point at the QR code.',
      denied: 'Sin permiso para usar la cámara, how to allow it or type the key, and Intentar de nuevo.',
      noCamera: 'No hay cámara disponible, type the key by hand, and Intentar de nuevo.',
      failed: 'No pudimos abrir la cámara, and Intentar de nuevo.',
      found: 'The scanner closes the camera and hands the code to the screen that asked for it.',
    },
    events: {
      decoded: (e) => `a frame holds the QR code “${String(e.text).trim()}”`,
      retry: () => 'presses Intentar de nuevo',
      'xstate.done.actor.openCamera': () => 'the browser opens the camera',
      'xstate.error.actor.openCamera': (e) =>
        e.error instanceof CameraError ? `the browser answers ${e.error.refusal}` : 'opening the camera fails unexpectedly',
    },
  },
});
