// One published event (?evento=ID) over eventEditorMachine: title, kind, dates DD/MM/YYYY hh:mm AM/PM, place,
// description, "Evento cancelado: motivo", the guest registration link (copy, QR with error correction M) and
// how many registered; for administrators Editar and Cancelar evento. ?evento=nuevo is the editor of a new one.
// A conflict (someone else changed it first) shows the server's words over the event as it is now.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconCopy, IconMapPin } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { CalendarEvent } from '../../api/calendar';
import { EVENT_MAX_COMPANIONS, EVENT_MAX_GUESTS } from '../../api/myGuests';
import { type EventForm, formProblems } from '../../machines/eventDraft';
import { editable, eventEditorMachine } from '../../machines/eventEditorMachine';
import { FailureAlert } from '../common/FailureAlert';
import { LazyQr } from '../common/LazyQr';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { CALENDAR_SCREEN, eventScreenPath, formatLocal, KIND_COLOR } from './calendarFormat';

type EditorState = ReturnType<typeof useMachine<typeof eventEditorMachine>>[0];
type EditorSend = ReturnType<typeof useMachine<typeof eventEditorMachine>>[1];

export function EventScreen({ eventId }: { eventId: number | null }) {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const [state, send, actor] = useMachine(eventEditorMachine, { input: { eventId } });
  const [, navigate] = useLocation();
  const { evento, failure, conflict, notice } = state.context;
  useDocumentTitle(
    condoName,
    intl.formatMessage({ id: 'communication.title' }),
    intl.formatMessage({ id: 'calendar.title' }),
    evento?.Titulo ?? intl.formatMessage({ id: 'calendar.editor.newTitle' }),
  );
  useEffect(() => {
    const subscription = actor.on('created', (event) => navigate(eventScreenPath(event.eventId), { replace: true }));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  const closed = state.matches('closed');
  useEffect(() => {
    if (closed) navigate(CALENDAR_SCREEN);
  }, [closed, navigate]);
  const stateName = typeof state.value === 'string' ? state.value : `cancelling.${Object.values(state.value)[0]}`;

  return (
    <Stack gap="md" data-event-state={stateName} data-event-id={evento?.EventId}>
      <Anchor component={Link} href={CALENDAR_SCREEN} size="sm">
        <FormattedMessage id="calendar.event.back" />
      </Anchor>
      {state.hasTag('busy') ? <LoadingCard /> : null}
      {state.matches('loadFailed') ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="calendar.event.loadFailed" />}
          onRetry={() => send({ type: 'retry' })}
        />
      ) : null}
      {state.matches('notFound') ? (
        <Text role="status">
          <FormattedMessage id="calendar.event.notFound" />
        </Text>
      ) : null}
      {state.matches('forbidden') ? (
        <Text role="status">
          <FormattedMessage id="calendar.event.forbidden" />
        </Text>
      ) : null}
      {conflict && state.matches('viewing') ? (
        <Alert color="yellow" role="alert" title={<FormattedMessage id="calendar.event.conflictTitle" />}>
          {conflict}
        </Alert>
      ) : null}
      {notice && state.matches('viewing') ? (
        <Alert color="teal" role="status">
          <FormattedMessage id={notice === 'saved' ? 'calendar.event.saved' : 'calendar.event.cancelledNotice'} />
        </Alert>
      ) : null}
      {evento && (state.matches('viewing') || state.matches('cancelling')) ? (
        <EventDetail evento={evento} actions={state.matches('viewing') && editable(evento)} send={send} />
      ) : null}
      {state.matches('cancelling') ? <CancelForm state={state} send={send} /> : null}
      {state.matches('editing') || state.matches('saving') ? <EditorForm state={state} send={send} /> : null}
    </Stack>
  );
}

