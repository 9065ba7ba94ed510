// The public page's sign-in card (spec §2.5): the sign-in form with the condominium's subdomain in the
// login flow's input, so that condominium comes first. Once signed in, the visitor goes where the
// sign-in page sends them.
import { Paper, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Redirect } from 'wouter';
import { HOME_PATH } from '../common/returnUrl';
import { SessionContext } from '../common/SessionContext';
import { SignInForm, useLoginFlow } from '../common/SignInForm';

export function PublicLoginCard({ subdomain }: { subdomain: string | null }) {
  const flow = useLoginFlow({ subdomain });
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn') || s.matches('unavailable'));

  // Only a sign-in made here leaves the page: a visitor already signed in may still read it.
  if (flow[0].status === 'done' && signedIn) return <Redirect to={`~${HOME_PATH}`} replace />;

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <SignInForm
        flow={flow}
        header={
          <Title order={2} size="h3">
            <FormattedMessage id="public.login.title" />
          </Title>
        }
      />
    </Paper>
  );
}
