// /condominio/comunicacion/encuestas?PollId=ID: one poll over pollVoteMachine. The poll itself (title, kind,
// dates in its zone, quorum, why it was cancelled, description, files), the administrator's card (actions the
// answer lists, edit before opening, downloads), the vote of each of the caller's seats (several dwellings:
// one tab each), the results when VerResultados lets the caller see them, and the receipt check.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { canManagePolls, canSeeAccountStatement } from '../../api/permissions';
import type { PollAnswer } from '../../api/polls';
import { seatOf } from '../../machines/pollVote';
import { pollVoteMachine } from '../../machines/pollVoteMachine';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { PollEditorDialog } from './LazyPollEditor';
import { PollAdminPanel } from './PollAdminPanel';
import { SeatVote, type VoteSend, type VoteState } from './PollBallot';
import { PollBadges } from './PollCard';
import { Failed } from './PollList';
import { PollReceiptCheck } from './PollReceiptCheck';
import { PollResults } from './PollResults';
import { editHome, existingPoll } from './pollEditing';
import { formatPollDate, POLLS_SCREEN, share } from './pollFormat';

export function PollScreen({ pollId }: { pollId: number }) {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const [state, send] = useMachine(pollVoteMachine, { input: { pollId, ApmtId: null } });
  const answer = state.context.answer;
  useDocumentTitle(condoName, intl.formatMessage({ id: 'polls.title' }), answer?.poll.Titulo ?? '');

  let body: ReactNode;
  if (state.matches('loading')) body = <LoadingCard />;
  else if (state.matches('notFound'))
    body = (
      <Alert color="yellow" role="alert" title={<FormattedMessage id="polls.poll.notFoundTitle" />}>
        <FormattedMessage id="polls.poll.notFound" />
      </Alert>
    );
  else if (state.matches('loadFailed') || !answer)
    body = <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} titleId="polls.poll.failedTitle" />;
  else body = <PollView state={state} send={send} answer={answer} />;

  return (
    <Stack gap="md">
      <Anchor component={Link} href={POLLS_SCREEN} size="sm">
        <FormattedMessage id="polls.backToList" />
      </Anchor>
      {body}
    </Stack>
  );
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function PollView({ state, send, answer }: { state: VoteState; send: VoteSend; answer: PollAnswer }) {
  const intl = useIntl();
  const titleId = useId();
  const data = SessionContext.useSelector((s) => s.context.data ?? null);
  const admin = !!data && canManagePolls(data);
  const [editing, setEditing] = useState(false);
  const { poll } = answer;
  const zone = poll.zonaHoraria;
  const readAgain = useCallback(() => send({ type: 'refreshNow' }), [send]);
  const showsAdmin = admin || answer.acciones.length > 0 || answer.puedeEditar;
  const seat = seatOf(answer, state.context.apmtId);
  const votesHere = poll.fase === 'abierta' || poll.fase === 'cerrada';

  return (
    <Stack gap="lg" component="article" aria-labelledby={titleId} aria-busy={state.context.refreshing}>
      <Stack gap={6}>
        <Title order={1} size="h2" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {poll.Titulo}
        </Title>
        <PollBadges poll={poll} />
      </Stack>
      {poll.fase === 'cancelada' || poll.fase === 'rechazada' ? (
        <Alert
          color={poll.fase === 'cancelada' ? 'red' : 'gray'}
          title={<FormattedMessage id={`polls.poll.${poll.fase}Title`} />}
        >
          {poll.motivo ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              <FormattedMessage id="polls.poll.reason" values={{ reason: poll.motivo }} />
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <Stack component="dl" gap={4} m={0} aria-label={intl.formatMessage({ id: 'polls.poll.facts' })}>
        <Fact term={<FormattedMessage id="polls.poll.section" />}>{poll.seccion.SectName}</Fact>
        <Fact term={<FormattedMessage id="polls.poll.opens" />}>
          <time dateTime={poll.abre}>{formatPollDate(poll.abre, zone)}</time>
        </Fact>
        <Fact term={<FormattedMessage id="polls.poll.closes" />}>
          <time dateTime={poll.cierra}>{formatPollDate(poll.cierra, zone)}</time>
        </Fact>
        <Fact term={<FormattedMessage id="polls.poll.quorum" />}>
          {poll.quorum === null ? (
            <FormattedMessage id="polls.poll.noQuorum" />
          ) : (
            <FormattedNumber value={share(poll.quorum * 100)} style="percent" maximumFractionDigits={2} />
          )}
        </Fact>
        <Fact term={<FormattedMessage id="polls.poll.changes" />}>
          <FormattedMessage id={poll.cambiable ? 'polls.poll.changesYes' : 'polls.poll.changesNo'} />
        </Fact>
        {poll.PropuestoPor ? <Fact term={<FormattedMessage id="polls.poll.proposer" />}>{poll.PropuestoPor}</Fact> : null}
      </Stack>
      {poll.Descripcion ? <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{poll.Descripcion}</Text> : null}
      {poll.adjuntos.length > 0 ? (
        <Stack
          gap={4}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={intl.formatMessage({ id: 'polls.poll.files' })}
        >
          {poll.adjuntos.map((file) => (
            <li key={file.id}>
              <Anchor href={file.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage id={`polls.poll.file.${file.tipo}`} values={{ name: file.nombre }} />
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : null}
      {showsAdmin ? (
        <PollAdminPanel
          answer={answer}
          canExport={admin}
          onChanged={readAgain}
          onEdit={answer.puedeEditar && answer.borrador ? () => setEditing(true) : null}
        />
      ) : null}
      <Seats state={state} send={send} answer={answer} statementLink={!!data && canSeeAccountStatement(data)} />
      {state.context.refreshFailed ? (
        <Text size="xs" c="dimmed" role="status">
          <FormattedMessage id="polls.poll.refreshFailed" />
        </Text>
      ) : null}
      {answer.resultados ? <PollResults answer={answer} results={answer.resultados} /> : null}
      {votesHere && seat ? <PollReceiptCheck pollId={poll.PollId} zone={zone} /> : null}
      {editing && data ? (
        <PollEditorDialog
          home={editHome(answer, admin, Date.now())}
          existing={existingPoll(answer)}
          onClose={() => setEditing(false)}
          onSaved={readAgain}
        />
      ) : null}
    </Stack>
  );
}

/** The caller's seats: one tab per dwelling when there are several, the vote flow of the chosen one. */
function Seats({
  state,
  send,
  answer,
  statementLink,
}: {
  state: VoteState;
  send: VoteSend;
  answer: PollAnswer;
  statementLink: boolean;
}) {
  const intl = useIntl();
  const headingId = useId();
  const seat = seatOf(answer, state.context.apmtId);
  const heading = intl.formatMessage({ id: answer.poll.tipo === 'votacion' ? 'polls.vote.heading' : 'polls.vote.headingSurvey' });
  const flow = <SeatVote state={state} send={send} answer={answer} statementLink={statementLink} />;
  const tabValue = (apmtId: number | null) => String(apmtId ?? 'persona');
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {answer.asientos.length > 1 && seat ? (
        <Tabs
          value={tabValue(seat.ApmtId)}
          // Only the chosen seat's panel in the page: a kept (hidden) panel still held the previous seat's ballot
          // for a moment after a switch, two ballots in the page at once.
          keepMounted={false}
          onChange={(value) => {
            const chosen = answer.asientos.find((s) => tabValue(s.ApmtId) === value);
            if (chosen) send({ type: 'chooseSeat', ApmtId: chosen.ApmtId });
          }}
        >
          <Tabs.List aria-label={intl.formatMessage({ id: 'polls.vote.seatsLabel' })}>
            {answer.asientos.map((s) => (
              <Tabs.Tab key={tabValue(s.ApmtId)} value={tabValue(s.ApmtId)}>
                {s.Nombre}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {answer.asientos.map((s) => (
            <Tabs.Panel key={tabValue(s.ApmtId)} value={tabValue(s.ApmtId)} pt="md">
              {s.ApmtId === seat.ApmtId ? flow : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        flow
      )}
    </Stack>
  );
}
