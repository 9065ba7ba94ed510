import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
// Who was reminded, newest first, a page at a time: the dwelling, the kind, what it owed and since when, how many
// people were told, and a WhatsApp message ready to send (to the resident's phone when one was given).
import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../api/finance';
import { type SentReminder, whatsappLink } from '../../api/reminders';
import { REMINDERS_PAGE_SIZE } from '../../machines/remindersMachine';
import { PagedList } from '../common/PagedList';
import { displayDate } from '../common/period';

const KIND_COLOR = { antes: 'blue', vence: 'orange', vencido: 'red' } as const;

function ReminderCard({ reminder }: { reminder: SentReminder }) {
  const intl = useIntl();
  const values = {
    dwelling: reminder.vivienda,
    amount: formatMoney(reminder.owedCents),
    date: displayDate(reminder.dueOn),
  };
  const message = intl.formatMessage({ id: `reminders.whatsapp.${reminder.kind}` }, values);
  const label = intl.formatMessage({ id: 'reminders.list.whatsapp' }, { dwelling: reminder.vivienda });
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{reminder.vivienda}</Text>
            <Badge color={KIND_COLOR[reminder.kind]} variant="light" size="sm">
              <FormattedMessage id={`reminders.kind.${reminder.kind}`} />
            </Badge>
          </Group>
          <Text size="sm">
            {formatMoney(reminder.owedCents)} · <FormattedMessage id="reminders.list.dueOn" /> {displayDate(reminder.dueOn)}
          </Text>
          <Text size="xs" c="dimmed">
            <FormattedMessage id="reminders.list.sentOn" /> {displayDate(reminder.sentOn)} ·{' '}
            <FormattedMessage id="reminders.list.recipients" values={{ count: reminder.recipients }} />
          </Text>
        </Stack>
        <ActionIcon
          component="a"
          href={whatsappLink(reminder.phone, message)}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          color="green"
          size="lg"
          aria-label={label}
          title={label}
        >
          <IconBrandWhatsapp size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </Card>
  );
}

export function SentList(props: {
  items: SentReminder[];
  total: number;
  page: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const pages = Math.ceil(props.total / REMINDERS_PAGE_SIZE);
  return (
    <Stack gap="sm" aria-busy={props.busy}>
      <PagedList
        label={intl.formatMessage({ id: 'reminders.list.title' })}
        empty={props.total === 0 ? <FormattedMessage id="reminders.list.empty" /> : null}
        items={props.items}
        keyOf={(r) => r.id}
        pages={
          pages > 1
            ? {
                total: pages,
                page: props.page,
                onChange: props.onPage,
                label: intl.formatMessage({ id: 'reminders.list.title' }),
                pageLabel: (page) => String(page),
              }
            : null
        }
      >
        {(reminder) => <ReminderCard reminder={reminder} />}
      </PagedList>
    </Stack>
  );
}
