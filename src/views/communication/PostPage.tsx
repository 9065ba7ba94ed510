import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Input.css';
// /condominio/comunicacion/ver-publicacion/{postID}: one post with its images, files and comments; the
// comment box where the server allows it; approve / reject for an administrator when the post waits; under a
// notice of the administration, its importance, "Enterado" and how far it reached (NoticeCard, issue 30).
// A thin view over postViewMachine.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { COMMENT_MAX, REVIEW_NOTE_MAX } from '../../api/posts';
import { postViewMachine } from '../../machines/postViewMachine';
import { FailureText } from '../common/FailureText';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';
import { NoticeCard } from './NoticeCard';
import { PostBadges } from './PostCard';

export default function PostPage({ params }: { params: { postID: string } }) {
  const postId = Number(params.postID);
  return <PostView key={postId} postId={postId} />;
}

function PostView({ postId }: { postId: number }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const [state, send] = useMachine(postViewMachine, { input: { postId } });
  const { answer, draft, failure } = state.context;
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), answer?.post.Titulo ?? '');
  const busy = !state.matches({ shown: 'idle' });

  if (state.matches('notFound') || !Number.isSafeInteger(postId) || postId <= 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text role="alert">
          <FormattedMessage id="posts.postNotFound" />
        </Text>
        <Anchor component={Link} href="/comunicacion/blogs">
          <FormattedMessage id="posts.backToBlogs" />
        </Anchor>
      </Stack>
    );
  }
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('failed') || !answer)
    return <FailedAlert failure={state.context.failure} onRetry={() => send({ type: 'retry' })} />;

  const { post, section, comments } = answer;
  const images = post.adjuntos.filter((a) => a.tipo === 'image');
  const files = post.adjuntos.filter((a) => a.tipo === 'file');
  return (
    <Stack gap="lg">
      <Anchor component={Link} href={`/comunicacion/seccion/${section.SectId}`} size="sm">
        <FormattedMessage id="posts.backToSection" values={{ section: section.SectName }} />
      </Anchor>
      <Card withBorder radius="md" padding="lg" component="article" aria-labelledby="post-title">
        <Stack gap="sm">
          <Title order={1} size="h2" id="post-title">
            {post.Titulo}
          </Title>
          <Text size="sm" c="dimmed">
            {post.UserName} ·{' '}
            <time dateTime={post.FechaCreada}>{formatTimelineDate(post.FechaCreada, intl.locale, timeZone)}</time>
          </Text>
          <Group gap="xs">
            <PostBadges post={post} important={!answer.notice} />
          </Group>
          <Text style={{ whiteSpace: 'pre-line' }}>{post.Texto}</Text>
          {images.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {images.map((image) => (
                <a key={image.id} href={image.url} target="_blank" rel="noreferrer">
                  <Image src={image.url} alt={image.nombre} radius="sm" w="auto" maw="100%" mah={360} fit="contain" />
                </a>
              ))}
            </SimpleGrid>
          ) : null}
          {files.length > 0 ? (
            <Stack gap={4}>
              {files.map((file) => (
                <Anchor key={file.id} href={file.url} download={file.nombre}>
                  {file.nombre}
                </Anchor>
              ))}
            </Stack>
          ) : null}
          {answer.canModerate ? (
            <Alert color="yellow" title={<FormattedMessage id="posts.moderation" />}>
              <TextInput
                mb="sm"
                label={intl.formatMessage({ id: 'posts.rejectNote' })}
                value={state.context.note}
                maxLength={REVIEW_NOTE_MAX}
                disabled={busy}
                onChange={(event) => send({ type: 'editNote', value: event.currentTarget.value })}
              />
              <Group gap="sm">
                <Button
                  color="teal"
                  loading={state.matches({ shown: 'approving' })}
                  disabled={busy}
                  onClick={() => send({ type: 'approve' })}
                >
                  <FormattedMessage id="posts.approve" />
                </Button>
                <Button
                  color="red"
                  variant="outline"
                  loading={state.matches({ shown: 'rejecting' })}
                  disabled={busy}
                  onClick={() => send({ type: 'reject' })}
                >
                  <FormattedMessage id="posts.reject" />
                </Button>
              </Group>
            </Alert>
          ) : null}
        </Stack>
      </Card>

      {answer.notice ? <NoticeCard postId={post.PostId} notice={answer.notice} /> : null}

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage id="posts.commentsTitle" />
          </Title>
          {section.CommentsDisplay === 'N' ? (
            <Text c="dimmed" size="sm">
              <FormattedMessage id="posts.commentsOff" />
            </Text>
          ) : comments.length === 0 ? (
            <Text c="dimmed" size="sm">
              <FormattedMessage id="posts.noComments" />
            </Text>
          ) : (
            <Stack gap="sm" role="list" aria-label={intl.formatMessage({ id: 'posts.commentsTitle' })}>
              {comments.map((comment, index) => (
                <Stack key={comment.id} gap={2} role="listitem">
                  {index > 0 ? <Divider mb="xs" /> : null}
                  <Text size="sm" fw={600}>
                    {comment.UserName}{' '}
                    <Text span size="xs" c="dimmed" fw={400}>
                      <time dateTime={comment.FechaCreada}>{formatTimelineDate(comment.FechaCreada, intl.locale, timeZone)}</time>
                    </Text>
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {comment.Texto}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
          {answer.canComment ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'comment' });
              }}
            >
              <Stack gap="xs">
                <Textarea
                  label={intl.formatMessage({ id: 'posts.commentLabel' })}
                  value={draft}
                  maxLength={COMMENT_MAX}
                  rows={3}
                  disabled={busy}
                  onChange={(event) => send({ type: 'editComment', value: event.currentTarget.value })}
                />
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    loading={state.matches({ shown: 'commenting' })}
                    disabled={!state.can({ type: 'comment' })}
                  >
                    <FormattedMessage id="posts.commentSend" />
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              <FailureText failure={failure} />
            </Alert>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
