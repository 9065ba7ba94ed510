// The reconciliation queue, model-based: every declared event offered from tests/models, every branch walked against
// a real actor whose calls are controllable promises. Only a pending deposit is accepted, split (parts adding up to
// it exactly) or set aside; only a reconciled one is undone, with a reason of 3–500 characters.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { reconciliationQueueMachine } from '../../src/machines/reconciliationQueueMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { reconciliationQueueModel } from '../models/reconciliationQueueMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { ACCEPTED, PENDING, QUEUE_PAGE, RECONCILED, RECORDED, UNDONE, WITHDRAWAL } from '../support/reconciliationFixtures';

type Snap = Snapshot<typeof reconciliationQueueMachine>;
const cover = coverModel(reconciliationQueueModel);

describe('reconciliationQueueMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('decides only what may be decided', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(reconciliationQueueMachine, calls)).start();
    expect(calls.inputOf('listMovements')).toEqual({ page: 1, estado: 'pendiente' });
    calls.resolve('listMovements', QUEUE_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = live.getSnapshot();
    expect(s.value).toBe('shown');
    expect(s.can({ type: 'accept', id: RECONCILED.id, apartmentId: 101 })).toBe(false);
    expect(s.can({ type: 'accept', id: 999, apartmentId: 101 })).toBe(false);
    expect(s.can({ type: 'dismiss', id: RECONCILED.id })).toBe(false);
    const parts = (a: number, b: number) => [
      { apartmentId: 101, amountCents: a },
      { apartmentId: 102, amountCents: b },
    ];
    expect(s.can({ type: 'split', id: PENDING.id, parts: parts(110_000, 99_999) })).toBe(false);
    expect(s.can({ type: 'split', id: PENDING.id, parts: parts(210_000, 0) })).toBe(false);
    expect(s.can({ type: 'split', id: PENDING.id, parts: parts(110_000, 100_000) })).toBe(true);
    expect(s.can({ type: 'undo', id: PENDING.id, reason: 'Otra cuenta' })).toBe(false);
    expect(s.can({ type: 'undo', id: RECONCILED.id, reason: ' ab ' })).toBe(false);
    expect(s.can({ type: 'undo', id: RECONCILED.id, reason: 'x'.repeat(501) })).toBe(false);
    expect(s.can({ type: 'undo', id: RECONCILED.id, reason: 'Otra cuenta' })).toBe(true);
    const categorize = (over: Partial<{ id: number; category: string; fundId: number | null; ruleText: string | null }>) => ({
      type: 'categorize' as const,
      id: WITHDRAWAL.id,
      category: 'Luz',
      fundId: null,
      ruleText: null,
      ...over,
    });
    expect(s.can(categorize({}))).toBe(true);
    expect(s.can(categorize({ id: PENDING.id }))).toBe(false);
    expect(s.can(categorize({ category: '  ' }))).toBe(false);
    expect(s.can(categorize({ ruleText: 'ab' }))).toBe(false);
    expect(s.can(categorize({ fundId: 99 }))).toBe(false);
    expect(s.can(categorize({ fundId: 2, ruleText: 'COMISION' }))).toBe(true);
    expect(s.context.expenseCategories).toEqual(QUEUE_PAGE.expenseCategories);
    expect(s.can({ type: 'undo', id: WITHDRAWAL.id, reason: 'Otra cuenta' })).toBe(false);
    expect(s.can({ type: 'page', page: 3 })).toBe(true);
    expect(s.can({ type: 'page', page: 4 })).toBe(false);
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof reconciliationQueueMachine>;
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['listMovements']);
      expect(calls.inputOf('listMovements')).toEqual({ page: s.context.page, estado: s.context.estado });
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    shown: (s) => {
      idle();
      expect(s.context.total).toBe(QUEUE_PAGE.total);
    },
    accepting: () => {
      expect(calls.pending()).toEqual(['acceptMovement']);
      expect(calls.inputOf('acceptMovement')).toEqual({ id: PENDING.id, apartmentId: 101 });
    },
    splitting: () => {
      expect(calls.pending()).toEqual(['splitMovement']);
      expect(calls.inputOf('splitMovement')).toMatchObject({ id: PENDING.id });
    },
    dismissing: () => {
      expect(calls.pending()).toEqual(['dismissMovement']);
      expect(calls.inputOf('dismissMovement')).toEqual({ id: PENDING.id });
    },
    categorizing: () => {
      expect(calls.pending()).toEqual(['categorizeMovement']);
      expect(calls.inputOf('categorizeMovement')).toEqual({
        id: WITHDRAWAL.id,
        category: 'Comisiones bancarias',
        fundId: null,
        ruleText: 'COMISION',
      });
    },
    undoing: () => {
      expect(calls.pending()).toEqual(['undoMovement']);
      expect(calls.inputOf('undoMovement')).toEqual({ id: RECONCILED.id, reason: 'Depósito de otra cuenta' });
    },
  };

  const decided = (movement: typeof ACCEPTED) => () => {
    const { items, decided } = actor.getSnapshot().context;
    expect(items.find((m) => m.id === movement.id)).toEqual(movement);
    expect(decided).toEqual(movement);
  };
  const keptList = () => {
    expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
    expect(actor.getSnapshot().context.items).toHaveLength(QUEUE_PAGE.items.length);
  };
  const leadsTo = {
    page: () => expect(actor.getSnapshot().context.page).toBe(2),
    filter: () => {
      expect(actor.getSnapshot().context.page).toBe(1);
      expect(actor.getSnapshot().context.estado).toBe('conciliado');
    },
    'xstate.done.actor.acceptMovement': decided(ACCEPTED),
    'xstate.done.actor.splitMovement': decided(ACCEPTED),
    'xstate.done.actor.undoMovement': decided(UNDONE),
    'xstate.done.actor.categorizeMovement': decided(RECORDED),
    'xstate.error.actor.categorizeMovement': keptList,
    'xstate.error.actor.acceptMovement': keptList,
    'xstate.error.actor.splitMovement': keptList,
    'xstate.error.actor.dismissMovement': keptList,
    'xstate.error.actor.undoMovement': keptList,
  };

  walkModel(it, cover, reconciliationQueueMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reconciliationQueueMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
