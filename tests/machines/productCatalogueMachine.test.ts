// The billing catalogue, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises; each state checks what is asked of the server.
import { describe, expect, it } from 'vitest';
import type { Actor } from 'xstate';
import { createActor } from 'xstate';
import { productCatalogueMachine } from '../../src/machines/productCatalogueMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { DRAFT, MAINTENANCE, productCatalogueModel, TAKEN } from '../models/productCatalogueMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof productCatalogueMachine>;
const cover = coverModel(productCatalogueModel);

describe('productCatalogueMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof productCatalogueMachine>;

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadProducts']),
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.products).toEqual([MAINTENANCE]);
      if (s.context.failure) expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.editing).toBeNull();
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: TAKEN.message });
    },
    saving: () => {
      expect(calls.pending()).toEqual(['saveProduct']);
      expect(calls.inputOf('saveProduct')).toEqual({ draft: DRAFT });
    },
    toggling: () => {
      expect(calls.pending()).toEqual(['toggleProduct']);
      expect(calls.inputOf('toggleProduct')).toEqual({ product: MAINTENANCE });
      expect(actor.getSnapshot().can({ type: 'edit', product: null })).toBe(false);
    },
  };

  walkModel(it, cover, productCatalogueMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(productCatalogueMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
