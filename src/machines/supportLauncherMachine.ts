// The floating support launcher (spec §3.1, §4, §9): closed or open, and dragged from either with the mouse or a
// finger (pointer events) or moved with the arrow keys. A press that barely moves is a click and toggles the panel;
// a real drag leaves the panel as it was and keeps the new place in local storage. Every place it takes is clamped
// to the spec's limits (supportLauncherPosition.ts), also when the window changes size. The unread badge is the
// support chat's (supportChatMachine), not this machine's.
import { assign, setup } from 'xstate';
import { type LauncherPosition, saveLauncherPosition } from '../services/supportLauncherStore';
import { clampLauncher, DRAG_THRESHOLD, defaultLauncherPosition, type Viewport } from './supportLauncherPosition';

export interface SupportLauncherContext {
  position: LauncherPosition;
  viewport: Viewport;
  /** While dragging: where the pointer went down and where the launcher was then. */
  grab: { pointer: LauncherPosition; origin: LauncherPosition } | null;
  /** The pointer went further than DRAG_THRESHOLD since it went down. */
  moved: boolean;
}

export type SupportLauncherEvent =
  | { type: 'press'; x: number; y: number }
  | { type: 'drag'; x: number; y: number }
  | { type: 'release' }
  | { type: 'cancel' }
  | { type: 'toggle' }
  | { type: 'close' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'resize'; width: number; height: number };

export const supportLauncherMachine = setup({
  types: {
    input: {} as { viewport: Viewport; saved: LauncherPosition | null },
    context: {} as SupportLauncherContext,
    events: {} as SupportLauncherEvent,
  },
  guards: {
    moved: ({ context }) => context.moved,
  },
  actions: {
    grab: assign(({ context }, pointer: LauncherPosition) => ({ grab: { pointer, origin: context.position }, moved: false })),
    follow: assign(({ context }, pointer: LauncherPosition) => {
      const grab = context.grab!;
      const dx = pointer.x - grab.pointer.x;
      const dy = pointer.y - grab.pointer.y;
      const moved = context.moved || Math.hypot(dx, dy) >= DRAG_THRESHOLD;
      if (!moved) return {};
      return { moved, position: clampLauncher({ x: grab.origin.x + dx, y: grab.origin.y + dy }, context.viewport) };
    }),
    restore: assign(({ context }) => ({ position: context.grab?.origin ?? context.position, grab: null, moved: false })),
    letGo: assign({ grab: null, moved: false }),
    nudge: assign(({ context }, step: { dx: number; dy: number }) => ({
      position: clampLauncher({ x: context.position.x + step.dx, y: context.position.y + step.dy }, context.viewport),
    })),
    resize: assign(({ context }, viewport: Viewport) => ({ viewport, position: clampLauncher(context.position, viewport) })),
    persist: ({ context }) => saveLauncherPosition(context.position),
  },
}).createMachine({
  id: 'supportLauncher',
  context: ({ input }) => ({
    viewport: input.viewport,
    position: input.saved ? clampLauncher(input.saved, input.viewport) : defaultLauncherPosition(input.viewport),
    grab: null,
    moved: false,
  }),
  initial: 'closed',
  on: {
    resize: { actions: { type: 'resize', params: ({ event }) => ({ width: event.width, height: event.height }) } },
  },
  states: {
    closed: {
      on: {
        press: { target: 'dragging.fromClosed', actions: { type: 'grab', params: ({ event }) => ({ x: event.x, y: event.y }) } },
        toggle: 'open',
        nudge: { actions: [{ type: 'nudge', params: ({ event }) => ({ dx: event.dx, dy: event.dy }) }, 'persist'] },
      },
    },
    open: {
      on: {
        press: { target: 'dragging.fromOpen', actions: { type: 'grab', params: ({ event }) => ({ x: event.x, y: event.y }) } },
        toggle: 'closed',
        close: 'closed',
        nudge: { actions: [{ type: 'nudge', params: ({ event }) => ({ dx: event.dx, dy: event.dy }) }, 'persist'] },
      },
    },
    /** The pointer is down on the launcher: it follows once it moves past the threshold. */
    dragging: {
      initial: 'fromClosed',
      on: {
        drag: { actions: { type: 'follow', params: ({ event }) => ({ x: event.x, y: event.y }) } },
      },
      states: {
        fromClosed: {
          on: {
            release: [
              { guard: 'moved', target: '#supportLauncher.closed', actions: ['persist', 'letGo'] },
              // A click: the panel opens.
              { target: '#supportLauncher.open', actions: 'letGo' },
            ],
            cancel: { target: '#supportLauncher.closed', actions: 'restore' },
          },
        },
        fromOpen: {
          on: {
            release: [
              { guard: 'moved', target: '#supportLauncher.open', actions: ['persist', 'letGo'] },
              { target: '#supportLauncher.closed', actions: 'letGo' },
            ],
            cancel: { target: '#supportLauncher.open', actions: 'restore' },
          },
        },
      },
    },
  },
});
