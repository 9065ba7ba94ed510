// The support launcher, model-based (every event offered, every branch walked against a real actor), and its rules:
// bottom-right by default, clamped to the spec's limits on load, on every move and on resize; a press that barely
// moves is a click (it toggles), a drag leaves the panel as it was and is stored; arrow keys move it and are stored.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { supportLauncherMachine } from '../../src/machines/supportLauncherMachine';
import {
  clampLauncher,
  defaultLauncherPosition,
  LAUNCHER_EDGE,
  LAUNCHER_MIN_TOP,
  LAUNCHER_SIZE,
} from '../../src/machines/supportLauncherPosition';
import type { LauncherPosition } from '../../src/services/supportLauncherStore';
import { CORNER, DESKTOP, DRAGGED_POINTER, PHONE, PRESS_AT, supportLauncherModel } from '../models/supportLauncherMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof supportLauncherMachine>;
const cover = coverModel(supportLauncherModel);

/** The place is inside the limits of its viewport. */
const inside = (s: Snap) => {
  const { position, viewport } = s.context;
  expect(position.x).toBeGreaterThanOrEqual(LAUNCHER_EDGE);
  expect(position.y).toBeGreaterThanOrEqual(LAUNCHER_MIN_TOP);
  expect(position.x + LAUNCHER_SIZE + LAUNCHER_EDGE).toBeLessThanOrEqual(viewport.width);
  expect(position.y + LAUNCHER_SIZE + LAUNCHER_EDGE).toBeLessThanOrEqual(viewport.height);
};

describe('supportLauncherMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let actor = createActor(supportLauncherMachine, { input: { viewport: DESKTOP, saved: null } });
  let stored: LauncherPosition[] = [];
  const states: StateChecks<Snap> = {
    closed: (s) => {
      inside(s);
      expect(s.context.grab).toBeNull();
      expect(actor.getSnapshot().can({ type: 'close' })).toBe(false);
    },
    open: (s) => {
      inside(s);
      expect(s.context.grab).toBeNull();
      expect(actor.getSnapshot().can({ type: 'close' })).toBe(true);
    },
    dragging: (s) => {
      inside(s);
      expect(s.context.grab?.pointer).toEqual(PRESS_AT);
      expect(actor.getSnapshot().can({ type: 'toggle' })).toBe(false);
    },
    'dragging.fromClosed': () => expect(actor.getSnapshot().can({ type: 'release' })).toBe(true),
    'dragging.fromOpen': (s) => expect(s.context.grab?.origin).toBeDefined(),
  };

  walkModel(it, cover, supportLauncherMachine, states, (input) => {
    stored = [];
    const calls = controllablePromises();
    const machine = provideCalls(supportLauncherMachine, calls).provide({
      actions: { persist: ({ context }) => void stored.push(context.position) },
    });
    actor = createActor(machine, { input: input as never }).start();
    return {
      actor,
      calls,
      after: {
        // A drag that moved is kept; one that did not is a click and keeps nothing.
        release: () => {
          const { position } = actor.getSnapshot().context;
          if (position.x !== CORNER.x) expect(stored.at(-1)).toEqual(position);
          else expect(stored).toEqual([]);
        },
        cancel: () => expect(actor.getSnapshot().context.position).toEqual(CORNER),
        nudge: () => expect(stored.at(-1)).toEqual(actor.getSnapshot().context.position),
      },
    };
  });
});

describe('supportLauncherMachine rules', () => {
  const started = (saved: LauncherPosition | null, viewport = DESKTOP) => {
    const stored: LauncherPosition[] = [];
    const actor = createActor(
      supportLauncherMachine.provide({ actions: { persist: ({ context }) => void stored.push(context.position) } }),
      { input: { viewport, saved } },
    ).start();
    return { actor, stored };
  };
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it('starts bottom-right, 60 px from the right and bottom edges', () => {
    expect(defaultLauncherPosition(DESKTOP)).toEqual(CORNER);
    expect(defaultLauncherPosition(PHONE)).toEqual({ x: 285, y: 739 });
  });

  it('clamps a stored place on load: 60 px from the sides and the bottom, 15 px from the top', () => {
    const { actor } = started({ x: -400, y: -20 });
    stop = () => actor.stop();
    expect(actor.getSnapshot().context.position).toEqual({ x: LAUNCHER_EDGE, y: LAUNCHER_MIN_TOP });
    expect(clampLauncher({ x: 5000, y: 5000 }, DESKTOP)).toEqual(CORNER);
    expect(clampLauncher({ x: 700.4, y: 300.6 }, DESKTOP)).toEqual({ x: 700, y: 301 });
  });

  it('a drag keeps the panel as it was and stores the place; a click toggles and stores nothing', () => {
    const { actor, stored } = started(null);
    stop = () => actor.stop();
    actor.send({ type: 'press', ...PRESS_AT });
    actor.send({ type: 'drag', ...DRAGGED_POINTER });
    actor.send({ type: 'release' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(stored).toEqual([{ x: 985, y: 485 }]);
    actor.send({ type: 'press', x: 1000, y: 500 });
    actor.send({ type: 'drag', x: 1002, y: 501 });
    actor.send({ type: 'release' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(stored).toHaveLength(1);
  });

  it('never drags past the limits, and follows the window when it shrinks', () => {
    const { actor } = started(null);
    stop = () => actor.stop();
    actor.send({ type: 'press', ...PRESS_AT });
    actor.send({ type: 'drag', x: -5000, y: -5000 });
    expect(actor.getSnapshot().context.position).toEqual({ x: LAUNCHER_EDGE, y: LAUNCHER_MIN_TOP });
    actor.send({ type: 'release' });
    actor.send({ type: 'nudge', dx: 0, dy: 100_000 });
    expect(actor.getSnapshot().context.position).toEqual({ x: LAUNCHER_EDGE, y: CORNER.y });
    actor.send({ type: 'resize', width: 300, height: 400 });
    expect(actor.getSnapshot().context.position).toEqual({ x: LAUNCHER_EDGE, y: 400 - LAUNCHER_EDGE - LAUNCHER_SIZE });
  });
});
