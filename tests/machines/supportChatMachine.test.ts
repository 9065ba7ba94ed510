// The administrators' support chat, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises and whose periodic refreshes run on a
// simulated clock (each exactly SUPPORT_CHAT_FALLBACK_MS after the last). Plus its rules with fake timers: booted with the
// boot data; the badge kept fresh while closed and gone once open; new messages at once on the live channel's word, and
// every SUPPORT_CHAT_FALLBACK_MS anyway; what was typed survives a failed send and closing the panel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { SUPPORT_CHAT_FALLBACK_MS, SUPPORT_MESSAGES_PAGE, type SupportSendRequest } from '../../src/api/support';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { supportChatMachine } from '../../src/machines/supportChatMachine';
import { COUNTED, NOTHING_NEW, PHOTO, supportChatModel, TEXT, UPDATE } from '../models/supportChatMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { BOOT, BOOTED, CHAT, supportMessage } from '../support/supportFixtures';

type Snap = Snapshot<typeof supportChatMachine>;
const cover = coverModel(supportChatModel);
const AFTER = (state: string) => `xstate.after.refreshDelay.supportChat.${state}`;

describe('supportChatMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof supportChatMachine>;
  let clock = new SimulatedClock();
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const ids = (s: Snap) => s.context.messages.map((m) => m.id);

  const states: StateChecks<Snap> = {
    booting: () => {
      expect(calls.pending()).toEqual(['boot']);
      expect(calls.inputOf('boot')).toEqual(BOOT);
    },
    bootFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    background: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.panelOpen).toBe(false);
      expect(s.context.unread).toBeGreaterThanOrEqual(0);
    },
    counting: (s) => {
      expect(calls.pending()).toEqual(['fetchUnread']);
      expect(s.context.panelOpen).toBe(false);
    },
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchChat']);
      expect(calls.inputOf('fetchChat')).toEqual({ limit: SUPPORT_MESSAGES_PAGE });
      expect(s.context.panelOpen).toBe(true);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    viewing: (s) => {
      // Open, everything shown is read: no badge.
      expect(s.context.unread).toBe(0);
      expect(s.context.panelOpen).toBe(true);
      expect(ids(s)).toEqual([...new Set(ids(s))].sort((a, b) => b - a));
      expect(can({ type: 'send' })).toBe(s.context.text.trim() !== '' || s.context.files.length > 0);
    },
    'viewing.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
    },
    'viewing.refreshing': (s) => {
      expect(calls.pending()).toEqual(['fetchUpdates']);
      expect(calls.inputOf('fetchUpdates')).toEqual({ after: s.context.messages[0]!.id });
    },
    'viewing.loadingOlder': (s) => {
      expect(calls.pending()).toEqual(['fetchOlder']);
      expect(calls.inputOf('fetchOlder')).toEqual({ before: s.context.messages.at(-1)!.id, limit: SUPPORT_MESSAGES_PAGE });
    },
    'viewing.olderFailed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 503 });
      expect(can({ type: 'loadOlder' })).toBe(true);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      expect(calls.inputOf('send')).toEqual({ Texto: s.context.text.trim(), adjuntos: s.context.files });
      expect(can({ type: 'edit', text: 'x' })).toBe(false);
    },
    sendFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.text).not.toBe('');
      expect(s.context.failure).toMatchObject({
        kind: 'refused',
        status: 400,
        message: 'Escribe un mensaje o adjunta un archivo.',
      });
    },
  };

  /** Each periodic refresh comes exactly SUPPORT_CHAT_FALLBACK_MS after the state came to rest, not a millisecond before. */
  const afterExactly = (state: string) => () => {
    clock.increment(SUPPORT_CHAT_FALLBACK_MS - 1);
    expect(actor.getSnapshot().matches(state as never)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, supportChatMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(supportChatMachine, calls), { input: input as never, clock }).start();
    return {
      actor,
      calls,
      special: {
        [AFTER('bootFailed')]: afterExactly('bootFailed'),
        [AFTER('background')]: afterExactly('background'),
        [AFTER('viewing.idle')]: afterExactly({ viewing: 'idle' } as never),
      },
      after: {
        'xstate.done.actor.boot': () => expect(actor.getSnapshot().context.hours).toEqual(BOOTED.horario),
        'xstate.done.actor.unread': () => expect(actor.getSnapshot().context.unread).toBe(COUNTED.noLeidos),
        'xstate.done.actor.send': () =>
          expect(actor.getSnapshot().context).toMatchObject({ text: '', files: [], estado: 'abierta' }),
      },
    };
  });
});

