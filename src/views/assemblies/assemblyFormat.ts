// How assemblies read on screen: a state's colour, a wall-clock time, a call's quorum.
import type { IntlShape } from 'react-intl';
import type { AssemblyState } from '../../api/assembliesLifecycle';
import type { QuorumRule } from '../../api/assemblyQuorum';

export const STATE_COLOR: Record<AssemblyState, string> = {
  draft: 'gray',
  called: 'blue',
  waiting: 'orange',
  open: 'green',
  closed: 'dark',
  cancelled: 'red',
};

/** 'YYYY-MM-DDTHH:mm' (the condominium's wall clock) as the language writes it. */
export function whenText(intl: IntlShape, local: string): string {
  if (!local) return '';
  const [date = '', time = '00:00'] = local.split('T');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  return intl.formatDate(Date.UTC(y, m - 1, d, h, mi), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

export function quorumText(intl: IntlShape, rule: QuorumRule): string {
  if (rule.percent === 0 && rule.strict) return intl.formatMessage({ id: 'assemblies.quorum.any' });
  return intl.formatMessage(
    { id: rule.strict ? 'assemblies.quorum.moreThan' : 'assemblies.quorum.atLeast' },
    { percent: rule.percent },
  );
}
