// The name card of mi-perfil as a test model: a new name with spaces around it and a blank one, the
// answers of the save call, and the words its scenarios are told in (docs/scenarios/profileNameMachine.md).
// The session is a recording stand-in (tests/support/sessionRecorder.ts), shared by the model and the
// walked actors.
import { profileNameMachine } from '../../src/machines/profileNameMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { sessionRecorder } from '../support/sessionRecorder';

export const session = sessionRecorder();
export const NAME_INPUT = { name: 'Sofía Vargas Peña', session: session.ref };
/** The one name a walk saves: the typed value, trimmed. */
export const NEW_NAME = 'Sofía Vargas';

export const profileNameModel = defineModel({
  machine: profileNameMachine,
  input: NAME_INPUT,
  payloads: {
    edit: BARE,
    // A new name (saved trimmed) and a blank one (refused); the unchanged name is a behaviour test.
    change: [{ value: `  ${NEW_NAME}  ` }, { value: '   ' }],
    cancel: BARE,
    save: BARE,
    'xstate.done.actor.updateName': [{ output: undefined }],
    'xstate.error.actor.updateName': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      viewing: 'Nombre shows the saved name with Editar; right after a save, “Nombre actualizado.”.',
      editing:
        'The Nombre field with its count of characters, Cancelar and Guardar; a blank name says it is required; after a failed save an alert says it could not be saved.',
      saving: 'Guardar shows it is saving; Cancelar is disabled.',
    },
    events: {
      edit: () => 'presses Editar',
      change: (e) => `types “${e.value}” in Nombre`,
      cancel: () => 'presses Cancelar',
      save: () => 'presses Guardar',
      'xstate.done.actor.updateName': () => 'the server saves it (the header shows the new name)',
      'xstate.error.actor.updateName': () => 'the connection fails',
    },
  },
});
