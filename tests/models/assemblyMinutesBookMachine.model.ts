// The book of minutes as a test model: it loads (or is refused and retried); from the book, an entry's integrity
// checked (intact, altered, or the connection fails) and an addendum added by who manages assemblies (the entry
// comes back with it, or the connection fails). One call at a time.
// The words its scenarios are told in: docs/scenarios/assemblyMinutesBookMachine.md.
import { assemblyMinutesBookMachine } from '../../src/machines/assemblyMinutesBookMachine';
import { ALTERED, BOOK, ENTRY, INTACT, NO_CONNECTION, NOT_ALLOWED, WITH_ADDENDUM } from '../support/assemblyMinutesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const assemblyMinutesBookModel = defineModel({
  machine: assemblyMinutesBookMachine,
  payloads: {
    'xstate.done.actor.load': [{ output: BOOK }],
    'xstate.error.actor.load': [{ error: NOT_ALLOWED }],
    retry: BARE,
    check: (s) => (Object.keys(s.context.checks).length === 0 && !s.context.added ? [{ minutesId: ENTRY.id }] : []),
    addendum: (s) =>
      Object.keys(s.context.checks).length === 0 && !s.context.added
        ? [{ minutesId: ENTRY.id, request: { text: 'Se corrige el nombre del secretario.', file: null } }]
        : [],
    'xstate.done.actor.check': [{ output: INTACT }, { output: ALTERED }],
    'xstate.error.actor.check': [{ error: NO_CONNECTION }],
    'xstate.done.actor.add': [{ output: WITH_ADDENDUM }],
    'xstate.error.actor.add': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'Libro de actas is loading.',
      loadFailed: 'The book is not available to the reader (or could not be loaded), with Reintentar.',
      ready: 'The book: each entry with its number, assembly, hash, file, check and addenda.',
      checking: 'Verificar integridad is busy on the entry.',
      adding: 'Agregar adenda is busy on the entry.',
    },
    events: {
      'xstate.done.actor.load': () => 'the book arrives with acta 1',
      'xstate.error.actor.load': () => 'the server answers 403',
      retry: () => 'presses Reintentar',
      check: () => 'presses Verificar integridad on acta 1',
      addendum: () => 'adds the addendum “Se corrige el nombre del secretario.”',
      'xstate.done.actor.check': (e) =>
        (e.output as { intact: boolean }).intact ? 'the server answers Íntegra' : 'the server answers altered',
      'xstate.error.actor.check': () => 'the connection fails',
      'xstate.done.actor.add': () => 'the entry comes back with its addendum',
      'xstate.error.actor.add': () => 'the connection fails',
    },
  },
});
