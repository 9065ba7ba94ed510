// /sessions/404, where every unknown path lands (spec §2.1). Its one way out depends on who is looking:
// a signed-in user goes back into their condominium, a signed-out visitor to the sign-in page. While a
// saved token is still being checked the button waits, so it never offers the wrong door first.
import { Button, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { HOME_PATH } from '../common/returnUrl';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { AuthCard } from './AuthCard';

type Visitor = 'signedIn' | 'signedOut' | 'checking';

export function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'notFound.title' }));
  const visitor = SessionContext.useSelector((s): Visitor => {
    if (s.matches('signedOut')) return 'signedOut';
    // Unreachable server with a token kept: the condominium's guard offers the retry.
    if (s.matches('signedIn') || s.matches('unavailable')) return 'signedIn';
    return 'checking';
  });
  return (
    <AuthCard title={<FormattedMessage id="notFound.title" />}>
      <Text>
        <FormattedMessage id="notFound.body" />
      </Text>
      {visitor === 'checking' ? (
        <Button loading aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : visitor === 'signedIn' ? (
        // "~": HOME_PATH is absolute, out of the /sessions nest.
        <Button component={Link} href={`~${HOME_PATH}`}>
          <FormattedMessage id="notFound.backToApp" />
        </Button>
      ) : (
        <Button component={Link} href="/signin">
          <FormattedMessage id="notFound.back" />
        </Button>
      )}
    </AuthCard>
  );
}
