// Handing a parcel over as a test model: the guard picks a waiting parcel, chooses the pickup code (six digits;
// anything else is never sent) or a signature with the taker's name (a blank name is never sent); the server
// hands it over or refuses (a wrong code: 409) or the connection fails; the guard retries, goes back to fix it,
// or cancels. The words its scenarios are told in: docs/scenarios/parcelHandoverMachine.md.
import { parcelHandoverMachine } from '../../src/machines/parcelHandoverMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { HANDED, PICKUP_CODE, SIGNATURE, WAITING } from '../support/parcelFixtures';

export const WRONG_CODE = new ApiError(409, 'CONFLICT', 'El código de entrega no corresponde a este paquete.');

export const parcelHandoverModel = defineModel({
  machine: parcelHandoverMachine,
  payloads: {
    pick: [{ parcel: WAITING }],
    useCode: BARE,
    useSignature: BARE,
    submitCode: [
      { code: ` ${PICKUP_CODE} `, collectedByName: '' },
      { code: '4829', collectedByName: '' },
    ],
    submitSignature: [
      { signature: SIGNATURE, collectedByName: 'Rosa Hernández Díaz' },
      { signature: SIGNATURE, collectedByName: '  ' },
    ],
    retry: BARE,
    back: BARE,
    cancel: BARE,
    done: BARE,
    'xstate.done.actor.handOver': [{ output: HANDED }],
    'xstate.error.actor.handOver': [{ error: WRONG_CODE }],
  },
  words: {
    states: {
      idle: 'The waiting list, each parcel with Entregar.',
      choosing: 'Entregar paquete: the parcel, with Código de entrega and Firma, and Cancelar.',
      code: 'Código de entrega (six digits), Nombre de quien recoge (optional), Entregar, Atrás.',
      signature: 'A signature pad, Nombre de quien recoge, Borrar, Entregar, Atrás.',
      handing: 'Entregar is busy.',
      failed: 'The refusal (“El código de entrega no corresponde…”) or no connection, with Reintentar, Atrás and Cancelar.',
      handed: '“Paquete entregado.”, with Listo.',
    },
    events: {
      pick: () => 'presses Entregar on a parcel',
      useCode: () => 'chooses Código de entrega',
      useSignature: () => 'chooses Firma',
      submitCode: (e) => `types “${String(e.code)}” and presses Entregar`,
      submitSignature: (e) => `signs, names “${String(e.collectedByName)}” and presses Entregar`,
      retry: () => 'presses Reintentar',
      back: () => 'presses Atrás',
      cancel: () => 'presses Cancelar',
      done: () => 'presses Listo',
      'xstate.done.actor.handOver': () => 'the server hands it over',
      'xstate.error.actor.handOver': () => 'the server refuses: wrong code',
    },
  },
});
