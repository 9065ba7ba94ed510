// Pagos en línea's settings as a test model: they load (or fail and are retried), the administrator saves a
// change, the save goes through (saved) or fails (failed, with why), and editing again clears the notice. The words
// its scenarios are told in: docs/scenarios/paymentSettingsMachine.md.
import { paymentSettingsMachine } from '../../src/machines/paymentSettingsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { CHANGED, CHANGED_VIEW, VIEW } from '../support/paymentSettingsFixtures';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const paymentSettingsModel = defineModel({
  machine: paymentSettingsMachine,
  payloads: {
    save: [{ draft: CHANGED }],
    edit: BARE,
    retry: BARE,
    'xstate.done.actor.loadSettings': [{ output: VIEW }],
    'xstate.error.actor.loadSettings': failure,
    'xstate.done.actor.saveSettings': [{ output: CHANGED_VIEW }],
    'xstate.error.actor.saveSettings': failure,
  },
  words: {
    states: {
      loading: 'Pagos en línea loading.',
      loadFailed: 'The settings could not load, with Reintentar.',
      editing:
        'The form: Recibir pagos en línea, the provider, who pays the commission, each method’s commission, the account, Guardar.',
      saving: 'The settings are being saved.',
      saved: 'The form as saved, and “Guardamos los ajustes de pagos en línea.”',
      failed: 'The form as typed, and why the settings were not saved (on its field when the server names one).',
    },
    events: {
      save: () => 'changes who pays the commission and the account, and presses Guardar',
      edit: () => 'changes a field again',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadSettings': () => 'the server answers the settings, the providers offered and the accounts',
      'xstate.error.actor.loadSettings': () => 'the connection fails',
      'xstate.done.actor.saveSettings': () => 'the server saves the settings',
      'xstate.error.actor.saveSettings': () => 'the connection fails',
    },
  },
});
