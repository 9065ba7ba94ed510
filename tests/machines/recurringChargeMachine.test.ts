// The recurring charges dialog's machine (Cargos automáticos), model-based: every state and transition
// walked against a real actor whose calls are controllable promises, for a member of the condominium that
// has recurring charges and for a member of another one (refused, spec §6). Plus the §5 amount rules: typing only
// digits with a point or comma and at most 2 decimals, 2 decimals on blur, above 0 on save, the previous
// amount restored on cancel, the charge gone once its cancellation is confirmed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import {
  amountIsValid,
  amountToCents,
  centsToAmount,
  formatAmountOnBlur,
  isAmountTyping,
  type UpdateAmountRequest,
} from '../../src/api/recurringCharges';
import { recurringChargeMachine } from '../../src/machines/recurringChargeMachine';
import type { UpdateAmountResult } from '../../src/services/recurringChargeService';
import {
  controllablePromises,
  coveredModel,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';
import { HOUSE_CHARGES, MEMBER, OUTSIDER, recurringChargeEvents } from '../support/recurringChargeFixtures';

type Snap = Snapshot<typeof recurringChargeMachine>;
const CALLS = ['loadCharges', 'saveAmount', 'cancelCharge'];

const member = coveredModel(recurringChargeMachine, { input: MEMBER, events: recurringChargeEvents as never });
const outsider = coveredModel(recurringChargeMachine, { input: OUTSIDER, events: recurringChargeEvents as never });

describe('recurringChargeMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    // deciding is left at once (eventless); a member is never refused, and an outsider is refused at once.
    expect(member.gaps()).toEqual({ ...NO_GAPS, unreachedStateNodes: ['deciding', 'refused'] });
    expect(member.paths.length).toBeGreaterThan(20);
    const outsiderGaps = outsider.gaps();
    expect(outsiderGaps.unwalkedStates).toEqual([]);
    expect(outsiderGaps.missingTransitions).toEqual([]);
    expect(outsiderGaps.unreachedStateNodes).not.toContain('refused');
    expect(outsider.paths.map((path) => path.steps.map((step) => step.state.value))).toEqual([['refused']]);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof recurringChargeMachine>;
  const states: StateChecks<Snap> = {
    deciding: () => {
      throw new Error('deciding is transient and must never be observed');
    },
    // Nothing is asked of the server for those the rule leaves out.
    refused: () => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(calls.inputOf('loadCharges')).toBeUndefined();
      expect(actor.getSnapshot().context.charges).toEqual([]);
    },
    loading: () => expect(calls.inputOf('loadCharges')).toBeUndefined(),
    loadFailed: () => {
      expect(actor.getSnapshot().context.charges).toEqual([]);
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    },
    viewing: (s) => {
      expect(s.context.editingId).toBeNull();
      expect(s.context.cancelId).toBeNull();
      // Only saved amounts ever reach the list: every charge is the demo one or a saved edit of it.
      for (const charge of s.context.charges) expect(amountIsValid(charge.monto)).toBe(true);
      expect(s.context.charges.length).toBeLessThanOrEqual(HOUSE_CHARGES.length);
    },
    editing: (s) => {
      expect(s.context.charges.some((c) => c.id === s.context.editingId)).toBe(true);
      // The field only ever holds what the typing rule lets through, and the edit can always be dropped.
      expect(isAmountTyping(s.context.draft)).toBe(true);
      expect(actor.getSnapshot().can({ type: 'cancelEdit' })).toBe(true);
    },
    saving: (s) => {
      expect(calls.inputOf('saveAmount')).toEqual({ id: s.context.editingId, monto: s.context.draft });
      // What is sent is a number above 0 with two decimals.
      expect(s.context.draft).toMatch(/^\d+\.\d{2}$/);
      expect(amountIsValid(s.context.draft)).toBe(true);
    },
    confirmingCancel: (s) => {
      expect(s.context.cancelId).toBe(s.context.charges[0]!.id);
      expect(actor.getSnapshot().can({ type: 'confirm' })).toBe(true);
    },
    cancelling: (s) => expect(calls.inputOf('cancelCharge')).toEqual({ id: s.context.cancelId }),
  };

  for (const [who, input, { paths }] of [
    ['member', MEMBER, member],
    ['outsider', OUTSIDER, outsider],
  ] as const) {
    describe(who, () => {
      walkEveryPath(it, recurringChargeMachine, paths, states, () => {
        calls = controllablePromises();
        actor = createActor(providePromises(recurringChargeMachine, calls, CALLS), { input }).start();
        return {
          actor,
          calls,
          send: ['edit', 'change', 'blur', 'save', 'cancelEdit', 'askCancel', 'confirm', 'dismiss', 'retry'],
          invoked: CALLS,
        };
      });
    });
  }
});

describe('recurringChargeMachine: who may open the dialog (spec §6)', () => {
  it('loads for a member of the condominium with recurring charges, and refuses anyone else at once', () => {
    const start = (input: typeof MEMBER) =>
      createActor(recurringChargeMachine.provide({ actors: { loadCharges: fromPromise(async () => HOUSE_CHARGES) } }), {
        input,
      }).start();
    expect(start(MEMBER).getSnapshot().value).toBe('loading');
    expect(start(OUTSIDER).getSnapshot().value).toBe('refused');
  });
});

