// One conversation at the support desk, model-based (every event offered, every branch walked, the 15-second refresh
// on a simulated clock), and its rules: only the moves the lifecycle lists and real changes of assignee are offered;
// a canned answer goes after what is typed; a 409 shows the conversation as it now is with the server's words.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { SUPPORT_MESSAGES_PAGE, SUPPORT_REFRESH_MS } from '../../src/api/support';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { supportDeskConversationMachine } from '../../src/machines/supportDeskConversationMachine';
import { supportDeskConversationModel, TAKEN } from '../models/supportDeskConversationMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { AGENT, DESK_CONVERSATION, OTHER_AGENT, SUMMARY } from '../support/supportFixtures';

type Snap = Snapshot<typeof supportDeskConversationMachine>;
const cover = coverModel(supportDeskConversationModel);
const AFTER = 'xstate.after.refreshDelay.supportDeskConversation.viewing.idle';

describe('supportDeskConversationMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof supportDeskConversationMachine>;
  let clock = new SimulatedClock();
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['load']);
      expect(calls.inputOf('load')).toEqual({ conversationId: SUMMARY.id, limit: SUPPORT_MESSAGES_PAGE });
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    gone: (s) => {
      expect(s.context.conversation).toBeNull();
      expect(can({ type: 'retry' })).toBe(false);
    },
    sessionEnded: () => expect(actor.getSnapshot().status).toBe('done'),
    viewing: (s) => {
      expect(s.context.conversation?.CondoName).toBe('Residencial Las Palmas');
      expect(s.context.agents).toEqual(DESK_CONVERSATION.agentes);
      // Closed: only Reabrir is offered; open: En espera and Cerrar.
      expect(can({ type: 'move', estado: 'abierta' })).toBe(s.context.conversation!.estado !== 'abierta');
    },
    'viewing.idle': () => expect(calls.pending()).toEqual([]),
    'viewing.refreshing': (s) => {
      expect(calls.pending()).toEqual(['fetchUpdates']);
      expect(calls.inputOf('fetchUpdates')).toEqual({ conversationId: SUMMARY.id, after: s.context.messages[0]!.id });
    },
    'viewing.loadingOlder': (s) => {
      expect(calls.pending()).toEqual(['loadOlder']);
      expect(calls.inputOf('loadOlder')).toEqual({
        conversationId: SUMMARY.id,
        before: s.context.messages.at(-1)!.id,
        limit: SUPPORT_MESSAGES_PAGE,
      });
    },
    'viewing.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).not.toBeNull();
      expect(can({ type: 'dismiss' })).toBe(true);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['reply']);
      expect(calls.inputOf('reply')).toEqual({
        conversationId: SUMMARY.id,
        Texto: s.context.text.trim(),
        adjuntos: s.context.files,
      });
    },
    sendFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.text).not.toBe('');
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 400 });
    },
    assigning: (s) => {
      expect(calls.pending()).toEqual(['assign']);
      expect(calls.inputOf('assign')).toEqual({
        conversationId: SUMMARY.id,
        agentId: AGENT.id,
        version: s.context.conversation!.version,
      });
    },
    moving: (s) => {
      expect(calls.pending()).toEqual(['move']);
      expect(calls.inputOf('move')).toEqual({
        conversationId: SUMMARY.id,
        estado: 'cerrada',
        version: s.context.conversation!.version,
      });
    },
  };

  walkModel(it, cover, supportDeskConversationMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(supportDeskConversationMachine, calls), { input: input as never, clock }).start();
    return {
      actor,
      calls,
      special: {
        [AFTER]: () => {
          clock.increment(SUPPORT_REFRESH_MS - 1);
          expect(actor.getSnapshot().matches({ viewing: 'idle' })).toBe(true);
          clock.increment(1);
        },
      },
      after: {
        // A lost race shows the conversation as another agent left it, with the server's words.
        'xstate.done.actor.assign': () => {
          const c = actor.getSnapshot().context;
          if (c.conversation?.asignada?.id === OTHER_AGENT.id)
            expect(c.failure).toMatchObject({ status: 409, message: TAKEN.message });
          else expect(c.failure).toBeNull();
        },
        'xstate.done.actor.reply': () => expect(actor.getSnapshot().context).toMatchObject({ text: '', files: [] }),
      },
    };
  });
});

describe('supportDeskConversationMachine rules', () => {
  async function loaded() {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(supportDeskConversationMachine, calls), {
      input: { conversationId: SUMMARY.id },
    }).start();
    calls.resolve('load', DESK_CONVERSATION);
    await settle();
    return actor;
  }

  it('offers a real change of assignee among the active agents, and the lifecycle’s moves only', async () => {
    const actor = await loaded();
    const s = actor.getSnapshot();
    expect(s.can({ type: 'assign', agentId: null })).toBe(false);
    expect(s.can({ type: 'assign', agentId: OTHER_AGENT.id })).toBe(true);
    expect(s.can({ type: 'assign', agentId: 999 })).toBe(false);
    expect(s.can({ type: 'move', estado: 'abierta' })).toBe(false);
    expect(s.can({ type: 'move', estado: 'esperando' })).toBe(true);
    expect(s.can({ type: 'move', estado: 'cerrada' })).toBe(true);
    actor.stop();
  });

  it('puts a canned answer after what is typed, on its own paragraph', async () => {
    const actor = await loaded();
    actor.send({ type: 'insert', text: 'Saludos.' });
    expect(actor.getSnapshot().context.text).toBe('Saludos.');
    actor.send({ type: 'edit', text: 'Hola  ' });
    actor.send({ type: 'insert', text: 'Saludos.' });
    expect(actor.getSnapshot().context.text).toBe('Hola\n\nSaludos.');
    actor.stop();
  });
});
