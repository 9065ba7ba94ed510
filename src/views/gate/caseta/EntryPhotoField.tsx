// The entry's optional photo of plates or ID (issue 26): the back camera on a phone or tablet, or a picture
// chosen, checked for type and size before it is kept. It travels after the entry is recorded
// (CasetaPage sends it to the recorded movement); an entry recorded without network simply has none, and the
// field says so while the device is offline.
import { FileInput, Stack, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ENTRY_PHOTO_TYPES } from '../../../api/gate';
import { ATTACHMENT_MAX_BYTES } from '../../../api/uploads';
import { getOfflineQueueState, subscribeOfflineQueue } from '../../../services/offlineQueue';

export function EntryPhotoField(props: { value: File | null; onChange(file: File | null): void; disabled?: boolean }) {
  const intl = useIntl();
  const online = useSyncExternalStore(subscribeOfflineQueue, getOfflineQueueState).online;
  const [problem, setProblem] = useState<'gate.photo.tooLarge' | 'gate.photo.wrongType' | null>(null);
  const choose = (file: File | null) => {
    if (file && !(ENTRY_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setProblem('gate.photo.wrongType');
      props.onChange(null);
    } else if (file && file.size > ATTACHMENT_MAX_BYTES) {
      setProblem('gate.photo.tooLarge');
      props.onChange(null);
    } else {
      setProblem(null);
      props.onChange(file);
    }
  };
  return (
    <Stack gap={4}>
      <FileInput
        size="lg"
        styles={{ input: { minHeight: 48 } }}
        label={intl.formatMessage({ id: 'gate.photo.label' })}
        description={intl.formatMessage({ id: 'gate.photo.hint' })}
        accept="image/*"
        capture="environment"
        clearable
        clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'gate.photo.remove' }) }}
        value={props.value}
        onChange={choose}
        error={problem ? intl.formatMessage({ id: problem }) : undefined}
        disabled={props.disabled || !online}
      />
      {online ? null : (
        <Text size="sm" c="yellow.9" role="status">
          <FormattedMessage id="gate.photo.offline" />
        </Text>
      )}
    </Stack>
  );
}
