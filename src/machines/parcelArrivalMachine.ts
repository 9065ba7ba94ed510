// Logging a parcel at the gate (paquetería): the dwellings load, the guard fills the form (dwelling, carrier,
// tracking, size, note, photo) and saves. The parcel's clientId is made when the form opens and kept until the
// parcel is saved, so a retry after a failure (or a call that arrived but whose answer was lost) sends the same
// id and the server records the parcel once. After saving, "another parcel" opens a fresh form with a new id.
// Without network (issue 26 "Offline") the dwellings come from the list kept on the device, and a parcel saved is
// kept in the device's offline queue (queued: "Guardado sin conexión"), sent with its clientId when the network is
// back; "another parcel" goes on from there the same way.
import { assign, fromPromise, setup } from 'xstate';
import type { Parcel, ParcelArrivalAnswer, ParcelArrivalRequest, ParcelDwelling, ParcelSize } from '../api/parcels';
import {
  type ArrivalOutcome,
  arrivalQueued,
  fetchParcelDwellings,
  logParcelArrival,
  type QueuedArrival,
} from '../services/parcelsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** What the form holds; the machine adds the clientId. */
export interface ArrivalDraft {
  apartmentId: number | null;
  carrier: string;
  tracking: string;
  size: ParcelSize;
  note: string;
  /** A data URL of the photo, or null. */
  photo: string | null;
}

export interface ParcelArrivalContext {
  /** Makes a parcel's clientId (a UUID; tests give their own). */
  newClientId: () => string;
  /** Whose dwellings list the device keeps for offline use (null: none kept). */
  condoId: number | null;
  dwellings: ParcelDwelling[];
  clientId: string;
  /** What is being (or was last) sent. */
  request: ParcelArrivalRequest | null;
  saved: Parcel | null;
  /** Kept in the offline queue instead (no network): what it will send, dated and marked offline. */
  queued: ParcelArrivalRequest | null;
  /** The parcel was logged before (a retry whose first call had arrived). */
  replayed: boolean;
  failure: CallFailure | null;
}

export type ParcelArrivalEvent =
  | { type: 'submit'; draft: ArrivalDraft }
  | { type: 'retry' }
  | { type: 'edit' }
  | { type: 'another' };

export const EMPTY_ARRIVAL: ArrivalDraft = { apartmentId: null, carrier: '', tracking: '', size: 'chico', note: '', photo: null };

/** A draft the server would take: a dwelling and a carrier. */
export const arrivalDraftComplete = (draft: ArrivalDraft) => draft.apartmentId !== null && draft.carrier.trim() !== '';

function requestOf(clientId: string, draft: ArrivalDraft): ParcelArrivalRequest {
  return {
    clientId,
    apartmentId: draft.apartmentId ?? 0,
    carrier: draft.carrier.trim(),
    tracking: draft.tracking.trim() || null,
    size: draft.size,
    note: draft.note.trim() || null,
    photo: draft.photo,
  };
}

export const parcelArrivalMachine = setup({
  types: {
    input: {} as { newClientId?: () => string; condoId?: number | null } | undefined,
    context: {} as ParcelArrivalContext,
    events: {} as ParcelArrivalEvent,
  },
  actors: {
    loadDwellings: fromPromise<ParcelDwelling[], number | null>(({ input, signal }) => fetchParcelDwellings(input, signal)),
    saveArrival: fromPromise<ArrivalOutcome, ParcelArrivalRequest>(({ input, signal }) => logParcelArrival(input, signal)),
  },
  guards: {
    complete: ({ event }) => event.type === 'submit' && arrivalDraftComplete(event.draft),
    wasQueued: (_, outcome: ArrivalOutcome) => arrivalQueued(outcome),
  },
  actions: {
    setDwellings: assign((_, dwellings: ParcelDwelling[]) => ({ dwellings, failure: null })),
    takeDraft: assign(({ context, event }) =>
      event.type === 'submit' ? { request: requestOf(context.clientId, event.draft) } : {},
    ),
    setSaved: assign((_, answer: { data: Parcel; replayed: boolean }) => ({ saved: answer.data, replayed: answer.replayed })),
    setQueued: assign((_, request: ParcelArrivalRequest) => ({ queued: request })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    freshParcel: assign(({ context }) => ({
      clientId: context.newClientId(),
      request: null,
      saved: null,
      queued: null,
      replayed: false,
      failure: null,
    })),
  },
}).createMachine({
  id: 'parcelArrival',
  context: ({ input }) => {
    const newClientId = input?.newClientId ?? (() => crypto.randomUUID());
    return {
      newClientId,
      condoId: input?.condoId ?? null,
      dwellings: [],
      clientId: newClientId(),
      request: null,
      saved: null,
      queued: null,
      replayed: false,
      failure: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDwellings',
        src: 'loadDwellings',
        input: ({ context }) => context.condoId,
        onDone: { target: 'form', actions: { type: 'setDwellings', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    form: { on: { submit: { guard: 'complete', target: 'saving', actions: 'takeDraft' } } },
    saving: {
      entry: 'forgetFailure',
      invoke: {
        id: 'saveArrival',
        src: 'saveArrival',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'wasQueued', params: ({ event }) => event.output },
            target: 'queued',
            actions: { type: 'setQueued', params: ({ event }) => (event.output as QueuedArrival).request },
          },
          { target: 'saved', actions: { type: 'setSaved', params: ({ event }) => event.output as ParcelArrivalAnswer } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The same request again (same clientId), or back to the form keeping the clientId.
    failed: { on: { retry: 'saving', edit: 'form' } },
    saved: { on: { another: { target: 'form', actions: 'freshParcel' } } },
    /** Guardado sin conexión: the offline queue sends it when the network is back; then like 'saved'. */
    queued: { on: { another: { target: 'form', actions: 'freshParcel' } } },
  },
});
