// The month on wide screens (@mantine/schedule's MonthView): a chunk of its own, see CalendarGrid.tsx.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/schedule/styles.css';
import { MonthView } from '@mantine/schedule';
import type { GridViewProps } from './CalendarGrid';

export default function MonthGrid(props: GridViewProps) {
  return <MonthView {...props} withHeader={false} maxEventsPerDay={3} />;
}
