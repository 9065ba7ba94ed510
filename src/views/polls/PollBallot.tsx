// One seat's vote over pollVoteMachine, state by state: why it may not vote (closed, not yet open, in arrears
// with the amount owed and the way to the account statement, already voted, not in the electorate), the
// ballot, the review before sending, a send that failed, and the vote cast with its receipt. Each step's
// heading takes the focus when the step changes, so a keyboard or screen-reader user lands on it.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { useMachine } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { formatMoney } from '../../api/finance';
import type { VoteRefusal } from '../../api/pollLifecycle';
import {
  POLL_FREE_TEXT_MAX,
  type PollAnswer,
  type PollOption,
  type PollQuestion,
  type PollSeat,
  type VoteChoice,
} from '../../api/polls';
import { type Choices, choicesComplete, seatOf } from '../../machines/pollVote';
import type { pollVoteMachine } from '../../machines/pollVoteMachine';
import { FailureAlert } from '../common/FailureAlert';
import { PollIcon } from './PollIcon';
import { formatPollDate } from './pollFormat';

export type VoteState = ReturnType<typeof useMachine<typeof pollVoteMachine>>[0];
export type VoteSend = ReturnType<typeof useMachine<typeof pollVoteMachine>>[1];

/** The account statement screen (relative to /condominio). */
const ACCOUNT_STATEMENT = '/estado-cta';

/** The step shown, by the machine's state. */
function stepOf(state: VoteState): string {
  if (state.matches('notAllowed')) return `notAllowed.${Object.values(state.value)[0]}`;
  return typeof state.value === 'string' ? state.value : 'other';
}

/** Whether the flow has moved since the seat's screen first showed: only then does a step take the focus. */
const MovedContext = createContext(false);

/** A step's heading: focused when it appears after a change of step (not when the screen first shows). */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const moved = useContext(MovedContext);
  useEffect(() => {
    if (moved) ref.current?.focus();
  }, [moved]);
  return (
    <Title order={3} size="h4" ref={ref} tabIndex={-1} style={{ outlineOffset: 2 }}>
      {children}
    </Title>
  );
}

export function SeatVote({
  state,
  send,
  answer,
  statementLink,
}: {
  state: VoteState;
  send: VoteSend;
  answer: PollAnswer;
  /** The caller may open the account statement (COM-EDO). */
  statementLink: boolean;
}) {
  const seat = seatOf(answer, state.context.apmtId);
  const step = stepOf(state);
  const firstStep = useRef(step);
  const moved = useRef(false);
  if (step !== firstStep.current) moved.current = true;
  let body: ReactNode = null;
  if (state.matches('notAllowed')) {
    body = <NotAllowed state={state} answer={answer} seat={seat} statementLink={statementLink} step={step} />;
  } else if (state.matches('choosing')) {
    body = <Ballot state={state} send={send} answer={answer} />;
  } else if (state.matches('reviewing') || state.matches('sending') || state.matches('sendFailed')) {
    body = <Review state={state} send={send} answer={answer} seat={seat} />;
  } else if (state.matches('voted')) {
    body = <Voted state={state} send={send} answer={answer} seat={seat!} />;
  }
  return (
    <MovedContext.Provider value={moved.current}>
      {/* Keyed by step: each step mounts afresh, so its heading takes the focus. */}
      <div key={step} data-vote-state={step}>
        {body}
      </div>
    </MovedContext.Provider>
  );
}

// ── Not allowed

const REASON_OF: Record<string, VoteRefusal> = {
  'notAllowed.closed': 'cerrada',
  'notAllowed.notYetOpen': 'no_abierta',
  'notAllowed.inArrears': 'moroso',
  'notAllowed.alreadyVoted': 'ya_voto',
  'notAllowed.notEligible': 'no_elegible',
};

