import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/Card.css';
// 'Mensajes reportados', for administrators: each reported message with who wrote it, to whom, when, the
// reason and who reported it. Never the conversation around it. A thin view over conversationReportsMachine.
import { Badge, Blockquote, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { conversationReportsMachine } from '../../machines/conversationReportsMachine';
import type { ReportedMessage } from '../../services/conversationsService';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';
import { ConversationFailureAlert } from './ConversationFailureAlert';
import { stateName } from './conversationTime';

export function ReportedMessagesPanel() {
  const intl = useIntl();
  const [state, send] = useMachine(conversationReportsMachine);
  const { items, total, failure } = state.context;
  const loadingMore = state.matches({ list: 'loadingMore' });
  const busy = state.hasTag('busy');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="reports-title"
      aria-busy={busy}
      data-state={stateName(state.value)}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="reports-title">
            <FormattedMessage id="conversations.reports.title" />
          </Title>
          <Button
            variant="default"
            size="compact-sm"
            disabled={!state.can({ type: 'reload' })}
            onClick={() => send({ type: 'reload' })}
          >
            <FormattedMessage id="conversations.reports.reload" />
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="conversations.reports.intro" />
        </Text>
        {state.matches('loading') ? (
          <Text role="status" size="sm" c="dimmed">
            <FormattedMessage id="conversations.reports.loading" />
          </Text>
        ) : null}
        {state.matches('failed') ? (
          <ConversationFailureAlert
            title="conversations.reports.failed"
            failure={failure}
            action="retry"
            onAction={() => send({ type: 'retry' })}
          />
        ) : null}
        {state.matches('refused') ? (
          <Text role="alert">
            <FormattedMessage id="conversations.reports.refused" />
          </Text>
        ) : null}
        {state.matches('empty') ? (
          <Text>
            <FormattedMessage id="conversations.reports.empty" />
          </Text>
        ) : null}
        {state.matches('list') ? (
          <Stack
            component="ul"
            gap="sm"
            aria-label={intl.formatMessage({ id: 'conversations.reports.title' })}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((report) => (
              <ReportItem key={report.reportId} report={report} />
            ))}
          </Stack>
        ) : null}
        {state.matches({ list: 'moreFailed' }) ? (
          <ConversationFailureAlert
            title="conversations.reports.moreFailed"
            failure={failure}
            action="retry"
            onAction={() => send({ type: 'loadMore' })}
          />
        ) : null}
        {state.matches('list') && items.length < total && !state.matches({ list: 'moreFailed' }) ? (
          <Button
            variant="light"
            size="sm"
            loading={loadingMore}
            disabled={!state.can({ type: 'loadMore' }) && !loadingMore}
            onClick={() => send({ type: 'loadMore' })}
          >
            <FormattedMessage id="conversations.reports.more" />
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

function ReportItem({ report }: { report: ReportedMessage }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const date = (iso: string) => formatTimelineDate(iso, intl.locale, timeZone);
  const { message } = report;
  return (
    <Card component="li" withBorder radius="sm" padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage id="conversations.reports.fromTo" values={{ from: message.de.Nombre, to: message.para.Nombre }} />
          </Text>
          <Badge color={report.estado === 'nuevo' ? 'red' : 'gray'} variant={report.estado === 'nuevo' ? 'filled' : 'outline'}>
            <FormattedMessage id={`conversations.reports.state.${report.estado}`} />
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage
            id="conversations.reports.writtenBy"
            values={{ name: message.UserName, date: date(message.Enviado) }}
          />
        </Text>
        <Blockquote p="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.Texto}
        </Blockquote>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage id="conversations.reports.reason" values={{ reason: report.motivo }} />
        </Text>
        <Text size="xs" c="dimmed">
          <FormattedMessage
            id="conversations.reports.reportedBy"
            values={{ who: report.ReportadoPor, date: date(report.FechaReporte) }}
          />
        </Text>
      </Stack>
    </Card>
  );
}