function EventDetail({ evento, actions, send }: { evento: CalendarEvent; actions: boolean; send: EditorSend }) {
  const intl = useIntl();
  return (
    <Stack gap="sm" component="article" aria-labelledby="calendar-event-title">
      <Group gap="xs">
        <Badge color={KIND_COLOR[evento.tipo]} variant="light">
          <FormattedMessage id={`calendar.one.${evento.tipo}`} />
        </Badge>
        {evento.cancelado ? (
          <Badge color="red">
            <FormattedMessage id="calendar.cancelled" />
          </Badge>
        ) : null}
      </Group>
      <Title order={1} size="h2" id="calendar-event-title" td={evento.cancelado ? 'line-through' : undefined}>
        {evento.Titulo}
      </Title>
      {evento.cancelado ? (
        <Alert color="red" data-event-cancelled>
          <FormattedMessage id="calendar.event.cancelledBecause" values={{ reason: evento.motivo ?? '' }} />
        </Alert>
      ) : null}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={18} aria-hidden />
        <Stack gap={0}>
          <Text size="sm">
            <FormattedMessage id="calendar.event.from" />: <span data-event-start>{formatLocal(evento.inicioLocal)}</span>
          </Text>
          <Text size="sm">
            <FormattedMessage id="calendar.event.to" />: <span data-event-end>{formatLocal(evento.finLocal)}</span>
          </Text>
        </Stack>
      </Group>
      {evento.Lugar ? (
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={18} aria-label={intl.formatMessage({ id: 'calendar.event.place' })} />
          <Text size="sm">{evento.Lugar}</Text>
        </Group>
      ) : null}
      {evento.Descripcion ? <Text style={{ whiteSpace: 'pre-wrap' }}>{evento.Descripcion}</Text> : null}
      <Text size="xs" c="dimmed">
        <FormattedMessage id="calendar.event.publishedBy" values={{ name: evento.PublicadoPor }} />
      </Text>
      {evento.registroUrl ? <GuestLink evento={evento} url={evento.registroUrl} /> : null}
      {actions ? (
        <Group gap="xs">
          <Button onClick={() => send({ type: 'edit' })}>
            <FormattedMessage id="calendar.event.edit" />
          </Button>
          <Button color="red" variant="light" onClick={() => send({ type: 'startCancel' })}>
            <FormattedMessage id="calendar.event.cancel" />
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function GuestLink({ evento, url }: { evento: CalendarEvent; url: string }) {
  const intl = useIntl();
  const limit = evento.invitados?.limiteInvitados ?? null;
  const count = evento.registrados ?? 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="calendar-event-guests" data-event-guest-link={url}>
      <Stack gap="xs">
        <Title order={2} size="h4" id="calendar-event-guests">
          <FormattedMessage id="calendar.event.guests" />
        </Title>
        {evento.cancelado ? null : (
          <>
            <Text size="sm">
              <FormattedMessage id="calendar.event.guestsHelp" />
            </Text>
            <Group gap="xs" wrap="wrap" align="center">
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {url}
              </Text>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    <FormattedMessage id={copied ? 'calendar.event.copied' : 'calendar.event.copy'} />
                  </Button>
                )}
              </CopyButton>
            </Group>
            <LazyQr value={url} size={160} label={intl.formatMessage({ id: 'calendar.event.qr' })} />
          </>
        )}
        <Text size="sm" data-event-registered={count}>
          {limit === null ? (
            <FormattedMessage id="calendar.event.registered" values={{ count }} />
          ) : (
            <FormattedMessage id="calendar.event.registeredOf" values={{ count, limit }} />
          )}
        </Text>
        {evento.invitados && evento.invitados.acompanantes > 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="calendar.event.companions" values={{ count: evento.invitados.acompanantes }} />
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function EditorForm({ state, send }: { state: EditorState; send: EditorSend }) {
  const intl = useIntl();
  const { form, attempted, failure, evento, home } = state.context;
  if (!form) return null;
  const problems = attempted ? formProblems(form) : {};
  const problem = (field: keyof typeof problems) => {
    const id = problems[field];
    return id ? intl.formatMessage({ id }) : undefined;
  };
  const change = (part: Partial<EventForm>) => send({ type: 'change', form: part });
  const saving = state.matches('saving');
  const sections = home?.secciones ?? [];
  return (
    <form
      aria-labelledby="calendar-editor-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'save' });
      }}
    >
      <Stack gap="sm">
        <Title order={1} size="h2" id="calendar-editor-title">
          <FormattedMessage id={evento ? 'calendar.editor.editTitle' : 'calendar.editor.newTitle'} />
        </Title>
        {failure ? <FailureAlert failure={failure} title={<FormattedMessage id="calendar.editor.failed" />} /> : null}
        {!evento && sections.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'calendar.editor.section' })}
            value={String(form.sectionId)}
            onChange={(e) => change({ sectionId: Number(e.currentTarget.value) })}
            data={sections.map((s) => ({ value: String(s.SectId), label: s.SectName }))}
          />
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="calendar-editor-kind">
            <FormattedMessage id="calendar.editor.kind" />
          </Text>
          <SegmentedControl
            aria-labelledby="calendar-editor-kind"
            value={form.tipo}
            onChange={(value) => change({ tipo: value as EventForm['tipo'] })}
            data={(['evento', 'asamblea'] as const).map((value) => ({
              value,
              label: intl.formatMessage({ id: `calendar.one.${value}` }),
            }))}
          />
        </Stack>
        <TextInput
          label={intl.formatMessage({ id: 'calendar.editor.title' })}
          required
          value={form.Titulo}
          onChange={(e) => change({ Titulo: e.currentTarget.value })}
          error={problem('Titulo')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="datetime-local"
            label={intl.formatMessage({ id: 'calendar.editor.start' })}
            required
            value={form.inicio}
            onChange={(e) => change({ inicio: e.currentTarget.value })}
            error={problem('inicio')}
            miw={200}
          />
          <TextInput
            type="datetime-local"
            label={intl.formatMessage({ id: 'calendar.editor.end' })}
            required
            value={form.fin}
            onChange={(e) => change({ fin: e.currentTarget.value })}
            error={problem('fin')}
            miw={200}
          />
        </Group>
        {home || evento ? (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="calendar.editor.zone" values={{ zone: home?.zonaHoraria ?? '' }} />
          </Text>
        ) : null}
        <TextInput
          label={intl.formatMessage({ id: 'calendar.editor.place' })}
          value={form.Lugar}
          onChange={(e) => change({ Lugar: e.currentTarget.value })}
          error={problem('Lugar')}
        />
        <Textarea
          label={intl.formatMessage({ id: 'calendar.editor.description' })}
          autosize
          minRows={3}
          value={form.Descripcion}
          onChange={(e) => change({ Descripcion: e.currentTarget.value })}
          error={problem('Descripcion')}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'calendar.editor.withGuests' })}
          checked={form.conInvitados}
          onChange={(e) => change({ conInvitados: e.currentTarget.checked })}
        />
        {form.conInvitados ? (
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={intl.formatMessage({ id: 'calendar.editor.companions' })}
              min={0}
              max={EVENT_MAX_COMPANIONS}
              allowDecimal={false}
              value={form.acompanantes}
              onChange={(value) => change({ acompanantes: typeof value === 'number' ? value : 0 })}
              error={problem('acompanantes')}
              miw={160}
            />
            <NumberInput
              label={intl.formatMessage({ id: 'calendar.editor.limit' })}
              min={1}
              max={EVENT_MAX_GUESTS}
              allowDecimal={false}
              value={form.limiteInvitados ?? ''}
              onChange={(value) => change({ limiteInvitados: typeof value === 'number' ? value : null })}
              error={problem('limiteInvitados')}
              miw={160}
            />
          </Group>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={saving}>
            <FormattedMessage id="calendar.editor.save" />
          </Button>
          <Button variant="default" onClick={() => send({ type: 'discard' })} disabled={saving}>
            <FormattedMessage id="calendar.editor.discard" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CancelForm({ state, send }: { state: EditorState; send: EditorSend }) {
  const intl = useIntl();
  const { reason, attempted, failure } = state.context;
  const sending = state.matches({ cancelling: 'sending' });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="calendar-cancel-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'confirmCancel' });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="calendar-cancel-title">
            <FormattedMessage id="calendar.cancel.title" />
          </Title>
          <Text size="sm">
            <FormattedMessage id="calendar.cancel.help" />
          </Text>
          {failure ? <FailureAlert failure={failure} title={<FormattedMessage id="calendar.cancel.failed" />} /> : null}
          <Textarea
            label={intl.formatMessage({ id: 'calendar.cancel.reason' })}
            required
            value={reason}
            onChange={(e) => send({ type: 'setReason', reason: e.currentTarget.value })}
            error={attempted && !reason.trim() ? intl.formatMessage({ id: 'calendar.error.required' }) : undefined}
          />
          <Group gap="xs">
            <Button type="submit" color="red" loading={sending}>
              <FormattedMessage id="calendar.cancel.confirm" />
            </Button>
            <Button variant="default" onClick={() => send({ type: 'back' })} disabled={sending}>
              <FormattedMessage id="calendar.cancel.back" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
