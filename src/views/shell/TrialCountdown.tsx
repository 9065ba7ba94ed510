// Administrators of a condominium in trial see the days left (spec §1, §4, §6). The pay link belongs to
// the pricing page, which is not built yet, so the countdown stands alone for now.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import { FormattedMessage } from 'react-intl';
import { trialDaysLeft } from '../../api/permissions';
import { SessionContext } from '../session/SessionContext';

/** Days left of the trial, or null when the countdown is not shown to this user. */
export function useTrialDaysLeft(): number | null {
  return SessionContext.useSelector((s) => (s.context.data ? trialDaysLeft(s.context.data, dayjs().format('YYYY-MM-DD')) : null));
}

export function TrialCountdown({ days, size = 'lg' }: { days: number; size?: 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="light" color={days <= 7 ? 'red' : 'orange'} radius="sm" tt="none" style={{ flexShrink: 0 }}>
      <FormattedMessage id="shell.trialDaysLeft" values={{ days }} />
    </Badge>
  );
}
