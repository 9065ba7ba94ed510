// The week, hour by hour (@mantine/schedule's WeekView): a chunk of its own, see CalendarGrid.tsx.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/schedule/styles.css';
import { WeekView } from '@mantine/schedule';
import type { GridViewProps } from './CalendarGrid';

export default function WeekGrid(props: GridViewProps) {
  return <WeekView {...props} withHeader={false} />;
}
