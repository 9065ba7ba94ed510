// mi-perfil's directory choices as a test model: loaded (or failing, then retried), a phone typed that the rule
// refuses and then one it accepts, the switches turned on, saved (or failing, retried or edited again). The
// words its scenarios are told in: docs/scenarios/directoryContactMachine.md.
import type { EventObject } from 'xstate';
import type { MyContact } from '../../src/api/directory';
import { type DirectoryContactContext, directoryContactMachine } from '../../src/machines/directoryContactMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const NONE: MyContact = { phone: '', showPhone: false, showEmail: false };
export const SHOWN: MyContact = { phone: '3312345678', showPhone: true, showEmail: true };
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof directoryContactMachine>;
const ctx = (s: Snap): DirectoryContactContext => s.context;

export const directoryContactModel = defineModel({
  machine: directoryContactMachine,
  payloads: {
    'xstate.done.actor.load': [{ output: NONE }],
    'xstate.error.actor.load': (s) => (ctx(s).failure ? [] : [{ error: NO_CONNECTION }]),
    retry: BARE,
    edit: (s) => {
      const { draft } = ctx(s);
      if (s.matches('saved')) return [{ patch: { showEmail: false } }];
      if (draft.phone === '') return [{ patch: { phone: '12345' } }];
      if (draft.phone === '12345') return [{ patch: { phone: '(33) 1234-5678' } }];
      return draft.showPhone ? [] : [{ patch: { showPhone: true, showEmail: true } }];
    },
    save: BARE,
    'xstate.done.actor.save': [{ output: SHOWN }],
    'xstate.error.actor.save': (s) => (ctx(s).failure ? [] : [{ error: NO_CONNECTION }]),
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      loading: 'The card “Mi contacto en el directorio” shows a loader.',
      loadFailed: 'An alert and Reintentar.',
      editing: 'The phone field and the two switches; under the phone its problem once saving was tried; Guardar.',
      saving: 'Guardar is busy.',
      failed: 'An alert “No pudimos guardar tus datos de contacto.” and Reintentar.',
      saved: '“Tus datos de contacto se guardaron.”',
    },
    events: {
      edit: (e) => `types ${JSON.stringify(e.patch)}`,
      save: () => 'presses Guardar',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the choices arrive',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.save': () => 'the server saves them',
      'xstate.error.actor.save': () => 'the connection fails',
    },
  },
});
