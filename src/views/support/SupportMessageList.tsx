import '@mantine/core/styles/Anchor.css';
// The messages of a support conversation, newest first, for either side: the reader's own on the right with their
// ticks ("Enviado 10:42", "Leído 10:45"), the other side's on the left with who wrote them. Photos open full size in
// a new tab; PDFs download.
import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SupportMessage } from '../../api/support';
import { SupportIcon } from './icons';
import { supportTime } from './supportFormat';

export function SupportMessageList({
  messages,
  label,
  timeZone,
}: {
  messages: readonly SupportMessage[];
  /** The list's accessible name. */
  label: string;
  /** The clock times are read on (the condominium's); the browser's when absent. */
  timeZone?: string;
}) {
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {messages.map((message) => (
        <SupportBubble key={message.id} message={message} timeZone={timeZone} />
      ))}
    </Stack>
  );
}

function SupportBubble({ message, timeZone }: { message: SupportMessage; timeZone: string | undefined }) {
  const intl = useIntl();
  const time = (iso: string) => supportTime(iso, intl.locale, timeZone);
  const mine = message.mio;
  const images = message.adjuntos.filter((a) => a.tipo === 'image');
  const files = message.adjuntos.filter((a) => a.tipo === 'file');
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
          <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {mine ? intl.formatMessage({ id: 'support.message.you' }) : message.autor}
          </Text>
          {message.Texto ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.Texto}
            </Text>
          ) : null}
          {images.length > 0 ? (
            <Group gap={4}>
              {images.map((image) => (
                <Anchor
                  key={image.id}
                  href={image.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={intl.formatMessage({ id: 'support.message.openPhoto' }, { name: image.nombre })}
                >
                  <img
                    src={image.url}
                    alt={image.nombre}
                    loading="lazy"
                    style={{ display: 'block', maxWidth: '100%', width: 140, height: 105, objectFit: 'cover', borderRadius: 6 }}
                  />
                </Anchor>
              ))}
            </Group>
          ) : null}
          {files.map((file) => (
            <Anchor key={file.id} href={file.url} size="sm" download={file.nombre} style={{ overflowWrap: 'anywhere' }}>
              <Group gap={4} wrap="nowrap" component="span">
                <SupportIcon name="pdf" />
                {file.nombre}
              </Group>
            </Anchor>
          ))}
          {mine ? (
            <Group gap={6} justify="flex-end" c={message.Leido ? 'blue.7' : 'dimmed'}>
              <SupportIcon name={message.Leido ? 'read' : 'sent'} size={14} />
              <Text size="xs" c="dimmed">
                <FormattedMessage id="support.message.sent" values={{ time: time(message.Enviado) }} />
              </Text>
              {message.Leido ? (
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="support.message.read" values={{ time: time(message.Leido) }} />
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
