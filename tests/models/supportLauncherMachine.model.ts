// The support launcher as a test model (issue 30): a desktop of 1440 × 900 with nothing stored, so it starts at the
// bottom-right corner (1335, 795). A press on it, a slight move that is still a click, a real drag to the middle, the
// arrow keys (one step left, and a push right that the limit stops), and the window turned into a phone. Each user
// action is offered from the launcher as it started, so the state space stays small. The words its scenarios are
// told in: docs/scenarios/supportLauncherMachine.md.
import type { SnapshotFrom } from 'xstate';
import { supportLauncherMachine } from '../../src/machines/supportLauncherMachine';
import { BARE, defineModel } from '../support/machineModel';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** Bottom-right: 1440 − 60 − 45, 900 − 60 − 45. */
export const CORNER = { x: 1335, y: 795 };
export const PRESS_AT = { x: 1350, y: 810 };
/** Two pixels: under the threshold, still a click. */
export const NUDGED_POINTER = { x: 1352, y: 810 };
/** To the middle of the screen: the launcher's corner moves by the same (-350, -310). */
export const DRAGGED_POINTER = { x: 1000, y: 500 };

type Snap = SnapshotFrom<typeof supportLauncherMachine>;

const atCorner = (s: Snap) => s.context.position.x === CORNER.x && s.context.position.y === CORNER.y;
const onDesktop = (s: Snap) => s.context.viewport.width === DESKTOP.width;

export const supportLauncherModel = defineModel({
  machine: supportLauncherMachine,
  input: { viewport: DESKTOP, saved: null },
  payloads: {
    press: (s) => (atCorner(s) && onDesktop(s) ? [PRESS_AT] : []),
    drag: (s) => (s.context.moved ? [] : [NUDGED_POINTER, DRAGGED_POINTER]),
    release: BARE,
    cancel: BARE,
    toggle: (s) => (atCorner(s) && onDesktop(s) ? BARE : []),
    close: BARE,
    nudge: (s) => {
      if (!atCorner(s) || !onDesktop(s)) return [];
      return s.matches('closed')
        ? [
            { dx: -10, dy: 0 },
            { dx: 50, dy: 0 },
          ]
        : [{ dx: -10, dy: 0 }];
    },
    resize: (s) => (atCorner(s) && onDesktop(s) && s.matches('closed') ? [PHONE] : []),
  },
  words: {
    states: {
      closed:
        'The round launcher (45 px) with the headset icon where it was left, its panel closed; the badge shows support’s unread messages above 0.',
      open: 'The support chat’s panel beside the launcher (the whole screen on a phone), with Cerrar el chat de soporte.',
      dragging: 'The launcher follows the pointer, inside the limits (60 px from the edges, 15 px from the top).',
      'dragging.fromClosed': 'Dragged while its panel was closed.',
      'dragging.fromOpen': 'Dragged while its panel was open.',
    },
    events: {
      press: (e) => `presses on the launcher at (${e.x}, ${e.y})`,
      drag: (e) => (e.x === DRAGGED_POINTER.x ? 'drags it to the middle of the screen' : 'moves the pointer two pixels'),
      release: () => 'lets go',
      cancel: () => 'the browser cancels the pointer (a gesture took it over)',
      toggle: () => 'presses Enter on the launcher',
      close: () => 'presses Cerrar el chat de soporte (or Escape)',
      nudge: (e) =>
        Number(e.dx) < 0 ? 'presses the left arrow key' : 'presses the right arrow key five times with Shift, against the edge',
      resize: () => 'the window turns into a phone’s (390 × 844)',
    },
  },
});
