import '@mantine/core/styles/CloseButton.css';
// The box a support message is written in, on either side: the text (Ctrl+Enter sends), up to four photos or PDFs
// (checked for type and size before they are read, so a wrong file never travels), Enviar, and when sending failed,
// the server's words with what was written kept. `extra` puts a side's own tools beside Adjuntar (the desk's
// canned answers).
import { Alert, Button, CloseButton, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SUPPORT_MAX_ATTACHMENTS, SUPPORT_TEXT_MAX } from '../../api/support';
import type { AttachmentUpload } from '../../api/uploads';
import type { CallFailure } from '../../machines/shared/callFailure';
import { ACCEPTED_FILES, acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureText } from '../common/FailureText';
import { SupportIcon } from './icons';

export interface SupportComposerProps {
  text: string;
  files: readonly AttachmentUpload[];
  sending: boolean;
  canSend: boolean;
  canAttach: boolean;
  /** The last send failed: its failure (what was written stays). */
  sendFailure: CallFailure | null;
  onEdit(text: string): void;
  onAttach(file: AttachmentUpload): void;
  onDetach(index: number): void;
  onSend(): void;
  onDismiss(): void;
  extra?: ReactNode;
}

export function SupportComposer(props: SupportComposerProps) {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);
  const label = intl.formatMessage({ id: 'support.composer.label' });

  async function add(chosen: File[]) {
    setProblem(null);
    let room = SUPPORT_MAX_ATTACHMENTS - props.files.length;
    for (const file of chosen) {
      if (!acceptableFile(file)) {
        setProblem(intl.formatMessage({ id: 'support.composer.fileRefused' }, { name: file.name }));
        continue;
      }
      if (room <= 0) {
        setProblem(intl.formatMessage({ id: 'support.composer.fileLimit' }, { max: SUPPORT_MAX_ATTACHMENTS }));
        break;
      }
      room -= 1;
      const upload = await readAttachment(file);
      props.onAttach({ name: upload.name.slice(0, 120), dataUrl: upload.dataUrl });
    }
  }

  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSend();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          value={props.text}
          maxLength={SUPPORT_TEXT_MAX}
          autosize
          minRows={2}
          maxRows={6}
          disabled={props.sending}
          onChange={(e) => props.onEdit(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              props.onSend();
            }
          }}
        />
        {props.files.length > 0 ? (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {props.files.map((file, index) => (
              <Group key={`${file.name}-${index}`} component="li" gap={4} wrap="nowrap" maw="100%">
                {file.dataUrl.startsWith('data:image/') ? (
                  <img src={file.dataUrl} alt="" width={36} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ) : (
                  <SupportIcon name="pdf" size={20} />
                )}
                <Text size="xs" truncate maw={140}>
                  {file.name}
                </Text>
                <CloseButton
                  size="sm"
                  disabled={props.sending}
                  aria-label={intl.formatMessage({ id: 'support.composer.remove' }, { name: file.name })}
                  onClick={() => props.onDetach(index)}
                />
              </Group>
            ))}
          </Group>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <FileButton onChange={add} accept={ACCEPTED_FILES} multiple>
              {(fileProps) => (
                <Button
                  {...fileProps}
                  variant="default"
                  size="xs"
                  leftSection={<SupportIcon name="attach" />}
                  disabled={props.sending || !props.canAttach}
                >
                  <FormattedMessage id="support.composer.attach" />
                </Button>
              )}
            </FileButton>
            {props.extra}
          </Group>
          <Button
            type="submit"
            size="sm"
            leftSection={<SupportIcon name="send" />}
            loading={props.sending}
            disabled={!props.canSend && !props.sending}
          >
            <FormattedMessage id="support.composer.send" />
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="support.composer.hint" values={{ max: SUPPORT_MAX_ATTACHMENTS }} />
        </Text>
        {problem ? (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        {props.sendFailure ? (
          <Alert color="red" role="alert" title={<FormattedMessage id="support.composer.sendFailed" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                <FailureText failure={props.sendFailure} />
              </Text>
              <Text size="sm">
                <FormattedMessage id="support.composer.kept" />
              </Text>
              <Button size="xs" color="red" variant="outline" onClick={props.onDismiss}>
                <FormattedMessage id="common.close" />
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
