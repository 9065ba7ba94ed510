// Cargos automáticos (spec §2.4, §4, §5, §6): the member's recurring charges, for the one condominium that
// has them (canSeeAutomaticCharges; anyone else is refused before anything loads); a row goes viewing →
// editing → saving. The amount field takes only digits with a point or a comma and at most 2 decimals, shows 2
// decimals on blur, and must be a number above 0 on save, else the alert 'Ingresa un monto válido mayor a
// 0'. Cancelling the edit restores the previous amount (the row never changed: the draft is dropped).
// Cancelling a charge asks 'Deseas cancelar esta domiciliación?' first. "Quitar tarjeta" (issue 27) takes a charge's
// saved card off once confirmed: the charge stays, with no card and nothing charged next.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { canSeeAutomaticCharges } from '../api/permissions';
import {
  amountIsValid,
  formatAmountOnBlur,
  isAmountTyping,
  type RecurringCharge,
  type UpdateAmountRequest,
} from '../api/recurringCharges';
import type { SessionData } from '../api/sessions';
import {
  cancelRecurringCharge,
  listRecurringCharges,
  removeRecurringChargeCard,
  type UpdateAmountResult,
  updateRecurringChargeAmount,
} from '../services/recurringChargesService';

/** What the dialog's alert says: the spec's amount message, or that a call failed. */
export type RecurringChargeAlert = 'invalidAmount' | 'saveFailed' | 'cancelFailed' | 'removeCardFailed' | null;

export interface RecurringChargeInput {
  /** The session's condominium: who may open the dialog. */
  condo: Pick<SessionData['condo'], 'CondoId'>;
}

export interface RecurringChargeContext extends RecurringChargeInput {
  charges: RecurringCharge[];
  /** The row being edited (editing, saving). */
  editingId: number | null;
  /** The amount as typed in the row being edited. */
  draft: string;
  /** The row whose cancellation is being asked or sent. */
  cancelId: number | null;
  /** The row whose card's removal is being asked or sent. */
  removeCardId: number | null;
  alert: RecurringChargeAlert;
}

export type RecurringChargeEvent =
  | { type: 'edit'; id: number }
  | { type: 'change'; value: string }
  | { type: 'blur' }
  | { type: 'save' }
  | { type: 'cancelEdit' }
  | { type: 'askCancel'; id: number }
  | { type: 'askRemoveCard'; id: number }
  | { type: 'confirm' }
  | { type: 'dismiss' }
  | { type: 'retry' };

type SavedParams = { result: UpdateAmountResult };
const withResult = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: UpdateAmountResult } }) => ({ result: event.output }),
});

const NOT_EDITING = { editingId: null, draft: '' };

