// The poll editor's dialog, in a chunk of its own: only an administrator writing or editing a poll opens it, and
// its form and machine would otherwise load with every poll list and poll (issue 29).
import { type ComponentProps, lazy, Suspense } from 'react';
import type { PollEditorDialog as Dialog } from './PollEditor';

const Editor = lazy(() => import('./PollEditor').then((module) => ({ default: module.PollEditorDialog })));

export function PollEditorDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}
