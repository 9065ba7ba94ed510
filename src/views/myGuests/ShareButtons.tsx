// Sharing a pass page or a registration link: copy it (with a confirmation), send it by WhatsApp, open it.
import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { FormattedMessage, useIntl } from 'react-intl';
import { whatsAppUrl } from '../../api/myGuests';

export function absoluteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

export function ShareButtons({ path, message, openLabel }: { path: string; message: string; openLabel: string }) {
  const intl = useIntl();
  const clipboard = useClipboard({ timeout: 2500 });
  const url = absoluteUrl(path);
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="light" onClick={() => clipboard.copy(url)}>
        <FormattedMessage id="invites.copyLink" />
      </Button>
      <Button
        size="xs"
        variant="light"
        color="green"
        component="a"
        href={whatsAppUrl(`${message} ${url}`)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <FormattedMessage id="invites.whatsApp" />
      </Button>
      <Anchor size="xs" href={path} target="_blank" rel="noopener" aria-label={openLabel}>
        {intl.formatMessage({ id: 'invites.open' })}
      </Anchor>
      {clipboard.copied ? (
        <Text size="xs" c="teal.8" role="status">
          <FormattedMessage id="invites.copied" />
        </Text>
      ) : null}
      {clipboard.error ? (
        <Text size="xs" c="red.8" role="alert">
          <FormattedMessage id="invites.copyFailed" values={{ url }} />
        </Text>
      ) : null}
    </Group>
  );
}
