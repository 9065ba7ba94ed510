import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
// One person in a directory: photo, name, what they are (owner or tenant, or their roles), and the phone and
// e-mail they chose to show as tel: and mailto: links.
import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { telHref } from '../../api/directory';

export interface PersonCardProps {
  name: string;
  photoUrl: string | null;
  phone: string | null;
  email: string | null;
  badges: ReactNode;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();

export function PersonCard({ name, photoUrl, phone, email, badges }: PersonCardProps) {
  const intl = useIntl();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="directory-person">
      <Avatar src={photoUrl} alt={intl.formatMessage({ id: 'directory.photoAlt' }, { name })} radius="xl">
        {initials(name)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          {badges}
        </Group>
        {phone ? (
          <Anchor href={telHref(phone)} size="sm" aria-label={intl.formatMessage({ id: 'directory.call' }, { name })}>
            {phone}
          </Anchor>
        ) : null}
        {email ? (
          <Anchor
            href={`mailto:${email}`}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            aria-label={intl.formatMessage({ id: 'directory.write' }, { name })}
          >
            {email}
          </Anchor>
        ) : null}
        {!phone && !email ? (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="directory.noContact" />
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

export function KindBadge({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" size="sm">
      {children}
    </Badge>
  );
}
