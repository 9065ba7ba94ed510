// The proxies of one assembly, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. A proxy is given only for a dwelling the board offers,
// withdrawn only when it may be, decided only by who manages and while pending; a refusal reads the board again and
// keeps its words.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyProxyMachine } from '../../src/machines/assemblyProxyMachine';
import { assemblyProxyModel } from '../models/assemblyProxyMachine.model';
import { GIVEN_BOARD, MANAGER_BOARD, OWNER_BOARD } from '../support/assemblyVotesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyProxyMachine>;
const cover = coverModel(assemblyProxyModel);

describe('assemblyProxyMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyProxyMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['load']);
      expect(s.context.board).toBeNull();
    },
    loadFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      const board = s.context.board!;
      expect([OWNER_BOARD, GIVEN_BOARD, MANAGER_BOARD]).toContainEqual(board);
      // Only what the board allows now.
      expect(can({ type: 'withdraw', proxyId: 40 })).toBe(board.proxies.some((p) => p.mayWithdraw));
      expect(can({ type: 'decide', proxyId: 40, decide: { accept: true, reason: '' } })).toBe(board.manages);
      expect(can({ type: 'decide', proxyId: 41, decide: { accept: true, reason: '' } })).toBe(false);
      // A refusal keeps the server's words.
      if (s.context.failure?.kind === 'refused') expect(s.context.failure.message).toContain('el límite del condominio');
    },
    reloading: (s) => {
      expect(calls.pending()).toEqual(['reload']);
      expect(s.context.board).not.toBeNull();
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      const input = calls.inputOf('send') as { assemblyId: number; request: unknown };
      expect(input.request).toEqual(s.context.request);
      expect(s.context.failure).toBeNull();
    },
  };

  walkModel(it, cover, assemblyProxyMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyProxyMachine, calls), { input: input as { assemblyId: number } }).start();
    return { actor, calls };
  });
});
