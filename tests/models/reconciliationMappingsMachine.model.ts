// The saved column mappings as a test model: they load (or fail and are retried); one is renamed or deleted, each
// answered (or failing, keeping the list); a reload reads them again. The words its scenarios are told in:
// docs/scenarios/reconciliationMappingsMachine.md.
import { reconciliationMappingsMachine } from '../../src/machines/reconciliationMappingsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { MAPPING, MAPPING_2 } from '../support/reconciliationFixtures';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const reconciliationMappingsModel = defineModel({
  machine: reconciliationMappingsMachine,
  payloads: {
    rename: [{ id: MAPPING.id, name: 'Banco del Bajío' }],
    remove: [{ id: MAPPING_2.id }],
    reload: BARE,
    retry: BARE,
    'xstate.done.actor.loadMappings': [{ output: [MAPPING, MAPPING_2] }],
    'xstate.error.actor.loadMappings': failure,
    'xstate.done.actor.renameMapping': [{ output: { ...MAPPING, name: 'Banco del Bajío' } }],
    'xstate.error.actor.renameMapping': failure,
    'xstate.done.actor.removeMapping': [{ output: undefined }],
    'xstate.error.actor.removeMapping': failure,
  },
  words: {
    states: {
      loading: 'Mapeos de columnas guardados loading.',
      loadFailed: 'The mappings could not load, with Reintentar.',
      shown: 'Each saved mapping with its columns, Renombrar and Borrar.',
      renaming: 'The mapping is being renamed.',
      removing: 'The mapping is being deleted.',
    },
    events: {
      rename: () => 'writes a new name and presses Guardar',
      remove: () => 'presses Borrar',
      reload: () => 'an import saved a mapping',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadMappings': () => 'the server answers the mappings',
      'xstate.error.actor.loadMappings': () => 'the connection fails',
      'xstate.done.actor.renameMapping': () => 'the server renames it',
      'xstate.error.actor.renameMapping': () => 'the connection fails',
      'xstate.done.actor.removeMapping': () => 'the server deletes it',
      'xstate.error.actor.removeMapping': () => 'the connection fails',
    },
  },
});
