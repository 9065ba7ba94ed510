// One conversation, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises and whose periodic refresh runs on a
// simulated clock (each refresh checked to come exactly CONVERSATION_REFRESH_MS after the last; the live channel's
// `refresh` asks at once). Plus its rules with fake timers: new messages and read receipts appear on the live
// channel's word, and every CONVERSATION_REFRESH_MS besides, without reloading; what was
// typed survives a failed send; the administration's side neither blocks nor reports; the requests sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  CONVERSATION_REFRESH_MS,
  MESSAGE_MAX_PHOTOS,
  MESSAGES_PAGE_SIZE,
  type SendMessageRequest,
} from '../../src/api/conversations';
import { applyReadReceipts, conversationMachine, mergeMessages } from '../../src/machines/conversationMachine';
import { photoProblem } from '../../src/machines/messagePhotos';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { ApiError } from '../../src/services/http';
import {
  CONVERSATION_ID,
  conversationModel,
  message,
  NEWEST,
  NOTHING_NEW,
  OLDER,
  PHOTO,
  REASON,
  REPORTED_ID,
  SUMMARY,
  TEXT,
  UPDATE,
} from '../models/conversationMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof conversationMachine>;
const cover = coverModel(conversationModel);
const ids = (s: Snap) => s.context.messages.map((m) => m.id);
const AFTER = (state: string) => `xstate.after.refreshDelay.conversation.viewing.${state}`;

describe('conversationMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof conversationMachine>;
  let clock = new SimulatedClock();
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);
  /** Newest first, each once, whatever arrived or was sent. */
  const inOrder = (s: Snap) => expect(ids(s)).toEqual([...new Set(ids(s))].sort((a, b) => b - a));

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadConversation']);
      expect(calls.inputOf('loadConversation')).toEqual({ conversationId: CONVERSATION_ID, limit: MESSAGES_PAGE_SIZE });
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'send' })).toBe(false);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'retry' })).toBe(true);
      // A lost connection has no words of the server's: the screen says it in its own.
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    refused: (s) => {
      expect(now().status).toBe('active');
      expect(s.context.messages).toEqual([]);
      expect(can({ type: 'retry' })).toBe(false);
    },
    viewing: (s) => {
      inOrder(s);
      expect(s.context.conversation?.ConversationId).toBe(CONVERSATION_ID);
      expect(s.context.reporting).toBeNull();
      // Enviar is offered exactly when there is something to send to a dwelling not blocked.
      expect(can({ type: 'send' })).toBe(s.context.text.trim() !== '' && !s.context.conversation!.bloqueado);
      expect(can({ type: 'block' })).toBe(!s.context.conversation!.bloqueado);
      expect(can({ type: 'unblock' })).toBe(s.context.conversation!.bloqueado);
    },
    'viewing.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'loadOlder' })).toBe(s.context.hayMas);
    },
    'viewing.refreshing': (s) => {
      expect(calls.pending()).toEqual(['fetchUpdates']);
      expect(calls.inputOf('fetchUpdates')).toEqual({ conversationId: CONVERSATION_ID, after: s.context.messages[0]!.id });
      expect(s.context.failure).toBeNull();
    },
    'viewing.loadingOlder': (s) => {
      expect(calls.pending()).toEqual(['loadOlder']);
      expect(calls.inputOf('loadOlder')).toEqual({
        conversationId: CONVERSATION_ID,
        before: s.context.messages.at(-1)!.id,
        limit: MESSAGES_PAGE_SIZE,
      });
      expect(can({ type: 'loadOlder' })).toBe(false);
    },
    'viewing.olderFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({
        kind: 'refused',
        message: 'El servicio no está disponible. Inténtalo más tarde.',
      });
      expect(can({ type: 'loadOlder' })).toBe(true);
      expect(can({ type: 'dismiss' })).toBe(true);
    },
    'viewing.blockFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'dismiss' })).toBe(true);
      expect(can({ type: 'loadOlder' })).toBe(false);
    },
    blocking: (s) => {
      expect(calls.pending()).toEqual(['setBlocked']);
      expect(calls.inputOf('setBlocked')).toEqual({ ApmtId: 202, bloquear: !s.context.conversation!.bloqueado });
      expect(can({ type: 'send' })).toBe(false);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendMessage']);
      expect(calls.inputOf('sendMessage')).toEqual({
        conversationId: CONVERSATION_ID,
        Texto: s.context.text.trim(),
        fotos: s.context.photos,
      });
      expect(can({ type: 'edit', text: 'x' })).toBe(false);
    },
    sendFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      // What was typed stays, with the server's words.
      expect(s.context.text).not.toBe('');
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: 'Esta vivienda ya no recibe tus mensajes.' });
      expect(can({ type: 'send' })).toBe(true);
    },
    reporting: (s) => {
      expect(s.context.reporting?.id).toBe(REPORTED_ID);
      expect(s.context.reporting?.mio).toBe(false);
    },
    'reporting.editing': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'submitReport' })).toBe(s.context.reason.trim() !== '');
    },
    'reporting.submitting': (s) => {
      expect(calls.pending()).toEqual(['reportMessage']);
      expect(calls.inputOf('reportMessage')).toEqual({ messageId: REPORTED_ID, motivo: s.context.reason.trim() });
      expect(can({ type: 'cancelReport' })).toBe(false);
    },
    'reporting.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.reason).toBe(REASON);
      expect(can({ type: 'submitReport' })).toBe(true);
    },
    reported: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.reporting?.id).toBe(REPORTED_ID);
      expect(can({ type: 'close' })).toBe(true);
    },
  };

  /** The refresh comes exactly 15 s after the conversation came to rest, not a millisecond before. */
  const afterExactly = (state: string) => () => {
    clock.increment(CONVERSATION_REFRESH_MS - 1);
    expect(now().matches({ viewing: state } as never)).toBe(true);
    clock.increment(1);
  };

  const leadsTo = {
    // The refresh's message and read time are on screen, announced once.
    'xstate.done.actor.updates': () => {
      const c = now().context;
      if (c.messages.some((m) => m.id === 61 && !m.mio)) {
        expect(c.messages.find((m) => m.id === 60)?.Leido).toBe(UPDATE.leidos[0]!.Leido);
        expect(c.arrived).toBe(1);
      }
    },
    // The sent message is in the list and the box is empty for the next one.
    'xstate.done.actor.send': () => {
      expect(now().context.messages[0]).toMatchObject({ mio: true, Leido: null });
      expect({ text: now().context.text, photos: now().context.photos }).toEqual({ text: '', photos: [] });
    },
    'xstate.done.actor.older': () => expect(now().context).toMatchObject({ hayMas: false }),
    'xstate.done.actor.block': () => expect(now().matches({ viewing: 'idle' })).toBe(true),
    retry: () => expect(calls.pending()).toEqual(['loadConversation']),
    dismiss: () => expect(now().context.failure).toBeNull(),
  };

  walkModel(it, cover, conversationMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(conversationMachine, calls), { input: input as never, clock }).start();
    return {
      actor,
      calls,
      special: {
        [AFTER('idle')]: afterExactly('idle'),
        [AFTER('olderFailed')]: afterExactly('olderFailed'),
        [AFTER('blockFailed')]: afterExactly('blockFailed'),
      },
      after: leadsTo,
    };
  });
});

