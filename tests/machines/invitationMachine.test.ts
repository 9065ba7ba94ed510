// The "Invitar" dialog, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose sending is a controllable promise; each state checks what is sent. Plus the
// draft's rules: its problems and the request it makes (a dwelling with its kind, or roles without one).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { EMPTY_INVITATION, invitationMachine, invitationProblems, inviteRequest } from '../../src/machines/invitationMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { ALREADY_RESIDENT, invitationModel, SENT } from '../models/invitationMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof invitationMachine>;
const cover = coverModel(invitationModel);

describe('invitationMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof invitationMachine>;
  const can = (type: 'send' | 'retry' | 'back' | 'another') => actor.getSnapshot().can({ type });

  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      expect(can('send')).toBe(true);
      if (s.context.showProblems && s.context.draft.email === '') {
        expect(invitationProblems(s.context.draft)).toEqual(['email', 'name', 'ApmtId']);
      }
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendInvitation']);
      expect(calls.inputOf('sendInvitation')).toEqual(inviteRequest(s.context.draft));
      expect(invitationProblems(s.context.draft)).toEqual([]);
      expect(can('send')).toBe(false);
    },
    refused: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: ALREADY_RESIDENT.message });
      expect(can('send')).toBe(false);
    },
    failed: (s) => {
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect([can('retry'), can('back')]).toEqual([true, true]);
    },
    sent: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.sent).toEqual(SENT);
      expect(can('another')).toBe(true);
    },
  };

  walkModel(it, cover, invitationMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(invitationMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('invitation draft rules', () => {
  it('names every problem: the e-mail, the name, the dwelling or the roles', () => {
    expect(invitationProblems(EMPTY_INVITATION)).toEqual(['email', 'name', 'ApmtId']);
    expect(invitationProblems({ ...EMPTY_INVITATION, target: 'staff' })).toEqual(['email', 'name', 'roles']);
    expect(invitationProblems({ ...EMPTY_INVITATION, email: 'no es correo', name: '  ', ApmtId: 3 })).toEqual(['email', 'name']);
    expect(invitationProblems({ ...EMPTY_INVITATION, email: 'a@b.mx', name: 'A', ApmtId: 3 })).toEqual([]);
  });

  it('sends a dwelling with its kind, or roles without a dwelling, whatever else the draft still holds', () => {
    const draft = {
      email: ' Lola@Correo.MX ',
      name: ' Lola ',
      target: 'dwelling' as const,
      ApmtId: 3,
      kind: 'tenant' as const,
      roles: ['guard' as const],
    };
    expect(inviteRequest(draft)).toEqual({ email: 'lola@correo.mx', name: 'Lola', ApmtId: 3, kind: 'tenant', roles: [] });
    expect(inviteRequest({ ...draft, target: 'staff' })).toEqual({
      email: 'lola@correo.mx',
      name: 'Lola',
      ApmtId: null,
      kind: null,
      roles: ['guard'],
    });
  });

  it('starts over empty after one was sent', async () => {
    const calls = controllablePromises();
    const a = createActor(provideCalls(invitationMachine, calls), { input: {} }).start();
    a.send({ type: 'edit', patch: { email: 'a@b.mx', name: 'A', ApmtId: 3 } });
    a.send({ type: 'send' });
    calls.resolve('sendInvitation', SENT);
    await new Promise((r) => setTimeout(r, 0));
    a.send({ type: 'another' });
    expect(a.getSnapshot().context).toEqual({ draft: EMPTY_INVITATION, showProblems: false, failure: null, sent: null });
  });
});
