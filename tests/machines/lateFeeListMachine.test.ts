// Recargos aplicados, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. Pages stay within the list; only a fee not yet waived can be
// waived, with a reason of 3–500 characters; a failed waive keeps the dialog open with why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { lateFeeListMachine, NO_FILTERS } from '../../src/machines/lateFeeListMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { lateFeeListModel } from '../models/lateFeeListMachine.model';
import { FEE, FEE_WAIVED, FEES_PAGE, LONG_PAGE, WAIVED } from '../support/lateFeeFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof lateFeeListMachine>;
const cover = coverModel(lateFeeListModel);

describe('lateFeeListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('pages within the list, waives only a fee not waived, with a reason', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(lateFeeListMachine, calls)).start();
    expect(calls.inputOf('listFees')).toEqual({ page: 1, filters: NO_FILTERS });
    calls.resolve('listFees', FEES_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = live.getSnapshot();
    expect(s.value).toBe('shown');
    expect(s.can({ type: 'page', page: 2 })).toBe(false);
    expect(s.can({ type: 'page', page: 0 })).toBe(false);
    expect(s.can({ type: 'waive', id: WAIVED.id })).toBe(false);
    expect(s.can({ type: 'waive', id: 999 })).toBe(false);
    live.send({ type: 'waive', id: FEE.id });
    expect(live.getSnapshot().context.waiving).toEqual(FEE);
    expect(live.getSnapshot().can({ type: 'confirm', reason: ' ab ' })).toBe(false);
    expect(live.getSnapshot().can({ type: 'confirm', reason: 'x'.repeat(501) })).toBe(false);
    expect(live.getSnapshot().can({ type: 'confirm', reason: 'Error' })).toBe(true);
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof lateFeeListMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['listFees']);
      expect(calls.inputOf('listFees')).toEqual({ page: s.context.page, filters: s.context.filters });
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    shown: (s) => {
      idle();
      expect(s.context.waiving).toBeNull();
      expect(s.context.total).toBe(LONG_PAGE.total);
    },
    asking: (s) => {
      idle();
      expect(s.context.waiving?.id).toBe(FEE.id);
      expect(can({ type: 'cancel' })).toBe(true);
    },
    waiving: (s) => {
      expect(calls.pending()).toEqual(['waiveFee']);
      expect(calls.inputOf('waiveFee')).toEqual({ id: FEE.id, reason: 'Error en la cuota' });
      expect(s.context.waiving?.id).toBe(FEE.id);
    },
  };

  const leadsTo = {
    page: () => expect(actor.getSnapshot().context.page).toBe(2),
    filter: () => {
      expect(actor.getSnapshot().context.page).toBe(1);
      expect(actor.getSnapshot().context.filters).toEqual({ periodo: '2026-11', vivienda: 57 });
    },
    cancel: () => expect(actor.getSnapshot().context.waiving).toBeNull(),
    'xstate.done.actor.waiveFee': () => {
      const { items, waived } = actor.getSnapshot().context;
      expect(items.find((f) => f.id === FEE.id)).toEqual(FEE_WAIVED);
      expect(waived).toEqual(FEE_WAIVED);
      expect(can({ type: 'waive', id: FEE.id })).toBe(false);
    },
    'xstate.error.actor.waiveFee': () => {
      expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
      expect(actor.getSnapshot().value).toBe('asking');
    },
  };

  walkModel(it, cover, lateFeeListMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(lateFeeListMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
