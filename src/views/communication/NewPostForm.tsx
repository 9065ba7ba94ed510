// The new-post form of a section: a thin view over newPostMachine. Files are read here (the browser's
// FileReader) and handed to the machine as data URLs; the type and size are checked first so a wrong file
// never travels.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/CloseButton.css';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_ATTACHMENTS, POST_TEXT_MAX, POST_TITLE_MAX, type SectionAbilities } from '../../api/posts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../../api/uploads';
import { newPostMachine } from '../../machines/newPostMachine';
import { FailureText } from '../common/FailureText';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function NewPostForm({
  sectionId,
  abilities,
  onSent,
}: {
  sectionId: number;
  abilities: SectionAbilities;
  onSent(): void;
}) {
  const intl = useIntl();
  const [state, send] = useMachine(newPostMachine, {
    input: {
      sectionId,
      canMarkPrivate: abilities.canMarkPrivate,
      defaultPrivate: abilities.defaultPrivate,
      canMarkImportant: abilities.canMarkImportant ?? false,
    },
  });
  const sentStatus = state.matches('sent') ? state.context.result?.Estatus : undefined;
  useEffect(() => {
    if (sentStatus) onSent();
  }, [sentStatus, onSent]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const { title, text, attachments, failure, result } = state.context;
  const sending = state.matches('sending');

  async function attach(files: File[]) {
    setFileProblem(null);
    for (const file of files) {
      if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type) || file.size > ATTACHMENT_MAX_BYTES) {
        setFileProblem(intl.formatMessage({ id: 'posts.attachTooBig' }, { name: file.name }));
        continue;
      }
      send({ type: 'attach', file: { name: file.name, dataUrl: await readAsDataUrl(file) } });
    }
  }

  if (state.matches('sent')) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Alert color={result?.Estatus === 'P' ? 'yellow' : 'teal'} role="status" w="100%">
            <FormattedMessage id={result?.Estatus === 'P' ? 'posts.sentPending' : 'posts.sentPublished'} />
          </Alert>
          <Button variant="light" onClick={() => send({ type: 'again' })}>
            <FormattedMessage id="posts.writeAnother" />
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'submit' });
        }}
        aria-label={intl.formatMessage({ id: 'posts.newTitle' })}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage id="posts.newTitle" />
          </Title>
          {abilities.needsApproval ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="posts.needsApproval" />
            </Text>
          ) : null}
          <TextInput
            label={intl.formatMessage({ id: 'posts.fieldTitle' })}
            value={title}
            maxLength={POST_TITLE_MAX}
            required
            disabled={sending}
            onChange={(event) => send({ type: 'edit', field: 'title', value: event.currentTarget.value })}
          />
          <Textarea
            label={intl.formatMessage({ id: 'posts.fieldText' })}
            value={text}
            maxLength={POST_TEXT_MAX}
            rows={4}
            required
            disabled={sending}
            onChange={(event) => send({ type: 'edit', field: 'text', value: event.currentTarget.value })}
          />
          {abilities.canMarkPrivate ? (
            <Checkbox
              label={intl.formatMessage({ id: 'posts.fieldPrivate' })}
              checked={state.context.private}
              disabled={sending}
              onChange={() => send({ type: 'togglePrivate' })}
            />
          ) : null}
          {abilities.canMarkImportant ? (
            <Checkbox
              label={intl.formatMessage({ id: 'noticeReads.markImportant' })}
              checked={state.context.important}
              disabled={sending}
              onChange={() => send({ type: 'toggleImportant' })}
            />
          ) : null}
          {attachments.length > 0 ? (
            <Stack gap={4} role="list">
              {attachments.map((file, index) => (
                <Group key={`${file.name}-${index}`} gap="xs" role="listitem">
                  <Text size="sm">{file.name}</Text>
                  <CloseButton
                    size="sm"
                    aria-label={intl.formatMessage({ id: 'posts.remove' }, { name: file.name })}
                    onClick={() => send({ type: 'detach', index })}
                  />
                </Group>
              ))}
            </Stack>
          ) : null}
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <FileButton onChange={attach} accept={ATTACHMENT_TYPES.join(',')} multiple>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="sm"
                    disabled={sending || !state.can({ type: 'attach', file: { name: 'x', dataUrl: '' } })}
                  >
                    <FormattedMessage id="posts.attach" />
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                <FormattedMessage id="posts.attachLimit" values={{ max: MAX_ATTACHMENTS }} />
              </Text>
            </Stack>
            <Button type="submit" loading={sending} disabled={!state.can({ type: 'submit' }) && !sending}>
              <FormattedMessage id="posts.publish" />
            </Button>
          </Group>
          {fileProblem ? (
            <Text size="sm" c="red.8" role="alert">
              {fileProblem}
            </Text>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              <FailureText failure={failure} />
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
