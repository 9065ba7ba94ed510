// /condominio/search?q= (spec §2.2 search, issue 16): what the header's box asked for, grouped by kind under
// headings, each result a link to its screen; "Ver más" brings a kind's next results. The text is the
// address's ?q=, so the header's box, the back button and a shared link all ask the same. A thin view over
// searchMachine (which waits for a pause in typing, and drops a search the next keys replace).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { type GlobalSearchGroup, SEARCH_MIN_LENGTH } from '../../api/globalSearch';
import { searchMachine } from '../../machines/searchMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

export const searchText = (search: string) => new URLSearchParams(search).get('q') ?? '';

export default function SearchPage() {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  useDocumentTitle(condoName, intl.formatMessage({ id: 'globalSearch.title' }));
  const q = searchText(useSearch());
  const actor = useActorRef(searchMachine, { input: { q } });
  const state = useSelector(actor, (s) => s);
  const { answer, moreOf, failure } = state.context;

  // The header's box writes the address; each new text is typed into the machine.
  useEffect(() => {
    if (actor.getSnapshot().context.q !== q) actor.send({ type: 'type', q });
  }, [actor, q]);

  const busy = state.hasTag('busy');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {q.trim() ? (
          <FormattedMessage id="globalSearch.resultsFor" values={{ q: q.trim() }} />
        ) : (
          <FormattedMessage id="globalSearch.title" />
        )}
      </Title>
      <div role="status" aria-live="polite">
        {state.matches('idle') && (
          <Text c="dimmed">
            <FormattedMessage id="globalSearch.tooShort" values={{ min: SEARCH_MIN_LENGTH }} />
          </Text>
        )}
        {busy && (
          <Text c="dimmed">
            <FormattedMessage id="globalSearch.searching" />
          </Text>
        )}
        {state.matches('empty') && (
          <Text>
            <FormattedMessage id="globalSearch.empty" values={{ q: state.context.q.trim() }} />
          </Text>
        )}
      </div>
      {state.matches('failed') || (state.matches('results') && failure) ? (
        <FailureAlert
          failure={failure}
          title={intl.formatMessage({ id: 'globalSearch.failed' })}
          onRetry={state.matches('failed') ? () => actor.send({ type: 'retry' }) : undefined}
          retryLabel={<FormattedMessage id="globalSearch.retry" />}
        />
      ) : null}
      {answer && (state.matches('results') || state.matches('loadingMore')) ? (
        <Stack gap="md">
          {answer.groups
            .filter((group) => group.items.length > 0)
            .map((group) => (
              <ResultGroup
                key={group.kind}
                group={group}
                loading={state.matches('loadingMore') && moreOf === group.kind}
                canMore={state.matches('results')}
                onMore={() => actor.send({ type: 'more', kind: group.kind })}
              />
            ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ResultGroup(props: { group: GlobalSearchGroup; loading: boolean; canMore: boolean; onMore(): void }) {
  const { group } = props;
  const headingId = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        <FormattedMessage id={`globalSearch.kind.${group.kind}`} />
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {group.items.map((item) => (
          <li key={`${group.kind}-${item.id}`}>
            <Anchor component={Link} href={item.path} fw={600}>
              {item.title}
            </Anchor>
            {item.snippet ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {item.snippet}
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
      {group.hasMore ? (
        <Button variant="subtle" mt="xs" onClick={props.onMore} loading={props.loading} disabled={!props.canMore}>
          <FormattedMessage id="globalSearch.more" />
        </Button>
      ) : null}
    </Card>
  );
}
