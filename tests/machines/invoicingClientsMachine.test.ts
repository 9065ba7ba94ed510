// catalago-clientes, model-based: every declared event offered, every branch walked against a real actor; the
// page asked carries the search and the offset, a search starts at the first page.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { invoicingClientsMachine } from '../../src/machines/invoicingClientsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { invoicingClientsModel, PAGE, PUBLICO_DRAFT, TAKEN } from '../models/invoicingClientsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof invoicingClientsMachine>;
const cover = coverModel(invoicingClientsModel);

describe('invoicingClientsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof invoicingClientsMachine>;

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadClients']);
      expect(calls.inputOf('loadClients')).toEqual(s.context.query);
      if (s.context.query.q) expect(s.context.query.offset).toBe(0);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(PAGE);
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: TAKEN.message });
      if (s.context.publico) expect(s.context.editing).toBeNull();
    },
    saving: () => {
      expect(calls.pending()).toEqual(['saveClient']);
      expect(calls.inputOf('saveClient')).toEqual({ draft: PUBLICO_DRAFT });
    },
  };

  walkModel(it, cover, invoicingClientsMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(invoicingClientsMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
