import '@mantine/core/styles/Alert.css';
// The authentication guard of /condominio/**: signed-out users go to the sign-in page carrying the URL
// they asked for (and, when the server ended the session in use, a word saying so); signed-in ones pass
// the privacy notice gate first. A browser paired as a gate device has no person to sign in: whatever ended its
// shift (Terminar turno, revoked, expired, ended elsewhere), it goes back to its own page, which starts the next
// shift, or asks for a pairing code again once the server refuses the device's token.
import { Alert, Button, Center, Group, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';
import { PrivacyGate } from './PrivacyGate';

/** Where a signed-out browser goes, in a chunk of its own: the paired device's check brings the gate's contracts. */
const SignedOutRedirect = lazy(() => import('./SignedOutRedirect'));

export function RequireSession({ children }: { children: ReactNode }) {
  const state = SessionContext.useSelector((s) => s.value);
  const data = SessionContext.useSelector((s) => s.context.data);
  const ended = SessionContext.useSelector((s) => s.context.ended);
  const session = SessionContext.useActorRef();
  if (state === 'signedOut') {
    return (
      <Suspense fallback={<PageLoader />}>
        <SignedOutRedirect ended={ended} />
      </Suspense>
    );
  }
  if (state === 'unavailable') {
    return (
      <Center mih="60vh" p="md">
        <Stack maw={420}>
          <Alert color="red" title={<FormattedMessage id="session.unavailableTitle" />} role="alert">
            <FormattedMessage id="session.unavailableBody" />
          </Alert>
          <Group grow>
            <Button variant="default" onClick={() => session.send({ type: 'signOut' })}>
              <FormattedMessage id="session.signOut" />
            </Button>
            <Button onClick={() => session.send({ type: 'retry' })}>
              <FormattedMessage id="common.retry" />
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  if (typeof state === 'object' && 'signedIn' in state && data) return <PrivacyGate data={data}>{children}</PrivacyGate>;
  return <PageLoader />;
}