describe('supportChatMachine rules', () => {
  afterEach(() => vi.useRealTimers());
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  function started(updates: () => Promise<typeof UPDATE> = async () => NOTHING_NEW) {
    vi.useFakeTimers();
    const asked = { unread: 0, after: [] as number[], sent: [] as SupportSendRequest[] };
    const actor = createActor(
      supportChatMachine.provide({
        actors: {
          boot: fromPromise(async () => BOOTED),
          fetchUnread: fromPromise(async () => {
            asked.unread += 1;
            return COUNTED;
          }),
          fetchChat: fromPromise(async () => CHAT),
          fetchUpdates: fromPromise(async ({ input }: { input: { after: number } }) => {
            asked.after.push(input.after);
            return updates();
          }),
          send: fromPromise(async ({ input }: { input: SupportSendRequest }) => {
            asked.sent.push(input);
            return { success: true as const, message: supportMessage(41, 'admin', true, input.Texto) };
          }),
        },
      }),
      { input: { boot: BOOT } },
    ).start();
    return { actor, asked };
  }

  it('boots, keeps the badge fresh while closed (at once on the live channel’s word), and drops it when opened', async () => {
    const { actor, asked } = started();
    await flush();
    expect(actor.getSnapshot().context.unread).toBe(2);
    vi.advanceTimersByTime(SUPPORT_CHAT_FALLBACK_MS - 1);
    expect(asked.unread).toBe(0);
    vi.advanceTimersByTime(1);
    await flush();
    expect(asked.unread).toBe(1);
    expect(actor.getSnapshot().context.unread).toBe(3);
    // The live channel's word counts at once.
    actor.send({ type: 'changed' });
    await flush();
    expect(asked.unread).toBe(2);
    actor.send({ type: 'open' });
    await flush();
    expect(actor.getSnapshot().matches({ viewing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.unread).toBe(0);
  });

  it('brings support’s messages while open, at once on the live channel’s word', async () => {
    const { actor, asked } = started(async () => UPDATE);
    await flush();
    actor.send({ type: 'open' });
    await flush();
    vi.advanceTimersByTime(SUPPORT_CHAT_FALLBACK_MS);
    await flush();
    expect(asked.after).toEqual([40]);
    expect(actor.getSnapshot().context.messages[0]).toMatchObject({ id: 41, lado: 'soporte' });
    expect(actor.getSnapshot().context.messages.find((m) => m.id === 39)?.Leido).toBe(UPDATE.leidos[0]!.Leido);
    expect(actor.getSnapshot().context.arrived).toBe(1);
    actor.send({ type: 'changed' });
    await flush();
    expect(asked.after).toEqual([40, 41]);
  });

  it('sends the text trimmed with its files; what was typed stays across closing and opening', async () => {
    const { actor, asked } = started();
    await flush();
    actor.send({ type: 'open' });
    await flush();
    actor.send({ type: 'edit', text: `  ${TEXT}  ` });
    actor.send({ type: 'attach', file: PHOTO });
    actor.send({ type: 'close' });
    actor.send({ type: 'open' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ text: `  ${TEXT}  `, files: [PHOTO] });
    actor.send({ type: 'send' });
    await flush();
    expect(asked.sent).toEqual([{ Texto: TEXT, adjuntos: [PHOTO] }]);
    expect(actor.getSnapshot().context).toMatchObject({ text: '', files: [], estado: 'abierta' });
  });

  it('sends a file without text, never nothing, and at most four files', async () => {
    const { actor } = started();
    await flush();
    actor.send({ type: 'open' });
    await flush();
    expect(actor.getSnapshot().can({ type: 'send' })).toBe(false);
    actor.send({ type: 'edit', text: '   ' });
    expect(actor.getSnapshot().can({ type: 'send' })).toBe(false);
    for (let i = 0; i < 6; i++) actor.send({ type: 'attach', file: PHOTO });
    expect(actor.getSnapshot().context.files).toHaveLength(4);
    expect(actor.getSnapshot().can({ type: 'send' })).toBe(true);
  });
});
