// Browser-side fixtures for assemblies (issue 32): an assembly as the server answers it in each step of a run, a
// draft, and the refusals the machines meet. Used by the machines' models and the views' tests.
import type { Assembly, AssemblyDraft } from '../../src/api/assemblies';
import type { AssemblyResult } from '../../src/services/assembliesService';
import { ApiError } from '../../src/services/http';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const DRAFT: AssemblyDraft = {
  kind: 'extraordinary',
  title: 'Reparación del elevador',
  place: 'Salón de usos múltiples',
  videoLink: '',
  items: [
    { title: 'Presupuesto', description: '', kind: 'voted', majority: 'simple' },
    { title: 'Calendario de la obra', description: '', kind: 'voted', majority: 'qualified', qualifiedPercent: 75 },
  ],
  calls: [
    { at: '2031-03-10T19:00', percent: 75, strict: false },
    { at: '2031-03-10T19:30', percent: 50, strict: true },
  ],
};
export const BLANK: AssemblyDraft = { ...DRAFT, title: '  ' };

const quorum = { present: 0, total: 1_000_000, percent: 0, met: false, dwellingsPresent: 0, dwellingsTotal: 2 };

export const DRAFTED: Assembly = {
  id: 7,
  kind: 'extraordinary',
  title: 'Reparación del elevador',
  state: 'draft',
  startsAt: '2031-03-10T19:00',
  place: 'Salón de usos múltiples',
  videoLink: '',
  currentCall: 0,
  calls: [
    { number: 1, at: '2031-03-10T19:00', percent: 75, strict: false },
    { number: 2, at: '2031-03-10T19:30', percent: 50, strict: true },
  ],
  items: [
    { id: 1, position: 0, title: 'Presupuesto', description: '', kind: 'voted', majority: 'simple', qualifiedPercent: null },
    {
      id: 2,
      position: 1,
      title: 'Calendario de la obra',
      description: '',
      kind: 'voted',
      majority: 'qualified',
      qualifiedPercent: 75,
    },
  ],
  quorum,
  noticeScreen: null,
  myAnswer: null,
  mayConfirm: false,
  manages: true,
  actions: ['call', 'cancel'],
  attendance: [
    {
      apartmentId: 11,
      name: 'Torre A - 101',
      indiviso: 600_000,
      owner: null,
      tenant: null,
      confirmations: [],
      proxyHolder: null,
    },
    {
      apartmentId: 12,
      name: 'Torre A - 102',
      indiviso: 400_000,
      owner: null,
      tenant: null,
      confirmations: [],
      proxyHolder: null,
    },
  ],
  version: 1,
};

export const CALLED: Assembly = {
  ...DRAFTED,
  state: 'called',
  noticeScreen: '/comunicacion/seccion/3',
  actions: ['convene', 'cancel'],
  version: 2,
};

/** Waiting at the second call with the first dwelling's owner present: 60 %, the second call's quorum met. */
export const WAITING_MET: Assembly = {
  ...CALLED,
  state: 'waiting',
  currentCall: 2,
  quorum: { ...quorum, present: 600_000, percent: 60, met: true, dwellingsPresent: 1 },
  attendance: [{ ...DRAFTED.attendance![0]!, owner: { mode: 'in_person', name: null } }, DRAFTED.attendance![1]!],
  actions: ['open', 'cancel'],
  mayConfirm: true,
  version: 4,
};

export const OPEN: Assembly = { ...WAITING_MET, state: 'open', actions: ['close'], version: 5 };

/** A resident's view of the called assembly. */
export const CALLED_RESIDENT: Assembly = { ...CALLED, manages: false, actions: [], attendance: null, mayConfirm: true };

export const SENT: AssemblyResult = { kind: 'changed', assembly: CALLED };
export const SENT_LOST: AssemblyResult = {
  kind: 'conflict',
  message: 'Alguien más cambió la asamblea; se muestra como está ahora.',
  assembly: CALLED,
};
export const OPENED: AssemblyResult = { kind: 'changed', assembly: OPEN };
export const NO_QUORUM: AssemblyResult = {
  kind: 'conflict',
  message: 'No se ha alcanzado el quórum de la convocatoria en curso.',
  assembly: { ...WAITING_MET, quorum: quorum, actions: ['nextCall', 'cancel'] },
};
