import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
// /condominio/comunicacion/seccion/{sectionId}: the section's posts, newest first, a page at a time, with
// search; the new-post form when the member may post. A thin view over sectionPostsMachine.
import { Anchor, Badge, Button, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { pageCount, sectionPostsMachine } from '../../machines/sectionPostsMachine';
import { sectionLink } from '../common/menuModel';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { NewPostForm } from './NewPostForm';
import { PostCard } from './PostCard';

export default function SectionPage({ params }: { params: { sectionId: string } }) {
  const sectionId = Number(params.sectionId);
  // A new section is a new machine.
  return <SectionView key={sectionId} sectionId={sectionId} />;
}

function SectionView({ sectionId }: { sectionId: number }) {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const [state, send] = useMachine(sectionPostsMachine, { input: { sectionId } });
  const { answer, search, page } = state.context;
  const [query, setQuery] = useState('');
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), answer?.section.SectName ?? '');
  const reload = useCallback(() => send({ type: 'reload' }), [send]);

  if (state.matches('refused') || !Number.isSafeInteger(sectionId) || sectionId <= 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text role="alert">
          <FormattedMessage id="posts.sectionRefused" />
        </Text>
        <Anchor component={Link} href="/comunicacion/blogs">
          <FormattedMessage id="posts.backToBlogs" />
        </Anchor>
      </Stack>
    );
  }

  // A section whose code opens a screen of its own (requests, messages) goes there (src/api/sections.ts).
  const ownScreen = answer ? sectionLink(answer.section) : null;
  if (ownScreen && ownScreen !== `/comunicacion/seccion/${sectionId}`) return <Redirect to={ownScreen} replace />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} href="/comunicacion/blogs" size="sm">
          <FormattedMessage id="posts.backToBlogs" />
        </Anchor>
        {/* A name without spaces breaks rather than running off a phone's screen. */}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {answer?.section.SectName ?? ''}
        </Title>
        {/* Only administrators open an inactive section: it says so, in words. */}
        {answer?.section.SectStatus === 'I' ? (
          <Badge variant="filled" color="gray" style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="posts.inactive" />
          </Badge>
        ) : null}
      </Stack>
      {answer?.abilities.canPost ? <NewPostForm sectionId={sectionId} abilities={answer.abilities} onSent={reload} /> : null}
      <form
        aria-label={intl.formatMessage({ id: 'posts.search' })}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'search', text: query });
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={intl.formatMessage({ id: 'posts.search' })}
            type="search"
            value={query}
            maxLength={100}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Button type="submit" variant="light" disabled={!state.matches('shown')}>
            <FormattedMessage id="posts.searchButton" />
          </Button>
        </Group>
      </form>
      {state.matches('loading') ? <LoadingCard /> : null}
      {state.matches('failed') ? <FailedAlert failure={state.context.failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('shown') && answer ? (
        <Stack gap="sm">
          {answer.posts.length === 0 ? (
            <Text c="dimmed">
              {search ? <FormattedMessage id="posts.emptySearch" values={{ search }} /> : <FormattedMessage id="posts.empty" />}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" role="status">
                <FormattedMessage id="posts.shown" values={{ total: answer.total }} />
              </Text>
              <Stack gap="sm" aria-label={answer.section.SectName} role="feed">
                {answer.posts.map((post) => (
                  <PostCard key={post.PostId} post={post} />
                ))}
              </Stack>
            </>
          )}
          {pageCount(answer.total) > 1 ? (
            <Pagination
              total={pageCount(answer.total)}
              value={page}
              onChange={(next) => send({ type: 'goToPage', page: next })}
              aria-label={intl.formatMessage({ id: 'posts.page' })}
              getItemProps={(n) => ({ 'aria-label': `${intl.formatMessage({ id: 'posts.page' })} ${n}` })}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
