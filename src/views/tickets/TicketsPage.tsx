// /condominio/comunicacion/tickets-administrador/{sectionId} (spec §2.2; ?ticket=ID opens one request): the
// section of requests to the administrator. Tabs by what the member may do there, as the server says
// (ticketQueryMachine, kind section): their requests (all of them for administrators) with filters, a new
// request, the overview (administrators; the board as counts) and the settings (administrators).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Tabs.css';
import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import type { TicketSectionAnswer } from '../../api/tickets';
import { ticketQueryMachine } from '../../machines/ticketQueryMachine';
import { FailureText } from '../common/FailureText';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { NewTicketForm } from './NewTicketForm';
import { TicketDetail } from './TicketDetail';
import { TicketList } from './TicketList';
import { TicketOverview } from './TicketOverview';
import { TicketSettings } from './TicketSettings';

const sectionPath = (sectionId: number) => SCREENS.tickets.replace(':sectionId', String(sectionId));

const positiveId = (text: string | null | undefined) => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function TicketsPage({ params }: { params: { sectionId: string } }) {
  const sectionId = positiveId(params.sectionId);
  if (sectionId === null) return <Refused />;
  // Another section is another machine.
  return <TicketsView key={sectionId} sectionId={sectionId} />;
}

function Refused() {
  return (
    <Stack gap="md" align="flex-start">
      <Text role="alert">
        <FormattedMessage id="tickets.sectionRefused" />
      </Text>
      <Anchor component={Link} href={SCREENS.communication}>
        <FormattedMessage id="tickets.backToCommunication" />
      </Anchor>
    </Stack>
  );
}

function TicketsView({ sectionId }: { sectionId: number }) {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const [state, send] = useMachine(ticketQueryMachine, { input: { query: { kind: 'section', sectionId } } });
  const section = state.context.answer?.kind === 'section' ? state.context.answer.data : null;
  const ticketId = positiveId(new URLSearchParams(useSearch()).get('ticket'));
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), section?.section.SectName ?? '');
  const reloadSection = useCallback(() => send({ type: 'reload' }), [send]);

  // One request opens whatever the section says: the request's own call decides (an employee sent here by a
  // notification may work a request in a section they do not read).
  if (ticketId !== null) {
    return (
      <Stack gap="md">
        <Stack gap={4}>
          {section ? (
            <Anchor component={Link} href={sectionPath(sectionId)} size="sm">
              <FormattedMessage id="tickets.backToList" />
            </Anchor>
          ) : null}
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {section ? section.section.SectName : <FormattedMessage id="tickets.tasks.drawerTitle" values={{ id: ticketId }} />}
          </Title>
        </Stack>
        <TicketDetail key={ticketId} ticketId={ticketId} />
      </Stack>
    );
  }
  if (state.matches('refused')) return <Refused />;
  if (!section) {
    if (state.matches('failed')) {
      return (
        <Stack gap="md" align="flex-start" role="alert">
          <Text fw={600}>
            <FormattedMessage id="tickets.sectionFailed" />
          </Text>
          <Text size="sm">
            <FailureText failure={state.context.failure} />
          </Text>
          <Anchor component="button" type="button" onClick={() => send({ type: 'retry' })}>
            <FormattedMessage id="tickets.retry" />
          </Anchor>
        </Stack>
      );
    }
    return <LoadingCard />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} href={SCREENS.communication} size="sm">
          <FormattedMessage id="tickets.backToCommunication" />
        </Anchor>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {section.section.SectName}
        </Title>
      </Stack>
      <SectionTabs sectionId={sectionId} section={section} onCategoriesChanged={reloadSection} />
    </Stack>
  );
}

type Tab = 'list' | 'new' | 'overview' | 'settings';

function SectionTabs({
  sectionId,
  section,
  onCategoriesChanged,
}: {
  sectionId: number;
  section: TicketSectionAnswer;
  onCategoriesChanged(): void;
}) {
  const intl = useIntl();
  const [tab, setTab] = useState<Tab>('list');
  const [listReload, setListReload] = useState(0);
  const filed = useCallback(() => setListReload((n) => n + 1), []);
  const listHeading = intl.formatMessage({ id: section.canManage ? 'tickets.tab.all' : 'tickets.tab.mine' });
  return (
    <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'list')}>
      <Tabs.List aria-label={intl.formatMessage({ id: 'tickets.tabsLabel' })}>
        <Tabs.Tab value="list">{listHeading}</Tabs.Tab>
        {section.canFile ? (
          <Tabs.Tab value="new">
            <FormattedMessage id="tickets.tab.new" />
          </Tabs.Tab>
        ) : null}
        {section.canSeeOverview ? (
          <Tabs.Tab value="overview">
            <FormattedMessage id="tickets.tab.overview" />
          </Tabs.Tab>
        ) : null}
        {section.canManage ? (
          <Tabs.Tab value="settings">
            <FormattedMessage id="tickets.tab.settings" />
          </Tabs.Tab>
        ) : null}
      </Tabs.List>
      <Tabs.Panel value="list" pt="md">
        {section.canManage ? (
          <ManagerList sectionId={sectionId} section={section} heading={listHeading} reloadKey={listReload} />
        ) : (
          <TicketList
            sectionId={sectionId}
            heading={listHeading}
            categorias={section.categorias}
            assignees={null}
            showRequester={false}
            reloadKey={listReload}
          />
        )}
      </Tabs.Panel>
      {section.canFile ? (
        <Tabs.Panel value="new" pt="md">
          <NewTicketForm
            sectionId={sectionId}
            categorias={section.categorias.filter((c) => c.activa)}
            viviendas={section.viviendas}
            onSent={filed}
          />
        </Tabs.Panel>
      ) : null}
      {section.canSeeOverview ? (
        <Tabs.Panel value="overview" pt="md">
          {tab === 'overview' ? <TicketOverview sectionId={sectionId} /> : null}
        </Tabs.Panel>
      ) : null}
      {section.canManage ? (
        <Tabs.Panel value="settings" pt="md">
          {tab === 'settings' ? <TicketSettings onSaved={onCategoriesChanged} /> : null}
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}

/** Administrators: every request, with the assignee filter over the employees. */
function ManagerList({
  sectionId,
  section,
  heading,
  reloadKey,
}: {
  sectionId: number;
  section: TicketSectionAnswer;
  heading: string;
  reloadKey: number;
}) {
  const [state] = useMachine(ticketQueryMachine, { input: { query: { kind: 'assignees' } } });
  const assignees = state.context.answer?.kind === 'assignees' ? state.context.answer.data : [];
  return (
    <TicketList
      sectionId={sectionId}
      heading={heading}
      categorias={section.categorias}
      assignees={assignees}
      showRequester
      reloadKey={reloadKey}
    />
  );
}
