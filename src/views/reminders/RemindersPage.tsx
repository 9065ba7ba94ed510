import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/panel-financiero/recordatorios (issue 27): the administrators' payment reminders: when they go out
// (before, on and after the due date), sending today's now, and who was reminded with a WhatsApp message ready.
// Thin: remindersMachine holds the days and the list.
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { canManageReminders } from '../../api/permissions';
import { remindersMachine } from '../../machines/remindersMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { SentList } from './SentList';
import { SettingsForm } from './SettingsForm';

export default function RemindersPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'reminders.title' }));
  if (!data) return null;
  if (!canManageReminders(data)) return <Redirect to="/comunicacion" replace />;
  return <RemindersScreen />;
}

function RemindersScreen() {
  const actor = useActorRef(remindersMachine);
  const state = useSelector(actor, (s) => s);
  const { settings, items, total, page, notice, failure } = state.context;

  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed')) return <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="reminders.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="reminders.intro" />
        </Text>
      </Stack>
      <div aria-live="polite">
        {failure ? <FailureAlert failure={failure} /> : null}
        {notice?.kind === 'saved' ? (
          <Alert color="green" role="status">
            <FormattedMessage id="reminders.settings.saved" />
          </Alert>
        ) : null}
        {notice?.kind === 'sent' ? (
          <Alert color="green" role="status">
            <FormattedMessage id="reminders.runDone" values={{ count: notice.sent }} />
          </Alert>
        ) : null}
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            <FormattedMessage id="reminders.settings.title" />
          </Title>
          <SettingsForm
            key={JSON.stringify(settings)}
            settings={settings}
            saving={state.matches('saving')}
            canSave={(draft) => state.can({ type: 'save', settings: draft })}
            onSave={(draft) => actor.send({ type: 'save', settings: draft })}
          />
        </Stack>
      </Card>
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          <FormattedMessage id="reminders.list.title" />
        </Title>
        <Button
          variant="light"
          loading={state.matches('sending')}
          disabled={!state.can({ type: 'send' })}
          onClick={() => actor.send({ type: 'send' })}
        >
          <FormattedMessage id="reminders.run" />
        </Button>
      </Group>
      <SentList
        items={items}
        total={total}
        page={page}
        busy={state.matches('paging') || state.matches('sending')}
        onPage={(next) => actor.send({ type: 'page', page: next })}
      />
    </Stack>
  );
}
