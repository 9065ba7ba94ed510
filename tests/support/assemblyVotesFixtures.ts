// Browser-side fixtures for proxies and item votes (issue 32): the boards and the items as the server answers them in
// each step, and the refusals the machines meet. Used by the machines' models and the views' tests.
import type { AssemblyVoting, ItemVoting, ProxyBoard } from '../../src/api/assemblyVotes';
import { ApiError } from '../../src/services/http';

export { NO_CONNECTION } from './assembliesFixtures';

export const PDF_UPLOAD = { name: 'carta-poder.pdf', dataUrl: 'data:application/pdf;base64,JVBERi0xLjQKJSVFT0YK' };

/** An owner of Torre A - 101 before the assembly opens: may give its proxy; one resident to name. */
export const OWNER_BOARD: ProxyBoard = {
  manages: false,
  proxyLimit: 3,
  mayGive: [{ apartmentId: 11, name: 'Torre A - 101' }],
  holders: [{ userId: 5, name: 'Vecina Once' }],
  proxies: [],
};

/** The same owner once the proxy is given (pending; withdrawable). */
export const GIVEN_BOARD: ProxyBoard = {
  ...OWNER_BOARD,
  mayGive: [],
  proxies: [
    {
      id: 40,
      apartmentId: 11,
      dwelling: 'Torre A - 101',
      grantor: 'Vecino Diez',
      holderUserId: 5,
      holderName: 'Vecina Once',
      state: 'pending',
      reason: null,
      hasDocument: true,
      mayWithdraw: true,
    },
  ],
};

/** Who manages the assembly: the pending proxy to decide. */
export const MANAGER_BOARD: ProxyBoard = {
  ...GIVEN_BOARD,
  manages: true,
  proxies: [{ ...GIVEN_BOARD.proxies[0]!, mayWithdraw: false }],
};

export const LIMIT_REACHED = new ApiError(
  409,
  'CONFLICT',
  'Vecina Once ya representa 3 viviendas, el límite del condominio.',
  undefined,
  'assemblyVotes.refusal.proxyLimit',
);
export const ALREADY_VOTED = new ApiError(
  409,
  'CONFLICT',
  'Esta vivienda ya votó en este punto.',
  undefined,
  'assemblyVotes.refusal.alreadyVoted',
);

const results = (yes: number, no: number, voted: number) => ({
  yes,
  no,
  abstain: 0,
  electorate: 600_000,
  total: 1_000_000,
  seats: 2,
  voted,
  needed: Math.max(0, 300_001 - yes),
});

export const PENDING_ITEM: ItemVoting = {
  itemId: 1,
  title: 'Presupuesto del elevador',
  state: 'pending',
  secret: false,
  outcome: null,
  results: null,
  mySeats: [],
  seats: null,
};
const SECOND_PENDING: ItemVoting = { ...PENDING_ITEM, itemId: 2, title: 'Calendario de la obra' };

/** The voter's seat (their own dwelling) on the open first item, not voted yet. */
export const OPEN_ITEM: ItemVoting = {
  ...PENDING_ITEM,
  state: 'open',
  results: results(0, 0, 0),
  mySeats: [{ apartmentId: 11, name: 'Torre A - 101', barred: false, voted: false, choice: null, byProxy: false }],
};
export const VOTED_ITEM: ItemVoting = {
  ...OPEN_ITEM,
  results: results(350_000, 0, 1),
  mySeats: [{ ...OPEN_ITEM.mySeats[0]!, voted: true, choice: 'yes' }],
};
export const CLOSED_ITEM: ItemVoting = {
  ...VOTED_ITEM,
  state: 'closed',
  outcome: 'approved',
  results: results(350_000, 250_000, 2),
};

const voting = (items: ItemVoting[], manages = false): AssemblyVoting => ({ assemblyId: 7, manages, assemblyOpen: true, items });

/** A voter: nothing open yet; an item open; voted; every item closed. */
export const V_WAITING = voting([PENDING_ITEM, SECOND_PENDING]);
export const V_OPEN = voting([OPEN_ITEM, SECOND_PENDING]);
export const V_VOTED = voting([VOTED_ITEM, SECOND_PENDING]);
export const V_ALL_CLOSED = voting([
  CLOSED_ITEM,
  { ...CLOSED_ITEM, itemId: 2, title: 'Calendario de la obra', outcome: 'rejected' },
]);

const seat = (apartmentId: number, name: string, voted: boolean) => ({
  apartmentId,
  name,
  weight: 300_000,
  barred: false,
  holder: apartmentId === 12 ? 'Vecina Once' : null,
  voted,
  choice: voted ? ('yes' as const) : null,
  shownOfHands: false,
});

/** Who manages: nothing open; the first item open with one seat voted and one without; closed. */
export const M_PENDING = voting([PENDING_ITEM, SECOND_PENDING], true);
export const M_OPEN = voting(
  [{ ...VOTED_ITEM, mySeats: [], seats: [seat(11, 'Torre A - 101', true), seat(12, 'Torre A - 102', false)] }, SECOND_PENDING],
  true,
);
export const M_CLOSED = voting(
  [
    {
      ...CLOSED_ITEM,
      mySeats: [],
      seats: [seat(11, 'Torre A - 101', true), { ...seat(12, 'Torre A - 102', true), choice: 'no' as const, shownOfHands: true }],
    },
    SECOND_PENDING,
  ],
  true,
);
export const ANOTHER_OPEN = new ApiError(
  409,
  'CONFLICT',
  'Otro punto está en votación; ciérralo primero.',
  undefined,
  'assemblyVotes.refusal.anotherOpen',
);
