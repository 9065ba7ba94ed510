import '@mantine/core/styles/Alert.css';
// The authentication guard of /condominio/**: signed-out users go to the sign-in page carrying the URL
// they asked for (and, when the server ended the session in use, a word saying so); signed-in ones pass
// the privacy notice gate first. A browser paired as a gate device has no person to sign in: whatever ended its
// shift (Terminar turno, revoked, expired, ended elsewhere), it goes back to its own page, which starts the next
// shift, or asks for a pairing code again once the server refuses the device's token.
import { Alert, Button, Center, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect } from 'wouter';
import { PAIR_PAGE } from '../../api/gateDevices';
import { readPairedDevice } from '../../services/gateDevicesService';
import { PageLoader } from '../common/PageLoader';
import { signInUrlFor } from '../common/returnUrl';
import { SessionContext } from '../common/SessionContext';
import { PrivacyGate } from './PrivacyGate';

export function RequireSession({ children }: { children: ReactNode }) {
  const state = SessionContext.useSelector((s) => s.value);
  const data = SessionContext.useSelector((s) => s.context.data);
  const ended = SessionContext.useSelector((s) => s.context.ended);
  const session = SessionContext.useActorRef();
  if (state === 'signedOut') {
    const device = readPairedDevice();
    if (device) return <Redirect to={`~/condominio${PAIR_PAGE(device.deviceId)}`} replace />;
    const requested = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    // "~": an absolute path, out of the /condominio nest.
    return <Redirect to={`~${signInUrlFor(requested, { ended })}`} replace />;
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
