import '@mantine/core/styles/Checkbox.css';
// The desk's own settings (issue 30): canned answers (new, change, remove) and the office hours with the away message
// administrators read outside them. A thin view over supportDeskSettingsMachine, whose actor the console owns (its
// canned answers are offered in every reply box).
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { AWAY_MESSAGE_MAX, CANNED_TITLE_MAX, type OfficeDay, SUPPORT_TEXT_MAX, type SupportSettings } from '../../api/support';
import type { supportDeskSettingsMachine } from '../../machines/supportDeskSettingsMachine';
import { FailureAlert } from '../common/FailureAlert';

type Actor = ActorRefFrom<typeof supportDeskSettingsMachine>;

export function SupportDeskSettings({ actor }: { actor: Actor }) {
  const state = useSelector(actor, (s) => s);
  if (state.matches('loading')) {
    return (
      <Text role="status" c="dimmed" size="sm">
        <FormattedMessage id="support.settings.loading" />
      </Text>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <FailureAlert
        failure={state.context.failure}
        title={<FormattedMessage id="support.settings.failed" />}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  }
  return (
    <Stack gap="lg" aria-busy={state.hasTag('busy')}>
      {state.matches({ ready: 'failed' }) ? (
        <FailureAlert failure={state.context.failure} title={<FormattedMessage id="support.settings.saveFailed" />} />
      ) : null}
      <CannedAnswers actor={actor} />
      <OfficeHours actor={actor} />
    </Stack>
  );
}

function CannedAnswers({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { canned, draft, failure } = state.context;
  const editing = state.matches({ ready: 'editing' }) || state.matches('savingCanned');
  return (
    <Stack gap="sm" component="section" aria-label={intl.formatMessage({ id: 'support.settings.canned' })}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          <FormattedMessage id="support.settings.canned" />
        </Title>
        <Button
          size="xs"
          variant="light"
          disabled={!state.can({ type: 'newCanned' })}
          onClick={() => actor.send({ type: 'newCanned' })}
        >
          <FormattedMessage id="support.settings.newCanned" />
        </Button>
      </Group>
      {editing && draft ? (
        <Paper withBorder p="sm" radius="md">
          <form
            aria-label={intl.formatMessage({ id: 'support.settings.cannedForm' })}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'saveCanned' });
            }}
          >
            <Stack gap="xs">
              <TextInput
                label={intl.formatMessage({ id: 'support.settings.cannedTitle' })}
                value={draft.titulo}
                maxLength={CANNED_TITLE_MAX}
                onChange={(e) => actor.send({ type: 'editDraft', titulo: e.currentTarget.value, texto: draft.texto })}
              />
              <Textarea
                label={intl.formatMessage({ id: 'support.settings.cannedText' })}
                value={draft.texto}
                maxLength={SUPPORT_TEXT_MAX}
                autosize
                minRows={3}
                onChange={(e) => actor.send({ type: 'editDraft', titulo: draft.titulo, texto: e.currentTarget.value })}
              />
              {failure && state.matches({ ready: 'editing' }) ? <FailureAlert failure={failure} /> : null}
              <Group gap="xs">
                <Button
                  type="submit"
                  size="xs"
                  loading={state.matches('savingCanned')}
                  disabled={!state.can({ type: 'saveCanned' })}
                >
                  <FormattedMessage id="support.settings.save" />
                </Button>
                <Button size="xs" variant="subtle" color="gray" onClick={() => actor.send({ type: 'cancel' })}>
                  <FormattedMessage id="common.cancel" />
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
      {canned.length === 0 ? (
        <Text c="dimmed" size="sm">
          <FormattedMessage id="support.settings.noCanned" />
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {canned.map((item) => (
            <Paper key={item.id} component="li" withBorder p="xs" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {item.titulo}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {item.texto}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={!state.can({ type: 'editCanned', id: item.id })}
                    aria-label={intl.formatMessage({ id: 'support.settings.editCanned' }, { title: item.titulo })}
                    onClick={() => actor.send({ type: 'editCanned', id: item.id })}
                  >
                    <FormattedMessage id="support.settings.edit" />
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    disabled={!state.can({ type: 'deleteCanned', id: item.id })}
                    aria-label={intl.formatMessage({ id: 'support.settings.deleteCanned' }, { title: item.titulo })}
                    onClick={() => actor.send({ type: 'deleteCanned', id: item.id })}
                  >
                    <FormattedMessage id="support.settings.delete" />
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const OPEN_DAY: NonNullable<OfficeDay> = { abre: '09:00', cierra: '18:00' };

function OfficeHours({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const shown: SupportSettings | null = state.context.hours ?? state.context.settings;
  if (!shown) return null;
  const change = (next: Partial<SupportSettings>) => actor.send({ type: 'editHours', settings: { ...shown, ...next } });
  const setDay = (index: number, day: OfficeDay) => change({ dias: shown.dias.map((d, i) => (i === index ? day : d)) });
  const weekday = (index: number) =>
    new Intl.DateTimeFormat(intl.locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + index));
  return (
    <form
      aria-label={intl.formatMessage({ id: 'support.settings.hours' })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'saveHours' });
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          <FormattedMessage id="support.settings.hours" />
        </Title>
        <TextInput
          label={intl.formatMessage({ id: 'support.settings.timeZone' })}
          value={shown.timeZone}
          maxLength={64}
          onChange={(e) => change({ timeZone: e.currentTarget.value })}
        />
        {shown.dias.map((day, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="wrap">
            <Checkbox
              w={140}
              label={weekday(index)}
              checked={day !== null}
              onChange={(e) => setDay(index, e.currentTarget.checked ? OPEN_DAY : null)}
            />
            {day ? (
              <>
                <TextInput
                  type="time"
                  size="xs"
                  label={intl.formatMessage({ id: 'support.settings.opens' }, { day: weekday(index) })}
                  value={day.abre}
                  onChange={(e) => setDay(index, { ...day, abre: e.currentTarget.value })}
                />
                <TextInput
                  type="time"
                  size="xs"
                  label={intl.formatMessage({ id: 'support.settings.closes' }, { day: weekday(index) })}
                  value={day.cierra}
                  onChange={(e) => setDay(index, { ...day, cierra: e.currentTarget.value })}
                />
              </>
            ) : null}
          </Group>
        ))}
        <Textarea
          label={intl.formatMessage({ id: 'support.settings.away' })}
          description={intl.formatMessage({ id: 'support.settings.awayHint' })}
          value={shown.mensajeAusencia}
          maxLength={AWAY_MESSAGE_MAX}
          autosize
          minRows={2}
          onChange={(e) => change({ mensajeAusencia: e.currentTarget.value })}
        />
        {state.context.hours !== null && !state.can({ type: 'saveHours' }) && !state.matches('savingHours') ? (
          <Text size="sm" c="red.8" role="alert">
            <FormattedMessage id="support.settings.hoursInvalid" />
          </Text>
        ) : null}
        {state.context.saved ? (
          <Text size="sm" c="teal.8" role="status">
            <FormattedMessage id="support.settings.saved" />
          </Text>
        ) : null}
        <Group>
          <Button type="submit" size="sm" loading={state.matches('savingHours')} disabled={!state.can({ type: 'saveHours' })}>
            <FormattedMessage id="support.settings.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