function NotAllowed({
  state,
  answer,
  seat,
  statementLink,
  step,
}: {
  state: VoteState;
  answer: PollAnswer;
  seat: PollSeat | null;
  statementLink: boolean;
  step: string;
}) {
  // Without a seat at all (an administrator without a dwelling), whatever the phase: no vote here.
  const reason = seat ? REASON_OF[step]! : 'no_elegible';
  const { poll } = answer;
  const refusedNow = state.context.refused?.motivo === reason;
  const votedHere = seat?.estado === 'votado';
  // Closed: why depends on whether this seat's vote is in.
  let body: ReactNode;
  if (refusedNow) body = <FormattedMessage id={`polls.refused.${reason}`} />;
  else if (reason === 'cerrada')
    body = (
      <FormattedMessage
        id={votedHere ? 'polls.vote.closedVoted' : 'polls.vote.closed'}
        values={{ date: formatPollDate(poll.cierra, poll.zonaHoraria) }}
      />
    );
  else if (reason === 'no_abierta')
    body = <FormattedMessage id="polls.vote.notYetOpen" values={{ date: formatPollDate(poll.abre, poll.zonaHoraria) }} />;
  else if (reason === 'no_elegible' && !seat) body = <FormattedMessage id="polls.vote.noSeat" />;
  else body = <FormattedMessage id={`polls.refused.${reason}`} />;
  const color = reason === 'moroso' ? 'orange' : reason === 'ya_voto' || (reason === 'cerrada' && votedHere) ? 'teal' : 'gray';
  return (
    <Stack gap="sm">
      <StepHeading>
        <FormattedMessage id={`polls.vote.title.${reason}`} />
      </StepHeading>
      <Alert color={color} role={refusedNow ? 'alert' : 'status'}>
        <Stack gap="xs">
          <Text size="sm">{body}</Text>
          {reason === 'moroso' && seat ? <Arrears seat={seat} statementLink={statementLink} /> : null}
          {seat?.VotoDe ? (
            <Text size="sm">
              <FormattedMessage id="polls.vote.votedBy" values={{ name: seat.VotoDe }} />
            </Text>
          ) : null}
        </Stack>
      </Alert>
      {votedHere && seat ? <SeatRecord answer={answer} seat={seat} /> : null}
    </Stack>
  );
}

function Arrears({ seat, statementLink }: { seat: PollSeat; statementLink: boolean }) {
  return (
    <Stack gap={4}>
      {seat.adeudo !== null ? (
        <Text size="sm" fw={600}>
          <FormattedMessage id="polls.vote.owed" values={{ amount: formatMoney(seat.adeudo), days: seat.dias ?? 0 }} />
        </Text>
      ) : null}
      {statementLink ? (
        <Anchor component={Link} href={ACCOUNT_STATEMENT} size="sm">
          <FormattedMessage id="polls.vote.statement" values={{ dwelling: seat.Nombre }} />
        </Anchor>
      ) : (
        <Text size="sm">
          <FormattedMessage id="polls.vote.askAdministration" />
        </Text>
      )}
    </Stack>
  );
}

// ── Choosing

/** An option's words: sí / no / abstención in the reader's language, the others as written. */
function OptionText({ option }: { option: Pick<PollOption, 'Texto' | 'clave'> }) {
  return option.clave ? <FormattedMessage id={`polls.yesNo.${option.clave}`} /> : option.Texto;
}

function useOptionText() {
  const intl = useIntl();
  return (option: Pick<PollOption, 'Texto' | 'clave'>) =>
    option.clave ? intl.formatMessage({ id: `polls.yesNo.${option.clave}` }) : option.Texto;
}

