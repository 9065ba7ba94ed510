// The visitor pass machine, model-based: found, not found (unknown or revoked), and an unreachable server
// that can be retried.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Pass } from '../../src/api/passes';
import { passViewMachine } from '../../src/machines/passViewMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

type Snap = Snapshot<typeof passViewMachine>;

const PASS = { Nombre: 'Laura Gómez Pineda', QR: 'DEMO-PASE-001' } as Pass;

function eventsFor(s: Snap): ModelEvent[] {
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadPass', output: { kind: 'found', pass: PASS } },
      { type: 'xstate.done.actor.loadPass', output: { kind: 'notFound' } },
      { type: 'xstate.error.actor.loadPass', error: new Error('Failed to fetch') },
    ];
  }
  return [{ type: 'retry' }];
}

const INPUT = { condoId: '1', qr: 'DEMO-PASE-001' };
const { paths, gaps } = coveredModel(passViewMachine, { input: INPUT, events: eventsFor });

describe('passViewMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof passViewMachine>;
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.inputOf('loadPass')).toEqual(INPUT),
    found: (s) => {
      expect(s.status).toBe('done');
      expect(actor.getSnapshot().context.pass).toEqual(PASS);
    },
    notFound: (s) => {
      expect(s.status).toBe('done');
      expect(actor.getSnapshot().context.pass).toBeNull();
    },
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
  };

  walkEveryPath(it, passViewMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(passViewMachine, calls, ['loadPass']), { input: INPUT }).start();
    return { actor, calls, send: ['retry'], invoked: ['loadPass'] };
  });
});
