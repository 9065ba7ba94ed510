// The administrator's "Invitar" dialog as a test model: sending an empty draft shows its problems; filled in for
// a dwelling (or as staff), it is sent; the server refuses an e-mail already living there (the words stay until
// the draft changes) or the connection fails (retry, or back to the form); once sent, another invitation
// starts from an empty draft. The words its scenarios are told in: docs/scenarios/invitationMachine.md.
import type { Invitation } from '../../src/api/invitations';
import { EMPTY_INVITATION, type InvitationContext, invitationMachine } from '../../src/machines/invitationMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const RESIDENT_DRAFT = { email: 'lola.mendez@correo.mx', name: 'Lola Méndez', ApmtId: 201, kind: 'tenant' as const };
export const STAFF_DRAFT = {
  email: 'nuevo.guardia@correo.mx',
  name: 'Nuevo Guardia',
  target: 'staff' as const,
  roles: ['guard' as const],
};
export const SENT: Invitation = {
  id: 40,
  email: RESIDENT_DRAFT.email,
  name: RESIDENT_DRAFT.name,
  ApmtId: 201,
  dwelling: 'Torre B - 901',
  kind: 'tenant',
  roles: [],
  sentCount: 1,
  lastSentAt: '2026-03-02T18:00:00.000Z',
  expiresAt: '2026-03-09T18:00:00.000Z',
  expired: false,
  accessRequestId: null,
};
export const ALREADY_RESIDENT = new ApiError(409, 'CONFLICT', 'lola.mendez@correo.mx ya es residente activo de esa vivienda.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof invitationMachine>;
const ctx = (s: Snap): InvitationContext => s.context;
const blank = (s: Snap) => ctx(s).draft.email === EMPTY_INVITATION.email;

export const invitationModel = defineModel({
  machine: invitationMachine,
  input: {},
  payloads: {
    // From an empty draft: a resident (once the problems were shown) or staff; refused, the e-mail is changed.
    edit: (s) =>
      s.matches('refused')
        ? [{ patch: { email: 'lola.mendez2@correo.mx' } }]
        : blank(s) && ctx(s).showProblems
          ? [{ patch: RESIDENT_DRAFT }, { patch: STAFF_DRAFT }]
          : [],
    send: BARE,
    retry: BARE,
    back: BARE,
    another: BARE,
    'xstate.done.actor.send': [{ output: SENT }],
    'xstate.error.actor.send': (s) =>
      ctx(s).draft.email === RESIDENT_DRAFT.email ? [{ error: ALREADY_RESIDENT }, { error: NO_CONNECTION }] : [],
  },
  words: {
    states: {
      editing:
        'The dialog “Invitar a una persona”: Correo electrónico, Nombre completo, Invitar como (Residente de una vivienda / Personal o consejo), the dwelling and Propietario o inquilino, or the roles; the problems under their fields once sending was tried.',
      sending: 'Enviar invitación is busy; the fields are disabled.',
      refused: 'An alert with the server’s words (already a resident of that dwelling); the draft stays to be changed.',
      failed: 'An alert (no connection) with Reintentar.',
      sent: '“Enviamos la invitación a …”, with Invitar a otra persona and Cerrar.',
    },
    events: {
      edit: (e) => {
        const patch = e.patch as Record<string, unknown>;
        return patch.target === 'staff'
          ? 'fills it in as staff (guard)'
          : patch.name
            ? 'fills it in for a dwelling as tenant'
            : 'changes the e-mail';
      },
      send: () => 'presses Enviar invitación',
      retry: () => 'presses Reintentar',
      back: () => 'goes back to the form',
      another: () => 'presses Invitar a otra persona',
      'xstate.done.actor.send': () => 'the server sends the invitation',
      'xstate.error.actor.send': (e) =>
        (e.error as ApiError).status ? 'the server says that person already lives there' : 'the connection fails',
    },
  },
});
