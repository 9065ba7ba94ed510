// /condominio/comunicacion/encuestas (spec §2.2; ?PollId=ID opens one): surveys and votes of the EN sections.
// Without PollId, the polls by phase (PollList); with it, one poll to read, vote in and, for administrators,
// to manage (PollScreen). Its own chunk: the route loads it lazily.
import { useSearch } from 'wouter';
import { PollListScreen } from './PollList';
import { PollScreen } from './PollScreen';

const positiveId = (text: string | null) => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function PollsPage() {
  const pollId = positiveId(new URLSearchParams(useSearch()).get('PollId'));
  // Another poll is another machine.
  return pollId === null ? <PollListScreen /> : <PollScreen key={pollId} pollId={pollId} />;
}
