// The log's exports of the filtered set, CSV and PDF side by side: one file at a time, the one on its way
// showing the kilobytes received so far, both idle otherwise. What a finished or failed export says is the
// page's (it reads the machine's state); these only ask.
import { Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { MovementExportFormat } from '../../../machines/movementLogMachine';

const LABELS: Record<MovementExportFormat, string> = { csv: 'gate.log.export', pdf: 'gate.log.exportPdf' };

export function MovementExportButtons(props: {
  /** The format on its way, or null when none is. */
  exporting: MovementExportFormat | null;
  bytes: number;
  onExport(format: MovementExportFormat): void;
}) {
  const { exporting, bytes } = props;
  return (
    <Group gap="xs">
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant={format === 'csv' ? 'filled' : 'default'}
          onClick={() => props.onExport(format)}
          disabled={exporting !== null}
          aria-busy={exporting === format}
          mih={44}
        >
          {exporting === format ? (
            <FormattedMessage id="gate.log.exporting" values={{ kb: Math.round(bytes / 1024) }} />
          ) : (
            <FormattedMessage id={LABELS[format]} />
          )}
        </Button>
      ))}
    </Group>
  );
}
