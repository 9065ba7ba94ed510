import '@mantine/core/styles/Alert.css';
// What the sign-in page says when the user was sent there: by the login redirect bridge, signed out on
// purpose (logout=1) or with a one-time access link that was refused; or by the app, because the server
// ended the session in use (signed out on another device, ended from mi-perfil elsewhere, expired).
import { Alert } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useSearch } from 'wouter';
import { BRIDGE_REFUSED_PARAM } from '../../machines/loginRedirectMachine';
import { SESSION_ENDED_PARAM, SESSION_ENDED_VALUE } from './returnUrl';

export function signInNotice(search: string): 'redirect.loggedOut' | 'redirect.refused' | 'session.ended' | null {
  const query = new URLSearchParams(search);
  if (query.get(BRIDGE_REFUSED_PARAM) === 'refused') return 'redirect.refused';
  if (query.get('logout') === '1') return 'redirect.loggedOut';
  if (query.get(SESSION_ENDED_PARAM) === SESSION_ENDED_VALUE) return 'session.ended';
  return null;
}

export function SignInNotice() {
  const notice = signInNotice(useSearch());
  if (!notice) return null;
  return (
    <Alert
      color={notice === 'redirect.loggedOut' ? 'blue' : 'orange'}
      role={notice === 'redirect.loggedOut' ? 'status' : 'alert'}
    >
      <FormattedMessage id={notice} />
    </Alert>
  );
}
