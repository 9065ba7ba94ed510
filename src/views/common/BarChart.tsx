// A bar chart of one column of a report: one bar per row, its label on the left and its value on the
// right. No chart library: a CSS grid (barChart.module.css) the browser lays out, so a long label wraps
// instead of being cut and the text stays readable on a phone. Screen readers get the chart's title; the
// table below it has the figures.
import type { CSSProperties } from 'react';
import { formatMoney } from '../../api/finance';
import classes from './barChart.module.css';

export interface Bar {
  label: string;
  value: number;
}

/** At most this many bars: a report with more rows shows its first ones (the table has them all). */
export const MAX_BARS = 30;

export function BarChart({ bars, money, title }: { bars: Bar[]; money: boolean; title: string }) {
  const shown = bars.slice(0, MAX_BARS);
  const max = Math.max(1, ...shown.map((b) => Math.abs(b.value)));
  return (
    <div role="img" aria-label={title} className={classes.chart}>
      {shown.flatMap((bar, i) => [
        <span key={`label-${i}`} className={classes.label}>
          {bar.label}
        </span>,
        <span
          key={`bar-${i}`}
          className={classes.bar}
          data-negative={bar.value < 0 || undefined}
          style={{ '--bar-share': Math.abs(bar.value) / max } as CSSProperties}
        />,
        <span key={`value-${i}`} className={classes.value}>
          {money ? formatMoney(bar.value) : bar.value.toLocaleString('es-MX')}
        </span>,
      ])}
    </div>
  );
}
