import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Menu.css';
// One message: the reader's own on the right with its ticks and times ("Enviado 10:42", "Leído 10:45"),
// the other side's on the left with a menu to report it. Photos open full size in a new tab.
import { ActionIcon, Anchor, Box, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Message } from '../../api/conversations';
import { useCondoTimeZone } from '../common/zonedTime';
import { messageTime } from './conversationTime';
import { MessageIcon } from './icons';

export function MessageBubble({ message, onReport }: { message: Message; onReport: (() => void) | null }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const time = (iso: string) => messageTime(iso, intl.locale, timeZone);
  const mine = message.mio;
  return (
    <Box component="li" style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        radius="md"
        p="xs"
        maw="85%"
        bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
        style={{ minWidth: 0 }}
      >
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {mine ? intl.formatMessage({ id: 'conversations.message.you' }) : message.UserName}
            </Text>
            {onReport ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={intl.formatMessage({ id: 'conversations.message.options' }, { name: message.UserName })}
                  >
                    <MessageIcon name="dots" />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={onReport}>
                    <FormattedMessage id="conversations.message.report" />
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.Texto}
          </Text>
          {message.fotos.length > 0 ? (
            <Group gap={4}>
              {message.fotos.map((photo) => (
                <Anchor
                  key={photo.id}
                  href={photo.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={intl.formatMessage({ id: 'conversations.message.openPhoto' }, { name: photo.nombre })}
                >
                  <img
                    src={photo.url}
                    alt={photo.nombre}
                    loading="lazy"
                    style={{ display: 'block', maxWidth: '100%', width: 160, height: 120, objectFit: 'cover', borderRadius: 6 }}
                  />
                </Anchor>
              ))}
            </Group>
          ) : null}
          {mine ? (
            <Group gap={6} justify="flex-end" c={message.Leido ? 'blue.7' : 'dimmed'}>
              <MessageIcon name={message.Leido ? 'read' : 'sent'} size={14} />
              <Text size="xs" c="dimmed">
                <FormattedMessage id="conversations.message.sent" values={{ time: time(message.Enviado) }} />
              </Text>
              {message.Leido ? (
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="conversations.message.read" values={{ time: time(message.Leido) }} />
                </Text>
              ) : null}
            </Group>
          ) : (
            <Text size="xs" c="dimmed" ta="right">
              <time dateTime={message.Enviado}>{time(message.Enviado)}</time>
            </Text>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
