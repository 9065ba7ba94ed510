import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Tabs.css';
// /condominio/comunicacion/comunicacion-interpersonal/{sectionId} (spec §2.2; issue 13): private messages
// between dwellings and with the administration. The inbox and the open conversation (?conversacion=ID)
// side by side on a wide screen, one at a time on a phone with the way back; administrators also get
// 'Mensajes reportados' (never residents' conversations). The page owns the inbox actor so the open
// conversation can tell it what it saw and changed, and so a started conversation opens at once.
import { Anchor, Grid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { canReviewReportedMessages } from '../../api/permissions';
import { conversationPath, sectionPath } from '../../api/sections';
import { conversationListMachine } from '../../machines/conversationListMachine';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useLiveEvent } from '../common/useLiveEvent';
import { ConversationPane } from './ConversationPane';
import { Inbox } from './Inbox';
import { NewConversationDialog } from './NewConversationDialog';
import { ReportedMessagesPanel } from './ReportedMessagesPanel';

/** From this width the inbox and the conversation sit side by side. */
export const SIDE_BY_SIDE_QUERY = '(min-width: 48em)';

const positiveId = (text: string | null | undefined) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function ConversationsPage({ params }: { params: { sectionId: string } }) {
  const sectionId = positiveId(params.sectionId);
  if (sectionId === null) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text role="alert">
          <FormattedMessage id="conversations.refused" />
        </Text>
        <Anchor component={Link} href="/comunicacion">
          <FormattedMessage id="conversations.backHome" />
        </Anchor>
      </Stack>
    );
  }
  // Another section is another inbox.
  return <ConversationsScreen key={sectionId} sectionId={sectionId} />;
}

function ConversationsScreen({ sectionId }: { sectionId: number }) {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const title =
    data?.secciones.find((s) => s.SectId === sectionId)?.SectName ?? intl.formatMessage({ id: 'conversations.title' });
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'communication.title' }), title);
  const reviewsReports = data ? canReviewReportedMessages(data) : false;

  const [, navigate] = useLocation();
  const openId = positiveId(new URLSearchParams(useSearch()).get('conversacion'));
  const wide = useMediaQuery(SIDE_BY_SIDE_QUERY, true, { getInitialValueInEffect: false });
  const [tab, setTab] = useState<string | null>('conversations');

  const list = useActorRef(conversationListMachine, { input: { sectionId } });
  useEffect(() => {
    const started = list.on('started', (event) => navigate(conversationPath(sectionId, event.conversationId)));
    return () => started.unsubscribe();
  }, [list, navigate, sectionId]);
  const onSeen = useCallback((conversationId: number) => list.send({ type: 'markRead', conversationId }), [list]);
  const onChanged = useCallback(() => list.send({ type: 'refresh' }), [list]);
  // The live channel (issue 30): a conversation of the caller moved (a message, a read): the inbox reads itself again.
  useLiveEvent('conversation', onChanged);
  const backToInbox = useCallback(() => navigate(sectionPath({ SectId: sectionId, SectCode: 'IC' })!), [navigate, sectionId]);

  const inbox = <Inbox actor={list} sectionId={sectionId} selectedId={openId} />;
  const pane =
    openId === null ? (
      <Text c="dimmed" py="md">
        <FormattedMessage id="conversations.choose" />
      </Text>
    ) : (
      <ConversationPane
        key={openId}
        conversationId={openId}
        onBack={wide ? null : backToInbox}
        onSeen={onSeen}
        onChanged={onChanged}
      />
    );
  const conversations = wide ? (
    <Grid gap="md">
      <Grid.Col span={5}>{inbox}</Grid.Col>
      <Grid.Col span={7}>{pane}</Grid.Col>
    </Grid>
  ) : openId === null ? (
    inbox
  ) : (
    pane
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {reviewsReports ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label={intl.formatMessage({ id: 'conversations.tabs.label' })}>
            <Tabs.Tab value="conversations">
              <FormattedMessage id="conversations.tabs.conversations" />
            </Tabs.Tab>
            <Tabs.Tab value="reports">
              <FormattedMessage id="conversations.tabs.reports" />
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="conversations" pt="md">
            {conversations}
          </Tabs.Panel>
          <Tabs.Panel value="reports" pt="md">
            <ReportedMessagesPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        conversations
      )}
      <NewConversationDialog actor={list} />
    </Stack>
  );
}
