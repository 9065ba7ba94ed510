// The personal subscription (ICS feed) over calendarFeedMachine: "Crear enlace de suscripción" when there is
// none; right after it is made, its URL with a copy button and how to subscribe from Google Calendar
// (Otros calendarios → Desde URL) and Apple (webcal://); "Generar un enlace nuevo" (the old one stops working)
// and "Revocar", each confirmed first. The URL is never shown again: only its digest is kept.
import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { calendarFeedMachine } from '../../machines/calendarFeedMachine';
import { FailureAlert } from '../common/FailureAlert';

/** The same feed for Apple's calendars, which subscribe on a webcal:// address. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

export function CalendarFeedPanel({ tieneFeed }: { tieneFeed: boolean }) {
  const intl = useIntl();
  const [state, send] = useMachine(calendarFeedMachine, { input: { tieneFeed } });
  const { url, failure } = state.context;
  const busy = state.hasTag('busy');
  const stateName = typeof state.value === 'string' ? state.value : 'active';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="calendar-feed-title" data-calendar-feed={stateName}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={20} aria-hidden />
          <Title order={2} size="h4" id="calendar-feed-title">
            <FormattedMessage id="calendar.feed.title" />
          </Title>
        </Group>
        <Text size="sm">
          <FormattedMessage id="calendar.feed.intro" />
        </Text>
        {failure ? <FailureAlert failure={failure} title={<FormattedMessage id="calendar.feed.failed" />} /> : null}
        {state.matches('none') || state.matches('creating') ? (
          <Group>
            <Button onClick={() => send({ type: 'create' })} loading={state.matches('creating')}>
              <FormattedMessage id="calendar.feed.create" />
            </Button>
          </Group>
        ) : null}
        {url && !state.matches('none') ? (
          <Stack gap="xs" data-calendar-feed-url={url}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={intl.formatMessage({ id: 'calendar.feed.url' })}
                value={url}
                readOnly
                style={{ flex: 1, minWidth: 220 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    <FormattedMessage id={copied ? 'calendar.feed.copied' : 'calendar.feed.copy'} />
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" fw={600}>
              <FormattedMessage id="calendar.feed.onceOnly" />
            </Text>
            <Text size="sm">
              <FormattedMessage id="calendar.feed.google" />
            </Text>
            <Text size="sm">
              <FormattedMessage id="calendar.feed.apple" />
            </Text>
            <Group>
              <Button component="a" href={webcalUrl(url)} variant="subtle" size="xs">
                <FormattedMessage id="calendar.feed.openApple" />
              </Button>
            </Group>
          </Stack>
        ) : null}
        {state.matches('active') && !url ? (
          <Text size="sm">
            <FormattedMessage id="calendar.feed.active" />
          </Text>
        ) : null}
        {state.matches('active') || state.matches('rotating') || state.matches('revoking') ? (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => send({ type: 'rotate' })}
              loading={state.matches('rotating')}
              disabled={busy}
            >
              <FormattedMessage id="calendar.feed.rotate" />
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => send({ type: 'revoke' })}
              loading={state.matches('revoking')}
              disabled={busy}
            >
              <FormattedMessage id="calendar.feed.revoke" />
            </Button>
          </Group>
        ) : null}
        {state.matches('confirmingRotate') || state.matches('confirmingRevoke') ? (
          <Alert color="yellow" role="alertdialog" aria-live="assertive">
            <Stack gap="xs">
              <Text size="sm">
                <FormattedMessage
                  id={state.matches('confirmingRotate') ? 'calendar.feed.confirmRotate' : 'calendar.feed.confirmRevoke'}
                />
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  color={state.matches('confirmingRevoke') ? 'red' : undefined}
                  onClick={() => send({ type: 'confirm' })}
                >
                  <FormattedMessage id="calendar.feed.confirm" />
                </Button>
                <Button size="xs" variant="default" onClick={() => send({ type: 'back' })}>
                  <FormattedMessage id="calendar.feed.back" />
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
