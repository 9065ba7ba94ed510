import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Popover.css';
// The notifications panel in the shell header (spec §2.3, §4, §8, §9): a bell with the unread total; the
// panel (410 px) lists the newest six and loads 20 more at a time; opening one marks it read and goes
// where its Modulo and Props say. A failed load is the §8 alert. A thin view over notificationsMachine.
import { ActionIcon, Alert, Box, Button, Group, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { NOTIFICATIONS_PANEL_WIDTH, type NotificationItem, notificationTarget } from '../../api/notifications';
import { notificationsMachine } from '../../machines/notificationsMachine';
import { useLiveEvent } from '../common/useLiveEvent';

function Bell() {
  return <IconBell size={20} stroke={1.8} aria-hidden="true" focusable="false" />;
}

function formatWhen(item: NotificationItem): string {
  const [year, month, day] = item.FechaCreada.split('-');
  return `${day}/${month}/${year} ${item.HoraCreada}`;
}

export function NotificationsPanel() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [opened, setOpened] = useState(false);
  const [state, send] = useMachine(
    notificationsMachine.provide({
      actions: {
        navigate: (_, { item }) => {
          const target = notificationTarget(item);
          if (!target) return;
          setOpened(false);
          navigate(target);
        },
      },
    }),
  );
  // The live channel (issue 30): a new notification reads the bell again, whichever tab or process it came through.
  useLiveEvent('notification', () => send({ type: 'refresh' }));
  const { items, unread, moreFailed } = state.context;
  const loadingMore = state.matches({ shown: 'loadingMore' });

  return (
    <Popover
      width={NOTIFICATIONS_PANEL_WIDTH}
      position="bottom-end"
      shadow="md"
      withinPortal
      opened={opened}
      onChange={setOpened}
      onOpen={() => send({ type: 'refresh' })}
    >
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4} color="red">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={intl.formatMessage({ id: 'notifications.open' }, { count: unread })}
            aria-expanded={opened}
          >
            <Bell />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        maw="calc(100vw - 16px)"
        aria-label={intl.formatMessage({ id: 'notifications.title' })}
        role="dialog"
      >
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>
            <FormattedMessage id="notifications.title" />
          </Text>
          <Text size="xs" c="dimmed">
            <FormattedMessage id="notifications.unread" values={{ count: unread }} />
          </Text>
        </Group>
        {state.matches('failed') ? (
          <Alert color="red" m="sm" role="alert" title={<FormattedMessage id="notifications.errorTitle" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                <FormattedMessage id="notifications.errorBody" />
              </Text>
              <Button size="xs" color="red" variant="outline" onClick={() => send({ type: 'retry' })}>
                <FormattedMessage id="common.retry" />
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {state.matches('shown') && items.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" pb="md">
            <FormattedMessage id="notifications.empty" />
          </Text>
        ) : null}
        {items.length > 0 ? (
          <Box mah={420} style={{ overflowY: 'auto' }}>
            <Stack gap={0} role="list" aria-label={intl.formatMessage({ id: 'notifications.title' })}>
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  role="listitem"
                  px="md"
                  py="sm"
                  onClick={() => send({ type: 'open', item })}
                  style={{
                    borderTop: '1px solid var(--mantine-color-gray-2)',
                    background: item.abierto === 0 ? 'var(--mantine-color-green-0)' : undefined,
                  }}
                  aria-label={`${item.Titulo}. ${item.TextoApp}`}
                >
                  <Text size="sm" fw={item.abierto === 0 ? 700 : 500}>
                    {item.Titulo}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {item.TextoApp}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatWhen(item)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </Box>
        ) : null}
        {state.matches('shown') && (state.can({ type: 'loadMore' }) || loadingMore) ? (
          <Stack gap={4} p="sm" align="center" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            {moreFailed ? (
              <Text size="xs" c="red.8" role="alert">
                <FormattedMessage id="notifications.moreFailed" />
              </Text>
            ) : null}
            <Button size="xs" variant="light" loading={loadingMore} onClick={() => send({ type: 'loadMore' })}>
              <FormattedMessage id={moreFailed ? 'common.retry' : 'notifications.loadMore'} />
            </Button>
          </Stack>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
