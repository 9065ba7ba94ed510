// The incidents panel, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. Only what the lifecycle table lists for the viewer's roles from
// the incident's state is sent, with the version seen; the answer (or a 409's incident) replaces it in the list.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { actionsOn, incidentListMachine } from '../../src/machines/incidentListMachine';
import { incidentListModel } from '../models/incidentListMachine.model';
import { ATTENDED, CLOSED, OPEN_MAINTENANCE, REQUESTED } from '../support/incidentsFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof incidentListMachine>;
const cover = coverModel(incidentListModel);

describe('incidentListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('offers each role only what the table lists from the state', () => {
    expect(actionsOn(OPEN_MAINTENANCE, ['guard'])).toEqual(['attend']);
    expect(actionsOn(OPEN_MAINTENANCE, ['supervisor'])).toEqual(['attend', 'close']);
    expect(actionsOn(OPEN_MAINTENANCE, ['admin'])).toEqual(['attend', 'close', 'request']);
    expect(actionsOn(REQUESTED, ['admin'])).toEqual(['close']);
    expect(actionsOn({ ...ATTENDED, category: 'noise' }, ['admin'])).toEqual(['close']);
    expect(actionsOn(CLOSED, ['admin', 'supervisor', 'guard'])).toEqual([]);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof incidentListMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['load']);
      expect(calls.inputOf('load')).toEqual(s.context.filters);
      expect(s.context.acting).toBeNull();
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.acting).toBeNull();
      expect(can({ type: 'act', incidentId: 999, action: 'attend' })).toBe(false);
      for (const incident of s.context.items) {
        expect(can({ type: 'act', incidentId: incident.id, action: 'request' })).toBe(
          actionsOn(incident, ['admin']).includes('request'),
        );
      }
      expect(s.context.items.map((i) => i.id)).toEqual([OPEN_MAINTENANCE.id]);
      // The notice stays while the list is read again (the change's own live event reads it at once).
      if (s.context.outcome?.kind === 'changed')
        expect(s.context.outcome).toEqual({ kind: 'changed', action: 'request', incident: REQUESTED });
      if (s.context.outcome?.kind === 'conflict') expect(s.context.outcome.incident).toEqual(CLOSED);
    },
    acting: (s) => {
      expect(calls.pending()).toEqual(['change']);
      const input = calls.inputOf('change') as { incident: { id: number; version: number }; action: string };
      expect(s.context.items).toContainEqual(input.incident);
      expect(input.incident.id).toBe(OPEN_MAINTENANCE.id);
      expect(s.context.acting?.action).toBe(input.action);
      expect(can({ type: 'refresh' })).toBe(false);
    },
  };

  walkModel(it, cover, incidentListMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(incidentListMachine, calls), { input: { roles: ['admin'] } }).start();
    return { actor, calls };
  });
});
