import '@mantine/core/styles/Anchor.css';
// /login-redirect ('Redirigiendo...', spec §2.8): a thin view over loginRedirectMachine. It reads the
// query, shows that it is redirecting (or why it cannot), and goes where the machine ends (another site, the
// legacy app's login, by the browser itself).
import { Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, useSearch } from 'wouter';
import { loginRedirectMachine, SIGN_IN_PATH } from '../../machines/loginRedirectMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { decodeRedirectUrl } from './decodeRedirectUrl';

export default function LoginRedirectPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'redirect.title' }));
  const query = new URLSearchParams(useSearch());
  const session = SessionContext.useActorRef();
  const [state, send] = useMachine(loginRedirectMachine, {
    input: {
      logout: query.get('logout') === '1',
      antkn: query.get('antkn'),
      redirectTo: decodeRedirectUrl(query.get('redirectURL')),
      session,
    },
  });

  const destination = state.status === 'done' && state.output ? state.output.destination : null;
  // The legacy app's login page is another site: the browser goes there itself.
  const external = destination !== null && /^https?:\/\//.test(destination);
  useEffect(() => {
    if (external && destination) window.location.assign(destination);
  }, [external, destination]);
  if (destination && !external) return <Redirect to={destination} replace />;

  return (
    <Center component="main" id="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-1)">
      <Stack align="center" gap="md" maw={420} w="100%">
        <Title order={1} size="h2">
          <FormattedMessage id="redirect.title" />
        </Title>
        {state.matches('failed') ? (
          <Stack w="100%">
            <FailureAlert failure={state.context.failure} title={<FormattedMessage id="redirect.failedTitle" />} />
            <Button onClick={() => send({ type: 'retry' })}>
              <FormattedMessage id="common.retry" />
            </Button>
            <Anchor component={Link} href={SIGN_IN_PATH} ta="center" size="sm">
              <FormattedMessage id="redirect.goToSignIn" />
            </Anchor>
          </Stack>
        ) : (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              <FormattedMessage id={state.matches('loggingOut') ? 'redirect.signingOut' : 'redirect.wait'} />
            </Text>
          </Stack>
        )}
      </Stack>
    </Center>
  );
}
