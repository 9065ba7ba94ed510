// A request's timeline: every change with who made it (or the system) and when, oldest first; replies with
// their text and files; internal notes marked as such (the server sends them only to those who may read
// them).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TICKET_PRIORITIES, TICKET_STATES } from '../../api/ticketLifecycle';
import type { TicketAttachment, TicketEvent } from '../../api/tickets';
import { useCondoTimeZone } from '../common/zonedTime';
import { formatTicketDate } from './ticketFormat';

const isState = (value: string | null): value is (typeof TICKET_STATES)[number] =>
  value !== null && (TICKET_STATES as readonly string[]).includes(value);
const isPriority = (value: string | null): value is (typeof TICKET_PRIORITIES)[number] =>
  value !== null && (TICKET_PRIORITIES as readonly string[]).includes(value);

function StateName({ value }: { value: string | null }) {
  return isState(value) ? <FormattedMessage id={`tickets.state.${value}`} /> : (value ?? '—');
}
function PriorityName({ value }: { value: string | null }) {
  return isPriority(value) ? <FormattedMessage id={`tickets.priority.${value}`} /> : (value ?? '—');
}

/** What happened, in a sentence. */
function What({ event }: { event: TicketEvent }): ReactNode {
  const timeZone = useCondoTimeZone();
  switch (event.tipo) {
    case 'creada':
      return <FormattedMessage id="tickets.timeline.created" />;
    case 'estado':
      return (
        <FormattedMessage
          id="tickets.timeline.state"
          values={{ from: <StateName key="from" value={event.de} />, to: <StateName key="to" value={event.a} /> }}
        />
      );
    case 'respuesta':
      return <FormattedMessage id="tickets.timeline.reply" />;
    case 'nota':
      return <FormattedMessage id="tickets.timeline.note" />;
    case 'asignacion':
      return event.a ? (
        <FormattedMessage id="tickets.timeline.assigned" values={{ name: event.a }} />
      ) : (
        <FormattedMessage id="tickets.timeline.unassigned" />
      );
    case 'prioridad':
      return (
        <FormattedMessage
          id="tickets.timeline.priority"
          values={{ from: <PriorityName key="from" value={event.de} />, to: <PriorityName key="to" value={event.a} /> }}
        />
      );
    case 'vencimiento':
      return (
        <FormattedMessage id="tickets.timeline.due" values={{ date: event.a ? formatTicketDate(event.a, timeZone) : '—' }} />
      );
    case 'calificacion':
      return <FormattedMessage id="tickets.timeline.rated" values={{ stars: event.a ?? '—' }} />;
  }
}

export function AttachmentLinks({ files }: { files: readonly TicketAttachment[] }) {
  const intl = useIntl();
  if (files.length === 0) return null;
  return (
    <Group
      component="ul"
      gap="xs"
      wrap="wrap"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={intl.formatMessage({ id: 'tickets.detail.attachments' })}
    >
      {files.map((file) => (
        <li key={file.id}>
          <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.nombre} (<FormattedMessage id={file.tipo === 'image' ? 'tickets.detail.photo' : 'tickets.detail.document'} />)
          </Anchor>
        </li>
      ))}
    </Group>
  );
}

export function TicketTimeline({ events }: { events: readonly TicketEvent[] }) {
  const headingId = useId();
  const timeZone = useCondoTimeZone();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        <FormattedMessage id="tickets.timeline.title" />
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="tickets.timeline.empty" />
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((event) => {
            const internal = event.tipo === 'nota';
            return (
              <Box
                component="li"
                key={event.id}
                p="sm"
                data-internal={internal || undefined}
                style={{
                  borderInlineStart: `3px solid var(--mantine-color-${internal ? 'grape' : 'gray'}-4)`,
                  background: internal ? 'var(--mantine-color-grape-0)' : undefined,
                  borderRadius: 4,
                }}
              >
                <Stack gap={4}>
                  <Group gap="xs" wrap="wrap">
                    {internal ? (
                      <Badge color="grape" variant="filled" size="sm">
                        <FormattedMessage id="tickets.timeline.internalBadge" />
                      </Badge>
                    ) : null}
                    <Text size="sm" fw={500}>
                      <What event={event} />
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {event.UserName ?? <FormattedMessage id="tickets.timeline.system" />}
                    {' · '}
                    <time dateTime={event.Fecha}>{formatTicketDate(event.Fecha, timeZone)}</time>
                  </Text>
                  {event.Texto ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {event.Texto}
                    </Text>
                  ) : null}
                  <AttachmentLinks files={event.adjuntos} />
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
