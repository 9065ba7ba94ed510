import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Timeline.css';
// /condominio/welcome ('Bienvenido - Linea del tiempo'): what happened in the condominium, newest first,
// a page at a time. A thin view over timelineMachine.
import { Button, Card, EmptyState, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TIMELINE_KINDS, type TimelineItem } from '../../api/timeline';
import { timelineMachine } from '../../machines/timelineMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';

const isKnownKind = (kind: string) => (TIMELINE_KINDS as readonly string[]).includes(kind);

function ItemSentence({ item }: { item: TimelineItem }) {
  return (
    <Text component="span" fw={600} size="sm" lh={1.4} display="block">
      {isKnownKind(item.kind) ? (
        <FormattedMessage id={`timeline.${item.kind}`} values={{ subject: item.subject }} />
      ) : (
        item.subject
      )}
    </Text>
  );
}

export default function WelcomePage() {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  useDocumentTitle(condoName, intl.formatMessage({ id: 'timeline.title' }));
  const [state, send] = useMachine(timelineMachine);
  const { items, total, moreFailed } = state.context;
  const loadingMore = state.matches({ shown: 'loadingMore' });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="timeline.title" />
      </Title>

      {state.matches('loading') ? (
        <Card withBorder radius="md" padding="lg" role="status" aria-label={intl.formatMessage({ id: 'timeline.loading' })}>
          <Stack gap="md">
            {[0, 1, 2].map((row) => (
              <Stack key={row} gap={6}>
                <Skeleton height={14} width="70%" />
                <Skeleton height={10} width="35%" />
              </Stack>
            ))}
          </Stack>
        </Card>
      ) : null}

      {state.matches('failed') ? (
        <FailureAlert
          failure={state.context.failure}
          title={<FormattedMessage id="timeline.failedTitle" />}
          onRetry={() => send({ type: 'retry' })}
        />
      ) : null}

      {state.matches('empty') ? (
        <Card withBorder radius="md" padding="xl">
          <EmptyState
            title={<FormattedMessage id="timeline.emptyTitle" />}
            description={<FormattedMessage id="timeline.emptyBody" />}
          />
        </Card>
      ) : null}

      {state.matches('shown') ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="lg">
            <Timeline bulletSize={14} lineWidth={2} role="list" aria-label={intl.formatMessage({ id: 'timeline.title' })}>
              {items.map((item) => (
                <Timeline.Item key={item.id} role="listitem" title={<ItemSentence item={item} />}>
                  {item.detail ? (
                    <Text size="sm" c="dimmed" mt={2}>
                      {item.detail}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed" mt={4}>
                    <time dateTime={item.at}>{formatTimelineDate(item.at, intl.locale, timeZone)}</time>
                    {item.actorName ? (
                      <>
                        {' · '}
                        <FormattedMessage id="timeline.by" values={{ name: item.actorName }} />
                      </>
                    ) : null}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed" role="status">
                <FormattedMessage id="timeline.count" values={{ shown: items.length, total }} />
              </Text>
              {moreFailed ? (
                <Text size="sm" c="red.8" role="alert">
                  <FormattedMessage id="timeline.moreFailed" />
                </Text>
              ) : null}
              {state.can({ type: 'loadMore' }) || loadingMore ? (
                <Button variant="light" loading={loadingMore} onClick={() => send({ type: 'loadMore' })}>
                  <FormattedMessage id={moreFailed ? 'common.retry' : 'timeline.loadMore'} />
                </Button>
              ) : null}
            </Stack>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
