// The permissions tab's members list, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose page calls are controllable promises. Each state checks what
// is asked (the trimmed search, the role, the page's offset) and what is shown.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type MemberPageRequest, memberPermissionsListMachine } from '../../src/machines/memberPermissionsListMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { answerFor, memberPermissionsListModel, SERVER_ERROR, TYPED } from '../models/memberPermissionsListMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof memberPermissionsListMachine>;
const cover = coverModel(memberPermissionsListModel);

describe('memberPermissionsListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof memberPermissionsListMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const asked = (offset: number) => (s: Snap) => {
    expect(calls.pending()).toEqual(['loadPage']);
    const request = calls.inputOf('loadPage') as MemberPageRequest;
    expect(request).toEqual({ q: s.context.q, rol: s.context.rol, offset });
    if (request.q) expect(TYPED).toContain(request.q);
    expect(can({ type: 'more' })).toBe(false);
  };

  const states: StateChecks<Snap> = {
    loading: (s) => {
      asked(0)(s);
      expect(can({ type: 'search', q: 'x' })).toBe(true);
    },
    loadingMore: (s) => asked(s.context.miembros.length)(s),
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      expect(s.context.total).toBe(answerFor(s.context, 0).total);
      expect(new Set(s.context.miembros.map((m) => m.membershipId)).size).toBe(s.context.miembros.length);
      expect(can({ type: 'more' })).toBe(s.context.miembros.length < s.context.total);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([callFailure(SERVER_ERROR), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  walkModel(it, cover, memberPermissionsListMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(memberPermissionsListMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
