import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Switch.css';
// /condominio/listado-blogs (spec §2.2): administrators configure the condominium's blogs. Left, the blogs
// with their position, active toggle, name and post count; right, the selected blog's editor. A thin view
// over blogListMachine and blogEditorMachine; after a save the list reloads and the session data is
// refreshed, so the menu follows at once.
import { Badge, Button, Card, Grid, Group, NativeSelect, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import type { Blog } from '../../api/blogs';
import { canConfigureBlogs } from '../../api/permissions';
import { blogListMachine } from '../../machines/blogListMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { BlogEditor } from './BlogEditor';
import { NewBlogDialog } from './NewBlogDialog';

export default function BlogsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'blogs.title' }));
  if (!data) return null;
  if (!canConfigureBlogs(data)) return <Redirect to="/comunicacion" replace />;
  return <BlogsScreen />;
}

function BlogsScreen() {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const list = useActorRef(blogListMachine);
  const state = useSelector(list, (s) => s);
  const { blogs, selectedId, failure, loadFailure } = state.context;
  const ready = state.matches('ready');
  const dialog = state.children.newBlog;
  const onSaved = useCallback(() => {
    list.send({ type: 'reload' });
    session.send({ type: 'refresh' });
  }, [list, session]);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          <FormattedMessage id="blogs.title" />
        </Title>
        <Button onClick={() => list.send({ type: 'newBlog' })} disabled={!state.can({ type: 'newBlog' })}>
          <FormattedMessage id="blogs.addBlog" />
        </Button>
      </Group>
      {failure ? <FailureAlert failure={failure} title={<FormattedMessage id="blogs.changeFailed" />} /> : null}
      {state.matches('loadFailed') ? (
        <FailureAlert
          failure={loadFailure}
          title={<FormattedMessage id="blogs.loadFailed" />}
          onRetry={() => list.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="blogs.retry" />}
        />
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="sm">
            <Stack
              gap={4}
              component="ul"
              aria-label={intl.formatMessage({ id: 'blogs.listLabel' })}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {blogs.map((blog) => (
                <BlogRow
                  key={blog.SectId}
                  blog={blog}
                  count={blogs.length}
                  selected={blog.SectId === selectedId}
                  disabled={!ready}
                  onSelect={() => {
                    list.send({ type: 'select', SectId: blog.SectId });
                    showEditorOnPhones();
                  }}
                  onToggle={() => list.send({ type: 'toggle', SectId: blog.SectId })}
                  onMove={(position) => list.send({ type: 'move', SectId: blog.SectId, position })}
                />
              ))}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} id="blog-editor" style={{ scrollMarginTop: 72 }}>
          {selectedId === null ? (
            state.matches('ready') ? (
              <Text c="dimmed">
                <FormattedMessage id="blogs.chooseBlog" />
              </Text>
            ) : null
          ) : (
            <BlogEditor key={selectedId} sectionId={selectedId} onSaved={onSaved} />
          )}
        </Grid.Col>
      </Grid>
      {dialog && state.matches('newBlogDialog') ? <NewBlogDialog actor={dialog as never} /> : null}
    </Stack>
  );
}

/** One column on phones: the editor is below the list, so bring it into view. */
function showEditorOnPhones() {
  if (!window.matchMedia?.('(max-width: 61.99em)').matches) return;
  requestAnimationFrame(() => document.getElementById('blog-editor')?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
}

function BlogRow(props: {
  blog: Blog;
  count: number;
  selected: boolean;
  disabled: boolean;
  onSelect(): void;
  onToggle(): void;
  onMove(position: number): void;
}) {
  const intl = useIntl();
  const { blog } = props;
  const inactive = blog.SectStatus !== 'A';
  const positions = Array.from({ length: props.count }, (_, i) => String(i + 1));
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      p={6}
      aria-current={props.selected ? 'true' : undefined}
      style={{
        borderRadius: 8,
        background: props.selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <NativeSelect
        aria-label={intl.formatMessage({ id: 'blogs.positionOf' }, { name: blog.SectName })}
        value={String(blog.SectPosition)}
        data={positions}
        disabled={props.disabled}
        onChange={(e) => props.onMove(Number(e.currentTarget.value))}
        w={64}
        size="xs"
      />
      <Switch
        aria-label={intl.formatMessage({ id: 'blogs.activeOf' }, { name: blog.SectName })}
        checked={blog.SectStatus === 'A'}
        disabled={props.disabled}
        onChange={props.onToggle}
      />
      <UnstyledButton onClick={props.onSelect} style={{ flex: 1, minWidth: 0 }}>
        {/* The whole name, broken inside the row when it has no spaces. Spans: a button holds phrasing content. */}
        <Text
          component="span"
          display="block"
          fw={props.selected ? 700 : 500}
          c={inactive ? 'dimmed' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {blog.SectName}
        </Text>
        <Group component="span" gap={6} wrap="wrap">
          {/* Inactive in words, not only by the switch and the grey name. */}
          {inactive ? (
            <Badge component="span" size="xs" variant="filled" color="gray">
              <FormattedMessage id="blogs.option.statusI" />
            </Badge>
          ) : null}
          <Text component="span" size="xs" c="dimmed">
            <FormattedMessage id="blogs.posts" values={{ count: blog.blogCount }} />
            {blog.ExclusivaUsuarios === 'Y' ? (
              <>
                {' · '}
                <FormattedMessage id="blogs.residents" values={{ count: blog.userCount }} />
              </>
            ) : null}
          </Text>
        </Group>
      </UnstyledButton>
    </Group>
  );
}
