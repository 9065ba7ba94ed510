// The communication pages, each its own chunk, loaded inside the shell (the header and menu stay while
// a page's code arrives).
import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingCard } from '../common/PageStates';

function inShell<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Page = lazy(load);
  return (props: P) => (
    <Suspense fallback={<LoadingCard />}>
      <Page {...props} />
    </Suspense>
  );
}

export const BlogsPage = inShell(() => import('./BlogsPage'));
export const SectionPage = inShell<{ params: { sectionId: string } }>(() => import('./SectionPage'));
export const PostPage = inShell<{ params: { postID: string } }>(() => import('./PostPage'));
