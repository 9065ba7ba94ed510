// /sessions/signin: the sign-in form on its own page, returning to the page that sent the user here.
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, useSearch } from 'wouter';
import { HOME_PATH, RETURN_URL_PARAM, safeReturnUrl } from '../common/returnUrl';
import { SessionContext } from '../common/SessionContext';
import { SignInForm, useLoginFlow } from '../common/SignInForm';
import { SignInNotice } from '../common/SignInNotice';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { AuthCard } from './AuthCard';

export function SignInPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'sessions.title' }), intl.formatMessage({ id: 'login.title' }));
  const returnUrl = safeReturnUrl(new URLSearchParams(useSearch()).get(RETURN_URL_PARAM));
  const flow = useLoginFlow({ returnUrl });
  // Signed in, or signed in but the session data could not load: either way the page asked for takes
  // over (its guard offers a retry when the server is unreachable).
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn') || s.matches('unavailable'));

  if (signedIn) return <Redirect to={`~${returnUrl ?? HOME_PATH}`} replace />;

  return (
    <AuthCard title={<FormattedMessage id="login.title" />} subtitle={<FormattedMessage id="login.subtitle" />}>
      <SignInForm flow={flow} header={<SignInNotice />} />
    </AuthCard>
  );
}
