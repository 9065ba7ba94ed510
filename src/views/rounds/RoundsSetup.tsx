import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
// Checkpoints and plans for supervisors and administrators: the checkpoints (add, retire, print their QR codes as a
// PDF sheet to stick on the walls) and the plans (a new one: its checkpoints in the order ticked, every N hours from
// HH:mm to HH:mm, the same tolerance for each).
import { Badge, Button, Card, Checkbox, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROUND_PATHS } from '../../api/rounds';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';
import {
  downloadRoundsPdf,
  fetchCheckpoints,
  fetchPlans,
  retireCheckpoint,
  saveCheckpoint,
  savePlan,
} from '../../services/roundsService';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';
import { saveBlob } from './RoundsBoard';
import { useRoundsLoad } from './useRoundsLoad';

export function RoundsSetup() {
  const intl = useIntl();
  const checkpoints = useRoundsLoad(fetchCheckpoints);
  const plans = useRoundsLoad(fetchPlans);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [draft, setDraft] = useState({ name: '', place: '', instructions: '' });
  const [plan, setPlan] = useState({
    name: '',
    ordered: true,
    everyHours: 2,
    from: '22:00',
    to: '06:00',
    tolerance: 30,
    picked: [] as number[],
  });
  const run = (work: Promise<unknown>, after: () => void) =>
    work.then(
      () => {
        setFailure(null);
        after();
      },
      (error: unknown) => setFailure(callFailure(error)),
    );
  if (checkpoints.loading && !checkpoints.data) return <LoadingCard />;
  if (!checkpoints.data) return <FailureAlert failure={checkpoints.failure} onRetry={checkpoints.reload} />;
  const active = checkpoints.data.filter((c) => c.active);
  const addCheckpoint = (event: FormEvent) => {
    event.preventDefault();
    void run(saveCheckpoint(draft), () => {
      setDraft({ name: '', place: '', instructions: '' });
      checkpoints.reload();
    });
  };
  const addPlan = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      name: plan.name,
      ordered: plan.ordered,
      everyHours: plan.everyHours,
      from: plan.from,
      to: plan.to,
      stops: plan.picked.map((checkpointId) => ({ checkpointId, toleranceMinutes: plan.tolerance })),
    };
    void run(savePlan(request), () => {
      setPlan((p) => ({ ...p, name: '', picked: [] }));
      plans.reload();
    });
  };
  return (
    <Stack gap="lg">
      {failure ? <FailureAlert failure={failure} /> : null}
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>
            <FormattedMessage id="rounds.setup.checkpoints" />
          </Title>
          <Button
            variant="light"
            leftSection={<IconPrinter size={18} />}
            disabled={active.length === 0}
            onClick={() =>
              void downloadRoundsPdf(ROUND_PATHS.sheet).then(
                (blob) => saveBlob(blob, 'puntos-de-recorrido.pdf'),
                (e: unknown) => setFailure(callFailure(e)),
              )
            }
          >
            <FormattedMessage id="rounds.setup.sheet" />
          </Button>
        </Group>
        <Stack gap={6}>
          {checkpoints.data.map((c) => (
            <Group key={c.id} justify="space-between" wrap="nowrap">
              <Text size="sm" c={c.active ? undefined : 'dimmed'}>
                {c.name}
                {c.place ? ` · ${c.place}` : ''}
                {c.nfcTag ? ` · NFC ${c.nfcTag}` : ''}
              </Text>
              {c.active ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void run(retireCheckpoint(c.id), checkpoints.reload)}
                >
                  <FormattedMessage id="rounds.setup.retire" />
                </Button>
              ) : (
                <Badge color="gray" variant="light">
                  <FormattedMessage id="rounds.setup.retired" />
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
        <form onSubmit={addCheckpoint}>
          <Group align="flex-end" mt="md" wrap="wrap">
            <TextInput
              label={intl.formatMessage({ id: 'rounds.setup.name' })}
              required
              maxLength={80}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <TextInput
              label={intl.formatMessage({ id: 'rounds.setup.place' })}
              maxLength={120}
              value={draft.place}
              onChange={(e) => setDraft({ ...draft, place: e.currentTarget.value })}
            />
            <TextInput
              label={intl.formatMessage({ id: 'rounds.setup.instructions' })}
              maxLength={500}
              value={draft.instructions}
              onChange={(e) => setDraft({ ...draft, instructions: e.currentTarget.value })}
            />
            <Button type="submit" disabled={draft.name.trim() === ''}>
              <FormattedMessage id="rounds.setup.add" />
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          <FormattedMessage id="rounds.setup.plans" />
        </Title>
        {(plans.data ?? []).map((p) => (
          <Text key={p.id} size="sm">
            <b>{p.name}</b> ·{' '}
            <FormattedMessage
              id="rounds.setup.planSummary"
              values={{ hours: p.everyHours, from: p.from, to: p.to, count: p.stops.length }}
            />{' '}
            · <FormattedMessage id={p.ordered ? 'rounds.setup.ordered' : 'rounds.setup.free'} />
          </Text>
        ))}
        <form onSubmit={addPlan}>
          <Stack gap="xs" mt="md">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={intl.formatMessage({ id: 'rounds.setup.name' })}
                required
                maxLength={80}
                value={plan.name}
                onChange={(e) => setPlan({ ...plan, name: e.currentTarget.value })}
              />
              <NumberInput
                label="h"
                min={1}
                max={24}
                w={80}
                value={plan.everyHours}
                onChange={(v) => setPlan({ ...plan, everyHours: Number(v) || 1 })}
              />
              <TextInput
                type="time"
                label="→"
                w={110}
                value={plan.from}
                onChange={(e) => setPlan({ ...plan, from: e.currentTarget.value })}
              />
              <TextInput
                type="time"
                label="←"
                w={110}
                value={plan.to}
                onChange={(e) => setPlan({ ...plan, to: e.currentTarget.value })}
              />
              <NumberInput
                label="min"
                min={1}
                max={720}
                w={90}
                value={plan.tolerance}
                onChange={(v) => setPlan({ ...plan, tolerance: Number(v) || 1 })}
              />
              <Switch
                label={intl.formatMessage({ id: plan.ordered ? 'rounds.setup.ordered' : 'rounds.setup.free' })}
                checked={plan.ordered}
                onChange={(e) => setPlan({ ...plan, ordered: e.currentTarget.checked })}
              />
            </Group>
            <Group gap="sm" wrap="wrap">
              {active.map((c) => (
                <Checkbox
                  key={c.id}
                  label={c.name}
                  checked={plan.picked.includes(c.id)}
                  onChange={(e) =>
                    setPlan({
                      ...plan,
                      picked: e.currentTarget.checked ? [...plan.picked, c.id] : plan.picked.filter((id) => id !== c.id),
                    })
                  }
                />
              ))}
            </Group>
            <Button type="submit" w="fit-content" disabled={plan.name.trim() === '' || plan.picked.length === 0}>
              <FormattedMessage id="rounds.setup.plans" />
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
