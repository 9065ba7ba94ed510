// The support desk's console, model-based (every event offered, every branch walked, the list's 15-second refresh on
// a simulated clock), and its rules: sign-in only with an e-mail and a password; the filters ask from the first page;
// a desk session that ends anywhere shows the sign-in again.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { SUPPORT_LIST_PAGE, SUPPORT_REFRESH_MS } from '../../src/api/support';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { supportDeskMachine } from '../../src/machines/supportDeskMachine';
import { EMAIL, PASSWORD, supportDeskModel } from '../models/supportDeskMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { AGENT } from '../support/supportFixtures';

type Snap = Snapshot<typeof supportDeskMachine>;
const cover = coverModel(supportDeskModel);
const AFTER = (state: string) => `xstate.after.refreshDelay.supportDesk.${state}`;

describe('supportDeskMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof supportDeskMachine>;
  let clock = new SimulatedClock();
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    checking: () => expect(calls.pending()).toEqual(['checkSession']),
    checkFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    signedOut: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.agent).toBeNull();
      expect(s.context.list).toBeNull();
      expect(can({ type: 'signIn' })).toBe(s.context.email === EMAIL && s.context.password === PASSWORD);
    },
    signingIn: () => {
      expect(calls.pending()).toEqual(['signIn']);
      expect(calls.inputOf('signIn')).toEqual({ email: EMAIL, password: PASSWORD });
    },
    signedIn: (s) => {
      expect(s.context.agent).toEqual(AGENT);
      expect(s.context.password).toBe('');
    },
    'signedIn.listing': (s) => {
      expect(calls.pending()).toEqual(['fetchList']);
      expect(calls.inputOf('fetchList')).toEqual({
        estado: s.context.filter,
        condoId: s.context.condoId,
        limit: SUPPORT_LIST_PAGE,
        offset: s.context.offset,
      });
    },
    'signedIn.ready': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.list).not.toBeNull();
      expect(s.context.failure).toBeNull();
    },
    'signedIn.listFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(s.context.agent).not.toBeNull();
    },
    signingOut: () => expect(calls.pending()).toEqual(['signOut']),
  };

  const afterExactly = (state: object) => () => {
    clock.increment(SUPPORT_REFRESH_MS - 1);
    expect(actor.getSnapshot().matches(state as never)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, supportDeskMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(supportDeskMachine, calls), { clock }).start();
    return {
      actor,
      calls,
      special: {
        [AFTER('signedIn.ready')]: afterExactly({ signedIn: 'ready' }),
        [AFTER('signedIn.listFailed')]: afterExactly({ signedIn: 'listFailed' }),
      },
      after: {
        'xstate.done.actor.signOut': () => expect(actor.getSnapshot().context).toMatchObject({ agent: null, selected: null }),
        sessionEnded: () => expect(actor.getSnapshot().context).toMatchObject({ agent: null, list: null }),
      },
    };
  });
});

describe('supportDeskMachine rules', () => {
  it('asks a filter, a condominium or a page only when it changes, from the first page', () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(supportDeskMachine, calls)).start();
    calls.resolve('checkSession', AGENT);
    return Promise.resolve().then(async () => {
      await new Promise((r) => setTimeout(r, 0));
      calls.resolve('fetchList', {
        success: true,
        items: [],
        total: 45,
        condos: [],
        porEstado: { abierta: 0, esperando: 0, cerrada: 0 },
        noLeidos: 0,
      });
      await new Promise((r) => setTimeout(r, 0));
      expect(actor.getSnapshot().can({ type: 'filter', filter: 'abierta' })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'page', offset: 45 })).toBe(false);
      actor.send({ type: 'page', offset: 20 });
      expect(calls.inputOf('fetchList')).toMatchObject({ offset: 20 });
      actor.send({ type: 'filter', filter: 'cerrada' });
      expect(calls.inputOf('fetchList')).toMatchObject({ estado: 'cerrada', offset: 0 });
      actor.stop();
    });
  });
});
