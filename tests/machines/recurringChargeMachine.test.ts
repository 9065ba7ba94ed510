// The recurring charges dialog's machine (Cargos automáticos), model-based: every event the machine declares
// offered from tests/models, every branch walked against a real actor whose calls are controllable promises,
// for a member of the condominium that has recurring charges and for a member of another one (refused, spec
// §6). Each state is checked against the walk's own record of the charges, the edit and the alert, with the
// §5 amount rules from src/api. Plus those rules: typing only digits with a point or comma and at most 2
// decimals, 2 decimals on blur, above 0 on save, the previous amount restored on cancel, the charge gone
// once its cancellation is confirmed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import {
  amountIsValid,
  amountToCents,
  centsToAmount,
  formatAmountOnBlur,
  isAmountTyping,
  type RecurringCharge,
  type UpdateAmountRequest,
} from '../../src/api/recurringCharges';
import { type RecurringChargeAlert, recurringChargeMachine } from '../../src/machines/recurringChargeMachine';
import type { UpdateAmountResult } from '../../src/services/recurringChargesService';
import { FIRST, recurringChargeModel } from '../models/recurringChargeMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { HOUSE_CHARGES, MEMBER, OUTSIDER } from '../support/recurringChargeFixtures';

type Snap = Snapshot<typeof recurringChargeMachine>;
const cover = coverModel(recurringChargeModel);

