// The privacy notice gate (spec §4) as a test model: a neighbour who has not accepted Las Palmas' notice
// (asked) and one who has (alreadyAccepted); the other reasons the gate lets one through (no text, not
// active) are the same branch and stay behaviour tests. The model's session is a recording stand-in; the
// headless suite reads what it was told, the browser walk the app's own session.
import { privacyGateMachine } from '../../src/machines/privacyGateMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { sessionRecorder } from '../support/sessionRecorder';

/** One stand-in for every path: the model's context and the walked actor's must hold the same ref. */
export const GATE_SESSION = sessionRecorder();

export const NOTICE = 'Aviso de privacidad de Residencial Las Palmas, A.C.';
export const ACCEPTED_AT = '2026-11-21T12:00:00.000Z';
export const NETWORK_DOWN = new ApiError(0, 'NETWORK', 'Failed to fetch');

const asked = { notice: NOTICE, active: true, accepted: false, session: GATE_SESSION.ref };

export const privacyGateModel = defineModel({
  machine: privacyGateMachine,
  inputs: { asked, alreadyAccepted: { ...asked, accepted: true } },
  payloads: {
    accept: BARE,
    reject: BARE,
    'xstate.done.actor.acceptNotice': [{ output: ACCEPTED_AT }],
    'xstate.error.actor.acceptNotice': [{ error: NETWORK_DOWN }],
  },
  words: {
    states: {
      deciding: 'Nothing yet: the session data decides at once whether the notice must be asked.',
      asking:
        'The Aviso de privacidad dialog over an empty area, with the notice, Rechazar y salir and Aceptar aviso de privacidad; after a failed acceptance it says so.',
      accepting: 'Aceptar aviso de privacidad spins and the dialog says Actualizando datos...; neither button takes a press.',
      passed: 'The dialog is gone and the condominium area shows (Hola, …).',
      rejected: 'The session ends: the sign-in page (Iniciar sesión).',
    },
    events: {
      accept: () => 'presses Aceptar aviso de privacidad',
      reject: () => 'presses Rechazar y salir',
      'xstate.done.actor.acceptNotice': () => 'the server records the acceptance',
      'xstate.error.actor.acceptNotice': () => 'the connection fails',
    },
  },
});
