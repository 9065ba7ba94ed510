import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
// Nueva asamblea (issue 32): kind, title, place or video link, the agenda (each item informative or to be voted with
// its majority rule) and up to three calls with their times and quorums, the defaults from the state's rules
// (assemblyQuorum.ts) and editable. Saved as a draft, then its call is sent. A thin view over assemblyCreateMachine.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import {
  type AgendaItemDraft,
  ASSEMBLY_KINDS,
  ASSEMBLY_SCREEN,
  type AssemblyDraft,
  assemblyScreen,
  type CallDraft,
  ITEM_KINDS,
  MAJORITY_RULES,
} from '../../api/assemblies';
import { ASSEMBLY_MAX_CALLS, addMinutes, defaultCalls } from '../../api/assemblyQuorum';
import { assemblyCreateMachine, draftComplete } from '../../machines/assemblyCreateMachine';
import { FailureAlert } from '../common/FailureAlert';

const emptyItem = (): AgendaItemDraft => ({
  title: '',
  description: '',
  kind: 'voted',
  majority: 'simple',
  qualifiedPercent: null,
});

/** A week from today at 19:00, the wall clock the first call starts from. */
function nextWeek(): string {
  const at = new Date(Date.now() + 7 * 86_400_000);
  return `${at.toISOString().slice(0, 10)}T19:00`;
}

