import '@mantine/core/styles/Input.css';
// The 'Desde' and 'Hasta' date pickers of the money screens, for their parent's Group: an end before the
// start shows the §5 range message under 'Hasta'.
import { TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

export interface Period {
  fechaInicio: string;
  fechaFin: string;
}

/** A period that can be asked for: both dates, the end not before the start. */
export const isValidPeriod = (period: Period) =>
  Boolean(period.fechaInicio && period.fechaFin) && period.fechaFin >= period.fechaInicio;

export function PeriodFields({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        type="date"
        label={<FormattedMessage id="finance.from" />}
        value={period.fechaInicio}
        onChange={(e) => onChange({ ...period, fechaInicio: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={<FormattedMessage id="finance.to" />}
        value={period.fechaFin}
        error={
          period.fechaFin && period.fechaFin < period.fechaInicio ? intl.formatMessage({ id: 'finance.bulk.invalidRange' }) : null
        }
        onChange={(e) => onChange({ ...period, fechaFin: e.currentTarget.value })}
      />
    </>
  );
}
