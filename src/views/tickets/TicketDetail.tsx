// One request over ticketDetailMachine: what was asked, where and by whom, its state and due date, the
// lifecycle actions the machine offers (from the lifecycle table), the administrator's management, the
// reply or internal note, the rating, and the timeline. Used by the section's screen (?ticket=) and by the
// employee's task list (in a drawer). Messages of the last call are live regions.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { autoCloseAt, TICKET_PRIORITIES, type TicketAction, type TicketPriority } from '../../api/ticketLifecycle';
import { TICKET_RATING_COMMENT_MAX, TICKET_REPLY_MAX, type TicketAnswer } from '../../api/tickets';
import { offeredActions, pendingUpdate, ticketDetailMachine } from '../../machines/ticketDetailMachine';
import { ACCEPTED_FILES, acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';
import { useCondoTimeZone } from '../common/zonedTime';
import { TicketBadges } from './TicketCard';
import { AttachmentLinks, TicketTimeline } from './TicketTimeline';
import { formatTicketDate, fromLocalInput, toLocalInput } from './ticketFormat';

type DetailState = ReturnType<typeof useDetail>[0];
type DetailSend = ReturnType<typeof useDetail>[1];

function useDetail(ticketId: number) {
  const machine = useMachine(ticketDetailMachine, { input: { ticketId } });
  const send = machine[1];
  // The live channel (issue 30): this request changed (its state, a reply, its assignee).
  useLiveEvent('ticket', (event) => {
    if (!event || event.data.ticketId === ticketId) send({ type: 'refresh' });
  });
  return machine;
}

const NONE = '';

/** A change is on its way: the drafts wait (what was typed would be cleared by its answer). */
const calling = (state: DetailState) => state.hasTag('busy');

export function TicketDetail({
  ticketId,
  onChanged,
}: {
  ticketId: number;
  /** Told after each change that went through (a list beside it may read itself again). */
  onChanged?: () => void;
}) {
  const [state, send] = useDetail(ticketId);
  const { notice } = state.context;
  const version = state.context.answer?.ticket.version;
  useEffect(() => {
    if (notice && version !== undefined) onChanged?.();
  }, [notice, version, onChanged]);

  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('notFound')) {
    return (
      <Alert color="yellow" role="alert" title={<FormattedMessage id="tickets.detail.notFoundTitle" />}>
        <FormattedMessage id="tickets.detail.notFound" />
      </Alert>
    );
  }
  if (state.matches('failed') || !state.context.answer) {
    return (
      <FailureAlert
        failure={state.context.failure}
        title={<FormattedMessage id="tickets.detail.failedTitle" />}
        onRetry={() => send({ type: 'retry' })}
      />
    );
  }
  return <Shown state={state} send={send} answer={state.context.answer} />;
}

