// The photo card of mi-perfil as a test model: a good file and a refused one, the answers of the upload
// and remove calls, and the words its scenarios are told in (docs/scenarios/profilePhotoMachine.md). The
// session is a recording stand-in (tests/support/sessionRecorder.ts), shared by the model and the walked
// actors.
import type { EventObject } from 'xstate';
import { PHOTO_MAX_BYTES } from '../../src/api/profile';
import { type PhotoFile, profilePhotoMachine } from '../../src/machines/profilePhotoMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { sessionRecorder } from '../support/sessionRecorder';

/** What the machine reads of a file (type and size); the upload itself is a stand-in. */
const file = (name: string, type: string, size: number) => ({ name, type, size }) as unknown as PhotoFile;
export const FILES = {
  ok: file('foto.jpg', 'image/jpeg', 240_000),
  wrongType: file('animacion.gif', 'image/gif', 40_000),
  tooLarge: file('foto-grande.png', 'image/png', PHOTO_MAX_BYTES + 1),
};
export const SIGNED_URL = '/api/--perfil/photo-file/12?v=3&exp=1800000000&sig=ab';

export const session = sessionRecorder();
/** A member without a photo: an upload gives them one, so removing it is walked as well. */
export const PHOTO_INPUT = { hasPhoto: false, session: session.ref };

const fileName = (event: EventObject) => (event as { file?: { name?: string } }).file?.name;

export const profilePhotoModel = defineModel({
  machine: profilePhotoMachine,
  input: PHOTO_INPUT,
  label: (event) => (event.type === 'choose' ? `choose ${fileName(event)}` : eventLabel(event)),
  payloads: {
    // One refused file takes the refusal's branch; which problem each file has is photoFileProblem's test.
    choose: [{ file: FILES.ok }, { file: FILES.wrongType }],
    remove: BARE,
    'xstate.done.actor.uploadPhoto': [{ output: SIGNED_URL }],
    // A proxy's 413 without the server's JSON error: no words to show, as a lost connection.
    'xstate.error.actor.uploadPhoto': [
      { error: new ApiError(413, 'HTTP', 'Request failed with status code 413 Payload Too Large') },
    ],
    'xstate.done.actor.removePhoto': [{ output: undefined }],
    'xstate.error.actor.removePhoto': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      idle: 'The photo (or the initials) with Agregar foto or Cambiar foto, Quitar foto when there is one, and the hint “PNG, JPG o WebP”; a refused file or a failed call says why under it.',
      uploading: 'The buttons are disabled and “Subiendo tu foto…” shows.',
      removing: 'The buttons are disabled and “Quitando tu foto…” shows.',
    },
    events: {
      choose: (e) => `chooses the file ${fileName(e)} with Agregar foto`,
      remove: () => 'presses Quitar foto',
      'xstate.done.actor.uploadPhoto': () => 'the server keeps the photo (the header shows it)',
      'xstate.error.actor.uploadPhoto': () => 'the upload fails',
      'xstate.done.actor.removePhoto': () => 'the server removes the photo',
      'xstate.error.actor.removePhoto': () => 'the connection fails',
    },
  },
});
