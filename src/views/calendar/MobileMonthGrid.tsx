// The month on phones: a small grid, the chosen day's items under it (@mantine/schedule's MobileMonthView): a chunk of its own, see CalendarGrid.tsx.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/schedule/styles.css';
import { MobileMonthView } from '@mantine/schedule';
import type { GridViewProps } from './CalendarGrid';

export default function MobileMonthGrid(props: GridViewProps) {
  return <MobileMonthView {...props} defaultSelectedDate={props.date} renderHeader={() => null} />;
}
