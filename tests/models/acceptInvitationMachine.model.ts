// The invitation's page (/sessions/aceptar-invitacion?token=…) as a test model: a well-formed link and a
// malformed one; the server says what the link invites to (a new person or one with an account) or why it no
// longer works; the password typed; accepting signs in, or the server refuses the password, the link, or too
// many attempts, or the connection fails. The words: docs/scenarios/acceptInvitationMachine.md.
import type { InvitationInfo } from '../../src/api/invitations';
import { acceptInvitationMachine } from '../../src/machines/acceptInvitationMachine';
import { ApiError } from '../../src/services/http';
import type { AcceptResult, InvitationInfoResult } from '../../src/services/invitationsService';
import { BARE, defineModel } from '../support/machineModel';
import { sessionRecorder } from '../support/sessionRecorder';

export const TOKEN = 'Qm9uZGlhLXRva2VuLWZvci1hbi1pbnZpdGF0aW9u_x';
export const MALFORMED = 'corto';
export const ACCEPT_SESSION = sessionRecorder();
export const USED_LINK = 'Esta invitación ya se aceptó. Inicia sesión con tu correo y contraseña.';
export const WRONG_PASSWORD = 'La contraseña no es la de tu cuenta.';

export const NEW_PERSON: InvitationInfo = {
  condoName: 'Residencial Las Palmas',
  email: 'lola.mendez@correo.mx',
  name: 'Lola Méndez',
  dwelling: 'Torre B - 901',
  kind: 'tenant',
  roles: [],
  existingUser: false,
};
export const HAS_ACCOUNT: InvitationInfo = { ...NEW_PERSON, email: 'villas@demo.mx', existingUser: true };

export const INFO: Record<string, InvitationInfoResult> = {
  newPerson: { kind: 'invitation', invitation: NEW_PERSON },
  hasAccount: { kind: 'invitation', invitation: HAS_ACCOUNT },
  invalid: { kind: 'invalid', message: USED_LINK },
};

export const ANSWERS: Record<AcceptResult['kind'], AcceptResult> = {
  accepted: { kind: 'accepted', token: 'session-token' },
  invalid: { kind: 'invalid', message: USED_LINK },
  refused: { kind: 'refused', message: WRONG_PASSWORD },
  tooManyAttempts: { kind: 'tooManyAttempts' },
};

export const PASSWORD = 'Nueva2026x';

export const acceptInvitationModel = defineModel({
  machine: acceptInvitationMachine,
  inputs: { link: { token: TOKEN, session: ACCEPT_SESSION.ref }, malformed: { token: MALFORMED, session: ACCEPT_SESSION.ref } },
  payloads: {
    change: [
      { field: 'password', value: PASSWORD },
      { field: 'confirmation', value: PASSWORD },
    ],
    blur: [{ field: 'password' }],
    submit: BARE,
    retry: BARE,
    'xstate.done.actor.loadInvitation': Object.values(INFO).map((output) => ({ output })),
    'xstate.error.actor.loadInvitation': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.accept': Object.values(ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.accept': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      checkingLink: 'Nothing yet: the link’s token is checked before the page shows.',
      loading: '“Revisando la invitación…”.',
      unavailable: 'The server could not be reached: an alert with Reintentar.',
      form: '“Lola Méndez, te invitan a Residencial Las Palmas. Como inquilino de la vivienda Torre B - 901.” A new person: Contraseña nueva and its confirmation with the rule; a person with an account: Tu contraseña. Aceptar invitación.',
      accepting: 'Aceptar invitación is busy; the fields are disabled.',
      refused: 'The server’s words about the password (“La contraseña no es la de tu cuenta.”); the form stays.',
      throttled: 'Too many attempts: an alert says to wait.',
      failed: 'The acceptance could not be sent: an alert with Reintentar.',
      invalid: '“Esta invitación ya no funciona” with the server’s reason (expired, revoked or used) and Ir a iniciar sesión.',
      accepted: '“Entrando al condominio…”, then the condominium with the privacy notice.',
    },
    events: {
      change: (e) => `types “${e.value}” in ${e.field === 'password' ? 'the password' : 'the confirmation'}`,
      blur: () => 'leaves the password',
      submit: () => 'presses Aceptar invitación',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadInvitation': (e) => {
        const output = e.output as InvitationInfoResult;
        return output.kind === 'invalid'
          ? 'the server says the link was used'
          : output.invitation.existingUser
            ? 'the server shows an invitation for an existing account'
            : 'the server shows an invitation for a new person';
      },
      'xstate.error.actor.loadInvitation': () => 'the connection fails',
      'xstate.done.actor.accept': (e) => `the server answers ${(e.output as AcceptResult).kind}`,
      'xstate.error.actor.accept': () => 'the connection fails',
    },
  },
});
