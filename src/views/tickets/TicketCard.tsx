// One request in a list, as a card at every width (a phone never scrolls sideways): its number and title
// (opening it), state, priority, overdue, category, place, who asked, who works on it and when it came.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ticketPath } from '../../api/sections';
import type { TicketSummary } from '../../api/tickets';
import { useCondoTimeZone } from '../common/zonedTime';
import { formatTicketDate, PRIORITY_COLOR, STATE_COLOR } from './ticketFormat';

export function TicketBadges({ ticket }: { ticket: Pick<TicketSummary, 'Estado' | 'Prioridad' | 'Vencida'> }) {
  const intl = useIntl();
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATE_COLOR[ticket.Estado]} variant="light">
        <FormattedMessage id={`tickets.state.${ticket.Estado}`} />
      </Badge>
      <Badge color={PRIORITY_COLOR[ticket.Prioridad]} variant="outline">
        {/* The priority's name as text: an element among a message's values needs a key of its own. */}
        {intl.formatMessage(
          { id: 'tickets.priorityBadge' },
          { priority: intl.formatMessage({ id: `tickets.priority.${ticket.Prioridad}` }) },
        )}
      </Badge>
      {ticket.Vencida ? (
        <Badge color="red" variant="filled">
          <FormattedMessage id="tickets.overdue" />
        </Badge>
      ) : null}
    </Group>
  );
}

export function TicketCard({
  ticket,
  showRequester,
  onOpen,
}: {
  ticket: TicketSummary;
  /** Administrators and employees see who asked. */
  showRequester: boolean;
  /** Open it in place (the employee's drawer); without it, the title links to ?ticket=. */
  onOpen?: (ticket: TicketSummary) => void;
}) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const titleId = `ticket-${ticket.TicketId}`;
  const title = intl.formatMessage({ id: 'tickets.numbered' }, { id: ticket.TicketId, title: ticket.Titulo });
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        {onOpen ? (
          <Anchor
            component="button"
            type="button"
            fw={600}
            ta="left"
            id={titleId}
            onClick={() => onOpen(ticket)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Anchor>
        ) : (
          <Anchor
            component={Link}
            href={ticketPath(ticket.SectId, ticket.TicketId)}
            fw={600}
            id={titleId}
            style={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Anchor>
        )}
        <TicketBadges ticket={ticket} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {ticket.CategoriaNombre} · {ticket.Lugar}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {showRequester ? (
            <>
              <FormattedMessage id="tickets.requestedBy" values={{ name: ticket.SolicitanteNombre }} />
              {' · '}
            </>
          ) : null}
          {ticket.AsignadoNombre ? (
            <FormattedMessage id="tickets.assignedTo" values={{ name: ticket.AsignadoNombre }} />
          ) : (
            <FormattedMessage id="tickets.unassigned" />
          )}
          {' · '}
          <time dateTime={ticket.FechaCreada}>{formatTicketDate(ticket.FechaCreada, timeZone)}</time>
        </Text>
      </Stack>
    </Card>
  );
}