describe('recurring charge amount rules (§5)', () => {
  it('accepts while typing only digits with one point or comma and at most 2 decimals', () => {
    for (const text of ['', '1', '1500', '1500.', '1500,', '1500.5', '1500,50', ',5', '9999999.99'])
      expect(isAmountTyping(text), text).toBe(true);
    for (const text of ['a', '-1', '1.234', '1,2,3', '1.2.3', '1 500', '$15', '1e3', '12345678'])
      expect(isAmountTyping(text), text).toBe(false);
  });

  it('formats to 2 decimals on blur, with a point', () => {
    expect(formatAmountOnBlur('1500')).toBe('1500.00');
    expect(formatAmountOnBlur('1500,5')).toBe('1500.50');
    expect(formatAmountOnBlur('1500.')).toBe('1500.00');
    expect(formatAmountOnBlur(',5')).toBe('0.50');
    expect(formatAmountOnBlur('007,25')).toBe('7.25');
    expect(formatAmountOnBlur('')).toBe('');
    expect(formatAmountOnBlur(',')).toBe(',');
  });

  it('wants a number greater than 0 on save, in whole cents', () => {
    expect(amountToCents('1500,5')).toBe(150_050);
    expect(amountToCents('0.01')).toBe(1);
    expect(centsToAmount(150_050)).toBe('1500.50');
    expect(centsToAmount(5)).toBe('0.05');
    for (const text of ['', '0', '0,00', '.', ',']) expect(amountIsValid(text), text).toBe(false);
    expect(amountIsValid('0,01')).toBe(true);
  });
});

describe('recurringChargeMachine behaviour', () => {
  const loaded = (overrides: Parameters<typeof recurringChargeMachine.provide>[0]['actors'] = {}) =>
    createActor(
      recurringChargeMachine.provide({
        actors: {
          loadCharges: fromPromise(async () => HOUSE_CHARGES),
          ...overrides,
        },
      }),
      { input: MEMBER },
    ).start();

  it('ignores keystrokes that break the rule, and restores the previous amount when the edit is cancelled', async () => {
    const actor = loaded();
    await settle();
    actor.send({ type: 'edit', id: 1 });
    expect(actor.getSnapshot().context.draft).toBe('2450.00');
    actor.send({ type: 'change', value: '12' });
    actor.send({ type: 'change', value: '12a' });
    actor.send({ type: 'change', value: '12.345' });
    expect(actor.getSnapshot().context.draft).toBe('12');
    actor.send({ type: 'cancelEdit' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.charges[0]!.monto).toBe('2450.00');
    actor.send({ type: 'edit', id: 1 });
    expect(actor.getSnapshot().context.draft).toBe('2450.00');
  });

  it('alerts “Ingresa un monto válido mayor a 0” instead of saving 0 or nothing', async () => {
    let saves = 0;
    const actor = loaded({
      saveAmount: fromPromise<UpdateAmountResult, UpdateAmountRequest>(async () => {
        saves += 1;
        return { kind: 'refused', message: '' };
      }),
    });
    await settle();
    actor.send({ type: 'edit', id: 2 });
    for (const value of ['0', '', '0,00']) {
      actor.send({ type: 'change', value });
      actor.send({ type: 'save' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.alert).toBe('invalidAmount');
    }
    expect(saves).toBe(0);
    actor.send({ type: 'change', value: '4' });
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it('sends the amount with 2 decimals and shows the saved charge', async () => {
    let sent: unknown;
    const actor = loaded({
      saveAmount: fromPromise(async ({ input }) => {
        sent = input;
        return { kind: 'saved' as const, charge: { ...HOUSE_CHARGES[0]!, monto: '1500.50' } };
      }),
    });
    await settle();
    actor.send({ type: 'edit', id: 1 });
    actor.send({ type: 'change', value: '1500,5' });
    actor.send({ type: 'save' });
    await settle();
    expect(sent).toEqual({ id: 1, monto: '1500.50' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.charges.map((c) => c.monto)).toEqual(['1500.50', '350.00']);
  });

  it('cancels a charge only once confirmed, and keeps it when the call fails', async () => {
    let fail = true;
    const actor = loaded({
      cancelCharge: fromPromise(async () => {
        if (fail) throw new Error('Failed to fetch');
      }),
    });
    await settle();
    actor.send({ type: 'askCancel', id: 1 });
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().context.charges).toHaveLength(2);
    actor.send({ type: 'askCancel', id: 1 });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ alert: 'cancelFailed', cancelId: null });
    expect(actor.getSnapshot().context.charges).toHaveLength(2);
    fail = false;
    actor.send({ type: 'askCancel', id: 1 });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context.charges.map((c) => c.id)).toEqual([2]);
    expect(actor.getSnapshot().can({ type: 'edit', id: 1 })).toBe(false);
  });
});
