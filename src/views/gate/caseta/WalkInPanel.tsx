import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
// Sin pase (issue 26): the walk-in panel, driven by walkInMachine (invoked by gateMachine while `walkIn`). The
// form (dwelling, who, why, people, plates, access point, note), then the wait for the dwelling's answer (the
// machine reads it every few seconds; the seconds left count down here), then the answer — Aprobada, Rechazada or
// Sin respuesta — with the decisions the machine allows (snapshot.can). Large touch targets, Spanish first.
import { Alert, Button, Group, Loader, NativeSelect, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { GATE_LIMITS } from '../../../api/gate';
import { WALK_IN_REASONS, type WalkIn, type WalkInDecision } from '../../../api/gateWalkIns';
import type { WalkInDraft, walkInMachine } from '../../../machines/walkInMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { useLiveEvent } from '../../common/useLiveEvent';
import { BUTTON, TOUCH } from './MovementForms';

type WalkInActor = ActorRefFrom<typeof walkInMachine>;

export function WalkInPanel(props: { actor: WalkInActor; dwellings: { id: number; name: string }[]; accessPoints: string[] }) {
  const { actor } = props;
  const state = useSelector(actor, (s) => s);
  const { walkIn, failure } = state.context;
  // The live channel (issue 30): the residents answered this walk-in; read it now instead of at the next poll.
  useLiveEvent('walkIn', (event) => {
    if (!event || event.data.walkInId === walkIn?.id) actor.send({ type: 'refresh' });
  });
  if (state.matches('form') || state.matches('asking') || state.matches('askFailed')) {
    return (
      <Stack gap="md">
        <WalkInForm
          dwellings={props.dwellings}
          accessPoints={props.accessPoints}
          busy={state.matches('asking')}
          can={(draft) => state.can({ type: 'ask', draft })}
          onSubmit={(draft) => actor.send({ type: 'ask', draft })}
          onCancel={() => actor.send({ type: 'cancel' })}
          canCancel={state.can({ type: 'cancel' })}
        />
        {state.matches('askFailed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="gateWalkIns.askFailed" />}
            onRetry={() => actor.send({ type: 'retry' })}
            retryLabel={<FormattedMessage id="gateWalkIns.retry" />}
          />
        ) : null}
      </Stack>
    );
  }
  if (!walkIn) return null;
  if (state.matches('waiting') || state.matches('polling')) {
    return <Waiting walkIn={walkIn} told={state.context.told} offline={failure !== null} />;
  }
  const deciding = state.matches('deciding');
  const decide = (decision: WalkInDecision) => actor.send({ type: 'decide', decision });
  const canDecide = (decision: WalkInDecision) => state.can({ type: 'decide', decision });
  const decision = state.context.decision?.decision;
  return (
    <Stack gap="md">
      <Answer walkIn={walkIn} />
      <Group grow>
        {walkIn.status !== 'refused' && walkIn.answer !== 'refuse' ? (
          <Button
            color="green.9"
            {...BUTTON}
            loading={deciding && decision === 'entry'}
            disabled={deciding || !canDecide('entry')}
            onClick={() => decide('entry')}
          >
            <FormattedMessage id="gateWalkIns.decide.entry" />
          </Button>
        ) : null}
        <Button
          color="red.9"
          {...BUTTON}
          loading={deciding && decision === 'refusal'}
          disabled={deciding || !canDecide('refusal')}
          onClick={() => decide('refusal')}
        >
          <FormattedMessage id="gateWalkIns.decide.refusal" />
        </Button>
      </Group>
      {state.matches('decideFailed') ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="gateWalkIns.decideFailed" />}
          onRetry={() => actor.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="gateWalkIns.retry" />}
        />
      ) : null}
    </Stack>
  );
}

/** The seconds until the walk-in reads as no answer, counted down once a second. */
function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

