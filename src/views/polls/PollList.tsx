// /condominio/comunicacion/encuestas without ?PollId=: the polls by phase in tabs over pollListMachine (open
// first), a page of cards at a time, and the way to a new one: "Nueva votación o encuesta" for administrators,
// "Proponer encuesta" where the caller may propose (the editor opens in a dialog, full screen on a phone).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Tabs.css';
import { Anchor, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PollListFilter, PollsHomeAnswer } from '../../api/polls';
import { pollListMachine, pollPageCount, pollTabs } from '../../machines/pollListMachine';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';
import { PagedList } from '../common/PagedList';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { PollEditorDialog } from './LazyPollEditor';
import { PollCard } from './PollCard';
import { PollIcon } from './PollIcon';

const COMMUNICATION = '/comunicacion';

export function PollListScreen() {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const title = intl.formatMessage({ id: 'polls.title' });
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), title);
  const [state, send] = useMachine(pollListMachine, { input: {} });
  const [writing, setWriting] = useState(false);
  const { home } = state.context;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} href={COMMUNICATION} size="sm">
          <FormattedMessage id="polls.backToCommunication" />
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            {title}
          </Title>
          {home && state.matches('list') ? <NewPollButton home={home} onClick={() => setWriting(true)} /> : null}
        </Group>
      </Stack>
      {state.matches('loadingHome') ? <LoadingCard /> : null}
      {state.matches('homeFailed') ? <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('noSections') ? (
        <Text role="status">
          <FormattedMessage id="polls.list.noSections" />
        </Text>
      ) : null}
      {home && state.matches('list') ? <PhaseTabs state={state} send={send} home={home} /> : null}
      {home && writing ? (
        <PollEditorDialog
          home={home}
          existing={null}
          onClose={() => setWriting(false)}
          onSaved={() => send({ type: 'reload' })}
        />
      ) : null}
    </Stack>
  );
}

function NewPollButton({ home, onClick }: { home: PollsHomeAnswer; onClick(): void }) {
  if (!home.canCreate && home.proposeIn.length === 0) return null;
  return (
    <Button leftSection={<PollIcon name="plus" />} onClick={onClick}>
      <FormattedMessage id={home.canCreate ? 'polls.new' : 'polls.propose'} />
    </Button>
  );
}

/** A failed load of the polls' screens: what could not be loaded, why, and Reintentar. */
export function Failed({
  failure,
  onRetry,
  titleId = 'polls.list.failedTitle',
}: {
  failure: CallFailure | null;
  onRetry(): void;
  titleId?: string;
}) {
  return <FailureAlert failure={failure} title={<FormattedMessage id={titleId} />} onRetry={onRetry} />;
}

type ListState = ReturnType<typeof useMachine<typeof pollListMachine>>[0];
type ListSend = ReturnType<typeof useMachine<typeof pollListMachine>>[1];

function PhaseTabs({ state, send, home }: { state: ListState; send: ListSend; home: PollsHomeAnswer }) {
  const intl = useIntl();
  const { fase, answer, page } = state.context;
  const loading = state.matches({ list: 'loading' });
  return (
    <Tabs value={fase} onChange={(value) => value && send({ type: 'chooseTab', fase: value as PollListFilter })}>
      <Tabs.List aria-label={intl.formatMessage({ id: 'polls.list.tabsLabel' })}>
        {pollTabs(home).map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            <FormattedMessage id={`polls.tab.${tab}`} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {pollTabs(home).map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          {tab === fase ? (
            <Stack gap="sm" aria-busy={loading} aria-live="polite">
              {loading && !answer ? <LoadingCard /> : null}
              {loading && answer ? (
                <Text size="sm" c="dimmed" role="status">
                  <FormattedMessage id="polls.list.loading" />
                </Text>
              ) : null}
              {state.matches({ list: 'failed' }) ? (
                <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} />
              ) : null}
              <PagedList
                empty={state.matches({ list: 'empty' }) ? <FormattedMessage id={`polls.list.empty.${fase}`} /> : null}
                count={
                  state.matches({ list: 'shown' }) && answer ? (
                    <FormattedMessage id="polls.list.count" values={{ total: answer.total }} />
                  ) : null
                }
                items={answer && (state.matches({ list: 'shown' }) || loading) ? answer.items : null}
                label={intl.formatMessage({ id: `polls.tab.${fase}` })}
                keyOf={(poll) => poll.PollId}
                pages={
                  state.matches({ list: 'shown' }) && answer
                    ? {
                        total: pollPageCount(answer.total),
                        page,
                        onChange: (next) => send({ type: 'goToPage', page: next }),
                        label: intl.formatMessage({ id: 'polls.list.pages' }),
                        pageLabel: (n) => intl.formatMessage({ id: 'polls.list.page' }, { page: n }),
                      }
                    : null
                }
              >
                {(poll) => <PollCard poll={poll} zone={home.zonaHoraria} />}
              </PagedList>
            </Stack>
          ) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
