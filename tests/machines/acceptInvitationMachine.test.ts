// The invitation's page, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises; the session (a recorder) gets the token
// exactly when the invitation is accepted. Plus the form's rules for a new person and for an existing account.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { acceptInvitationMachine, formIsValid } from '../../src/machines/acceptInvitationMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  ACCEPT_SESSION,
  acceptInvitationModel,
  HAS_ACCOUNT,
  NEW_PERSON,
  PASSWORD,
  TOKEN,
  USED_LINK,
  WRONG_PASSWORD,
} from '../models/acceptInvitationMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof acceptInvitationMachine>;
const cover = coverModel(acceptInvitationModel);

describe('acceptInvitationMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof acceptInvitationMachine>;
  const snapshot = () => actor.getSnapshot();
  const can = (type: 'submit' | 'retry') => snapshot().can({ type });
  beforeEach(() => ACCEPT_SESSION.clear());

  const states: StateChecks<Snap> = {
    checkingLink: () => {
      throw new Error('checkingLink is transient and must never be observed');
    },
    loading: () => {
      expect(calls.pending()).toEqual(['loadInvitation']);
      expect(calls.inputOf('loadInvitation')).toEqual({ token: TOKEN });
    },
    unavailable: (s) => {
      expect(calls.pending()).toEqual([]);
      // Nothing is known of the invitation yet: only retrying is offered.
      expect(s.context.invitation).toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect([can('retry'), can('submit')]).toEqual([true, false]);
    },
    form: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([NEW_PERSON, HAS_ACCOUNT]).toContainEqual(s.context.invitation);
      expect(can('submit')).toBe(formIsValid(s.context));
      expect(ACCEPT_SESSION.received).toEqual([]);
    },
    accepting: () => {
      expect(calls.pending()).toEqual(['accept']);
      expect(calls.inputOf('accept')).toEqual({ token: TOKEN, password: PASSWORD });
      expect(can('submit')).toBe(false);
    },
    refused: (s) => {
      expect(s.context.refusal).toBe(WRONG_PASSWORD);
      expect(can('submit')).toBe(true);
    },
    throttled: () => {
      expect(calls.pending()).toEqual([]);
      expect(can('submit')).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.invitation).not.toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
      expect(snapshot().can({ type: 'change', field: 'password', value: 'x' })).toBe(true);
    },
    invalid: (s) => {
      expect(snapshot().status).toBe('done');
      expect([USED_LINK, null]).toContain(s.context.linkMessage);
      expect(snapshot().context.password).toBe('');
      expect(ACCEPT_SESSION.received).toEqual([]);
    },
    accepted: () => {
      expect(snapshot().status).toBe('done');
      expect(snapshot().context).toMatchObject({ password: '', confirmation: '', sessionToken: 'session-token' });
      expect(ACCEPT_SESSION.received).toEqual([{ type: 'signedIn', token: 'session-token', rememberMe: false }]);
    },
  };

  walkModel(it, cover, acceptInvitationMachine, states, (input) => {
    calls = controllablePromises();
    ACCEPT_SESSION.clear();
    actor = createActor(provideCalls(acceptInvitationMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('acceptInvitationMachine rules', () => {
  it('asks a new person for a password under the shared rule and its confirmation', () => {
    const base = { invitation: NEW_PERSON, password: '', confirmation: '' };
    expect(formIsValid(base)).toBe(false);
    expect(formIsValid({ ...base, password: 'corta1', confirmation: 'corta1' })).toBe(false);
    expect(formIsValid({ ...base, password: PASSWORD, confirmation: 'otra' })).toBe(false);
    expect(formIsValid({ ...base, password: PASSWORD, confirmation: PASSWORD })).toBe(true);
  });

  it('asks a person with an account only for their password, whatever its shape', () => {
    expect(formIsValid({ invitation: HAS_ACCOUNT, password: '', confirmation: '' })).toBe(false);
    expect(formIsValid({ invitation: HAS_ACCOUNT, password: 'x', confirmation: '' })).toBe(true);
  });

  it('refuses a missing or malformed link before asking the server', () => {
    for (const token of [null, '', 'corto', 'con espacios y más de veinte caracteres']) {
      const s = createActor(acceptInvitationMachine, { input: { token, session: ACCEPT_SESSION.ref } })
        .start()
        .getSnapshot();
      expect(s.value, String(token)).toBe('invalid');
      expect(s.context.linkMessage).toBeNull();
    }
  });
});