export const recurringChargeMachine = setup({
  types: {
    input: {} as RecurringChargeInput,
    context: {} as RecurringChargeContext,
    events: {} as RecurringChargeEvent,
  },
  actors: {
    loadCharges: fromPromise<RecurringCharge[]>(({ signal }) => listRecurringCharges(signal)),
    saveAmount: fromPromise<UpdateAmountResult, UpdateAmountRequest>(({ input, signal }) =>
      updateRecurringChargeAmount(input, signal),
    ),
    cancelCharge: fromPromise<void, { id: number }>(({ input, signal }) => cancelRecurringCharge(input.id, signal)),
    removeCard: fromPromise<RecurringCharge, { id: number }>(({ input, signal }) => removeRecurringChargeCard(input.id, signal)),
  },
  guards: {
    // Spec §6: the dialog is for the members of one condominium; the server refuses the calls to anyone else.
    maySeeCharges: ({ context }) => canSeeAutomaticCharges(context),
    chargeListed: ({ context, event }) => {
      assertEvent(event, ['edit', 'askCancel']);
      return context.charges.some((charge) => charge.id === event.id);
    },
    chargeHasCard: ({ context, event }) => {
      assertEvent(event, 'askRemoveCard');
      return context.charges.some((charge) => charge.id === event.id && charge.tarjeta !== null);
    },
    amountTyping: ({ event }) => {
      assertEvent(event, 'change');
      return isAmountTyping(event.value);
    },
    amountValid: ({ context }) => amountIsValid(context.draft),
    saved: (_, { result }: SavedParams) => result.kind === 'saved',
  },
  actions: {
    startEditing: assign(({ context, event }) => {
      assertEvent(event, 'edit');
      const charge = context.charges.find((c) => c.id === event.id)!;
      return { editingId: charge.id, draft: charge.monto, alert: null };
    }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'change');
      return { draft: event.value, alert: null };
    }),
    formatDraft: assign(({ context }) => ({ draft: formatAmountOnBlur(context.draft) })),
    stopEditing: assign({ ...NOT_EDITING, alert: null }),
    alertInvalidAmount: assign({ alert: 'invalidAmount' as const }),
    alertSaveFailed: assign({ alert: 'saveFailed' as const }),
    alertCancelFailed: assign({ alert: 'cancelFailed' as const, cancelId: null }),
    showCharges: assign((_, { charges }: { charges: RecurringCharge[] }) => ({ charges, alert: null })),
    replaceCharge: assign(({ context }, { result }: SavedParams) => {
      if (result.kind !== 'saved') return {};
      return {
        ...NOT_EDITING,
        alert: null,
        charges: context.charges.map((charge) => (charge.id === result.charge.id ? result.charge : charge)),
      };
    }),
    askToCancel: assign(({ event }) => {
      assertEvent(event, 'askCancel');
      return { cancelId: event.id, alert: null };
    }),
    forgetCancel: assign({ cancelId: null }),
    askToRemoveCard: assign(({ event }) => {
      assertEvent(event, 'askRemoveCard');
      return { removeCardId: event.id, alert: null };
    }),
    forgetRemoveCard: assign({ removeCardId: null }),
    alertRemoveCardFailed: assign({ alert: 'removeCardFailed' as const, removeCardId: null }),
    showWithoutCard: assign(({ context }, { charge }: { charge: RecurringCharge }) => ({
      charges: context.charges.map((c) => (c.id === charge.id ? charge : c)),
      removeCardId: null,
      alert: null,
    })),
    removeCancelled: assign(({ context }) => ({
      charges: context.charges.filter((charge) => charge.id !== context.cancelId),
      cancelId: null,
      alert: null,
    })),
  },
}).createMachine({
  id: 'recurringCharges',
  context: ({ input }) => ({ condo: input.condo, charges: [], ...NOT_EDITING, cancelId: null, removeCardId: null, alert: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'maySeeCharges', target: 'loading' }, { target: 'refused' }],
    },
    // Not for this condominium: the view goes back to the communication area.
    refused: { type: 'final' },
    loading: {
      invoke: {
        id: 'loadCharges',
        src: 'loadCharges',
        onDone: {
          target: 'viewing',
          actions: { type: 'showCharges', params: ({ event }) => ({ charges: event.output }) },
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    viewing: {
      on: {
        edit: { guard: 'chargeListed', target: 'editing', actions: 'startEditing' },
        askCancel: { guard: 'chargeListed', target: 'confirmingCancel', actions: 'askToCancel' },
        askRemoveCard: { guard: 'chargeHasCard', target: 'confirmingRemoveCard', actions: 'askToRemoveCard' },
      },
    },
    editing: {
      on: {
        change: { guard: 'amountTyping', actions: 'setDraft' },
        blur: { actions: 'formatDraft' },
        save: [{ guard: 'amountValid', target: 'saving', actions: 'formatDraft' }, { actions: 'alertInvalidAmount' }],
        cancelEdit: { target: 'viewing', actions: 'stopEditing' },
      },
    },
    saving: {
      invoke: {
        id: 'saveAmount',
        src: 'saveAmount',
        input: ({ context }) => ({ id: context.editingId!, monto: context.draft }),
        onDone: [
          { guard: withResult('saved'), target: 'viewing', actions: withResult('replaceCharge') },
          { target: 'editing', actions: 'alertInvalidAmount' },
        ],
        onError: { target: 'editing', actions: 'alertSaveFailed' },
      },
    },
    confirmingCancel: {
      on: {
        confirm: 'cancelling',
        dismiss: { target: 'viewing', actions: 'forgetCancel' },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelCharge',
        src: 'cancelCharge',
        input: ({ context }) => ({ id: context.cancelId! }),
        onDone: { target: 'viewing', actions: 'removeCancelled' },
        onError: { target: 'viewing', actions: 'alertCancelFailed' },
      },
    },
    confirmingRemoveCard: {
      on: {
        confirm: 'removingCard',
        dismiss: { target: 'viewing', actions: 'forgetRemoveCard' },
      },
    },
    removingCard: {
      invoke: {
        id: 'removeCard',
        src: 'removeCard',
        input: ({ context }) => ({ id: context.removeCardId! }),
        onDone: {
          target: 'viewing',
          actions: { type: 'showWithoutCard', params: ({ event }) => ({ charge: event.output }) },
        },
        onError: { target: 'viewing', actions: 'alertRemoveCardFailed' },
      },
    },
  },
});
