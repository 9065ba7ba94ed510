// The access-request inbox as a test model: the inbox loads (or fails and is retried); a pending request is
// approved (the dwelling prefilled from what the person wrote, changed, owner or tenant) or rejected with a
// message; the server decides, says someone decided first (the request as it is now), or refuses (the dialog
// stays with its words). The words: docs/scenarios/accessRequestsMachine.md.
import type { AccessRequest, DwellingChoice } from '../../src/api/invitations';
import { type AccessRequestsContext, accessRequestsMachine } from '../../src/machines/accessRequestsMachine';
import { ApiError } from '../../src/services/http';
import type { DecisionResult } from '../../src/services/invitationsService';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

const request = (id: number, nombre: string, vivienda: string, suggestedApmtId: number | null): AccessRequest => ({
  id,
  nombre,
  email: `${nombre.split(' ')[0]!.toLowerCase()}@correo.mx`,
  tel: '3312345601',
  comentarios: 'Me mudé hace poco.',
  vivienda,
  createdAt: '2026-03-01T12:00:00.000Z',
  status: 'pendiente',
  decidedAt: null,
  decisionMessage: null,
  suggestedApmtId,
});

export const LUCIA = request(1, 'Lucía Fernández', 'Torre B 1003', 203);
export const HECTOR = request(2, 'Héctor Ibarra', 'La del jardín grande', null);
export const DWELLINGS: DwellingChoice[] = [
  { ApmtId: 203, dwelling: 'Torre B - 1003', towerId: 2 },
  { ApmtId: 305, dwelling: 'Casa 45', towerId: null },
];
export const LOADED = {
  requests: { success: true as const, items: [LUCIA, HECTOR], pending: 2 },
  dwellings: DWELLINGS,
};
export const REJECTION = 'No encontramos tu nombre en el padrón.';
export const DECIDED_FIRST = 'Esta solicitud ya fue aprobada.';
export const ALREADY_RESIDENT = new ApiError(409, 'CONFLICT', 'hector@correo.mx ya es residente activo de esa vivienda.');

type Snap = Snapshot<typeof accessRequestsMachine>;
const ctx = (s: Snap): AccessRequestsContext => s.context;

/** The server's answers to the open decision: decided, or someone decided first. */
function outcomes(s: Snap): { output: DecisionResult }[] {
  const decision = ctx(s).decision;
  if (!decision) return [];
  const status = decision.mode === 'approve' ? ('aprobada' as const) : ('rechazada' as const);
  const decided = {
    ...decision.request,
    status,
    decidedAt: '2026-03-02T18:00:00.000Z',
    decisionMessage: decision.mode === 'reject' ? decision.mensaje : null,
  };
  return [
    { output: { kind: 'decided', request: decided } },
    {
      output: {
        kind: 'alreadyDecided',
        request: { ...decision.request, status: 'aprobada', decidedAt: '2026-03-02T17:00:00.000Z' },
        message: DECIDED_FIRST,
      },
    },
  ];
}

export const accessRequestsModel = defineModel({
  machine: accessRequestsMachine,
  payloads: {
    retry: BARE,
    'xstate.done.actor.load': [{ output: LOADED }],
    'xstate.error.actor.load': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    // Only while both wait: one decision per path.
    approve: (s) => (ctx(s).requests.every((r) => r.status === 'pendiente') ? [{ id: LUCIA.id }, { id: HECTOR.id }] : []),
    reject: (s) => (ctx(s).requests.every((r) => r.status === 'pendiente') ? [{ id: HECTOR.id }] : []),
    edit: (s) => {
      const decision = ctx(s).decision;
      if (!decision) return [];
      if (decision.mode === 'reject') return decision.mensaje ? [] : [{ patch: { mensaje: REJECTION } }];
      return decision.ApmtId === null ? [{ patch: { ApmtId: 305, kind: 'tenant' } }] : [];
    },
    confirm: BARE,
    cancel: BARE,
    'xstate.done.actor.decide': outcomes,
    'xstate.error.actor.decide': (s) => (ctx(s).failure || ctx(s).refusal ? [] : [{ error: ALREADY_RESIDENT }]),
  },
  words: {
    states: {
      loading: 'The tab shows a loader.',
      failed: '“No pudimos cargar la información.” with Reintentar.',
      ready:
        'Solicitudes de acceso, pending first: each with name, e-mail, phone, the dwelling as written, comments, received on; Aprobar and Rechazar on the pending ones; a notice of the last decision.',
      deciding:
        'A dialog: approving (the dwelling prefilled when it matched, Propietario o inquilino, Aprobar y enviar invitación) or rejecting (Mensaje, Rechazar y enviar mensaje); the server’s refusal as an alert.',
      submitting: 'The dialog’s button is busy.',
    },
    events: {
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the inbox arrives',
      'xstate.error.actor.load': () => 'the connection fails',
      approve: (e) => `presses Aprobar on request ${e.id}`,
      reject: (e) => `presses Rechazar on request ${e.id}`,
      edit: (e) => ((e.patch as { mensaje?: string }).mensaje ? 'writes the message' : 'chooses Casa 45 as tenant'),
      confirm: () => 'confirms',
      cancel: () => 'presses Cancelar',
      'xstate.done.actor.decide': (e) =>
        (e.output as DecisionResult).kind === 'decided'
          ? 'the server records the decision and sends the e-mail'
          : 'the server says someone decided first',
      'xstate.error.actor.decide': () => 'the server refuses: the person already lives there',
    },
  },
});