function Waiting(props: { walkIn: WalkIn; told: number; offline: boolean }) {
  const intl = useIntl();
  const { walkIn } = props;
  const seconds = useSecondsLeft(walkIn.expiresAt);
  const reason = intl.formatMessage({ id: `gateWalkIns.reason.${walkIn.reason}` });
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      title={<FormattedMessage id="gateWalkIns.waiting.title" values={{ dwelling: walkIn.dwelling }} />}
    >
      <Stack gap="xs">
        <Text size="lg">
          <FormattedMessage id="gateWalkIns.waiting.text" values={{ name: walkIn.visitorName, reason }} />
        </Text>
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="lg" fw={700}>
            <FormattedMessage id="gateWalkIns.waiting.remaining" values={{ seconds }} />
          </Text>
        </Group>
        {props.told === 0 ? (
          <Text c="orange.9">
            <FormattedMessage id="gateWalkIns.waiting.nobodyTold" />
          </Text>
        ) : null}
        {props.offline ? (
          <Text c="red.9">
            <FormattedMessage id="gateWalkIns.waiting.offline" />
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

const ANSWER_LOOK = {
  approved: { color: 'green', title: 'gateWalkIns.approved.title', text: 'gateWalkIns.approved.text' },
  refused: { color: 'red', title: 'gateWalkIns.refused.title', text: 'gateWalkIns.refused.text' },
  noAnswer: { color: 'yellow', title: 'gateWalkIns.noAnswer.title', text: 'gateWalkIns.noAnswer.text' },
} as const;

function Answer({ walkIn }: { walkIn: WalkIn }) {
  const key = walkIn.answer === 'approve' ? 'approved' : walkIn.answer === 'refuse' ? 'refused' : 'noAnswer';
  const look = ANSWER_LOOK[key];
  return (
    <Alert color={look.color} variant="filled" role="alert" title={<FormattedMessage id={look.title} />}>
      <Text size="lg">
        <FormattedMessage id={look.text} values={{ name: walkIn.answeredBy ?? '' }} />
      </Text>
      <Text size="sm">
        {walkIn.visitorName} · {walkIn.dwelling}
      </Text>
    </Alert>
  );
}

function WalkInForm(props: {
  dwellings: { id: number; name: string }[];
  accessPoints: string[];
  busy: boolean;
  canCancel: boolean;
  can(draft: WalkInDraft): boolean;
  onSubmit(draft: WalkInDraft): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<WalkInDraft>(() => ({
    apartmentId: null,
    visitorName: '',
    reason: 'delivery',
    people: 1,
    plates: '',
    accessPoint: props.accessPoints[0] ?? '',
    note: '',
  }));
  const set = (part: Partial<WalkInDraft>) => setDraft({ ...draft, ...part });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(draft);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'gateWalkIns.form.title' })}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage id="gateWalkIns.form.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="gateWalkIns.form.intro" />
        </Text>
        <Select
          {...TOUCH}
          searchable
          label={intl.formatMessage({ id: 'gateWalkIns.form.dwelling' })}
          placeholder={intl.formatMessage({ id: 'gateWalkIns.form.dwellingPlaceholder' })}
          nothingFoundMessage={intl.formatMessage({ id: 'gateWalkIns.form.noDwelling' })}
          data={props.dwellings.map((d) => ({ value: String(d.id), label: d.name }))}
          value={draft.apartmentId === null ? null : String(draft.apartmentId)}
          onChange={(value) => set({ apartmentId: value ? Number(value) : null })}
        />
        <TextInput
          {...TOUCH}
          label={intl.formatMessage({ id: 'gateWalkIns.form.visitorName' })}
          value={draft.visitorName}
          maxLength={GATE_LIMITS.visitorName}
          onChange={(e) => set({ visitorName: e.currentTarget.value })}
        />
        <NativeSelect
          {...TOUCH}
          label={intl.formatMessage({ id: 'gateWalkIns.form.reason' })}
          value={draft.reason}
          onChange={(e) => set({ reason: e.currentTarget.value as WalkInDraft['reason'] })}
          data={WALK_IN_REASONS.map((reason) => ({
            value: reason,
            label: intl.formatMessage({ id: `gateWalkIns.reason.${reason}` }),
          }))}
        />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            {...TOUCH}
            type="number"
            inputMode="numeric"
            min={1}
            max={GATE_LIMITS.people}
            label={intl.formatMessage({ id: 'gateWalkIns.form.people' })}
            value={Number.isNaN(draft.people) ? '' : String(draft.people)}
            onChange={(e) => set({ people: Number.parseInt(e.currentTarget.value, 10) })}
          />
          <TextInput
            {...TOUCH}
            label={intl.formatMessage({ id: 'gateWalkIns.form.plates' })}
            value={draft.plates}
            maxLength={GATE_LIMITS.plates}
            autoCapitalize="characters"
            onChange={(e) => set({ plates: e.currentTarget.value })}
          />
        </Group>
        <NativeSelect
          {...TOUCH}
          label={intl.formatMessage({ id: 'gate.entry.accessPoint' })}
          value={draft.accessPoint}
          onChange={(e) => set({ accessPoint: e.currentTarget.value })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'gate.entry.noAccessPoint' }) },
            ...props.accessPoints.map((point) => ({ value: point, label: point })),
          ]}
        />
        <Textarea
          size="lg"
          rows={2}
          label={intl.formatMessage({ id: 'gateWalkIns.form.note' })}
          value={draft.note}
          maxLength={GATE_LIMITS.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
        />
        <Group grow>
          <Button variant="default" {...BUTTON} onClick={props.onCancel} disabled={!props.canCancel}>
            <FormattedMessage id="gateWalkIns.form.cancel" />
          </Button>
          <Button type="submit" color="blue.9" {...BUTTON} loading={props.busy} disabled={!props.busy && !props.can(draft)}>
            <FormattedMessage id="gateWalkIns.form.ask" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
