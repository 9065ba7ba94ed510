// Recargos (issue 27), the settings half: the condominium's late-fee rule, the dwellings it exempts, and applying
// this period's fees now. One call at a time; a failed one leaves everything as it was, with why. What a rule
// needs beyond its ranges (a fee above 0 when active) is the contract's ruleProblem, here as a guard.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  type LateFeeExemption,
  type LateFeeExemptionDraft,
  type LateFeeRule,
  NO_LATE_FEE_RULE,
  reasonIsValid,
  ruleProblem,
} from '../api/lateFees';
import {
  addLateFeeExemption,
  applyLateFeesNow,
  type LateFeeSettings,
  loadLateFeeSettings,
  removeLateFeeExemption,
  saveLateFeeRule,
} from '../services/lateFeesService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** What the last call that went through did, for the screen to say so. */
export type LateFeeRulesNotice = { kind: 'saved' } | { kind: 'applied'; period: string; applied: number } | null;

export interface LateFeeRulesContext extends LateFeeSettings {
  /** A new object each time a call goes through (the list reloads on each 'applied'). */
  notice: LateFeeRulesNotice;
  failure: CallFailure | null;
}

export type LateFeeRulesEvent =
  | { type: 'save'; rule: LateFeeRule }
  | { type: 'exempt'; draft: LateFeeExemptionDraft }
  | { type: 'unexempt'; id: number }
  | { type: 'apply' }
  | { type: 'retry' };

const failed = {
  target: 'ready',
  actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

export const lateFeeRulesMachine = setup({
  types: {
    context: {} as LateFeeRulesContext,
    events: {} as LateFeeRulesEvent,
  },
  actors: {
    loadSettings: fromPromise<LateFeeSettings>(({ signal }) => loadLateFeeSettings(signal)),
    saveRule: fromPromise<LateFeeRule, LateFeeRule>(({ input, signal }) => saveLateFeeRule(input, signal)),
    addExemption: fromPromise<LateFeeExemption, LateFeeExemptionDraft>(({ input, signal }) => addLateFeeExemption(input, signal)),
    removeExemption: fromPromise<number, number>(async ({ input, signal }) => {
      await removeLateFeeExemption(input, signal);
      return input;
    }),
    applyNow: fromPromise<{ period: string; applied: number }>(({ signal }) => applyLateFeesNow(signal)),
  },
  guards: {
    validRule: ({ event }) => event.type === 'save' && ruleProblem(event.rule) === null,
    newExemption: ({ context, event }) =>
      event.type === 'exempt' &&
      reasonIsValid(event.draft.reason) &&
      context.dwellings.some((d) => d.id === event.draft.apartmentId) &&
      !context.exemptions.some((e) => e.apartmentId === event.draft.apartmentId),
    knownExemption: ({ context, event }) => event.type === 'unexempt' && context.exemptions.some((e) => e.id === event.id),
    ruleActive: ({ context }) => context.rule.active,
  },
  actions: {
    keepSettings: assign((_, settings: LateFeeSettings) => ({ ...settings, failure: null })),
    keepRule: assign((_, rule: LateFeeRule) => ({ rule, notice: { kind: 'saved' } as const })),
    keepExemption: assign(({ context }, exemption: LateFeeExemption) => ({
      exemptions: [...context.exemptions, exemption].sort((a, b) =>
        a.vivienda.localeCompare(b.vivienda, 'es', { numeric: true }),
      ),
    })),
    dropExemption: assign(({ context }, id: number) => ({ exemptions: context.exemptions.filter((e) => e.id !== id) })),
    keepApplied: assign((_, result: { period: string; applied: number }) => ({
      notice: { kind: 'applied', ...result } as const,
    })),
    startCall: assign({ failure: null, notice: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'lateFeeRules',
  context: { rule: NO_LATE_FEE_RULE, exemptions: [], dwellings: [], period: '', notice: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: { type: 'keepSettings', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        save: { guard: 'validRule', target: 'saving', actions: 'startCall' },
        exempt: { guard: 'newExemption', target: 'exempting', actions: 'startCall' },
        unexempt: { guard: 'knownExemption', target: 'unexempting', actions: 'startCall' },
        apply: { guard: 'ruleActive', target: 'applying', actions: 'startCall' },
      },
    },
    saving: {
      invoke: {
        id: 'saveRule',
        src: 'saveRule',
        input: ({ event }) => {
          assertEvent(event, 'save');
          return event.rule;
        },
        onDone: { target: 'ready', actions: { type: 'keepRule', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    exempting: {
      invoke: {
        id: 'addExemption',
        src: 'addExemption',
        input: ({ event }) => {
          assertEvent(event, 'exempt');
          return { apartmentId: event.draft.apartmentId, reason: event.draft.reason.trim() };
        },
        onDone: { target: 'ready', actions: { type: 'keepExemption', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    unexempting: {
      invoke: {
        id: 'removeExemption',
        src: 'removeExemption',
        input: ({ event }) => {
          assertEvent(event, 'unexempt');
          return event.id;
        },
        onDone: { target: 'ready', actions: { type: 'dropExemption', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    applying: {
      invoke: {
        id: 'applyNow',
        src: 'applyNow',
        onDone: { target: 'ready', actions: { type: 'keepApplied', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
  },
});
