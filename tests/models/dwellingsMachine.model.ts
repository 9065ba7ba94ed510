// The towers and dwellings tab as a test model: the first page read (or failing and retried), searched,
// filtered by tower and state, paged (a page left empty goes back to the last one), and a change saved (the
// page read again) or refused (its words kept until forgotten). The words its scenarios are told in: docs/scenarios.
import type { DwellingListAnswer } from '../../src/api/dwellings';
import { type DwellingChange, type DwellingsContext, dwellingsMachine } from '../../src/machines/dwellingsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const PAGE: DwellingListAnswer = {
  success: true,
  viviendas: [{ ApmtId: 7, Nombre: '101', TowerId: 2, Torre: 'Torre Norte', indiviso: 25_000, activa: true, residentes: 2 }],
  total: 30,
  torres: [{ TowerId: 2, Nombre: 'Torre Norte', activa: true, viviendas: 20 }],
  indivisoActivo: 1_000_000,
  activas: 30,
};
/** A page past the end: the last dwelling of it was deactivated. */
export const PAST_THE_END: DwellingListAnswer = { ...PAGE, viviendas: [], total: 25 };
export const CHANGE: DwellingChange = { kind: 'dwelling', draft: { ApmtId: 7, Nombre: '101', TowerId: 2, indiviso: 30_000 } };
export const TAKEN = new ApiError(409, 'CONFLICT', 'Ya existe una vivienda con ese nombre en esa torre.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof dwellingsMachine>;
const ctx = (s: Snap): DwellingsContext => s.context;

export const dwellingsModel = defineModel({
  machine: dwellingsMachine,
  payloads: {
    search: (s) => (ctx(s).query.q === '' && ctx(s).query.offset === 0 ? [{ q: 'jardín' }] : []),
    filterTower: (s) => (ctx(s).query.torre === '' && ctx(s).query.q !== '' ? [{ torre: '2' }] : []),
    filterState: (s) => (ctx(s).query.estado === 'activas' && ctx(s).query.torre !== '' ? [{ estado: 'todas' }] : []),
    page: (s) => (ctx(s).query.offset === 0 ? [{ offset: 25 }] : []),
    retry: BARE,
    reload: (s) => (ctx(s).saved === 0 && ctx(s).query.offset === 0 ? BARE : []),
    save: (s) => (ctx(s).saved === 0 && ctx(s).query.q === '' ? [{ change: CHANGE }] : []),
    forgetFailure: (s) => (ctx(s).saveFailure ? BARE : []),
    'xstate.done.actor.load': (s) =>
      ctx(s).query.offset === 25 && ctx(s).answer !== null && ctx(s).query.q === ''
        ? [{ output: PAST_THE_END }]
        : [{ output: PAGE }],
    'xstate.error.actor.load': (s) => (ctx(s).answer === null && ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.save': [{ output: { success: true } }],
    'xstate.error.actor.save': (s) => (ctx(s).saveFailure === null ? [{ error: TAKEN }] : []),
  },
  words: {
    states: {
      loading: 'The table with a loader over it (the last page stays while the next one comes).',
      ready:
        'The share total (a warning unless 100 %), the towers, the search, the filters, the table of dwellings and its pages; the last change’s refusal in its dialog.',
      saving: 'The dialog’s Guardar (or Desactivar) is busy.',
      failed: 'An alert (we could not load the dwellings) and Reintentar.',
    },
    events: {
      search: (e) => `searches “${e.q}”`,
      filterTower: () => 'picks Torre Norte',
      filterState: (e) => `shows the ${e.estado} dwellings`,
      page: () => 'goes to page 2',
      retry: () => 'presses Reintentar',
      reload: () => 'an import finished: the page is read again',
      save: () => 'saves a dwelling’s new share',
      forgetFailure: () => 'closes the dialog',
      'xstate.done.actor.load': (e) =>
        (e.output as DwellingListAnswer).viviendas.length
          ? 'the server answers the page'
          : 'the server answers an empty page past the end',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.save': () => 'the server saves it',
      'xstate.error.actor.save': () => 'the server says the name is taken',
    },
  },
});
