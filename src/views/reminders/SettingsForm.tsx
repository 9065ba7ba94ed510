import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
// The reminder days' form, in the order they come: on or off, days before the due date (empty: none), on it,
// days after (empty: none).
// Guardar is offered only for days the machine would send (remindsNothing says why it is not).
import { Button, Checkbox, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REMINDER_MAX_DAYS_AFTER, REMINDER_MAX_DAYS_BEFORE, type ReminderSettings, remindsNothing } from '../../api/reminders';

const days = (value: string | number) => (value === '' ? null : Number(value));

export function SettingsForm(props: {
  settings: ReminderSettings;
  saving: boolean;
  canSave: (settings: ReminderSettings) => boolean;
  onSave: (settings: ReminderSettings) => void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState(props.settings);
  const nothing = remindsNothing(draft);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (props.canSave(draft)) props.onSave(draft);
      }}
    >
      <Stack gap="md">
        <Switch
          label={<FormattedMessage id="reminders.settings.enabled" />}
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })}
        />
        <NumberInput
          label={intl.formatMessage({ id: 'reminders.settings.before' })}
          description={intl.formatMessage({ id: 'reminders.settings.beforeHint' })}
          value={draft.daysBefore ?? ''}
          onChange={(value) => setDraft({ ...draft, daysBefore: days(value) })}
          min={1}
          max={REMINDER_MAX_DAYS_BEFORE}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          disabled={!draft.enabled}
          w={220}
        />
        <Checkbox
          label={<FormattedMessage id="reminders.settings.onDue" />}
          checked={draft.onDue}
          disabled={!draft.enabled}
          onChange={(event) => setDraft({ ...draft, onDue: event.currentTarget.checked })}
        />
        <NumberInput
          label={intl.formatMessage({ id: 'reminders.settings.after' })}
          description={intl.formatMessage({ id: 'reminders.settings.afterHint' })}
          value={draft.daysAfter ?? ''}
          onChange={(value) => setDraft({ ...draft, daysAfter: days(value) })}
          min={1}
          max={REMINDER_MAX_DAYS_AFTER}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          disabled={!draft.enabled}
          w={220}
        />
        <Text size="sm" c="dimmed">
          <FormattedMessage id="reminders.settings.when" />
        </Text>
        {nothing ? (
          <Text size="sm" c="red" role="alert">
            <FormattedMessage id="reminders.settings.nothingChosen" />
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={props.saving} disabled={!props.canSave(draft)}>
            <FormattedMessage id="reminders.settings.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
