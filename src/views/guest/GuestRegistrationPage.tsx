import '@mantine/core/styles/Anchor.css';
// registro-invitados/{token} ('Formulario', spec §2.6): a thin view over guestRegistrationMachine. One of
// the link's refusals, or the event's data and the form, then the success card.
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { guestRegistrationMachine } from '../../machines/guestRegistrationMachine';
import { preloadableLazy } from '../app/preloadableLazy';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { preloadQr } from '../pass/LazyQr';
import { Notice } from '../pass/VisitorBlocks';
import { EventSummary } from './EventSummary';

// The form and the success card come in chunks of their own: the first paint (the event, or a refusal)
// needs neither. The form's is fetched at once, beside the link's form info; the success card's (with the
// QR) once the form shows, so that on a slow network it doesn't compete with the event's first paint.
// Once here, they render without a Suspense fallback (preloadableLazy).
const guestForm = preloadableLazy(() => import('./GuestForm').then((module) => ({ default: module.GuestForm })));
const guestSuccess = preloadableLazy(() => import('./GuestSuccess').then((module) => ({ default: module.GuestSuccess })));
const GuestForm = guestForm.Component;
const GuestSuccess = guestSuccess.Component;
guestForm.preload().catch(() => undefined);
function preloadSuccess() {
  guestSuccess.preload().catch(() => undefined);
  preloadQr();
}

const REFUSALS = ['invalid', 'cancelled', 'ended', 'guestLimit'] as const;

export default function GuestRegistrationPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'guest.title' }));
  const { token = '' } = useParams<{ token: string }>();
  const [state, send] = useMachine(guestRegistrationMachine, { input: { token } });
  const { info, registered } = state.context;
  const refusal = REFUSALS.find((name) => state.matches(name));
  const showsForm = state.matches('form');
  useEffect(() => {
    if (showsForm) preloadSuccess();
  }, [showsForm]);

  return (
    <Center component="main" id="main" mih="100dvh" p="sm" bg="var(--mantine-color-gray-1)" style={{ alignItems: 'flex-start' }}>
      <Stack gap="md" maw={520} w="100%" py="md">
        <Stack gap={0} align="center">
          {info && (
            <Text size="sm" c="dimmed">
              {info.data.condo.CondoName}
            </Text>
          )}
          <Title order={1} size="h3" ta="center">
            <FormattedMessage id="guest.heading" />
          </Title>
        </Stack>
        {state.matches('loading') && (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              <FormattedMessage id="guest.loading" />
            </Text>
          </Stack>
        )}
        {refusal && (
          <Notice color={refusal === 'invalid' ? 'red' : 'orange'} role="alert" data-state={refusal}>
            <FormattedMessage id={`guest.${refusal}`} />
          </Notice>
        )}
        {info && (state.matches('form') || state.matches('submitting')) && (
          <>
            <EventSummary info={info} />
            <Suspense fallback={<Loader mx="auto" aria-hidden />}>
              <GuestForm state={state} send={send} />
            </Suspense>
          </>
        )}
        {state.matches('success') && registered && (
          <Suspense fallback={<Loader mx="auto" aria-hidden />}>
            <GuestSuccess registered={registered} />
          </Suspense>
        )}
      </Stack>
    </Center>
  );
}
