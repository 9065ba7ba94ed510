// The session machine, model-based: restore, load, refresh, sign out, refused tokens, an unreachable
// server and a privacy notice the server says is pending, every state and transition against a real actor
// with controllable calls.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { SessionData } from '../../src/api/sessions';
import { type SessionEvent, sessionMachine } from '../../src/machines/sessionMachine';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

const DATA = {
  condo: { CondoId: 1, CondoName: 'Residencial Las Palmas' },
  usuario: { UserId: 3, UserName: 'Rosa Hernández Díaz', language: 'es' },
} as unknown as SessionData;

/** The same person once their condominium's privacy notice waits for them. */
const DATA_NOTICE_PENDING = {
  condo: { CondoId: 1, CondoName: 'Residencial Las Palmas', AvisoPrivacidad: 'Aviso.', AvisoActivo: 1 },
  usuario: { UserId: 3, UserName: 'Rosa Hernández Díaz', language: 'es', AvisoPrivacidad: null },
} as unknown as SessionData;

type Snap = Snapshot<typeof sessionMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  const loadId = snapshot.matches({ signedIn: 'refreshing' }) ? 'refreshSession' : 'loadSession';
  return [
    { type: 'signedIn', token: 'new-token', rememberMe: true },
    { type: 'signOut' },
    { type: 'refresh' },
    { type: 'retry' },
    { type: 'tokenChanged' },
    { type: 'privacyNoticePending' },
    { type: `xstate.done.actor.${loadId}`, output: DATA },
    // Only after a 403 PRIVACY_NOTICE_PENDING, so the model stays small.
    ...(snapshot.context.noticeRechecked ? [{ type: `xstate.done.actor.${loadId}`, output: DATA_NOTICE_PENDING }] : []),
    { type: `xstate.done.actor.${loadId}`, output: null },
    { type: `xstate.error.actor.${loadId}`, error: new Error('Failed to fetch') },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new Error('Failed to fetch') },
  ];
}

for (const savedToken of [null, 'saved-token']) {
  describe(`sessionMachine model (saved token: ${savedToken ?? 'none'})`, () => {
    const { model, serializeState } = buildModel(sessionMachine, { input: { token: savedToken }, events: eventsFor });
    const paths = coveringPaths(model, serializeState as never);

    it('walks every model state and transition, and every state node is reachable', () => {
      const gaps = coverageGaps(sessionMachine, model, paths, serializeState as never);
      expect(gaps.unwalkedStates).toEqual([]);
      expect(gaps.missingTransitions).toEqual([]);
      // "checking" is left at once (an eventless transition), so it never shows in a settled snapshot.
      expect(gaps.unreachedStateNodes).toEqual(['checking']);
    });

    const calls = controllablePromises();
    let actor: Actor<typeof sessionMachine>;
    let reloads = 0;
    const states: StateChecks<Snap> = {
      checking: () => {
        throw new Error('checking is transient and must never be observed');
      },
      loading: () => expect(actor.getSnapshot().context.token).not.toBeNull(),
      unavailable: () => expect(actor.getSnapshot().context.token).not.toBeNull(),
      signedIn: (s) => {
        expect([DATA, DATA_NOTICE_PENDING]).toContainEqual(actor.getSnapshot().context.data);
        // A refusal for the notice reloads the session once, until session data shows the notice waiting.
        expect(actor.getSnapshot().can({ type: 'privacyNoticePending' })).toBe(!s.context.noticeRechecked);
      },
      'signedIn.idle': () => expect(actor.getSnapshot().context.data).not.toBeNull(),
      'signedIn.refreshing': () => expect(calls.inputOf('loadSession')).toBeUndefined(),
      signingOut: () => expect(actor.getSnapshot().context.token).not.toBeNull(),
      signedOut: () => {
        expect(actor.getSnapshot().context.token).toBeNull();
        expect(actor.getSnapshot().context.data).toBeNull();
      },
    };

    walkEveryPath(it, sessionMachine, paths, states, () => {
      // The page reload of the token-change rule is counted instead of done.
      const counted = sessionMachine.provide({ actions: { reloadPage: () => void reloads++ } });
      actor = createActor(providePromises(counted, calls, ['loadSession', 'signOut']), {
        input: { token: savedToken },
      }).start();
      return {
        actor,
        calls,
        send: ['signedIn', 'signOut', 'refresh', 'retry', 'privacyNoticePending'],
        // Both the first load and a refresh run the loadSession service.
        invoked: { loadSession: 'loadSession', refreshSession: 'loadSession', signOut: 'signOut' },
        special: {
          tokenChanged: (step) => {
            const before = reloads;
            actor.send(step.event as SessionEvent);
            expect(reloads).toBe(before + 1);
          },
        },
      };
    });
  });
}

describe('sessionMachine token-change rule (spec §4)', () => {
  it('clears the response cache and reloads with reloadTime, whatever the state', async () => {
    const { responseCache } = await import('../../src/services/responseCache');
    const { reloadUrl } = await import('../../src/machines/sessionMachine');
    await responseCache.put('GET /api/--reportes/torres-list ', new Response('[]'));
    const reloaded: string[] = [];
    const actor = createActor(
      sessionMachine.provide({ actions: { reloadPage: () => void reloaded.push(reloadUrl('https://x.mx/condominio?a=1', 42)) } }),
      { input: { token: null } },
    ).start();
    actor.send({ type: 'tokenChanged' });
    expect(responseCache.size).toBe(0);
    expect(reloaded).toEqual(['https://x.mx/condominio?a=1&reloadTime=42']);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});
