import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
// 'Esperados hoy' (searchable by name, plate or dwelling) and 'Dentro ahora' with Salida on each row, over
// gateTodayMachine. The lists stay on screen while they are read again; a failed exit says why and offers
// Reintentar (the same exit, the same clientId).
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { type ExpectedVisitor, GATE_LIMITS, type GateMovement } from '../../../api/gate';
import type { gateTodayMachine } from '../../../machines/gateTodayMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { formatHour } from '../../common/passFormat';
import { BUTTON, TOUCH } from './MovementForms';

type TodayActor = ActorRefFrom<typeof gateTodayMachine>;

export function TodayLists({ actor }: { actor: TodayActor }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { answer, failure, exitFailure } = state.context;
  const [q, setQ] = useState(state.context.q);
  const search = (value: string) => {
    setQ(value);
    actor.send({ type: 'search', q: value });
  };
  const firstLoad = state.matches({ lists: 'loading' }) && !answer;
  return (
    <Stack gap="lg">
      {state.matches({ lists: 'failed' }) ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="gate.today.failed" />}
          onRetry={() => actor.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="gate.caseta.retry" />}
        />
      ) : null}
      {firstLoad ? (
        <Text role="status">
          <FormattedMessage id="gate.today.loading" />
        </Text>
      ) : null}
      <section aria-labelledby="gate-inside">
        <Title order={2} size="h3" id="gate-inside" mb="xs">
          <FormattedMessage id="gate.today.insideTitle" />
        </Title>
        {state.matches({ exits: 'failed' }) ? (
          <FailureAlert
            failure={exitFailure}
            title={<FormattedMessage id="gate.today.exitFailed" />}
            onRetry={() => actor.send({ type: 'retryExit' })}
            retryLabel={<FormattedMessage id="gate.caseta.retry" />}
          />
        ) : null}
        {answer && answer.inside.length === 0 ? (
          <Text c="dimmed" role="status">
            <FormattedMessage id="gate.today.noneInside" />
          </Text>
        ) : null}
        {answer && answer.inside.length > 0 ? (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={intl.formatMessage({ id: 'gate.today.insideTitle' })}
          >
            {answer.inside.map((movement) => (
              <li key={movement.id}>
                <InsideRow
                  movement={movement}
                  busy={state.matches({ exits: 'exiting' }) && state.context.exit?.entryId === movement.id}
                  enabled={state.can({ type: 'exit', entryId: movement.id })}
                  onExit={() => actor.send({ type: 'exit', entryId: movement.id })}
                />
              </li>
            ))}
          </Stack>
        ) : null}
      </section>
      <section aria-labelledby="gate-expected">
        <Title order={2} size="h3" id="gate-expected" mb="xs">
          <FormattedMessage id="gate.today.expectedTitle" />
        </Title>
        <TextInput
          {...TOUCH}
          type="search"
          mb="sm"
          label={intl.formatMessage({ id: 'gate.today.search' })}
          value={q}
          maxLength={GATE_LIMITS.search}
          onChange={(e) => search(e.currentTarget.value)}
        />
        {answer && answer.expected.length === 0 ? (
          <Text c="dimmed" role="status">
            <FormattedMessage id="gate.today.noneExpected" />
          </Text>
        ) : null}
        {answer && answer.expected.length > 0 ? (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={intl.formatMessage({ id: 'gate.today.expectedTitle' })}
            aria-busy={!state.matches({ lists: 'ready' })}
          >
            {answer.expected.map((visitor) => (
              <li key={visitor.passId}>
                <ExpectedRow visitor={visitor} />
              </li>
            ))}
          </Stack>
        ) : null}
      </section>
    </Stack>
  );
}

function InsideRow(props: { movement: GateMovement; busy: boolean; enabled: boolean; onExit(): void }) {
  const intl = useIntl();
  const { movement } = props;
  const hour = movement.occurredLocal.slice(11, 16);
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg">
            {movement.visitorName}
          </Text>
          <Text size="sm">{[movement.dwelling, movement.plates].filter(Boolean).join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="gate.today.since" values={{ hour: formatHour(hour) }} />
          </Text>
        </Stack>
        <Button
          {...BUTTON}
          variant="outline"
          // The name beside it wraps; the button keeps its words whole.
          style={{ flexShrink: 0 }}
          onClick={props.onExit}
          loading={props.busy}
          disabled={!props.busy && !props.enabled}
          aria-label={intl.formatMessage({ id: 'gate.today.exitOf' }, { name: movement.visitorName })}
        >
          <FormattedMessage id="gate.today.exit" />
        </Button>
      </Group>
    </Card>
  );
}

function ExpectedRow({ visitor }: { visitor: ExpectedVisitor }) {
  const intl = useIntl();
  const typeId = `pass.type.${visitor.kind}`;
  const { from, to } = visitor.hours;
  let hours = intl.formatMessage({ id: 'staff.anyHour' });
  if (from && to) hours = `${formatHour(from)} – ${formatHour(to)}`;
  else if (from) hours = intl.formatMessage({ id: 'staff.fromHour' }, { hour: formatHour(from) });
  else if (to) hours = intl.formatMessage({ id: 'staff.untilHour' }, { hour: formatHour(to) });
  return (
    <Card withBorder padding="sm">
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700} size="lg">
            {visitor.name}
          </Text>
          <Badge variant="light">{intl.messages[typeId] ? intl.formatMessage({ id: typeId }) : visitor.kind}</Badge>
          {visitor.inside ? (
            <Badge color="green.9">
              <FormattedMessage id="gate.today.insideBadge" />
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {[visitor.dwelling ?? intl.formatMessage({ id: 'staff.noDestination' }), visitor.plates, visitor.event]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" c="dimmed">
          {[
            visitor.host ? intl.formatMessage({ id: 'gate.today.hostOf' }, { host: visitor.host }) : null,
            hours,
            visitor.manualKey,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}
