// /condominio/comunicacion/encuestas (spec §2.2; ?PollId=ID opens one): surveys and votes of the EN sections.
// Without PollId, the polls by phase (PollList); with it, one poll to read, vote in and, for administrators,
// to manage (PollScreen). Its own chunk: the route loads it lazily.
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { LoadingCard } from '../common/PageStates';
import { PollListScreen } from './PollList';

/** One poll (the ballot, the results, the administrators' panel): its own chunk, not the list's (issue 29). */
const PollScreen = lazy(() => import('./PollScreen').then((module) => ({ default: module.PollScreen })));

const positiveId = (text: string | null) => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function PollsPage() {
  const pollId = positiveId(new URLSearchParams(useSearch()).get('PollId'));
  // Another poll is another machine.
  if (pollId === null) return <PollListScreen />;
  return (
    <Suspense fallback={<LoadingCard />}>
      <PollScreen key={pollId} pollId={pollId} />
    </Suspense>
  );
}
