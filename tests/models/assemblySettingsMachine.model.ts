// The assemblies' settings as a test model: they load (or fail and are retried); from the settings as loaded, one
// edit per path (the proxy limit to 5, or the arrears days to a negative number the contract refuses); saving is
// offered only for a valid change, answered with the settings saved or refused with the server's words.
// The words its scenarios are told in: docs/scenarios/assemblySettingsMachine.md.
import { assemblySettingsMachine } from '../../src/machines/assemblySettingsMachine';
import { ApiError } from '../../src/services/http';
import { NO_CONNECTION, SETTINGS } from '../support/assemblyMinutesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const REFUSAL = new ApiError(403, 'FORBIDDEN', 'No tienes permiso.');

export const assemblySettingsModel = defineModel({
  machine: assemblySettingsMachine,
  payloads: {
    'xstate.done.actor.load': [{ output: SETTINGS }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    retry: BARE,
    edit: (s) =>
      JSON.stringify(s.context.draft) === JSON.stringify(s.context.settings) && !s.context.saved && !s.context.failure
        ? [{ patch: { proxyLimit: 5 } }, { patch: { arrearsDays: -1 } }]
        : [],
    save: BARE,
    'xstate.done.actor.save': (s) => [{ output: s.context.draft! }],
    'xstate.error.actor.save': [{ error: REFUSAL }],
  },
  words: {
    states: {
      loading: 'Ajustes de asambleas is loading.',
      loadFailed: 'The settings could not be loaded, with Reintentar.',
      ready: 'The settings form: the board, the rule set, the legal text, proxies, arrears, tenants, the book’s readers.',
      saving: 'Guardar is busy.',
    },
    events: {
      'xstate.done.actor.load': () => 'the settings arrive (three proxies per holder)',
      'xstate.error.actor.load': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      edit: (e) => `types ${JSON.stringify(e.patch)}`,
      save: () => 'presses Guardar',
      'xstate.done.actor.save': () => 'the server answers the settings saved',
      'xstate.error.actor.save': () => 'the server answers 403',
    },
  },
});