export function AssemblyForm() {
  const intl = useIntl();
  const [state, send] = useMachine(assemblyCreateMachine);
  const [draft, setDraft] = useState<AssemblyDraft>(() => ({
    kind: 'ordinary',
    title: '',
    place: '',
    videoLink: '',
    items: [emptyItem()],
    calls: defaultCalls('cdmx', nextWeek()),
  }));
  const { assembly, failure, conflict } = state.context;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const setItem = (index: number, item: Partial<AgendaItemDraft>) =>
    setDraft((d) => ({ ...d, items: d.items.map((it, i) => (i === index ? { ...it, ...item } : it)) }));
  const setCall = (index: number, call: Partial<CallDraft>) =>
    setDraft((d) => ({ ...d, calls: d.calls.map((c, i) => (i === index ? { ...c, ...call } : c)) }));

  if (state.matches('drafted') || state.matches('sending') || state.matches('sendFailed') || state.matches('called')) {
    return (
      <Stack gap="md">
        <Title order={2}>{assembly?.title}</Title>
        {state.matches('called') ? (
          <Alert color="green" role="status">
            <FormattedMessage id="assemblies.changed" />
          </Alert>
        ) : (
          <Alert color="blue" role="status">
            <FormattedMessage id="assemblies.created" />
          </Alert>
        )}
        {conflict ? <Alert color="yellow">{conflict}</Alert> : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        <Group>
          {state.matches('called') ? null : (
            <Button
              loading={state.matches('sending')}
              onClick={() => send(state.matches('sendFailed') ? { type: 'retry' } : { type: 'send' })}
            >
              <FormattedMessage id="assemblies.action.call" />
            </Button>
          )}
          {assembly ? (
            <Anchor component={Link} href={assemblyScreen(assembly.id)}>
              {assembly.title}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (state.matches('failed')) send({ type: 'edit' });
        send({ type: 'submit', draft });
      }}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>
            <FormattedMessage id="assemblies.new" />
          </Title>
          <Anchor component={Link} href={ASSEMBLY_SCREEN}>
            <FormattedMessage id="assemblies.back" />
          </Anchor>
        </Group>
        <NativeSelect
          label={t('assemblies.field.kind')}
          value={draft.kind}
          data={ASSEMBLY_KINDS.map((k) => ({ value: k, label: t(`assemblies.kind.${k}`) }))}
          onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value as AssemblyDraft['kind'] })}
        />
        <TextInput
          label={t('assemblies.field.title')}
          value={draft.title}
          maxLength={120}
          required
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        />
        <Group grow>
          <TextInput
            label={t('assemblies.field.place')}
            value={draft.place}
            onChange={(e) => setDraft({ ...draft, place: e.currentTarget.value })}
          />
          <TextInput
            label={t('assemblies.field.videoLink')}
            value={draft.videoLink}
            type="url"
            onChange={(e) => setDraft({ ...draft, videoLink: e.currentTarget.value })}
          />
        </Group>
        <Title order={4}>
          <FormattedMessage id="assemblies.field.items" />
        </Title>
        {draft.items.map((item, index) => (
          <Card key={index} withBorder data-testid="agenda-item">
            <Stack gap="xs">
              <TextInput
                label={`${t('assemblies.field.itemTitle')} ${index + 1}`}
                value={item.title}
                required
                onChange={(e) => setItem(index, { title: e.currentTarget.value })}
              />
              <Textarea
                label={t('assemblies.field.itemDescription')}
                value={item.description}
                autosize
                onChange={(e) => setItem(index, { description: e.currentTarget.value })}
              />
              <Group grow>
                <NativeSelect
                  label={t('assemblies.field.itemKind')}
                  value={item.kind}
                  data={ITEM_KINDS.map((k) => ({ value: k, label: t(`assemblies.itemKind.${k}`) }))}
                  onChange={(e) => setItem(index, { kind: e.currentTarget.value as AgendaItemDraft['kind'] })}
                />
                <NativeSelect
                  label={t('assemblies.field.majority')}
                  value={item.majority}
                  disabled={item.kind !== 'voted'}
                  data={MAJORITY_RULES.map((m) => ({ value: m, label: t(`assemblies.majority.${m}`, { percent: '…' }) }))}
                  onChange={(e) =>
                    setItem(index, {
                      majority: e.currentTarget.value as AgendaItemDraft['majority'],
                      qualifiedPercent: e.currentTarget.value === 'qualified' ? 75 : null,
                    })
                  }
                />
                {item.majority === 'qualified' ? (
                  <NumberInput
                    label={t('assemblies.field.qualifiedPercent')}
                    min={51}
                    max={100}
                    value={item.qualifiedPercent ?? 75}
                    onChange={(value) => setItem(index, { qualifiedPercent: Number(value) || null })}
                  />
                ) : null}
              </Group>
              {draft.items.length > 1 ? (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setDraft({ ...draft, items: draft.items.filter((_, i) => i !== index) })}
                >
                  <FormattedMessage id="assemblies.form.removeItem" />
                </Button>
              ) : null}
            </Stack>
          </Card>
        ))}
        <Group>
          <Button variant="light" onClick={() => setDraft({ ...draft, items: [...draft.items, emptyItem()] })}>
            <FormattedMessage id="assemblies.form.addItem" />
          </Button>
        </Group>
        <Title order={4}>
          <FormattedMessage id="assemblies.field.calls" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="assemblies.form.defaults" />
        </Text>
        {draft.calls.map((call, index) => (
          <Group key={index} grow align="end" data-testid="assembly-call">
            <TextInput
              type="datetime-local"
              label={t('assemblies.field.callAt', { number: index + 1 })}
              value={call.at}
              onChange={(e) => setCall(index, { at: e.currentTarget.value.slice(0, 16) })}
            />
            <NumberInput
              label={t('assemblies.field.callPercent')}
              min={0}
              max={100}
              value={call.percent}
              onChange={(value) => setCall(index, { percent: Number(value) || 0 })}
            />
            <Checkbox
              label={t('assemblies.field.callStrict')}
              checked={call.strict}
              onChange={(e) => setCall(index, { strict: e.currentTarget.checked })}
            />
          </Group>
        ))}
        <Group>
          {draft.calls.length < ASSEMBLY_MAX_CALLS ? (
            <Button
              variant="light"
              onClick={() =>
                setDraft({
                  ...draft,
                  calls: [...draft.calls, { at: addMinutes(draft.calls.at(-1)?.at ?? nextWeek(), 30), percent: 0, strict: true }],
                })
              }
            >
              <FormattedMessage id="assemblies.form.addCall" />
            </Button>
          ) : null}
          {draft.calls.length > 1 ? (
            <Button variant="subtle" color="red" onClick={() => setDraft({ ...draft, calls: draft.calls.slice(0, -1) })}>
              <FormattedMessage id="assemblies.form.removeCall" />
            </Button>
          ) : null}
        </Group>
        {failure ? <FailureAlert failure={failure} /> : null}
        {!draftComplete(draft) ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="assemblies.form.incomplete" />
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={state.matches('saving')} disabled={!draftComplete(draft)}>
            <FormattedMessage id="assemblies.form.submit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