describe('recurringChargeMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof recurringChargeMachine>;
  /** The walk's own record: the charges shown, the row being edited with what its field holds, the charge
   * whose cancellation is asked, and the alert. */
  let charges: RecurringCharge[] = [];
  /** The list call has answered. */
  let loaded = false;
  let edited: { id: number; draft: string } | null = null;
  let cancelId: number | null = null;
  let removeCardId: number | null = null;
  let alert: RecurringChargeAlert = null;

  const snapshot = () => actor.getSnapshot();
  const can = (event: EventObject) => snapshot().can(event as never);
  /** Which of the house's charges may be edited and cancelled: exactly those listed. */
  const offeredRows = () =>
    HOUSE_CHARGES.map((charge) => [
      can({ type: 'edit', id: charge.id } as EventObject),
      can({ type: 'askCancel', id: charge.id } as EventObject),
    ]);
  /** Whether Quitar tarjeta is offered for each of the house's charges: exactly for those listed with a card. */
  const offeredCardRemovals = () => HOUSE_CHARGES.map((charge) => can({ type: 'askRemoveCard', id: charge.id } as EventObject));
  const listedRows = () =>
    HOUSE_CHARGES.map((charge) => [charges.some((c) => c.id === charge.id), charges.some((c) => c.id === charge.id)]);
  const listedWithCard = () => HOUSE_CHARGES.map((charge) => charges.some((c) => c.id === charge.id && c.tarjeta !== null));
  const noRow = () => HOUSE_CHARGES.map(() => [false, false]);
  const noCardRemoval = () => HOUSE_CHARGES.map(() => false);
  const theEdit = () => {
    expect(edited).not.toBeNull();
    return edited!;
  };

  const states: StateChecks<Snap> = {
    deciding: () => {
      throw new Error('deciding is transient and must never be observed');
    },
    // Nothing is asked of the server for those the rule leaves out.
    refused: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context).toMatchObject({ condo: OUTSIDER.condo, charges: [], alert: null });
      expect(can({ type: 'retry' })).toBe(false);
    },
    loading: () => {
      expect(calls.pending()).toEqual(['loadCharges']);
      expect(snapshot().context).toMatchObject({ condo: MEMBER.condo, charges: [], alert: null });
      expect([can({ type: 'retry' }), ...offeredRows().flat()]).toEqual([false, false, false, false, false]);
    },
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ charges: [], alert: null });
      expect(can({ type: 'retry' })).toBe(true);
      expect(offeredRows()).toEqual(noRow());
    },
    viewing: () => {
      expect(calls.pending()).toEqual([]);
      // The list shows only once the list call has answered.
      expect(loaded).toBe(true);
      expect(snapshot().context).toMatchObject({
        charges,
        editingId: null,
        draft: '',
        cancelId: null,
        removeCardId: null,
        alert,
      });
      // Each listed charge may be edited or cancelled, and its card taken off while it has one; nothing else.
      expect(offeredRows()).toEqual(listedRows());
      expect(offeredCardRemovals()).toEqual(listedWithCard());
      expect(can({ type: 'edit', id: 99 } as EventObject)).toBe(false);
      expect([can({ type: 'save' }), can({ type: 'confirm' }), can({ type: 'retry' })]).toEqual([false, false, false]);
    },
    editing: () => {
      expect(calls.pending()).toEqual([]);
      const { id, draft } = theEdit();
      expect(snapshot().context).toMatchObject({ charges, editingId: id, draft, cancelId: null, alert });
      // The field only takes what the typing rule lets through, and the edit can always be dropped.
      expect(isAmountTyping(draft)).toBe(true);
      expect(['12', '12,5', '12.345', 'abc'].map((value) => can({ type: 'change', value } as EventObject))).toEqual([
        true,
        true,
        false,
        false,
      ]);
      expect([can({ type: 'save' }), can({ type: 'blur' }), can({ type: 'cancelEdit' })]).toEqual([true, true, true]);
      expect(offeredRows()).toEqual(noRow());
    },
    saving: () => {
      expect(calls.pending()).toEqual(['saveAmount']);
      // What is sent is the typed amount as a number above 0 with two decimals.
      expect(calls.inputOf('saveAmount')).toEqual({ id: theEdit().id, monto: '1500.50' });
      expect(snapshot().context).toMatchObject({ editingId: theEdit().id, draft: '1500.50', alert: null });
      expect([can({ type: 'save' }), can({ type: 'cancelEdit' }), can({ type: 'change', value: '1' } as EventObject)]).toEqual([
        false,
        false,
        false,
      ]);
    },
    confirmingCancel: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ charges, cancelId, editingId: null, alert: null });
      expect([can({ type: 'confirm' }), can({ type: 'dismiss' })]).toEqual([true, true]);
      expect(offeredRows()).toEqual(noRow());
    },
    cancelling: () => {
      expect(calls.pending()).toEqual(['cancelCharge']);
      expect(calls.inputOf('cancelCharge')).toEqual({ id: cancelId });
      expect(cancelId).toBe(FIRST.id);
      expect([can({ type: 'confirm' }), can({ type: 'dismiss' })]).toEqual([false, false]);
    },
    confirmingRemoveCard: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ charges, removeCardId, cancelId: null, editingId: null, alert: null });
      expect(charges.find((c) => c.id === removeCardId)?.tarjeta).not.toBeNull();
      expect([can({ type: 'confirm' }), can({ type: 'dismiss' })]).toEqual([true, true]);
      expect(offeredRows()).toEqual(noRow());
      expect(offeredCardRemovals()).toEqual(noCardRemoval());
    },
    removingCard: () => {
      expect(calls.pending()).toEqual(['removeCard']);
      expect(calls.inputOf('removeCard')).toEqual({ id: removeCardId });
      expect(removeCardId).toBe(FIRST.id);
      expect([can({ type: 'confirm' }), can({ type: 'dismiss' })]).toEqual([false, false]);
      expect(offeredCardRemovals()).toEqual(noCardRemoval());
    },
  };

  const eventOf = (step: { event: EventObject }) => step.event as EventObject & Payload;
  walkModel(it, cover, recurringChargeMachine, states, (input) => {
    calls = controllablePromises();
    charges = [];
    loaded = false;
    edited = null;
    cancelId = null;
    removeCardId = null;
    alert = null;
    actor = createActor(provideCalls(recurringChargeMachine, calls), { input: input as typeof MEMBER }).start();
    return {
      actor,
      calls,
      after: {
        'xstate.done.actor.loadCharges': (step) => {
          charges = eventOf(step).output as RecurringCharge[];
          loaded = true;
        },
        edit: (step) => {
          const charge = charges.find((c) => c.id === eventOf(step).id)!;
          edited = { id: charge.id, draft: charge.monto };
          alert = null;
        },
        change: (step) => {
          theEdit().draft = eventOf(step).value as string;
          alert = null;
        },
        blur: () => (theEdit().draft = formatAmountOnBlur(theEdit().draft)),
        save: () => {
          if (amountIsValid(theEdit().draft)) theEdit().draft = formatAmountOnBlur(theEdit().draft);
          else alert = 'invalidAmount';
        },
        'xstate.done.actor.saveAmount': (step) => {
          const result = eventOf(step).output as UpdateAmountResult;
          if (result.kind === 'saved') {
            charges = charges.map((c) => (c.id === result.charge.id ? result.charge : c));
            edited = null;
            alert = null;
          } else alert = 'invalidAmount';
        },
        'xstate.error.actor.saveAmount': () => (alert = 'saveFailed'),
        // The row never changed: dropping the edit leaves the amount as it was.
        cancelEdit: () => {
          edited = null;
          alert = null;
        },
        askCancel: (step) => {
          cancelId = eventOf(step).id as number;
          alert = null;
        },
        dismiss: () => {
          cancelId = null;
          removeCardId = null;
        },
        askRemoveCard: (step) => {
          removeCardId = eventOf(step).id as number;
          alert = null;
        },
        'xstate.done.actor.removeCard': (step) => {
          const charge = eventOf(step).output as RecurringCharge;
          expect(charge.tarjeta).toBeNull();
          charges = charges.map((c) => (c.id === charge.id ? charge : c));
          removeCardId = null;
          alert = null;
        },
        'xstate.error.actor.removeCard': () => {
          removeCardId = null;
          alert = 'removeCardFailed';
        },
        'xstate.done.actor.cancelCharge': () => {
          charges = charges.filter((c) => c.id !== cancelId);
          cancelId = null;
          alert = null;
        },
        'xstate.error.actor.cancelCharge': () => {
          cancelId = null;
          alert = 'cancelFailed';
        },
      },
    };
  });
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
    expect(actor.getSnapshot().context).toMatchObject({ editingId: 2, draft: '350.00' });
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

  it('takes a card off only once confirmed, keeps the charge, and offers it only for a charge with a card', async () => {
    let fail = true;
    const actor = loaded({
      removeCard: fromPromise<RecurringCharge, { id: number }>(async ({ input }) => {
        if (fail) throw new Error('Failed to fetch');
        return { ...HOUSE_CHARGES.find((c) => c.id === input.id)!, tarjeta: null, proximoCargo: null };
      }),
    });
    await settle();
    // The reserve fund has no card: nothing to take off.
    expect(actor.getSnapshot().can({ type: 'askRemoveCard', id: 2 })).toBe(false);
    actor.send({ type: 'askRemoveCard', id: 1 });
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().context.charges[0]!.tarjeta).not.toBeNull();
    actor.send({ type: 'askRemoveCard', id: 1 });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ alert: 'removeCardFailed', removeCardId: null });
    expect(actor.getSnapshot().context.charges[0]!.tarjeta).not.toBeNull();
    fail = false;
    actor.send({ type: 'askRemoveCard', id: 1 });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().context.charges.map((c) => [c.id, c.tarjeta])).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(actor.getSnapshot().can({ type: 'askRemoveCard', id: 1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'edit', id: 1 })).toBe(true);
  });
});
