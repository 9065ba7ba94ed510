// Logging a parcel at the gate as a test model: the dwellings load (or fail and are retried), the guard fills
// the form (an incomplete draft is never sent), saves; a failed save is retried with the same clientId or taken
// back to the form; without network the save keeps the parcel in the device's offline queue (queued) instead;
// after saving or queueing, another parcel starts with a fresh form. The words its scenarios are told in:
// docs/scenarios/parcelArrivalMachine.md.
import type { ParcelArrivalRequest } from '../../src/api/parcels';
import { type ArrivalDraft, EMPTY_ARRIVAL, parcelArrivalMachine } from '../../src/machines/parcelArrivalMachine';
import { ApiError } from '../../src/services/http';
import type { ArrivalOutcome } from '../../src/services/parcelsService';
import { BARE, defineModel } from '../support/machineModel';
import { CLIENT_ID, DWELLINGS, WAITING } from '../support/parcelFixtures';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const DRAFT: ArrivalDraft = {
  ...EMPTY_ARRIVAL,
  apartmentId: 11,
  carrier: ' DHL ',
  tracking: '1234567890',
  size: 'mediano',
};
/** No dwelling chosen: never sent. */
export const INCOMPLETE: ArrivalDraft = { ...EMPTY_ARRIVAL, carrier: 'DHL' };
/** What the machine sends for DRAFT. */
export const SENT: ParcelArrivalRequest = {
  clientId: CLIENT_ID,
  apartmentId: 11,
  carrier: 'DHL',
  tracking: '1234567890',
  size: 'mediano',
  note: null,
  photo: null,
};
/** The same request kept in the offline queue: dated by the device, marked offline. */
export const QUEUED: ParcelArrivalRequest = { ...SENT, occurredAt: '2026-03-02T15:04:05.000Z', offline: true };
export const RECORDED: ArrivalOutcome = { success: true, data: WAITING, replayed: false };

export const parcelArrivalModel = defineModel({
  machine: parcelArrivalMachine,
  // One id for every parcel, so the traversal ends; the suite checks fresh ids with a counter.
  input: { newClientId: () => CLIENT_ID },
  payloads: {
    submit: [{ draft: DRAFT }, { draft: INCOMPLETE }],
    retry: BARE,
    edit: BARE,
    another: BARE,
    'xstate.done.actor.loadDwellings': [{ output: DWELLINGS }],
    'xstate.error.actor.loadDwellings': [{ error: NO_CONNECTION }],
    'xstate.done.actor.saveArrival': [{ output: RECORDED }, { output: { queued: true, request: QUEUED } }],
    'xstate.error.actor.saveArrival': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: '“Cargando viviendas…”',
      loadFailed: '“No pudimos cargar las viviendas.” and why, with Reintentar.',
      form: 'Registrar paquete: Vivienda, Paquetería, Número de guía, Tamaño, Nota, Foto, and Guardar.',
      saving: 'Guardar is busy.',
      failed: '“No pudimos registrar el paquete.” and why, with Reintentar and Editar.',
      saved: '“Paquete registrado. Avisamos a los residentes de Torre A - 101.”, with Registrar otro.',
      queued:
        '“Guardado sin conexión: se enviará al volver la red”, “Avisaremos a los residentes de Torre A - 101 en cuanto llegue al servidor.”, with Registrar otro.',
    },
    events: {
      submit: (e) => `fills the form (${JSON.stringify((e.draft as ArrivalDraft).apartmentId)}) and presses Guardar`,
      retry: () => 'presses Reintentar',
      edit: () => 'presses Editar',
      another: () => 'presses Registrar otro',
      'xstate.done.actor.loadDwellings': () => 'the dwellings arrive',
      'xstate.error.actor.loadDwellings': () => 'the connection fails',
      'xstate.done.actor.saveArrival': (e) =>
        'queued' in (e.output as ArrivalOutcome)
          ? 'no network: the parcel is kept on the device to be sent later'
          : 'the server records the parcel',
      'xstate.error.actor.saveArrival': () => 'the connection fails',
    },
  },
});
