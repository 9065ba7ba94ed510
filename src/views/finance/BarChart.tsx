// A plain SVG bar chart of one column of a report: one bar per row, labels on the left, the value at the
// bar's end. No chart library: a few rectangles weigh nothing.
import { formatMoney } from '../../api/finance';

export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ bars, money, title }: { bars: Bar[]; money: boolean; title: string }) {
  const shown = bars.slice(0, 30);
  const max = Math.max(1, ...shown.map((b) => Math.abs(b.value)));
  const row = 24;
  const labelWidth = 130;
  const width = 440;
  const barSpace = width - labelWidth - 95;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${shown.length * row + 8}`}
      width="100%"
      style={{ maxWidth: 660, display: 'block' }}
    >
      <title>{title}</title>
      {shown.map((bar, i) => {
        const length = Math.max(2, (Math.abs(bar.value) / max) * barSpace);
        const y = i * row + 4;
        return (
          <g key={`${bar.label}-${i}`}>
            <text x={labelWidth - 8} y={y + 15} textAnchor="end" fontSize="11" fill="currentColor">
              {bar.label.length > 20 ? `${bar.label.slice(0, 19)}…` : bar.label}
            </text>
            <rect
              x={labelWidth}
              y={y + 3}
              width={length}
              height={row - 8}
              rx={3}
              fill={bar.value < 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)'}
            />
            <text x={labelWidth + length + 6} y={y + 15} fontSize="11" fill="currentColor">
              {money ? formatMoney(bar.value) : bar.value.toLocaleString('es-MX')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
