import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Divider.css';
// The user's photo, name and e-mail.
import { Card, Divider, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { SessionUser } from '../../api/sessions';
import { NameEditor } from './NameEditor';
import { PhotoEditor } from './PhotoEditor';

export function ProfileCard({ user }: { user: SessionUser }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <PhotoEditor name={user.UserName} photoUrl={user.fotoSignedUrl} />
        <Divider />
        <NameEditor name={user.UserName} />
        <div>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="profile.email" />
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{user.UserEmail}</Text>
        </div>
      </Stack>
    </Card>
  );
}
