// The request screen's questions (the section, the overview, the employees), model-based: every event the
// machine declares offered from tests/models, every branch walked against a real actor whose call is a
// controllable promise, for each kind of question. Each state checks what was asked and what is kept: the
// answer of the question asked, the server's words of a failure, a refusal as a state of its own.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { type TicketQuery, ticketQueryMachine } from '../../src/machines/ticketQueryMachine';
import { answerOf, NOT_YOURS, ticketQueryModel } from '../models/ticketQueryMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketQueryMachine>;
const cover = coverModel(ticketQueryModel);

describe('ticketQueryMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof ticketQueryMachine>;
  let query: TicketQuery;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['askTickets']);
      expect(calls.inputOf('askTickets')).toEqual(query);
      // Asked again, the last answer stays on screen meanwhile.
      expect([null, answerOf(query)]).toContainEqual(s.context.answer);
      expect([can({ type: 'retry' }), can({ type: 'reload' })]).toEqual([false, false]);
    },
    shown: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(answerOf(query));
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'reload' })).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    refused: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: NOT_YOURS.message });
      expect([can({ type: 'retry' }), can({ type: 'reload' })]).toEqual([false, false]);
    },
  };

  walkModel(it, cover, ticketQueryMachine, states, (input) => {
    calls = controllablePromises();
    query = (input as { query: TicketQuery }).query;
    actor = createActor(provideCalls(ticketQueryMachine, calls), { input: input as { query: TicketQuery } }).start();
    return { actor, calls };
  });
});
