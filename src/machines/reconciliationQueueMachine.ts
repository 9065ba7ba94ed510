// The reconciliation queue (conciliación, issue 27): the bank movements a page at a time (the pending deposits by
// default, or another state), and what a person decides of one: accept a suggestion (or any dwelling), split the
// deposit across dwellings (the parts add up to it exactly), set it aside, or, administrators, undo a reconciled
// one with a reason; a withdrawal "sin registrar" is recorded as an expense of a category (and fund), saving the
// rule when asked, and, administrators, a recorded one undone. Each decision answers the movement as it is now,
// which replaces it in the list; a refused or failed decision keeps the list, with why.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  type BankMovement,
  type ExpenseFund,
  type MovementState,
  RECONCILIATION_PAGE_SIZE,
  splitAddsUp,
  UNDO_REASON,
} from '../api/reconciliation';
import {
  acceptMovement,
  categorizeMovement,
  dismissMovement,
  listMovements,
  splitMovement,
  undoMovement,
} from '../services/reconciliationService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ReconciliationQueueContext {
  items: BankMovement[];
  total: number;
  /** 1-based. */
  page: number;
  estado: MovementState | null;
  /** The last movement decided, for the screen to say so. */
  decided: BankMovement | null;
  failure: CallFailure | null;
  /** What a withdrawal may be recorded as: the ledger's expense categories and its funds. */
  expenseCategories: string[];
  funds: ExpenseFund[];
}

export type Categorization = { category: string; fundId: number | null; ruleText: string | null };

export type SplitPart = { apartmentId: number; amountCents: number };

export type ReconciliationQueueEvent =
  | { type: 'page'; page: number }
  | { type: 'filter'; estado: MovementState | null }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'accept'; id: number; apartmentId: number }
  | { type: 'split'; id: number; parts: SplitPart[] }
  | { type: 'dismiss'; id: number }
  | { type: 'undo'; id: number; reason: string }
  | ({ type: 'categorize'; id: number } & Categorization);

type Page = { items: BankMovement[]; total: number; expenseCategories: string[]; funds: ExpenseFund[] };

const pending = (context: ReconciliationQueueContext, id: number) =>
  context.items.find((m) => m.id === id && m.state === 'pendiente' && m.amountCents > 0);

export const reasonFits = (reason: string) => reason.trim().length >= UNDO_REASON.min && reason.length <= UNDO_REASON.max;

/** A category is named (1..100), and a rule's text, when given, is 3..100 characters. */
export const categorizationFits = (c: Categorization) =>
  c.category.trim().length >= 1 &&
  c.category.length <= 100 &&
  (c.ruleText === null || (c.ruleText.trim().length >= 3 && c.ruleText.length <= 100));

