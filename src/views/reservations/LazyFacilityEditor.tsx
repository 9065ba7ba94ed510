// The facility editor's dialog, in a chunk of its own: only an administrator creating or editing a facility opens it,
// and its form (number inputs, the photos, its machine) would otherwise load with every facility page (issue 29).
import { type ComponentProps, lazy, Suspense } from 'react';
import type { FacilityEditorDialog as Dialog } from './FacilityEditor';

const Editor = lazy(() => import('./FacilityEditor').then((module) => ({ default: module.FacilityEditorDialog })));

export function FacilityEditorDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}
