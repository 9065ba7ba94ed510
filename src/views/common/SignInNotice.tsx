import '@mantine/core/styles/Alert.css';
// What the sign-in page says when the login redirect bridge sent the user there: signed out on purpose
// (logout=1), or a one-time access link that was refused.
import { Alert } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useSearch } from 'wouter';
import { BRIDGE_REFUSED_PARAM } from '../../machines/loginRedirectMachine';

export function signInNotice(search: string): 'redirect.loggedOut' | 'redirect.refused' | null {
  const query = new URLSearchParams(search);
  if (query.get(BRIDGE_REFUSED_PARAM) === 'refused') return 'redirect.refused';
  if (query.get('logout') === '1') return 'redirect.loggedOut';
  return null;
}

export function SignInNotice() {
  const notice = signInNotice(useSearch());
  if (!notice) return null;
  return (
    <Alert color={notice === 'redirect.refused' ? 'orange' : 'blue'} role={notice === 'redirect.refused' ? 'alert' : 'status'}>
      <FormattedMessage id={notice} />
    </Alert>
  );
}
