import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Avatar.css';
// The photo (an <img> when there is one, the initials otherwise), with "change" and "remove": a thin view
// over profilePhotoMachine, which checks the file and sends it.
import { Alert, Avatar, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PHOTO_MAX_BYTES } from '../../api/profile';
import { PHOTO_TYPES, profilePhotoMachine } from '../../machines/profilePhotoMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';

const PROBLEM_MESSAGES = {
  wrongType: 'profile.photo.wrongType',
  tooLarge: 'profile.photo.tooLarge',
  uploadFailed: 'profile.photo.uploadFailed',
  removeFailed: 'profile.photo.removeFailed',
} as const;

export function PhotoEditor({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const intl = useIntl();
  const session = SessionContext.useActorRef();
  const [state, send] = useMachine(profilePhotoMachine, { input: { hasPhoto: photoUrl !== null, session } });
  const resetInput = useRef<() => void>(null);
  const uploading = state.matches('uploading');
  const removing = state.matches('removing');
  const busy = state.hasTag('busy');
  const { problem, failure } = state.context;

  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="center">
        <div style={{ position: 'relative' }}>
          <Avatar
            src={photoUrl}
            alt={intl.formatMessage({ id: 'profile.photo.alt' }, { name })}
            name={name}
            color="initials"
            size={88}
            radius={88}
            style={{ opacity: busy ? 0.4 : 1 }}
          />
          {busy ? <Loader size="sm" style={{ position: 'absolute', inset: 0, margin: 'auto' }} aria-hidden /> : null}
        </div>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <FileButton
            resetRef={resetInput}
            accept={PHOTO_TYPES.join(',')}
            disabled={busy}
            inputProps={{ 'aria-label': intl.formatMessage({ id: 'profile.photo.file' }) }}
            onChange={(file) => {
              if (file) send({ type: 'choose', file });
              resetInput.current?.();
            }}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={uploading}>
                <FormattedMessage id={photoUrl ? 'profile.photo.change' : 'profile.photo.add'} />
              </Button>
            )}
          </FileButton>
          {photoUrl ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={removing}
              disabled={uploading || !state.can({ type: 'remove' })}
              onClick={() => send({ type: 'remove' })}
            >
              <FormattedMessage id="profile.photo.remove" />
            </Button>
          ) : null}
          <Text size="xs" c="dimmed">
            <FormattedMessage id="profile.photo.hint" values={{ megabytes: PHOTO_MAX_BYTES / 1_000_000 }} />
          </Text>
        </Stack>
      </Group>
      <Text size="sm" role="status" aria-live="polite" hidden={!busy}>
        {busy ? <FormattedMessage id={uploading ? 'profile.photo.uploading' : 'profile.photo.removing'} /> : null}
      </Text>
      {problem && failure ? <FailureAlert failure={failure} title={<FormattedMessage id={PROBLEM_MESSAGES[problem]} />} /> : null}
      {problem && !failure ? (
        <Alert color="red" role="alert" p="xs">
          <FormattedMessage id={PROBLEM_MESSAGES[problem]} values={{ megabytes: PHOTO_MAX_BYTES / 1_000_000 }} />
        </Alert>
      ) : null}
    </Stack>
  );
}
