// The live channel's tabs and listeners in the browser (src/services/liveService.ts): screens hear the kinds they
// listen to and every resync; the session's tabs take turns holding the stream through a Web Lock, the next in line
// taking over when the holder leaves; they hear each other through a BroadcastChannel, a tab never hearing itself; a
// tab that joins says hello; another session's tabs hear nothing. Two tabs are two joins here (Node's
// BroadcastChannel between them; the Web Locks a stand-in that grants in turn).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../src/api/live';
import {
  deliverLive,
  deliverResync,
  joinLiveTabs,
  type LiveTabMessage,
  type LiveTabs,
  subscribeLive,
} from '../../src/services/liveService';

const MESSAGE: LiveEvent = { id: 3, type: 'conversation', data: { conversationId: 7 } };
const NOTICE: LiveEvent = { id: 4, type: 'notification', data: { modulo: 'mensaje' } };

/** navigator.locks as browsers grant it: one holder per name, the others waiting in line, an aborted wait leaving it. */
function fakeLocks() {
  const queues = new Map<string, { run: () => Promise<void>; signal?: AbortSignal }[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const queue = queues.get(name) ?? [];
    const first = queue.shift();
    if (!first) return held.delete(name);
    held.add(name);
    void first.run().finally(() => next(name));
  };
  return {
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | void) {
      return new Promise<void>((resolve, reject) => {
        const entry = { run: async () => resolve(await callback()), signal: options.signal };
        options.signal?.addEventListener('abort', () => {
          const queue = queues.get(name) ?? [];
          if (queue.includes(entry)) {
            queue.splice(queue.indexOf(entry), 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        queues.set(name, [...(queues.get(name) ?? []), entry]);
        if (!held.has(name)) next(name);
      });
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const joined: LiveTabs[] = [];
afterEach(() => {
  for (const tabs of joined.splice(0)) tabs.leave();
  vi.unstubAllGlobals();
});

function tab(scope: string) {
  const heard: LiveTabMessage[] = [];
  const state = { leads: false };
  const tabs = joinLiveTabs(
    scope,
    () => {
      state.leads = true;
    },
    (message) => heard.push(message),
  );
  joined.push(tabs);
  return { tabs, heard, state };
}

describe('listeners', () => {
  it('hears the kinds it listens to, and every resync, until it stops', () => {
    const bell: (LiveEvent | undefined)[] = [];
    const screens: (LiveEvent | undefined)[] = [];
    const stopBell = subscribeLive(['notification'], (event) => bell.push(event));
    const stopScreens = subscribeLive(['conversation', 'ticket'], (event) => screens.push(event));
    deliverLive(MESSAGE);
    deliverLive(NOTICE);
    deliverResync();
    expect(bell).toEqual([NOTICE, undefined]);
    expect(screens).toEqual([MESSAGE, undefined]);
    stopBell();
    deliverLive(NOTICE);
    expect(bell).toHaveLength(2);
    stopScreens();
  });
});

describe('tabs', () => {
  it('one tab holds the stream at a time; the next in line takes over when it leaves', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const first = tab('1:17');
    const second = tab('1:17');
    await settle();
    expect([first.state.leads, second.state.leads]).toEqual([true, false]);
    first.tabs.leave();
    await settle();
    expect(second.state.leads).toBe(true);
  });

  it('without Web Locks every tab reads its own stream', async () => {
    vi.stubGlobal('navigator', {});
    const first = tab('1:18');
    const second = tab('1:18');
    await settle();
    expect([first.state.leads, second.state.leads]).toEqual([true, true]);
  });

  it('tells the session’s other tabs, never itself and never another session’s', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const leader = tab('1:19');
    const follower = tab('1:19');
    const elsewhere = tab('2:19');
    await settle();
    // The follower said hello when it joined; the leader heard it.
    expect(leader.heard).toEqual([{ kind: 'hello' }]);
    leader.tabs.post({ kind: 'event', event: MESSAGE });
    leader.tabs.post({ kind: 'status', status: 'live' });
    await settle();
    expect(follower.heard).toEqual([
      { kind: 'event', event: MESSAGE },
      { kind: 'status', status: 'live' },
    ]);
    expect(leader.heard).toEqual([{ kind: 'hello' }]);
    expect(elsewhere.heard).toEqual([]);
  });
});
