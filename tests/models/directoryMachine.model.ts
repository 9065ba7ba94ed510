// A directory's list as a test model: the residents' (searched, filtered by tower, paged; a page that does not
// exist is refused) and the staff's (searched); a failed load retried. The words its scenarios are told in:
// docs/scenarios/directoryMachine.md.
import type { EventObject } from 'xstate';
import type { ResidentsAnswer, StaffAnswer } from '../../src/api/directory';
import { type DirectoryContext, directoryMachine } from '../../src/machines/directoryMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const RESIDENTS: ResidentsAnswer = {
  success: true,
  towers: [
    { torreId: 1, torreName: 'Torre A' },
    { torreId: 2, torreName: 'Torre B' },
  ],
  dwellings: [
    {
      aptId: 10,
      aptName: '603',
      torreId: 1,
      torreName: 'Torre A',
      residents: [
        { membershipId: 5, name: 'Andrés Navarro Aguilar', photoUrl: null, phone: '3311112222', email: null, kind: 'owner' },
      ],
    },
  ],
  total: 60,
  offset: 0,
  limit: 25,
};
export const STAFF: StaffAnswer = {
  success: true,
  staff: [{ membershipId: 1, name: 'Ana Martínez Ruiz', photoUrl: null, phone: null, email: 'admin@demo.mx', roles: ['admin'] }],
};
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof directoryMachine>;
const ctx = (s: Snap): DirectoryContext => s.context;
const residents = (s: Snap) => ctx(s).kind === 'residents';

export const directoryModel = defineModel({
  machine: directoryMachine,
  inputs: { residents: { kind: 'residents' }, staff: { kind: 'staff' } },
  payloads: {
    'xstate.done.actor.load': (s) => [
      { output: residents(s) ? { kind: 'residents', answer: RESIDENTS } : { kind: 'staff', answer: STAFF } },
    ],
    'xstate.error.actor.load': (s) => (ctx(s).failure || ctx(s).result ? [] : [{ error: NO_CONNECTION }]),
    retry: BARE,
    search: (s) => (ctx(s).query.q === '' && ctx(s).result ? [{ q: 'andres' }] : []),
    tower: (s) => (residents(s) && ctx(s).query.torreId === null && ctx(s).query.q !== '' ? [{ torreId: 1 }] : []),
    page: (s) => (residents(s) && ctx(s).query.offset === 0 ? [{ offset: 25 }, { offset: 7 }] : []),
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      loading: 'The list shows a loader (the search box and the tower filter stay).',
      ready:
        'The dwellings by tower with their residents (or the staff with their roles) as cards: photo, name, owner or tenant, and the phone and e-mail each chose to show as links; the pages.',
      failed: 'An alert “No pudimos cargar el directorio.” and Reintentar.',
    },
    events: {
      search: (e) => `searches “${e.q}”`,
      tower: (e) => `filters tower #${e.torreId}`,
      page: (e) => `goes to the page starting at ${e.offset}`,
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the directory arrives',
      'xstate.error.actor.load': () => 'the connection fails',
    },
  },
});
