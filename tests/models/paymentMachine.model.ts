// "Registrar pago" on a dwelling's statement as a test model: the dialog opened on one dwelling, the ledger
// accounts loaded (two, none, or the server unreachable and retried), the form filled one field at a time in a
// fixed order (each step but the last leaves a problem), sent, and each answer: recorded with each invoicing
// outcome, refused in the server's words, or no connection. The toast fades on its own unless it warns.
import type { EventObject } from 'xstate';
import type { LedgerAccount, PaymentInvoicing } from '../../src/api/payments';
import type { PaymentDraft, PaymentField } from '../../src/machines/paymentDraft';
import { paymentMachine } from '../../src/machines/paymentMachine';
import { ApiError } from '../../src/services/http';
import type { RecordPaymentResult } from '../../src/services/paymentsService';
import { BARE, defineModel, eventLabel, eventTypeLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const TODAY = '2026-11-24';
export const TOMORROW = '2026-11-25';
export const APARTMENT_ID = 7;
export const ACCOUNTS: LedgerAccount[] = [
  { id: 1, nombre: 'Banorte 1234', tipo: 'banco' },
  { id: 2, nombre: 'Caja de administración', tipo: 'caja' },
];
export const REFUSAL = 'La cuenta no pertenece a este condominio.';
export const NETWORK_DOWN = new ApiError(0, 'NETWORK', 'Failed to fetch');

/**
 * The order the form is filled in, one change per step: 0 pesos before the right amount, tomorrow before a
 * past day, the account last; only the last step leaves nothing to fix.
 */
export const FILL: { field: PaymentField; value: string }[] = [
  { field: 'amount', value: '0' },
  { field: 'amount', value: '1500.5' },
  { field: 'reference', value: 'SPEI 0042' },
  { field: 'paidOn', value: TOMORROW },
  { field: 'paidOn', value: '2026-11-20' },
  { field: 'accountId', value: '2' },
];

const EMPTY: PaymentDraft = { paidOn: TODAY, amount: '', accountId: '', reference: '' };
/** The draft after each step of FILL: DRAFTS[0] as the dialog opens, DRAFTS[FILL.length] complete. */
export const DRAFTS: PaymentDraft[] = [EMPTY];
for (const step of FILL) DRAFTS.push({ ...DRAFTS.at(-1)!, [step.field]: step.value });
export const COMPLETE = DRAFTS.at(-1)!;

/** How many steps of FILL the draft has taken (-1 for a draft off the sequence). */
export const fillStage = (draft: PaymentDraft) => DRAFTS.findIndex((stage) => JSON.stringify(stage) === JSON.stringify(draft));

export const recordedAs = (invoicing: PaymentInvoicing): RecordPaymentResult => ({
  kind: 'recorded',
  payment: { id: 41, ApartmentId: APARTMENT_ID, paidOn: COMPLETE.paidOn, amountCents: 150_050, invoicing },
});

type Snap = Snapshot<typeof paymentMachine>;

const FIELD_NAMES: Record<PaymentField, string> = {
  paidOn: 'Fecha del pago',
  amount: 'Monto',
  accountId: 'Cuenta',
  reference: 'Referencia',
};
const OUTCOME_WORDS: Record<PaymentInvoicing, string> = {
  scheduled: 'the server records it, to be invoiced automatically',
  noClient: 'the server records it; the dwelling has no client to invoice',
  manual: 'the server records it (no automatic invoice)',
};

export const paymentModel = defineModel({
  machine: paymentMachine,
  // `change:amount`, `done recordPayment:noClient`: the field or the outcome tells the steps apart.
  label: (event: EventObject) => {
    const e = event as EventObject & { field?: string; output?: RecordPaymentResult };
    if (e.field) return `${e.type}:${e.field}`;
    if (e.type === 'open') return 'open';
    if (Array.isArray(e.output) && e.output.length === 0) return `${eventLabel(event)}:none`;
    if (e.output?.kind === 'recorded') return `${eventTypeLabel(e.type)}:${e.output.payment.invoicing}`;
    return eventLabel(event);
  },
  payloads: {
    open: [{ apartmentId: APARTMENT_ID, today: TODAY }],
    'xstate.done.actor.loadAccounts': [{ output: ACCOUNTS }, { output: [] }],
    'xstate.error.actor.loadAccounts': [{ error: NETWORK_DOWN }],
    retry: BARE,
    close: BARE,
    // Filled once sending an empty form has shown the problems.
    change: (s: Snap) => {
      const next = FILL[fillStage(s.context.draft)];
      return next && s.context.attempted ? [next] : [];
    },
    // Sent as the dialog opens (nothing filled: the problems show) and once complete.
    submit: (s: Snap) => {
      const stage = fillStage(s.context.draft);
      return (stage === 0 && !s.context.attempted) || stage === FILL.length ? BARE : [];
    },
    'xstate.done.actor.recordPayment': [
      { output: recordedAs('scheduled') },
      { output: recordedAs('noClient') },
      { output: recordedAs('manual') },
      { output: { kind: 'refused', message: REFUSAL } satisfies RecordPaymentResult },
    ],
    'xstate.error.actor.recordPayment': [{ error: NETWORK_DOWN }],
    dismiss: BARE,
  },
  words: {
    states: {
      closed: 'The statement with “Registrar pago” next to “Descargar PDF”; no dialog, no toast.',
      loadingAccounts: 'The dialog Registrar pago says Cargando las cuentas…',
      loadFailed: 'The dialog says No pudimos cargar las cuentas, with Reintentar and Cerrar.',
      noAccounts: 'The dialog says the condominium has no bank account or cash box to record the payment in, with Cerrar.',
      editing: 'The dialog Registrar pago with its form (below); once sending was tried, each field’s problem in words.',
      'editing.filling':
        'The form: Fecha del pago (today), Monto, Cuenta (the bank or the cash box), Referencia (optional), Cancelar and Registrar pago; once sending was tried, each field’s problem in words.',
      'editing.refused': `The form as it was sent, under an alert with the server’s words (“${REFUSAL}”).`,
      'editing.failed': 'The form as it was sent, under an alert saying the server could not be reached.',
      saving: 'The fields are disabled and Registrar pago spins; the dialog cannot be closed.',
      saved:
        'The dialog is closed and the statement reads again; a toast says Pago registrado, with what happens to its invoice.',
    },
    events: {
      open: () => 'presses Registrar pago',
      'xstate.done.actor.loadAccounts': (e) =>
        (e.output as LedgerAccount[]).length ? 'the accounts arrive (a bank and a cash box)' : 'the condominium has no accounts',
      'xstate.error.actor.loadAccounts': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      close: (_, before) => (before.matches('editing') ? 'presses Cancelar' : 'presses Cerrar'),
      change: (e) =>
        e.field === 'accountId'
          ? `chooses ${ACCOUNTS.find((account) => String(account.id) === e.value)?.nombre} in Cuenta`
          : `types “${e.value}” in ${FIELD_NAMES[e.field as PaymentField]}`,
      submit: () => 'presses Registrar pago in the form',
      'xstate.done.actor.recordPayment': (e) => {
        const result = e.output as RecordPaymentResult;
        return result.kind === 'recorded' ? OUTCOME_WORDS[result.payment.invoicing] : `the server refuses it (${REFUSAL})`;
      },
      'xstate.error.actor.recordPayment': () => 'the connection fails',
      dismiss: () => 'closes the toast',
      'xstate.after.toast.payment.saved': () => 'the toast fades after 6 seconds',
    },
  },
});
