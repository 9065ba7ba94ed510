// estado-cta, "Registrar pago" (issue 17: in invoice mode A each payment recorded in the ledger is invoiced by a
// job): the dialog opens on the statement's dwelling, loads the ledger accounts the money may enter (none: it
// says so; a failure: Reintentar), and sends the payment once its fields hold (paymentDraft.ts). A refusal
// comes back in the server's words with the fields kept; once recorded the dialog closes, the page is told
// (`recorded`, so it reads the statement again) and a toast says what happens to the invoice, fading on its
// own unless it warns that the dwelling has no client to invoice.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { LedgerAccount, PaymentRecord } from '../api/payments';
import { fetchPaymentAccounts, type RecordedPayment, type RecordPaymentResult, recordPayment } from '../services/paymentsService';
import { newPaymentDraft, type PaymentDraft, type PaymentField, paymentProblems, paymentRecordOf } from './paymentDraft';
import { type CallFailure, callFailure } from './shared/callFailure';

/** How long the toast of a recorded payment stays when it carries no warning. */
export const PAYMENT_TOAST_MS = 6000;

export interface PaymentContext {
  /** The dwelling whose payment is recorded (the statement shown when the dialog opened). */
  apartmentId: number | null;
  /** The viewer's calendar day when the dialog opened: the default date and the latest one allowed. */
  today: string;
  accounts: LedgerAccount[];
  draft: PaymentDraft;
  /** Sending was tried with a problem: the view shows each field's problem. */
  attempted: boolean;
  /** The server's words when it refused the payment. */
  refusal: string | null;
  /** The accounts or the payment could not be sent or answered: why. */
  failure: CallFailure | null;
  /** The payment as the server recorded it, with what happens to its invoice. */
  recorded: RecordedPayment | null;
}

export type PaymentEvent =
  | { type: 'open'; apartmentId: number; today: string }
  | { type: 'retry' }
  | { type: 'change'; field: PaymentField; value: string }
  | { type: 'submit' }
  | { type: 'close' }
  | { type: 'dismiss' };

export type PaymentEmitted = { type: 'recorded'; payment: RecordedPayment };

const CLOSED: PaymentContext = {
  apartmentId: null,
  today: '',
  accounts: [],
  draft: newPaymentDraft('', []),
  attempted: false,
  refusal: null,
  failure: null,
  recorded: null,
};

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as PaymentEmitted,
  },
  actors: {
    loadAccounts: fromPromise<LedgerAccount[]>(({ signal }) => fetchPaymentAccounts(signal)),
    recordPayment: fromPromise<RecordPaymentResult, PaymentRecord>(({ input, signal }) => recordPayment(input, signal)),
  },
  delays: { toast: PAYMENT_TOAST_MS },
  guards: {
    hasAccounts: (_, { accounts }: { accounts: LedgerAccount[] }) => accounts.length > 0,
    draftValid: ({ context }) => Object.keys(paymentProblems(context.draft, context.today, context.accounts)).length === 0,
    recorded: (_, { result }: { result: RecordPaymentResult }) => result.kind === 'recorded',
    // A warning that no invoice will be made waits for the user to close it.
    toastFades: ({ context }) => context.recorded?.invoicing !== 'noClient',
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, 'open');
      return { ...CLOSED, apartmentId: event.apartmentId, today: event.today, draft: newPaymentDraft(event.today, []) };
    }),
    keepAccounts: assign(({ context }, { accounts }: { accounts: LedgerAccount[] }) => ({
      accounts,
      draft: newPaymentDraft(context.today, accounts),
      failure: null,
    })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      return { draft: { ...context.draft, [event.field]: event.value } };
    }),
    attempt: assign({ attempted: true }),
    clearLastSend: assign({ refusal: null, failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    keepOutcome: assign((_, { result }: { result: RecordPaymentResult }) =>
      result.kind === 'recorded' ? { recorded: result.payment, refusal: null } : { refusal: result.message },
    ),
    announceRecorded: emit((_, { result }: { result: RecordPaymentResult }) => ({
      type: 'recorded' as const,
      payment: (result as Extract<RecordPaymentResult, { kind: 'recorded' }>).payment,
    })),
    forget: assign(CLOSED),
  },
}).createMachine({
  id: 'payment',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      on: { open: { target: 'loadingAccounts', actions: 'start' } },
    },
    loadingAccounts: {
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: [
          {
            guard: { type: 'hasAccounts', params: ({ event }) => ({ accounts: event.output }) },
            target: 'editing',
            actions: { type: 'keepAccounts', params: ({ event }) => ({ accounts: event.output }) },
          },
          { target: 'noAccounts' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { close: { target: 'closed', actions: 'forget' } },
    },
    loadFailed: {
      on: { retry: 'loadingAccounts', close: { target: 'closed', actions: 'forget' } },
    },
    // The condominium has no bank account or cash box for the money to enter.
    noAccounts: {
      on: { close: { target: 'closed', actions: 'forget' } },
    },
    editing: {
      initial: 'filling',
      on: {
        change: { actions: 'setField' },
        submit: [{ guard: 'draftValid', target: 'saving', actions: 'clearLastSend' }, { actions: 'attempt' }],
        close: { target: 'closed', actions: 'forget' },
      },
      states: {
        filling: {},
        // The server said no, in its words; the fields are as they were sent.
        refused: {},
        // The call failed (no answer, or a breakdown the server explained); the fields are as they were sent.
        failed: {},
      },
    },
    // No closing while the payment is on its way: its outcome must be told.
    saving: {
      invoke: {
        id: 'recordPayment',
        src: 'recordPayment',
        input: ({ context }) => paymentRecordOf(context.apartmentId!, context.draft),
        onDone: [
          {
            guard: { type: 'recorded', params: ({ event }) => ({ result: event.output }) },
            target: 'saved',
            actions: [
              { type: 'keepOutcome', params: ({ event }) => ({ result: event.output }) },
              { type: 'announceRecorded', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          { target: 'editing.refused', actions: { type: 'keepOutcome', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'editing.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The dialog is closed; the toast says the payment was recorded and what happens to its invoice.
    saved: {
      after: { toast: { guard: 'toastFades', target: 'closed', actions: 'forget' } },
      on: {
        dismiss: { target: 'closed', actions: 'forget' },
        open: { target: 'loadingAccounts', actions: 'start' },
      },
    },
  },
});
