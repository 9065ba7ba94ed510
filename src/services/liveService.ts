// The live channel in the browser (issue 30, DESIGN.md §9): one stream per browser, whatever the number of tabs. The
// tabs of one session take turns holding it: the first to get the Web Lock `condo-live:<scope>` reads the stream
// (liveChannelMachine, in every tab, leads while it holds the lock and follows otherwise) and relays each event, and
// its state, to the others through a BroadcastChannel of the same name. A tab closing lets the lock go; the next tab
// in line takes it and resumes from the last event id it was relayed. Where the browser has no Web Locks, each tab
// reads a stream of its own; without BroadcastChannel nothing is relayed (each tab leads).
//
// In each tab, the screens listen here (useLiveEvent, src/views/common): deliverLive hands them what arrived, by
// kind; a resync (the stream could not replay what was missed) tells every listener to read itself again.
import type { LiveEvent, LiveEventType, LiveStatus } from '../api/live';

/** What the tabs of one session tell each other. */
export type LiveTabMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'status'; status: LiveStatus }
  | { kind: 'resync' }
  /** A tab that just joined asks the one holding the stream for its state (joinLiveTabs says it). */
  | { kind: 'hello' };

/** What a screen is told: an event of a kind it listens to, or (undefined) "read yourself again". */
export type LiveListener = (event?: LiveEvent) => void;

const listeners = new Map<LiveListener, ReadonlySet<LiveEventType>>();

/** Listens to events of these kinds in this tab (and to resyncs); answers the way to stop. */
export function subscribeLive(types: readonly LiveEventType[], listener: LiveListener): () => void {
  listeners.set(listener, new Set(types));
  return () => {
    listeners.delete(listener);
  };
}

/** Hands an event to this tab's listeners of its kind. A listener that throws does not stop the others. */
export function deliverLive(event: LiveEvent): void {
  for (const [listener, types] of [...listeners]) {
    if (!types.has(event.type)) continue;
    try {
      listener(event);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/** Tells every listener of this tab to read itself again. */
export function deliverResync(): void {
  for (const listener of [...listeners.keys()]) {
    try {
      listener();
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

const channelName = (scope: string) => `condo-live:${scope}`;

/** This tab's place among the session's tabs. */
export interface LiveTabs {
  /** Tells the other tabs (a BroadcastChannel does not hear itself). */
  post(message: LiveTabMessage): void;
  /** Lets the lock go (the next tab leads) and stops listening. */
  leave(): void;
}

/** The tab's current join, by scope: what postToTabs posts through. */
const joins = new Map<string, LiveTabs>();

/** Tells the session's other tabs, through this tab's join (nothing when it has not joined). */
export function postToTabs(scope: string, message: LiveTabMessage): void {
  joins.get(scope)?.post(message);
}

/**
 * Joins the session's tabs: `onMessage` hears the others; `onLead` is called once this tab holds the stream's lock
 * (at once without Web Locks).
 */
export function joinLiveTabs(scope: string, onLead: () => void, onMessage: (message: LiveTabMessage) => void): LiveTabs {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName(scope));
  channel?.addEventListener('message', (message: MessageEvent<LiveTabMessage>) => onMessage(message.data));
  let release: (() => void) | null = null;
  let left = false;
  const abort = new AbortController();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    locks
      .request(channelName(scope), { signal: abort.signal }, () => {
        if (left) return;
        onLead();
        // Held until this tab leaves (or closes: the browser lets it go then).
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {
        // Left before getting it (aborted): nothing to let go.
      });
  } else {
    queueMicrotask(() => {
      if (!left) onLead();
    });
  }
  const tabs: LiveTabs = {
    post(message) {
      if (left) return;
      try {
        channel?.postMessage(message);
      } catch {
        // A closing page: nobody left to tell.
      }
    },
    leave() {
      if (left) return;
      left = true;
      if (joins.get(scope) === tabs) joins.delete(scope);
      channel?.close();
      abort.abort();
      release?.();
    },
  };
  joins.set(scope, tabs);
  // The tab holding the stream answers with its state.
  tabs.post({ kind: 'hello' });
  return tabs;
}

// The channel's state as this tab's screens show it (src/views/common/LiveChannel.tsx publishes the machine's).
let status: LiveStatus | null = null;
const statusListeners = new Set<() => void>();

export function publishLiveStatus(next: LiveStatus | null): void {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

export const getLiveStatus = (): LiveStatus | null => status;

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}
