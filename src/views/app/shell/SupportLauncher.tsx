// The floating support launcher of the signed-in shell (spec §3.1, §4, §6, §7, §9; issue 30): administrators only
// (CondoShell mounts it through permissions.canSeeSupportChat). A 45 px round button, bottom-right unless moved,
// dragged with the mouse or a finger or moved with the arrow keys, its place kept in local storage and clamped to
// the spec's limits (supportLauncherMachine). It shows support's unread messages as a badge above 0 and opens the
// chat's panel (the whole screen on a phone). The chat boots with the session's boot data (supportChatMachine) and
// reads again when the live channel's `support` event arrives.
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { supportBootData } from '../../../api/support';
import { supportChatMachine } from '../../../machines/supportChatMachine';
import { supportLauncherMachine } from '../../../machines/supportLauncherMachine';
import { LAUNCHER_SIZE, NUDGE_STEP, type Viewport } from '../../../machines/supportLauncherPosition';
import { readLauncherPosition } from '../../../services/supportLauncherStore';
import { SessionContext } from '../../common/SessionContext';
import { useLiveEvent } from '../../common/useLiveEvent';
import { useCondoTimeZone } from '../../common/zonedTime';
import { SupportIcon } from '../../support/icons';
import { SUPPORT_PANEL_ID, SupportChatPanel } from '../../support/SupportChatPanel';
import classes from './SupportLauncher.module.css';

/** Up to this width the panel takes the whole screen. */
export const PHONE_QUERY = '(max-width: 36em)';
const PANEL_WIDTH = 360;
const PANEL_HEIGHT = 520;
const GAP = 8;

const viewportNow = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight });

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The panel beside the launcher: on the side with more room, inside the window. */
function panelBox(position: { x: number; y: number }, viewport: Viewport) {
  const width = Math.min(PANEL_WIDTH, viewport.width - 2 * GAP);
  const height = Math.min(PANEL_HEIGHT, viewport.height - 2 * GAP);
  const rightHalf = position.x + LAUNCHER_SIZE / 2 > viewport.width / 2;
  const lowerHalf = position.y + LAUNCHER_SIZE / 2 > viewport.height / 2;
  const left = rightHalf ? position.x + LAUNCHER_SIZE - width : position.x;
  const top = lowerHalf ? position.y - GAP - height : position.y + LAUNCHER_SIZE + GAP;
  const clamp = (value: number, size: number, room: number) => Math.min(Math.max(value, GAP), Math.max(GAP, room - size - GAP));
  return { left: clamp(left, width, viewport.width), top: clamp(top, height, viewport.height), width, height };
}

export default function SupportLauncher() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data)!;
  const timeZone = useCondoTimeZone();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const boot = useMemo(() => supportBootData(data), [data]);
  const launcher = useActorRef(supportLauncherMachine, { input: { viewport: viewportNow(), saved: readLauncherPosition() } });
  const chat = useActorRef(supportChatMachine, { input: { boot } });
  const { position, viewport } = useSelector(launcher, (s) => s.context);
  const dragging = useSelector(launcher, (s) => s.matches('dragging'));
  const open = useSelector(launcher, (s) => s.matches('open') || s.matches({ dragging: 'fromOpen' }));
  const unread = useSelector(chat, (s) => s.context.unread);
  const [returnFocus, setReturnFocus] = useState<HTMLButtonElement | null>(null);

  // The window's size changes the limits: the launcher stays inside them.
  useEffect(() => {
    const onResize = () => launcher.send({ type: 'resize', ...viewportNow() });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [launcher]);

  // Support answered, read or moved the conversation (or the channel lost track): the badge or the open
  // conversation reads again now, not at the next periodic read.
  useLiveEvent('support', () => chat.send({ type: 'changed' }));

  // The chat follows the panel: open, it shows the conversation (and reads it); closed, it keeps the badge.
  useEffect(() => {
    chat.send({ type: open ? 'open' : 'close' });
  }, [chat, open]);

  const close = () => {
    launcher.send({ type: 'close' });
    returnFocus?.focus();
  };

  const label =
    unread > 0
      ? intl.formatMessage({ id: 'support.launcher.labelUnread' }, { count: unread })
      : intl.formatMessage({ id: 'support.launcher.label' });

  return (
    <>
      <button
        ref={setReturnFocus}
        type="button"
        className={classes.launcher}
        style={{ left: position.x, top: position.y }}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? SUPPORT_PANEL_ID : undefined}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        title={intl.formatMessage({ id: 'support.launcher.hint' })}
        data-dragging={dragging || undefined}
        data-testid="support-launcher"
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          // The launcher keeps the pointer while it is dragged, even when the pointer outruns it.
          event.currentTarget.setPointerCapture?.(event.pointerId);
          launcher.send({ type: 'press', x: event.clientX, y: event.clientY });
        }}
        onPointerMove={(event) => {
          if (dragging) launcher.send({ type: 'drag', x: event.clientX, y: event.clientY });
        }}
        onPointerUp={() => launcher.send({ type: 'release' })}
        onPointerCancel={() => launcher.send({ type: 'cancel' })}
        onClick={(event) => {
          // A pointer's click was the press and release above; only the keyboard's (Enter, Space) toggles here.
          if (event.detail === 0) launcher.send({ type: 'toggle' });
        }}
        onKeyDown={(event) => {
          const arrow = ARROWS[event.key];
          if (arrow) {
            event.preventDefault();
            const step = event.shiftKey ? NUDGE_STEP * 5 : NUDGE_STEP;
            launcher.send({ type: 'nudge', dx: arrow[0] * step, dy: arrow[1] * step });
          } else if (event.key === 'Escape' && open) {
            launcher.send({ type: 'close' });
          }
        }}
      >
        <SupportIcon name="support" size={24} />
        {unread > 0 ? (
          <span className={classes.badge} aria-hidden="true" data-testid="support-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          className={classes.panel}
          data-full-screen={phone || undefined}
          style={phone ? undefined : panelBox(position, viewport)}
        >
          <SupportChatPanel actor={chat} timeZone={timeZone} onClose={close} />
        </div>
      ) : null}
    </>
  );
}
