// Enviar comprobante (issue 27): choosing the file (an image or a PDF of at most 10 MB), the details (dwelling,
// transfer or deposit, amount, day paid, bank, reference, note), sending, and how it ended: sent (flagged when it
// looks like a proof already accepted), refused by the server (a field to fix; nothing was written), or failed
// (no answer). A failed send is retried with the same clientId, by hand or when the connection comes back, so a
// proof the server did receive is answered again rather than sent twice.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  amountTextToCents,
  type Proof,
  type ProofDraft,
  type ProofDwelling,
  type ProofFields,
  type ProofFileUpload,
  proofFieldProblems,
  proofFileIsAcceptable,
} from '../api/proofs';
import { sendProof } from '../services/proofsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** A file chosen, read as the contract carries it, with what the browser says of it. */
export interface ChosenProofFile extends ProofFileUpload {
  type: string;
  size: number;
}

export interface ProofUploadContext {
  dwellings: ProofDwelling[];
  today: string;
  clientId: string;
  file: ChosenProofFile | null;
  /** A file refused before it was read (type or size). */
  fileRefused: boolean;
  fields: ProofFields;
  proof: Proof | null;
  failure: CallFailure | null;
}

export type ProofUploadEvent =
  | { type: 'open'; dwellings: ProofDwelling[]; today: string; apartmentId: number | null }
  | { type: 'choose'; file: ChosenProofFile }
  | { type: 'edit'; fields: Partial<ProofFields> }
  | { type: 'submit' }
  | { type: 'back' }
  | { type: 'retry' }
  | { type: 'online' }
  | { type: 'fix' }
  | { type: 'another' }
  | { type: 'close' };

const EMPTY_FIELDS: ProofFields = {
  apartmentId: null,
  method: 'transferencia',
  amount: '',
  paidOn: '',
  bank: '',
  reference: '',
  note: '',
};

const CLOSED: ProofUploadContext = {
  dwellings: [],
  today: '',
  clientId: '',
  file: null,
  fileRefused: false,
  fields: EMPTY_FIELDS,
  proof: null,
  failure: null,
};

/** The draft the fields make; only called when they have no problem. */
export function draftOf(context: ProofUploadContext): ProofDraft {
  const { fields, file } = context;
  return {
    clientId: context.clientId,
    apartmentId: fields.apartmentId!,
    method: fields.method,
    amountCents: amountTextToCents(fields.amount)!,
    paidOn: fields.paidOn,
    bank: fields.bank as ProofDraft['bank'],
    reference: fields.reference.trim(),
    note: fields.note.trim(),
    file: { name: file!.name, dataUrl: file!.dataUrl },
  };
}

/** A 4xx answer refused what was sent (nothing written); anything else may not have arrived. */
const refusedByServer = (failure: CallFailure) => failure.kind === 'refused' && failure.status >= 400 && failure.status < 500;

export const proofUploadMachine = setup({
  types: {
    context: {} as ProofUploadContext,
    events: {} as ProofUploadEvent,
  },
  actors: {
    sendProof: fromPromise<Proof, ProofDraft>(({ input, signal }) => sendProof(input, signal)),
  },
  guards: {
    acceptableFile: ({ event }) => event.type === 'choose' && proofFileIsAcceptable(event.file),
    readyToSend: ({ context }) =>
      context.file !== null && Object.keys(proofFieldProblems(context.fields, context.today)).length === 0,
    refused: (_, failure: CallFailure) => refusedByServer(failure),
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, 'open');
      const only = event.dwellings.length === 1 ? event.dwellings[0]!.id : null;
      const chosen = event.dwellings.some((d) => d.id === event.apartmentId) ? event.apartmentId : only;
      return {
        ...CLOSED,
        dwellings: event.dwellings,
        today: event.today,
        fields: { ...EMPTY_FIELDS, apartmentId: chosen, paidOn: event.today },
      };
    }),
    keepFile: assign(({ event }) => {
      assertEvent(event, 'choose');
      return { file: event.file, fileRefused: false };
    }),
    refuseFile: assign({ fileRefused: true }),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'edit');
      return { fields: { ...context.fields, ...event.fields } };
    }),
    keepProof: assign((_, proof: Proof) => ({ proof, failure: null })),
    fail: assign((_, failure: CallFailure) => ({ failure })),
    clearFailure: assign({ failure: null }),
    /** Another proof: a new clientId, the same dwelling and day. */
    again: assign(({ context }) => ({
      ...CLOSED,
      dwellings: context.dwellings,
      today: context.today,
      fields: { ...EMPTY_FIELDS, apartmentId: context.fields.apartmentId, paidOn: context.today },
    })),
    forget: assign(() => CLOSED),
    /** One per proof: sending it again (a retry) is answered with the first. */
    newClientId: assign({ clientId: () => crypto.randomUUID() }),
  },
}).createMachine({
  id: 'proofUpload',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: { on: { open: { target: 'choosing', actions: ['start', 'newClientId'] } } },
    choosing: {
      on: {
        choose: [{ guard: 'acceptableFile', target: 'details', actions: 'keepFile' }, { actions: 'refuseFile' }],
        close: { target: 'closed', actions: 'forget' },
      },
    },
    details: {
      on: {
        edit: { actions: 'edit' },
        submit: { guard: 'readyToSend', target: 'sending' },
        back: 'choosing',
        close: { target: 'closed', actions: 'forget' },
      },
    },
    sending: {
      invoke: {
        id: 'sendProof',
        src: 'sendProof',
        input: ({ context }) => draftOf(context),
        onDone: { target: 'sent', actions: { type: 'keepProof', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => callFailure(event.error) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => callFailure(event.error) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => callFailure(event.error) } },
        ],
      },
    },
    sent: {
      on: {
        another: { target: 'choosing', actions: ['again', 'newClientId'] },
        close: { target: 'closed', actions: 'forget' },
      },
    },
    refused: {
      on: {
        fix: { target: 'details', actions: 'clearFailure' },
        close: { target: 'closed', actions: 'forget' },
      },
    },
    failed: {
      on: {
        retry: { target: 'sending', actions: 'clearFailure' },
        online: { target: 'sending', actions: 'clearFailure' },
        close: { target: 'closed', actions: 'forget' },
      },
    },
  },
});
