// Blocks the condominium area behind the privacy notice until it is accepted (spec §4). Nothing of the
// area renders while the dialog is open, so no page is usable behind it.
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionData } from '../../api/sessions';
import { privacyGateMachine } from '../../machines/privacyGateMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

/**
 * The tab's title while the notice is asked: the condominium, then the notice, as the pages behind it
 * title themselves. Its own component, mounted only while the gate holds, so the page that follows sets
 * its title after this one is gone (a parent's effect would run after, and win over, its children's).
 */
function PrivacyTitle({ condoName }: { condoName: string }) {
  const intl = useIntl();
  useDocumentTitle(condoName, intl.formatMessage({ id: 'privacy.title' }));
  return null;
}

export function PrivacyGate({ data, children }: { data: SessionData; children: ReactNode }) {
  const session = SessionContext.useActorRef();
  // What follows an answer (the session refreshed, or signed out) is the machine's: this only shows it.
  const [state, send] = useMachine(privacyGateMachine, {
    input: {
      notice: data.condo.AvisoPrivacidad,
      active: data.condo.AvisoActivo === 1,
      accepted: data.usuario.AvisoPrivacidad !== null,
      session,
    },
  });

  if (state.matches('passed')) return <>{children}</>;
  const accepting = state.matches('accepting');
  return (
    <>
      <PrivacyTitle condoName={data.condo.CondoName} />
      <Modal
        opened={state.matches('asking') || accepting}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={<FormattedMessage id="privacy.title" />}
        size="lg"
        centered
      >
        <Stack gap="md">
          <ScrollArea.Autosize mah="50vh" type="auto">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{state.context.notice}</Text>
          </ScrollArea.Autosize>
          {state.context.failure ? (
            <FailureAlert failure={state.context.failure} title={<FormattedMessage id="privacy.failed" />} />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!state.can({ type: 'reject' })} onClick={() => send({ type: 'reject' })}>
              <FormattedMessage id="privacy.reject" />
            </Button>
            <Button
              loading={accepting}
              disabled={!accepting && !state.can({ type: 'accept' })}
              onClick={() => send({ type: 'accept' })}
            >
              <FormattedMessage id="privacy.accept" />
            </Button>
          </Group>
          {accepting ? (
            <Text size="sm" c="dimmed" role="status">
              <FormattedMessage id="privacy.updating" />
            </Text>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
