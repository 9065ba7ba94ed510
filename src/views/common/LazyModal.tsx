// Dialogs that load when they first open (issue 29): a modal brings its overlay, focus trap, scroll lock and
// scroll area (about 15 KiB gzip), which a page that has not opened it yet does not need. Until then nothing is
// rendered, as a closed Mantine modal renders nothing; once opened the dialog stays mounted, so it closes with
// its own transition and opens again at once.
import type { ModalProps } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';

/** True from the first render with `opened` on. */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

const Modal = lazy(() => import('./ModalChunk'));

/** Mantine's Modal, loaded the first time it opens. */
export function LazyModal(props: ModalProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

/** A dialog component (one with an `opened` prop) in a chunk of its own, loaded the first time it opens. */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<{ default: (props: P) => ReactNode }>) {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(props.opened)) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