describe('conversationMachine rules', () => {
  afterEach(() => vi.useRealTimers());

  /** The machine on fake timers, its calls answered like the server; `updates` gives each refresh's answer. */
  function started(options: { conversation?: typeof NEWEST; updates?: () => Promise<typeof UPDATE> } = {}) {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const asked: number[] = [];
    const actor = createActor(
      conversationMachine.provide({
        actors: {
          loadConversation: fromPromise(async () => options.conversation ?? NEWEST),
          fetchUpdates: fromPromise(async ({ input }: { input: { conversationId: number; after: number } }) => {
            asked.push(input.after);
            return options.updates ? options.updates() : NOTHING_NEW;
          }),
          sendMessage: fromPromise(async ({ input }: { input: SendMessageRequest }) => {
            sent.push(input);
            return { success: true as const, message: message(61, true, null, input.Texto) };
          }),
        },
      }),
      { input: { conversationId: CONVERSATION_ID } },
    ).start();
    return { actor, sent, asked };
  }
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('brings new messages and read receipts every CONVERSATION_REFRESH_MS behind the live channel', async () => {
    let answer = UPDATE;
    const { actor, asked } = started({ updates: async () => answer });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ viewing: 'idle' });
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS - 1);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1);
    await flush();
    expect(asked).toEqual([60]);
    const c = actor.getSnapshot().context;
    expect(c.messages[0]).toMatchObject({ id: 61, mio: false });
    expect(c.messages.find((m) => m.id === 60)?.Leido).toBe(UPDATE.leidos[0]!.Leido);
    expect(c.arrived).toBe(1);
    answer = NOTHING_NEW;
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS);
    await flush();
    expect(asked).toEqual([60, 61]);
    // Nothing new: the last announcement is left as it was, not repeated.
    expect(actor.getSnapshot().context.arrived).toBe(1);
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS);
    await flush();
    expect(asked).toEqual([60, 61, 61]);
  });

  it('keeps refreshing after a failed refresh', async () => {
    let fail = true;
    const { actor, asked } = started({
      updates: async () => {
        if (fail) throw new ApiError(0, 'NETWORK', 'Failed to fetch');
        return UPDATE;
      },
    });
    await flush();
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ viewing: 'idle' });
    fail = false;
    vi.advanceTimersByTime(CONVERSATION_REFRESH_MS);
    await flush();
    expect(asked).toEqual([60, 60]);
    expect(actor.getSnapshot().context.messages[0]!.id).toBe(61);
  });

  it('sends the text trimmed with its photos, then empties the box; nothing is sent blank', async () => {
    const { actor, sent } = started();
    await flush();
    actor.send({ type: 'edit', text: '   ' });
    expect(actor.getSnapshot().can({ type: 'send' })).toBe(false);
    actor.send({ type: 'edit', text: `  ${TEXT}  ` });
    actor.send({ type: 'attach', photo: PHOTO });
    actor.send({ type: 'send' });
    await flush();
    expect(sent).toEqual([{ conversationId: CONVERSATION_ID, Texto: TEXT, fotos: [PHOTO] }]);
    expect(actor.getSnapshot().context).toMatchObject({ text: '', photos: [] });
    expect(actor.getSnapshot().context.messages[0]).toMatchObject({ id: 61, mio: true, Texto: TEXT });
  });

  it('takes at most four photos', async () => {
    const { actor } = started();
    await flush();
    for (let i = 0; i < MESSAGE_MAX_PHOTOS + 2; i++) actor.send({ type: 'attach', photo: PHOTO });
    expect(actor.getSnapshot().context.photos).toHaveLength(MESSAGE_MAX_PHOTOS);
    actor.send({ type: 'detach', index: 0 });
    expect(actor.getSnapshot().context.photos).toHaveLength(MESSAGE_MAX_PHOTOS - 1);
  });

  it('the administration’s side neither blocks nor reports; a blocked dwelling is not written to', async () => {
    const admin = { ...NEWEST, conversation: { ...SUMMARY, yo: { ApmtId: null, Nombre: 'Administración' } } };
    const { actor } = started({ conversation: admin });
    await flush();
    const s = actor.getSnapshot();
    expect(s.can({ type: 'block' })).toBe(false);
    expect(s.can({ type: 'report', messageId: REPORTED_ID })).toBe(false);
    actor.stop();
    const blocked = started({ conversation: { ...NEWEST, conversation: { ...SUMMARY, bloqueado: true } } });
    await flush();
    blocked.actor.send({ type: 'edit', text: TEXT });
    expect(blocked.actor.getSnapshot().can({ type: 'send' })).toBe(false);
    expect(blocked.actor.getSnapshot().can({ type: 'unblock' })).toBe(true);
  });

  it('reports only the other side’s messages, with a reason', async () => {
    const { actor } = started();
    await flush();
    expect(actor.getSnapshot().can({ type: 'report', messageId: 60 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'report', messageId: 999 })).toBe(false);
    actor.send({ type: 'report', messageId: REPORTED_ID });
    actor.send({ type: 'editReason', text: '   ' });
    expect(actor.getSnapshot().can({ type: 'submitReport' })).toBe(false);
  });

  it('merges by id, newest first, and sets read times on one’s own messages only', () => {
    const merged = mergeMessages([message(3, true, null), message(1, false)], [message(2, false), message(3, true, 'x')]);
    expect(merged.map((m) => [m.id, m.Leido])).toEqual([
      [3, 'x'],
      [2, null],
      [1, null],
    ]);
    const read = applyReadReceipts(
      [message(4, true, null), message(3, false)],
      [
        { id: 4, Leido: 'r' },
        { id: 3, Leido: 'r' },
      ],
    );
    expect(read.map((m) => m.Leido)).toEqual(['r', null]);
  });

  it('keeps the server’s words, never those of a lost connection or an unreadable answer', () => {
    expect(callFailure(new ApiError(403, 'FORBIDDEN', 'No puedes.'))).toMatchObject({ kind: 'refused', message: 'No puedes.' });
    expect(callFailure(new ApiError(0, 'NETWORK', 'Failed to fetch'))).toEqual(NETWORK_FAILURE);
    expect(callFailure(new Error('boom'))).toEqual(NETWORK_FAILURE);
  });

  it('takes PNG, JPEG and WebP photos up to 1.5 MB', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1_500_000 })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: 1_500_001 })).toBe('size');
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe('type');
  });

  it('a page of older messages goes after the shown ones', async () => {
    const calls = controllablePromises();
    const walker = createActor(provideCalls(conversationMachine, calls), { input: { conversationId: CONVERSATION_ID } }).start();
    calls.resolve('loadConversation', NEWEST);
    await settle();
    walker.send({ type: 'loadOlder' });
    calls.resolve('loadOlder', OLDER);
    await settle();
    expect(walker.getSnapshot().context.messages.map((m) => m.id)).toEqual(Array.from({ length: 40 }, (_, i) => 60 - i));
    expect(walker.getSnapshot().can({ type: 'loadOlder' })).toBe(false);
  });
});
