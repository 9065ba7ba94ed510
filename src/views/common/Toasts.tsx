// Where toasts appear (@mantine/notifications, DESIGN.md §8): the bottom right corner, the whole width less
// a margin on a phone (the library's own styles). The signed-in shell mounts it lazily, so visitor pages never
// load it; a view shows a toast with `notifications.show` from the same package.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Above the page and its dialogs' overlays, like the toast it replaced. */
const TOASTS_Z_INDEX = 1000;

export default function Toasts() {
  return <Notifications position="bottom-right" containerWidth={400} zIndex={TOASTS_Z_INDEX} />;
}
