import '@mantine/core/styles/Anchor.css';
// registro-invitados/{token} ('Formulario', spec §2.6): a thin view over guestRegistrationMachine. One of
// the link's refusals, or the event's data and the form, then the success card.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { guestRegistrationMachine } from '../../machines/guestRegistrationMachine';
import { settleEarlyGuestForm, takeSettledGuestForm } from '../../services/guestsService';
import { preloadQr } from '../common/LazyQr';
import { preloadableLazy, useArrived } from '../common/preloadableLazy';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { Notice, VisitorHeading } from '../common/VisitorBlocks';
import { VisitorLanguageSwitch } from '../common/VisitorLanguageSwitch';
import { EventSummary } from './EventSummary';

// The form and the success card come in chunks of their own: the first paint (the event, or a refusal)
// needs neither, and on a slow network they would compete with it for the line. The form's is fetched
// once the event shows (a loader holds its place meanwhile); the success card's, with the QR, once the
// form is there.
const guestForm = preloadableLazy(() => import('./GuestForm').then((module) => ({ default: module.GuestForm })));
const guestSuccess = preloadableLazy(() => import('./GuestSuccess').then((module) => ({ default: module.GuestSuccess })));
const GuestForm = guestForm.Component;
const GuestSuccess = guestSuccess.Component;
function preloadSuccess() {
  guestSuccess.preload().catch(() => undefined);
  preloadQr();
}

const REFUSALS = ['invalid', 'cancelled', 'ended', 'guestLimit'] as const;

/** Before the first render (src/views/app/routes.tsx): reads the link's answer if it is in already. */
export const prepare = settleEarlyGuestForm;

export default function GuestRegistrationPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'guest.title' }));
  const { token = '' } = useParams<{ token: string }>();
  const [preloaded] = useState(() => takeSettledGuestForm(token));
  const [state, send] = useMachine(guestRegistrationMachine, { input: { token, preloaded } });
  const { info, registered } = state.context;
  const refusal = REFUSALS.find((name) => state.matches(name));
  const showsForm = state.matches('form') || state.matches('submitting');
  const formArrived = useArrived(guestForm, showsForm);
  useEffect(() => {
    if (formArrived) preloadSuccess();
  }, [formArrived]);

  return (
    <Center component="main" id="main" mih="100dvh" p="sm" bg="var(--mantine-color-gray-1)" style={{ alignItems: 'flex-start' }}>
      <Stack gap="md" maw={520} w="100%" py="md">
        <VisitorLanguageSwitch />
        <Stack gap={0} align="center">
          {info && (
            <Text size="sm" c="dimmed">
              {info.data.condo.CondoName}
            </Text>
          )}
          <VisitorHeading>
            <FormattedMessage id="guest.heading" />
          </VisitorHeading>
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
        {info && showsForm && (
          <>
            <EventSummary info={info} />
            {formArrived ? (
              <Suspense fallback={<Loader mx="auto" aria-hidden />}>
                <GuestForm state={state} send={send} />
              </Suspense>
            ) : (
              <Loader mx="auto" aria-hidden />
            )}
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
