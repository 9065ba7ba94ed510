// One post in a section's list: title (linking to the post), author, date, badges, a preview of the text.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PostSummary } from '../../api/posts';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';

/** `important`: whether to show an important notice's badge (the post page shows it with the notice instead). */
export function PostBadges({ post, important = true }: { post: PostSummary; important?: boolean }) {
  return (
    <>
      {important && post.Importante === 1 ? (
        <Badge color="orange" variant="light">
          <FormattedMessage id="noticeReads.badge" />
        </Badge>
      ) : null}
      {post.Estatus !== 'A' ? (
        <Badge color={post.Estatus === 'P' ? 'yellow' : 'red'} variant="light">
          <FormattedMessage id={post.Estatus === 'P' ? 'posts.status.P' : 'posts.status.R'} />
        </Badge>
      ) : null}
      {post.Privado === 1 ? (
        <Badge color="grape" variant="light">
          <FormattedMessage id="posts.private" />
        </Badge>
      ) : null}
      {post.TorreName ? (
        <Badge color="blue" variant="light">
          <FormattedMessage id="posts.tower" values={{ tower: post.TorreName }} />
        </Badge>
      ) : null}
    </>
  );
}

export function PostCard({ post }: { post: PostSummary }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`post-${post.PostId}`}>
      <Stack gap={6}>
        <Anchor component={Link} href={`/comunicacion/ver-publicacion/${post.PostId}`} fw={600} id={`post-${post.PostId}`}>
          {post.Titulo}
        </Anchor>
        <Text size="xs" c="dimmed">
          {post.UserName} · <time dateTime={post.FechaCreada}>{formatTimelineDate(post.FechaCreada, intl.locale, timeZone)}</time>
        </Text>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {post.Texto}
        </Text>
        <Group gap="xs">
          <PostBadges post={post} />
          <Text size="xs" c="dimmed">
            <FormattedMessage id="posts.comments" values={{ count: post.comentarios }} />
            {post.adjuntos.length > 0 ? (
              <>
                {' · '}
                <FormattedMessage id="posts.attachments" values={{ count: post.adjuntos.length }} />
              </>
            ) : null}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
