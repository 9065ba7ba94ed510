// /condominio/comunicacion/calendario-eventos (spec §2.2; ?evento=ID opens one published event, ?evento=nuevo
// the editor of a new one): the events calendar of the EV sections. Its own chunk: the route loads it lazily,
// and the month and week grids (@mantine/schedule) are a further chunk of their own.
import { useSearch } from 'wouter';
import { CalendarScreen } from './CalendarScreen';
import { EventScreen } from './EventScreen';

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
