import '@mantine/core/styles/Tabs.css';
// /soporte (issue 30): the product's own support desk, outside the condominiums' app and its sessions. Signed out,
// its sign-in; signed in, the conversations by state and condominium beside the one being read, and the desk's
// canned answers and office hours. The agent's language is the page's.
import { Box, Button, Container, Grid, Group, Tabs, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { supportDeskMachine } from '../../machines/supportDeskMachine';
import { supportDeskSettingsMachine } from '../../machines/supportDeskSettingsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { useLanguage } from '../common/LanguageProvider';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { SupportIcon } from './icons';
import { SupportDeskConversation } from './SupportDeskConversation';
import { SupportDeskInbox } from './SupportDeskInbox';
import { SupportDeskSettings } from './SupportDeskSettings';
import { SupportDeskSignIn } from './SupportDeskSignIn';
import { stateName } from './supportFormat';

export default function SupportDeskPage() {
  const intl = useIntl();
  const desk = useActorRef(supportDeskMachine);
  const state = useSelector(desk, (s) => s);
  useDocumentTitle(intl.formatMessage({ id: 'support.desk.title' }));
  const { setLanguage, language } = useLanguage();
  const agentLanguage = state.context.agent?.language;
  useEffect(() => {
    if (agentLanguage && agentLanguage !== language) setLanguage(agentLanguage);
  }, [agentLanguage, language, setLanguage]);

  return (
    <Container size="xl" py="md" data-state={stateName(state.value)}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="xs">
          <SupportIcon name="support" size={24} />
          <Title order={1} size="h3">
            <FormattedMessage id="support.desk.title" />
          </Title>
        </Group>
        {state.context.agent ? (
          <Group gap="xs">
            <Text size="sm">{state.context.agent.nombre}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<SupportIcon name="signOut" />}
              loading={state.matches('signingOut')}
              onClick={() => desk.send({ type: 'signOut' })}
            >
              <FormattedMessage id="support.desk.signOut" />
            </Button>
          </Group>
        ) : null}
      </Group>
      {state.matches('checking') ? (
        <Text role="status" c="dimmed">
          <FormattedMessage id="support.desk.loading" />
        </Text>
      ) : null}
      {state.matches('checkFailed') ? (
        <FailureAlert failure={state.context.failure} onRetry={() => desk.send({ type: 'retry' })} />
      ) : null}
      {state.matches('signedOut') || state.matches('signingIn') ? <SupportDeskSignIn actor={desk} /> : null}
      {state.matches('signedIn') ? <Console desk={desk} /> : null}
    </Container>
  );
}

function Console({ desk }: { desk: ReturnType<typeof useActorRef<typeof supportDeskMachine>> }) {
  const settings = useActorRef(supportDeskSettingsMachine);
  const selected = useSelector(desk, (s) => s.context.selected);
  const canned = useSelector(settings, (s) => s.context.canned);
  const settingsEnded = useSelector(settings, (s) => s.matches('sessionEnded'));
  const ended = useCallback(() => desk.send({ type: 'sessionEnded' }), [desk]);
  const changed = useCallback(() => desk.send({ type: 'changed' }), [desk]);
  useEffect(() => {
    if (settingsEnded) ended();
  }, [settingsEnded, ended]);
  return (
    <Tabs defaultValue="conversations" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="conversations">
          <FormattedMessage id="support.desk.conversations" />
        </Tabs.Tab>
        <Tabs.Tab value="settings">
          <FormattedMessage id="support.desk.settings" />
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="conversations">
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SupportDeskInbox actor={desk} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected === null ? (
              <Box p="md">
                <Text c="dimmed">
                  <FormattedMessage id="support.desk.choose" />
                </Text>
              </Box>
            ) : (
              <SupportDeskConversation
                key={selected}
                conversationId={selected}
                canned={canned}
                onSessionEnded={ended}
                onChanged={changed}
              />
            )}
          </Grid.Col>
        </Grid>
      </Tabs.Panel>
      <Tabs.Panel value="settings">
        <SupportDeskSettings actor={settings} />
      </Tabs.Panel>
    </Tabs>
  );
}
