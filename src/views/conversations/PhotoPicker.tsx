// 'Adjuntar foto' and the photos chosen so far, for a message. Files are read here (the browser's
// FileReader) and handed on as data URLs; the type and size are checked first (messagePhotos), so a wrong
// file never travels, and the limit of MESSAGE_MAX_PHOTOS is the machine's.
import '@mantine/core/styles/CloseButton.css';
import { Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGE_MAX_PHOTOS } from '../../api/conversations';
import { MESSAGE_PHOTO_TYPES, type PhotoUpload, photoProblem } from '../../machines/messagePhotos';
import { MessageIcon } from './icons';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function PhotoPicker(props: {
  photos: readonly PhotoUpload[];
  /** The machine still takes a photo. */
  canAdd: boolean;
  disabled: boolean;
  onAdd(photo: PhotoUpload): void;
  onRemove(index: number): void;
}) {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);

  async function add(files: File[]) {
    setProblem(null);
    let room = MESSAGE_MAX_PHOTOS - props.photos.length;
    for (const file of files) {
      const wrong = photoProblem(file);
      if (wrong) {
        setProblem(
          intl.formatMessage(
            { id: wrong === 'type' ? 'conversations.composer.photoType' : 'conversations.composer.photoSize' },
            { name: file.name },
          ),
        );
        continue;
      }
      if (room <= 0) {
        setProblem(intl.formatMessage({ id: 'conversations.composer.photoLimit' }, { max: MESSAGE_MAX_PHOTOS }));
        break;
      }
      room -= 1;
      props.onAdd({ name: file.name.slice(0, 120), dataUrl: await readAsDataUrl(file) });
    }
  }

  return (
    <Stack gap={4}>
      {props.photos.length > 0 ? (
        <Group gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.photos.map((photo, index) => (
            <Group key={`${photo.name}-${index}`} component="li" gap={4} wrap="nowrap" maw="100%">
              <img src={photo.dataUrl} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
              <Text size="xs" truncate maw={140}>
                {photo.name}
              </Text>
              <CloseButton
                size="sm"
                disabled={props.disabled}
                aria-label={intl.formatMessage({ id: 'conversations.composer.remove' }, { name: photo.name })}
                onClick={() => props.onRemove(index)}
              />
            </Group>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={add} accept={MESSAGE_PHOTO_TYPES.join(',')} multiple>
          {(fileProps) => (
            <Button
              {...fileProps}
              variant="default"
              size="xs"
              leftSection={<MessageIcon name="photo" />}
              disabled={props.disabled || !props.canAdd}
            >
              <FormattedMessage id="conversations.composer.attach" />
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="conversations.composer.attachHint" values={{ max: MESSAGE_MAX_PHOTOS }} />
        </Text>
      </Group>
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
