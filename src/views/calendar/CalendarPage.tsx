// /condominio/comunicacion/calendario-eventos (spec §2.2; ?evento=ID opens one published event, ?evento=nuevo
// the editor of a new one): the events calendar of the EV sections. Its own chunk: the route loads it lazily,
// and the month and week grids (@mantine/schedule) are a further chunk of their own.
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { LoadingCard } from '../common/PageStates';
import { CalendarScreen } from './CalendarScreen';

/** One event, or the editor of a new one: its own chunk (the editor's inputs), not the calendar's (issue 29). */
const LazyEventScreen = lazy(() => import('./EventScreen').then((module) => ({ default: module.EventScreen })));
function EventScreen(props: { eventId: number | null }) {
  return (
    <Suspense fallback={<LoadingCard />}>
      <LazyEventScreen {...props} />
    </Suspense>
  );
}

const positiveId = (text: string | null) => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function CalendarPage() {
  const evento = new URLSearchParams(useSearch()).get('evento');
  if (evento === 'nuevo') return <EventScreen key="nuevo" eventId={null} />;
  const eventId = positiveId(evento);
  // Another event is another machine.
  return eventId === null ? <CalendarScreen /> : <EventScreen key={eventId} eventId={eventId} />;
}