function Ballot({ state, send, answer }: { state: VoteState; send: VoteSend; answer: PollAnswer }) {
  const intl = useIntl();
  const optionText = useOptionText();
  const { choices, changing } = state.context;
  const complete = choicesComplete(answer, choices);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'review' });
      }}
    >
      <Stack gap="md">
        <StepHeading>
          <FormattedMessage id={changing ? 'polls.vote.changeTitle' : 'polls.vote.chooseTitle'} />
        </StepHeading>
        {answer.poll.preguntas.map((question) => (
          <Card key={question.id} withBorder radius="md" padding="md">
            <QuestionInput
              question={question}
              choice={choices[question.id]}
              can={(event) => state.can(event)}
              send={send}
              optionText={optionText}
              intl={intl}
            />
          </Card>
        ))}
        {!complete ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="polls.vote.answerAll" />
          </Text>
        ) : null}
        <Group gap="sm">
          <Button type="submit" disabled={!state.can({ type: 'review' })}>
            <FormattedMessage id="polls.vote.review" />
          </Button>
          {changing ? (
            <Button variant="default" onClick={() => send({ type: 'keepVote' })}>
              <FormattedMessage id="polls.vote.keep" />
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function QuestionInput({
  question,
  choice,
  can,
  send,
  optionText,
  intl,
}: {
  question: PollQuestion;
  choice: Choices[string] | undefined;
  can: (event: Parameters<VoteState['can']>[0]) => boolean;
  send: VoteSend;
  optionText: (option: PollOption) => string;
  intl: ReturnType<typeof useIntl>;
}) {
  const chosen = choice?.opciones ?? [];
  if (question.tipo === 'abierta') {
    return (
      <Textarea
        label={question.Texto}
        description={intl.formatMessage({ id: 'polls.vote.optional' })}
        value={choice?.texto ?? ''}
        maxLength={POLL_FREE_TEXT_MAX}
        rows={2}
        onChange={(event) => send({ type: 'write', preguntaId: question.id, texto: event.currentTarget.value })}
      />
    );
  }
  if (question.tipo === 'multiple') {
    return (
      <Checkbox.Group
        label={question.Texto}
        description={intl.formatMessage({ id: 'polls.vote.upTo' }, { max: question.maximo ?? question.opciones.length })}
        value={chosen.map(String)}
      >
        <Stack gap={8} mt={8}>
          {question.opciones.map((option) => (
            <Checkbox
              key={option.id}
              value={String(option.id)}
              label={optionText(option)}
              disabled={!chosen.includes(option.id) && !can({ type: 'toggle', preguntaId: question.id, opcionId: option.id })}
              onChange={() => send({ type: 'toggle', preguntaId: question.id, opcionId: option.id })}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      label={question.Texto}
      value={chosen[0] === undefined ? null : String(chosen[0])}
      onChange={(value) => send({ type: 'select', preguntaId: question.id, opcionId: Number(value) })}
    >
      <Stack gap={8} mt={8}>
        {question.opciones.map((option) => (
          <Radio key={option.id} value={String(option.id)} label={optionText(option)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

// ── Reviewing, sending, a send that failed

/** Each question with what was chosen (or written), as a definition list. */
function Answers({ answer, respuestas }: { answer: PollAnswer; respuestas: readonly VoteChoice[] }) {
  const intl = useIntl();
  return (
    <Stack component="dl" gap="xs" m={0}>
      {answer.poll.preguntas.map((question) => {
        const given = respuestas.find((r) => r.preguntaId === question.id);
        const options = question.opciones.filter((o) => given?.opciones.includes(o.id));
        return (
          <div key={question.id}>
            <Text component="dt" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {question.Texto}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {question.tipo === 'abierta' ? (
                given?.texto || intl.formatMessage({ id: 'polls.vote.noAnswer' })
              ) : options.length ? (
                options.map((o, i) => (
                  <span key={o.id}>
                    {i > 0 ? ', ' : ''}
                    <OptionText option={o} />
                  </span>
                ))
              ) : (
                <FormattedMessage id="polls.vote.noAnswer" />
              )}
            </Text>
          </div>
        );
      })}
    </Stack>
  );
}

const asRespuestas = (choices: Choices): VoteChoice[] =>
  Object.entries(choices).map(([id, c]) => ({ preguntaId: Number(id), opciones: c.opciones, texto: c.texto.trim() }));

function Review({ state, send, answer, seat }: { state: VoteState; send: VoteSend; answer: PollAnswer; seat: PollSeat | null }) {
  const sending = state.matches('sending');
  const { poll } = answer;
  return (
    <Stack gap="md">
      <StepHeading>
        <FormattedMessage id="polls.vote.reviewTitle" />
      </StepHeading>
      {seat?.ApmtId !== null && seat ? (
        <Text size="sm">
          <FormattedMessage id="polls.vote.votingFor" values={{ dwelling: seat.Nombre }} />
        </Text>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Answers answer={answer} respuestas={asRespuestas(state.context.choices)} />
      </Card>
      {poll.secreta ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="polls.vote.secretNote" />
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="polls.vote.publicNote" />
        </Text>
      )}
      {!poll.cambiable ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="polls.vote.finalNote" />
        </Text>
      ) : null}
      {state.matches('sendFailed') ? (
        <FailureAlert
          failure={state.context.failure}
          title={<FormattedMessage id="polls.vote.sendFailedTitle" />}
          onRetry={() => send({ type: 'retry' })}
        />
      ) : (
        <Group gap="sm">
          <Button variant="default" onClick={() => send({ type: 'back' })} disabled={sending}>
            <FormattedMessage id="polls.vote.back" />
          </Button>
          <Button onClick={() => send({ type: 'confirm' })} loading={sending} leftSection={<PollIcon name="ballot" />}>
            <FormattedMessage id="polls.vote.confirm" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}

// ── Voted

/** The receipt code with a copy button. */
function Receipt({ code }: { code: string }) {
  const intl = useIntl();
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm">
        <FormattedMessage id="polls.vote.receipt" />
      </Text>
      <Code fz="md" fw={600} aria-label={intl.formatMessage({ id: 'polls.vote.receiptCode' }, { code })}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="light"
            color={copied ? 'teal' : undefined}
            onClick={copy}
            leftSection={<PollIcon name={copied ? 'check' : 'copy'} />}
          >
            <FormattedMessage id={copied ? 'polls.vote.copied' : 'polls.vote.copy'} />
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** What a seat that voted shows: when, its receipt, and what it chose (only ever to its own voters). */
function SeatRecord({ answer, seat }: { answer: PollAnswer; seat: PollSeat }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        {seat.FechaVoto ? (
          <Text size="sm">
            <FormattedMessage
              id="polls.vote.votedAt"
              values={{ date: formatPollDate(seat.FechaVoto, answer.poll.zonaHoraria) }}
            />
          </Text>
        ) : null}
        {seat.recibo ? <Receipt code={seat.recibo} /> : null}
        {seat.respuestas ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              <FormattedMessage id="polls.vote.yourVote" />
            </Text>
            <Answers answer={answer} respuestas={seat.respuestas} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function Voted({ state, send, answer, seat }: { state: VoteState; send: VoteSend; answer: PollAnswer; seat: PollSeat }) {
  const { confirmation } = state.context;
  return (
    <Stack gap="sm">
      <StepHeading>
        <FormattedMessage id={answer.poll.tipo === 'votacion' ? 'polls.vote.votedTitle' : 'polls.vote.answeredTitle'} />
      </StepHeading>
      {confirmation ? (
        <Alert color="teal" role="status" icon={<PollIcon name="check" size={20} />}>
          <Stack gap={6}>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {confirmation.MensajeConfirmacion ?? <FormattedMessage id="polls.vote.thanks" />}
            </Text>
            {confirmation.cambio ? (
              <Text size="sm">
                <FormattedMessage id="polls.vote.replaced" />
              </Text>
            ) : null}
            {confirmation.copiaEnviada ? (
              <Text size="sm">
                <FormattedMessage id="polls.vote.copySent" />
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {seat.VotoDe ? (
        <Text size="sm">
          <FormattedMessage id="polls.vote.votedBy" values={{ name: seat.VotoDe }} />
        </Text>
      ) : null}
      <SeatRecord answer={answer} seat={seat} />
      {state.can({ type: 'changeVote' }) ? (
        <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => send({ type: 'changeVote' })}>
          <FormattedMessage id="polls.vote.change" />
        </Button>
      ) : null}
    </Stack>
  );
}