export const reconciliationQueueMachine = setup({
  types: {
    context: {} as ReconciliationQueueContext,
    events: {} as ReconciliationQueueEvent,
  },
  actors: {
    listMovements: fromPromise<Page, { page: number; estado: MovementState | null }>(({ input, signal }) =>
      listMovements(
        { estado: input.estado, limit: RECONCILIATION_PAGE_SIZE, offset: (input.page - 1) * RECONCILIATION_PAGE_SIZE },
        signal,
      ),
    ),
    acceptMovement: fromPromise<BankMovement, { id: number; apartmentId: number }>(({ input, signal }) =>
      acceptMovement(input.id, input.apartmentId, signal),
    ),
    splitMovement: fromPromise<BankMovement, { id: number; parts: SplitPart[] }>(({ input, signal }) =>
      splitMovement(input.id, input.parts, signal),
    ),
    dismissMovement: fromPromise<BankMovement, { id: number }>(({ input, signal }) => dismissMovement(input.id, signal)),
    undoMovement: fromPromise<BankMovement, { id: number; reason: string }>(({ input, signal }) =>
      undoMovement(input.id, input.reason, signal),
    ),
    categorizeMovement: fromPromise<BankMovement, { id: number } & Categorization>(({ input, signal }) =>
      categorizeMovement(input.id, { category: input.category, fundId: input.fundId, ruleText: input.ruleText }, signal),
    ),
  },
  guards: {
    otherPage: ({ context, event }) =>
      event.type === 'page' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= Math.max(1, Math.ceil(context.total / RECONCILIATION_PAGE_SIZE)),
    acceptable: ({ context, event }) => event.type === 'accept' && pending(context, event.id) !== undefined,
    splittable: ({ context, event }) => {
      if (event.type !== 'split') return false;
      const movement = pending(context, event.id);
      return (
        movement !== undefined &&
        event.parts.length >= 2 &&
        event.parts.every((p) => p.amountCents > 0) &&
        splitAddsUp(movement.amountCents, event.parts)
      );
    },
    dismissable: ({ context, event }) => event.type === 'dismiss' && pending(context, event.id) !== undefined,
    undoable: ({ context, event }) =>
      event.type === 'undo' &&
      reasonFits(event.reason) &&
      context.items.some((m) => m.id === event.id && (m.state === 'conciliado' || m.state === 'retiro_registrado')),
    categorizable: ({ context, event }) =>
      event.type === 'categorize' &&
      categorizationFits(event) &&
      (event.fundId === null || context.funds.some((f) => f.id === event.fundId)) &&
      context.items.some((m) => m.id === event.id && m.state === 'retiro_sin_registrar' && m.amountCents < 0),
  },
  actions: {
    keepPage: assign((_, page: Page) => ({
      items: page.items,
      total: page.total,
      expenseCategories: page.expenseCategories,
      funds: page.funds,
      failure: null,
    })),
    goToPage: assign(({ event }) => {
      assertEvent(event, 'page');
      return { page: event.page };
    }),
    setFilter: assign(({ event }) => {
      assertEvent(event, 'filter');
      return { estado: event.estado, page: 1 };
    }),
    keepDecided: assign(({ context }, movement: BankMovement) => ({
      items: context.items.map((m) => (m.id === movement.id ? movement : m)),
      decided: movement,
      failure: null,
    })),
    startDeciding: assign({ decided: null, failure: null }),
    clearFailure: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'reconciliationQueue',
  context: {
    items: [],
    total: 0,
    page: 1,
    estado: 'pendiente',
    decided: null,
    failure: null,
    expenseCategories: [],
    funds: [],
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listMovements',
        src: 'listMovements',
        input: ({ context }) => ({ page: context.page, estado: context.estado }),
        onDone: { target: 'shown', actions: { type: 'keepPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    shown: {
      on: {
        page: { guard: 'otherPage', target: 'loading', actions: 'goToPage' },
        filter: { target: 'loading', actions: 'setFilter' },
        reload: 'loading',
        accept: { guard: 'acceptable', target: 'accepting', actions: 'startDeciding' },
        split: { guard: 'splittable', target: 'splitting', actions: 'startDeciding' },
        dismiss: { guard: 'dismissable', target: 'dismissing', actions: 'startDeciding' },
        undo: { guard: 'undoable', target: 'undoing', actions: 'startDeciding' },
        categorize: { guard: 'categorizable', target: 'categorizing', actions: 'startDeciding' },
      },
    },
    categorizing: {
      invoke: {
        id: 'categorizeMovement',
        src: 'categorizeMovement',
        input: ({ event }) => {
          assertEvent(event, 'categorize');
          return {
            id: event.id,
            category: event.category.trim(),
            fundId: event.fundId,
            ruleText: event.ruleText === null ? null : event.ruleText.trim(),
          };
        },
        onDone: { target: 'shown', actions: { type: 'keepDecided', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    accepting: {
      invoke: {
        id: 'acceptMovement',
        src: 'acceptMovement',
        input: ({ event }) => {
          assertEvent(event, 'accept');
          return { id: event.id, apartmentId: event.apartmentId };
        },
        onDone: { target: 'shown', actions: { type: 'keepDecided', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    splitting: {
      invoke: {
        id: 'splitMovement',
        src: 'splitMovement',
        input: ({ event }) => {
          assertEvent(event, 'split');
          return { id: event.id, parts: event.parts };
        },
        onDone: { target: 'shown', actions: { type: 'keepDecided', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    dismissing: {
      invoke: {
        id: 'dismissMovement',
        src: 'dismissMovement',
        input: ({ event }) => {
          assertEvent(event, 'dismiss');
          return { id: event.id };
        },
        onDone: { target: 'shown', actions: { type: 'keepDecided', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    undoing: {
      invoke: {
        id: 'undoMovement',
        src: 'undoMovement',
        input: ({ event }) => {
          assertEvent(event, 'undo');
          return { id: event.id, reason: event.reason.trim() };
        },
        onDone: { target: 'shown', actions: { type: 'keepDecided', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