function Shown({ state, send, answer }: { state: DetailState; send: DetailSend; answer: TicketAnswer }) {
  const titleId = useId();
  const { ticket, abilities, timeline } = answer;
  const busy = !state.matches({ shown: 'viewing' }) && !state.matches({ shown: 'conflict' });
  return (
    <Stack gap="md" component="article" aria-labelledby={titleId} aria-busy={busy}>
      <Stack gap={6}>
        <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage id="tickets.numbered" values={{ id: ticket.TicketId, title: ticket.Titulo }} />
        </Title>
        <TicketBadges ticket={ticket} />
      </Stack>
      <Messages state={state} send={send} />
      <Facts answer={answer} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {ticket.Descripcion}
          </Text>
          <AttachmentLinks files={ticket.adjuntos} />
        </Stack>
      </Card>
      <Actions state={state} send={send} />
      {abilities.canUpdate ? <Management state={state} send={send} /> : null}
      {abilities.canReply ? <ReplyForm state={state} send={send} /> : null}
      {ticket.calificacion ? <RatingShown rating={ticket.calificacion} /> : null}
      {abilities.canRate ? <RatingForm state={state} send={send} /> : null}
      <TicketTimeline events={timeline} />
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

function Facts({ answer }: { answer: TicketAnswer }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const { ticket } = answer;
  return (
    <Stack component="dl" gap={4} m={0} aria-label={intl.formatMessage({ id: 'tickets.detail.facts' })}>
      <Fact term={<FormattedMessage id="tickets.detail.category" />}>{ticket.CategoriaNombre}</Fact>
      <Fact term={<FormattedMessage id="tickets.detail.place" />}>{ticket.Lugar}</Fact>
      <Fact term={<FormattedMessage id="tickets.detail.requester" />}>{ticket.SolicitanteNombre}</Fact>
      <Fact term={<FormattedMessage id="tickets.detail.assignee" />}>
        {ticket.AsignadoNombre ?? <FormattedMessage id="tickets.unassigned" />}
      </Fact>
      <Fact term={<FormattedMessage id="tickets.detail.created" />}>
        <time dateTime={ticket.FechaCreada}>{formatTicketDate(ticket.FechaCreada, timeZone)}</time>
      </Fact>
      <Fact term={<FormattedMessage id="tickets.detail.due" />}>
        {ticket.FechaLimite ? (
          <time dateTime={ticket.FechaLimite}>{formatTicketDate(ticket.FechaLimite, timeZone)}</time>
        ) : (
          <FormattedMessage id="tickets.detail.noDue" />
        )}
      </Fact>
      {ticket.FechaResuelta ? (
        <Fact term={<FormattedMessage id="tickets.detail.resolved" />}>
          <time dateTime={ticket.FechaResuelta}>{formatTicketDate(ticket.FechaResuelta, timeZone)}</time>
        </Fact>
      ) : null}
    </Stack>
  );
}

/** What the last call did or why it did not: a status for a success, an alert for a failure or a lost race. */
function Messages({ state, send }: { state: DetailState; send: DetailSend }) {
  const { notice, failure, conflict, refreshFailed } = state.context;
  return (
    <div aria-live="polite">
      {notice ? (
        <Alert color="teal" role="status" variant="light">
          <FormattedMessage id={`tickets.detail.notice.${notice}`} />
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" variant="light" title={<FormattedMessage id="tickets.detail.changeFailedTitle" />}>
          <FailureText failure={failure} />
        </Alert>
      ) : null}
      {state.matches({ shown: 'conflict' }) ? (
        <Alert color="orange" role="alert" title={<FormattedMessage id="tickets.detail.conflictTitle" />}>
          <Stack gap="xs" align="flex-start">
            {conflict ? <Text size="sm">{conflict}</Text> : null}
            <Text size="sm">
              <FormattedMessage id="tickets.detail.conflictBody" />
            </Text>
            <Button size="xs" variant="outline" color="orange" onClick={() => send({ type: 'dismiss' })}>
              <FormattedMessage id="tickets.detail.conflictOk" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {refreshFailed ? (
        <Text size="xs" c="dimmed" role="status">
          <FormattedMessage id="tickets.detail.refreshFailed" />
        </Text>
      ) : null}
    </div>
  );
}

const ACTION_COLOR: Partial<Record<TicketAction, string>> = { cancelar: 'red', reabrir: 'orange', resolver: 'teal' };

function Actions({ state, send }: { state: DetailState; send: DetailSend }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const headingId = useId();
  const offered = offeredActions(state.context);
  const answer = state.context.answer!;
  if (offered.length === 0) return null;
  const acting = state.context.acting;
  const assignees = state.context.assignees ?? [];
  const resolvedAt = answer.ticket.FechaResuelta;
  const answersResolution = offered.includes('confirmar') || offered.includes('reabrir');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          <FormattedMessage id="tickets.detail.actionsTitle" />
        </Title>
        {answersResolution && resolvedAt ? (
          <Text size="sm">
            <FormattedMessage
              id="tickets.detail.answerResolution"
              values={{ date: formatTicketDate(autoCloseAt(resolvedAt).toISOString(), timeZone) }}
            />
          </Text>
        ) : null}
        {offered.includes('asignar') ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              disabled={calling(state)}
              label={intl.formatMessage({ id: 'tickets.detail.assignTo' })}
              value={state.context.assignTo === null ? NONE : String(state.context.assignTo)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                send({ type: 'chooseAssignee', asignadoId: value === NONE ? null : Number(value) });
              }}
              data={[
                { value: NONE, label: intl.formatMessage({ id: 'tickets.detail.chooseEmployee' }) },
                ...assignees.map((a) => ({ value: String(a.UserId), label: a.UserName })),
              ]}
            />
            <Button
              onClick={() => send({ type: 'asignar' })}
              disabled={!state.can({ type: 'asignar' })}
              loading={acting === 'asignar'}
            >
              <FormattedMessage id="tickets.action.asignar" />
            </Button>
          </Group>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {offered
            .filter((action) => action !== 'asignar')
            .map((action) => (
              <Button
                key={action}
                variant={action === 'cancelar' ? 'outline' : 'light'}
                color={ACTION_COLOR[action]}
                onClick={() => send({ type: action })}
                disabled={!state.can({ type: action })}
                loading={acting === action}
              >
                <FormattedMessage id={`tickets.action.${action}`} />
              </Button>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** Administrators: who works on it, how urgent it is, and by when. */
function Management({ state, send }: { state: DetailState; send: DetailSend }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const headingId = useId();
  const answer = state.context.answer!;
  const { ticket } = answer;
  const draft = state.context.update;
  const assignees = state.context.assignees ?? [];
  const asignadoId = draft.asignadoId === undefined ? ticket.AsignadoId : draft.asignadoId;
  const prioridad = draft.Prioridad ?? ticket.Prioridad;
  const due = draft.FechaLimite ?? ticket.FechaLimite;
  // A new request is assigned by its lifecycle action (Asignar), above.
  const reassign = !offeredActions(state.context).includes('asignar');
  const updating = state.matches({ shown: 'updating' });
  const changes = Object.keys(pendingUpdate(state.context)).length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'update' });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id={headingId}>
            <FormattedMessage id="tickets.detail.manageTitle" />
          </Title>
          {reassign ? (
            <NativeSelect
              disabled={calling(state)}
              label={intl.formatMessage({ id: 'tickets.detail.responsible' })}
              value={asignadoId === null ? NONE : String(asignadoId)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                send({ type: 'editUpdate', draft: { asignadoId: value === NONE ? null : Number(value) } });
              }}
              data={[
                { value: NONE, label: intl.formatMessage({ id: 'tickets.unassigned' }) },
                ...assignees.map((a) => ({ value: String(a.UserId), label: a.UserName })),
                // The current assignee even when no longer among the employees offered.
                ...(ticket.AsignadoId !== null && !assignees.some((a) => a.UserId === ticket.AsignadoId)
                  ? [{ value: String(ticket.AsignadoId), label: ticket.AsignadoNombre ?? String(ticket.AsignadoId) }]
                  : []),
              ]}
            />
          ) : null}
          <NativeSelect
            disabled={calling(state)}
            label={intl.formatMessage({ id: 'tickets.form.priority' })}
            value={prioridad}
            onChange={(event) => send({ type: 'editUpdate', draft: { Prioridad: event.currentTarget.value as TicketPriority } })}
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: intl.formatMessage({ id: `tickets.priority.${p}` }) }))}
          />
          <TextInput
            disabled={calling(state)}
            type="datetime-local"
            label={intl.formatMessage({ id: 'tickets.detail.dueField' })}
            value={toLocalInput(due, timeZone)}
            onChange={(event) => {
              const iso = fromLocalInput(event.currentTarget.value, timeZone);
              if (iso) send({ type: 'editUpdate', draft: { FechaLimite: iso } });
            }}
          />
          <Button
            type="submit"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            loading={updating}
            disabled={!updating && !state.can({ type: 'update' })}
          >
            <FormattedMessage id="tickets.detail.saveChanges" values={{ count: changes }} />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function ReplyForm({ state, send }: { state: DetailState; send: DetailSend }) {
  const intl = useIntl();
  const headingId = useId();
  const { reply, internal, replyFiles } = state.context;
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  async function attach(files: File[]) {
    setFileProblem(null);
    for (const file of files) {
      if (!acceptableFile(file)) {
        setFileProblem(intl.formatMessage({ id: 'tickets.form.fileRefused' }, { name: file.name }));
        continue;
      }
      send({ type: 'attachReply', file: await readAttachment(file) });
    }
  }
  const canNote = state.context.answer!.abilities.canWriteInternalNote;
  const replying = state.matches({ shown: 'replying' });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'reply' });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id={headingId}>
            <FormattedMessage id="tickets.detail.replyTitle" />
          </Title>
          <Textarea
            disabled={calling(state)}
            label={intl.formatMessage({ id: internal ? 'tickets.detail.noteField' : 'tickets.detail.replyField' })}
            value={reply}
            maxLength={TICKET_REPLY_MAX}
            rows={3}
            onChange={(event) => send({ type: 'editReply', text: event.currentTarget.value })}
          />
          {canNote ? (
            <Checkbox
              disabled={calling(state)}
              label={intl.formatMessage({ id: 'tickets.detail.internal' })}
              description={intl.formatMessage({ id: 'tickets.detail.internalHint' })}
              checked={internal}
              onChange={(event) => send({ type: 'setInternal', internal: event.currentTarget.checked })}
            />
          ) : null}
          {replyFiles.length > 0 ? (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {replyFiles.map((file, index) => (
                <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {file.name}
                  </Text>
                  <CloseButton
                    size="sm"
                    disabled={calling(state)}
                    aria-label={intl.formatMessage({ id: 'tickets.form.removeFile' }, { name: file.name })}
                    onClick={() => send({ type: 'detachReply', index })}
                  />
                </Group>
              ))}
            </Stack>
          ) : null}
          <FileButton onChange={attach} accept={ACCEPTED_FILES} multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                style={{ alignSelf: 'flex-start' }}
                disabled={calling(state) || !state.can({ type: 'attachReply', file: { name: 'x', dataUrl: '' } })}
              >
                <FormattedMessage id="tickets.form.attach" />
              </Button>
            )}
          </FileButton>
          {fileProblem ? (
            <Text size="sm" c="red.8" role="alert">
              {fileProblem}
            </Text>
          ) : null}
          <Button
            type="submit"
            variant={internal ? 'outline' : 'filled'}
            color={internal ? 'grape' : undefined}
            style={{ alignSelf: 'flex-start' }}
            loading={replying}
            disabled={!replying && !state.can({ type: 'reply' })}
          >
            <FormattedMessage id={internal ? 'tickets.detail.sendNote' : 'tickets.detail.sendReply'} />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function RatingShown({ rating }: { rating: NonNullable<TicketAnswer['ticket']['calificacion']> }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          <FormattedMessage id="tickets.detail.ratedAs" values={{ stars: rating.estrellas }} />
        </Text>
        <Text size="lg" aria-hidden="true" c="yellow.7">
          {'★'.repeat(rating.estrellas)}
          {'☆'.repeat(Math.max(0, 5 - rating.estrellas))}
        </Text>
        {rating.comentario ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {rating.comentario}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function RatingForm({ state, send }: { state: DetailState; send: DetailSend }) {
  const intl = useIntl();
  const headingId = useId();
  const { stars, comment } = state.context;
  const rating = state.matches({ shown: 'rating' });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'rate' });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id={headingId}>
            <FormattedMessage id="tickets.detail.rateTitle" />
          </Title>
          <Radio.Group
            readOnly={calling(state)}
            label={intl.formatMessage({ id: 'tickets.detail.stars' })}
            value={stars ? String(stars) : ''}
            onChange={(value) => send({ type: 'editRating', stars: Number(value) })}
          >
            <Group gap="md" mt={4} wrap="wrap">
              {[1, 2, 3, 4, 5].map((n) => (
                <Radio key={n} value={String(n)} label={intl.formatMessage({ id: 'tickets.detail.starsOption' }, { stars: n })} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            disabled={calling(state)}
            label={intl.formatMessage({ id: 'tickets.detail.ratingComment' })}
            value={comment}
            maxLength={TICKET_RATING_COMMENT_MAX}
            rows={2}
            onChange={(event) => send({ type: 'editRating', comment: event.currentTarget.value })}
          />
          <Button
            type="submit"
            style={{ alignSelf: 'flex-start' }}
            loading={rating}
            disabled={!rating && !state.can({ type: 'rate' })}
          >
            <FormattedMessage id="tickets.detail.sendRating" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
