// Administrators of a condominium in trial see the days left (spec §1, §4, §6); the countdown is the pay
// link, to the pricing page.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { trialDaysLeft } from '../../../api/permissions';
import { SessionContext } from '../../common/SessionContext';

/** Days left of the trial, or null when the countdown is not shown to this user. */
export function useTrialDaysLeft(): number | null {
  return SessionContext.useSelector((s) => (s.context.data ? trialDaysLeft(s.context.data, dayjs().format('YYYY-MM-DD')) : null));
}

export function TrialCountdown({ days, size = 'lg' }: { days: number; size?: 'md' | 'lg' }) {
  return (
    <Badge
      component={Link}
      // "~": the pricing page is top-level, outside the /condominio nest the shell lives in.
      href="~/precios-y-planes"
      size={size}
      variant="light"
      color={days <= 7 ? 'red' : 'orange'}
      radius="sm"
      tt="none"
      style={{ flexShrink: 0, cursor: 'pointer' }}
    >
      <FormattedMessage id="shell.trialDaysLeft" values={{ days }} />
    </Badge>
  );
}
