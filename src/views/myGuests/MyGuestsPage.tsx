import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
// /condominio/mis-invitados ('Mis invitados'): a resident's visitor passes, guest links and events, each
// shared (copy, WhatsApp, open) and revoked after a confirmation; administrators also the condo link. A thin
// view over myGuestsMachine.
import { Alert, Badge, Button, Card, EmptyState, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type CondoLink, guestLinkPath, type MyLink, type MyPass, passPagePath } from '../../api/myGuests';
import { myGuestsMachine, type PendingAction, type Shareable } from '../../machines/myGuestsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { dwellingText, formatDate, formatEventStart, formatHour } from '../common/passFormat';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { EventForm } from './EventForm';
import { localNow } from './localNow';
import { PassForm } from './PassForm';
import { ShareButtons } from './ShareButtons';

export default function MyGuestsPage() {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  useDocumentTitle(condoName, intl.formatMessage({ id: 'invites.title' }));
  const phone = useMediaQuery('(max-width: 48em)');
  const [state, send] = useMachine(myGuestsMachine);
  const { overview, passes, passesTotal, links, linksTotal, condoLinks, form, pending, problem, failure, shared, loadingList } =
    state.context;
  const saving = state.matches({ ready: 'saving' });
  const acting = state.matches({ ready: 'acting' });
  const formOpen = form !== null && (state.matches({ ready: 'editing' }) || saving);
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="invites.title" />
      </Title>

      {state.matches('loading') ? (
        <Card withBorder radius="md" padding="lg" role="status" aria-label={label('invites.loading')}>
          <Stack gap="md">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={16} width={`${70 - row * 15}%`} />
            ))}
          </Stack>
        </Card>
      ) : null}

      {state.matches('failure') ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="invites.failedTitle" />}
          onRetry={() => send({ type: 'retry' })}
        />
      ) : null}

      {overview ? (
        <>
          {overview.canInvite ? (
            <Group gap="sm">
              <Button
                onClick={() => send({ type: 'openForm', form: 'pass' })}
                disabled={!state.can({ type: 'openForm', form: 'pass' })}
              >
                <FormattedMessage id="invites.newPass" />
              </Button>
              <Button
                variant="light"
                onClick={() => send({ type: 'openForm', form: 'event' })}
                disabled={!state.can({ type: 'openForm', form: 'event' })}
              >
                <FormattedMessage id="invites.newEvent" />
              </Button>
              <Button
                variant="light"
                onClick={() => send({ type: 'createUserLink' })}
                disabled={!state.can({ type: 'createUserLink' })}
                loading={state.matches({ ready: { saving: 'userLink' } })}
              >
                <FormattedMessage id="invites.newUserLink" />
              </Button>
            </Group>
          ) : null}

          {(problem || failure) && !formOpen ? (
            <Alert color="red" role="alert" withCloseButton onClose={() => send({ type: 'dismissProblem' })}>
              {problem ? <FormattedMessage id={`invites.problem.${problem.key}`} /> : <FailureText failure={failure} />}
            </Alert>
          ) : null}

          {shared ? <ShareCard shared={shared} condoName={condoName} onClose={() => send({ type: 'dismissShare' })} /> : null}

          {overview.canInvite ? (
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  <FormattedMessage id="invites.passesTitle" />
                </Title>
                {passes.length === 0 ? (
                  <EmptyState title={label('invites.passesEmptyTitle')} description={label('invites.passesEmptyBody')} />
                ) : (
                  <Stack gap="sm" role="list" aria-label={label('invites.passesTitle')}>
                    {passes.map((pass) => (
                      <PassItem
                        key={pass.id}
                        pass={pass}
                        condoName={condoName}
                        onRevoke={() => send({ type: 'ask', action: { kind: 'revokePass', id: pass.id, name: pass.Nombre } })}
                      />
                    ))}
                  </Stack>
                )}
                <More
                  shown={passes.length}
                  total={passesTotal}
                  loading={loadingList === 'passes'}
                  canLoad={state.can({ type: 'loadMore', list: 'passes' })}
                  onLoad={() => send({ type: 'loadMore', list: 'passes' })}
                />
              </Stack>
            </Card>
          ) : null}

          {overview.canInvite ? (
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  <FormattedMessage id="invites.linksTitle" />
                </Title>
                {links.length === 0 ? (
                  <EmptyState title={label('invites.linksEmptyTitle')} description={label('invites.linksEmptyBody')} />
                ) : (
                  <Stack gap="sm" role="list" aria-label={label('invites.linksTitle')}>
                    {links.map((link) => (
                      <LinkItem
                        key={link.id}
                        link={link}
                        condoName={condoName}
                        onAsk={(action) => send({ type: 'ask', action })}
                      />
                    ))}
                  </Stack>
                )}
                <More
                  shown={links.length}
                  total={linksTotal}
                  loading={loadingList === 'links'}
                  canLoad={state.can({ type: 'loadMore', list: 'links' })}
                  onLoad={() => send({ type: 'loadMore', list: 'links' })}
                />
              </Stack>
            </Card>
          ) : null}

          {overview.canManageCondoLink ? (
            <CondoLinksCard
              links={condoLinks}
              condoName={condoName}
              creating={state.matches({ ready: { saving: 'condoLink' } })}
              canCreate={state.can({ type: 'createCondoLink' })}
              onCreate={() => send({ type: 'createCondoLink' })}
              onRevoke={(link) => send({ type: 'ask', action: { kind: 'revokeLink', id: link.id, name: link.token } })}
            />
          ) : null}

          <Modal
            opened={formOpen}
            onClose={() => send({ type: 'closeForm' })}
            title={<FormattedMessage id={form === 'event' ? 'invites.newEvent' : 'invites.newPass'} />}
            fullScreen={phone === true}
            size="lg"
            closeOnClickOutside={!saving}
            closeOnEscape={!saving}
          >
            {form === 'pass' ? (
              <PassForm
                overview={overview}
                saving={saving}
                problem={problem}
                failure={failure}
                onSubmit={(values) => send({ type: 'submitPass', values, now: localNow() })}
                onCancel={() => send({ type: 'closeForm' })}
              />
            ) : null}
            {form === 'event' ? (
              <EventForm
                overview={overview}
                saving={saving}
                problem={problem}
                failure={failure}
                onSubmit={(values) => send({ type: 'submitEvent', values, now: localNow() })}
                onCancel={() => send({ type: 'closeForm' })}
              />
            ) : null}
          </Modal>

          <ConfirmDialog
            pending={pending}
            acting={acting}
            onConfirm={() => send({ type: 'confirm' })}
            onDismiss={() => send({ type: 'dismiss' })}
          />
        </>
      ) : null}
    </Stack>
  );
}

function More(props: { shown: number; total: number; loading: boolean; canLoad: boolean; onLoad: () => void }) {
  if (props.total === 0) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="invites.count" values={{ shown: props.shown, total: props.total }} />
      </Text>
      {props.shown < props.total ? (
        <Button
          size="xs"
          variant="light"
          loading={props.loading}
          disabled={!props.canLoad && !props.loading}
          onClick={props.onLoad}
        >
          <FormattedMessage id="invites.loadMore" />
        </Button>
      ) : null}
    </Group>
  );
}

function PassItem({ pass, condoName, onRevoke }: { pass: MyPass; condoName: string; onRevoke: () => void }) {
  const intl = useIntl();
  const dates =
    pass.FechaInicio && pass.FechaFin
      ? pass.FechaInicio === pass.FechaFin
        ? formatDate(pass.FechaInicio)
        : `${formatDate(pass.FechaInicio)} – ${formatDate(pass.FechaFin)}`
      : null;
  const hours = pass.HoraInicio && pass.HoraFin ? `${formatHour(pass.HoraInicio)} – ${formatHour(pass.HoraFin)}` : null;
  const days = pass.DiasAcceso.map((d) => intl.formatMessage({ id: `invites.weekday.${d}` })).join(', ');
  const message = intl.formatMessage({ id: 'invites.shareMessagePass' }, { name: pass.Nombre, condo: condoName });
  return (
    <Card withBorder radius="sm" padding="sm" role="listitem" aria-label={pass.Nombre}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {pass.Nombre}
            {pass.NombreInfante ? ` · ${pass.NombreInfante}` : ''}
          </Text>
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {knownType(intl, pass.Tipo)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {[dates, hours, days, dwellingText(pass.TorreName, pass.AptName)].filter(Boolean).join(' · ')}
        </Text>
        <Text size="xs">
          <FormattedMessage id="invites.manualKey" values={{ key: pass.ClaveManual }} />
        </Text>
        <Group justify="space-between" gap="xs">
          <ShareButtons
            path={passPagePath(pass.CondoId, pass.QR)}
            message={message}
            openLabel={intl.formatMessage({ id: 'invites.openPass' }, { name: pass.Nombre })}
          />
          <Button size="xs" variant="subtle" color="red" onClick={onRevoke}>
            <FormattedMessage id="invites.revoke" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function knownType(intl: ReturnType<typeof useIntl>, tipo: string): string {
  const id = `pass.type.${tipo}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : tipo;
}

function LinkItem({ link, condoName, onAsk }: { link: MyLink; condoName: string; onAsk: (action: PendingAction) => void }) {
  const intl = useIntl();
  const event = link.event;
  const cancelled = event?.Estatus === 'cancelado';
  const name = event ? event.Nombre : intl.formatMessage({ id: 'invites.userLinkName' });
  const message = event
    ? intl.formatMessage({ id: 'invites.shareMessageEvent' }, { name: event.Nombre, condo: condoName })
    : intl.formatMessage({ id: 'invites.shareMessageLink' }, { condo: condoName });
  return (
    <Card withBorder radius="sm" padding="sm" role="listitem" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge variant="light" size="sm" color={cancelled ? 'red' : event ? 'grape' : 'blue'} style={{ flexShrink: 0 }}>
            <FormattedMessage id={cancelled ? 'invites.cancelled' : event ? 'invites.eventBadge' : 'invites.userLinkBadge'} />
          </Badge>
        </Group>
        {event ? (
          <Text size="xs" c="dimmed">
            {formatEventStart(event.Fecha, event.Hora)} ·{' '}
            <FormattedMessage id="invites.guests" values={{ count: event.Invitados, limit: event.LimiteInvitados ?? '∞' }} />
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="invites.userLinkHint" />
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <ShareButtons
            path={guestLinkPath(link.token)}
            message={message}
            openLabel={intl.formatMessage({ id: 'invites.openLink' }, { name })}
          />
          <Group gap={4}>
            {event && !cancelled ? (
              <Button
                size="xs"
                variant="subtle"
                color="orange"
                onClick={() => onAsk({ kind: 'cancelEvent', id: event.id, name: event.Nombre })}
              >
                <FormattedMessage id="invites.cancelEvent" />
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" color="red" onClick={() => onAsk({ kind: 'revokeLink', id: link.id, name })}>
              <FormattedMessage id="invites.revoke" />
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function CondoLinksCard(props: {
  links: CondoLink[];
  condoName: string;
  creating: boolean;
  canCreate: boolean;
  onCreate: () => void;
  onRevoke: (link: CondoLink) => void;
}) {
  const intl = useIntl();
  const message = intl.formatMessage({ id: 'invites.shareMessageCondo' }, { condo: props.condoName });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            <FormattedMessage id="invites.condoLinksTitle" />
          </Title>
          <Button size="xs" onClick={props.onCreate} loading={props.creating} disabled={!props.canCreate && !props.creating}>
            <FormattedMessage id="invites.newCondoLink" />
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="invites.condoLinksHint" />
        </Text>
        {props.links.length === 0 ? (
          <Text size="sm">
            <FormattedMessage id="invites.condoLinksEmpty" />
          </Text>
        ) : (
          <Stack gap="sm" role="list" aria-label={intl.formatMessage({ id: 'invites.condoLinksTitle' })}>
            {props.links.map((link) => (
              <Card key={link.id} withBorder radius="sm" padding="sm" role="listitem" aria-label={link.token}>
                <Group justify="space-between" gap="xs">
                  <ShareButtons
                    path={guestLinkPath(link.token)}
                    message={message}
                    openLabel={intl.formatMessage({ id: 'invites.openLink' }, { name: link.token })}
                  />
                  <Button size="xs" variant="subtle" color="red" onClick={() => props.onRevoke(link)}>
                    <FormattedMessage id="invites.revoke" />
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ShareCard({ shared, condoName, onClose }: { shared: Shareable; condoName: string; onClose: () => void }) {
  const intl = useIntl();
  const message =
    shared.kind === 'pass'
      ? intl.formatMessage({ id: 'invites.shareMessagePass' }, { name: shared.name ?? '', condo: condoName })
      : shared.kind === 'eventLink'
        ? intl.formatMessage({ id: 'invites.shareMessageEvent' }, { name: shared.name ?? '', condo: condoName })
        : shared.kind === 'condoLink'
          ? intl.formatMessage({ id: 'invites.shareMessageCondo' }, { condo: condoName })
          : intl.formatMessage({ id: 'invites.shareMessageLink' }, { condo: condoName });
  return (
    <Alert color="teal" withCloseButton onClose={onClose} closeButtonLabel={intl.formatMessage({ id: 'invites.close' })}>
      <Stack gap="xs" role="region" aria-label={intl.formatMessage({ id: 'invites.sharedTitle' })}>
        <Text size="sm" fw={600}>
          <FormattedMessage id={`invites.created.${shared.kind}`} values={{ name: shared.name ?? '' }} />
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {`${window.location.origin}${shared.path}`}
        </Text>
        <ShareButtons
          path={shared.path}
          message={message}
          openLabel={intl.formatMessage(
            { id: shared.kind === 'pass' ? 'invites.openPass' : 'invites.openLink' },
            { name: shared.name ?? '' },
          )}
        />
      </Stack>
    </Alert>
  );
}

function ConfirmDialog(props: { pending: PendingAction | null; acting: boolean; onConfirm: () => void; onDismiss: () => void }) {
  const kind = props.pending?.kind ?? 'revokePass';
  return (
    <Modal
      opened={props.pending !== null}
      onClose={props.onDismiss}
      title={<FormattedMessage id={`invites.confirm.${kind}.title`} />}
      closeOnClickOutside={!props.acting}
      closeOnEscape={!props.acting}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          <FormattedMessage id={`invites.confirm.${kind}.body`} values={{ name: props.pending?.name ?? '' }} />
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onDismiss} disabled={props.acting}>
            <FormattedMessage id="invites.keep" />
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.acting}>
            <FormattedMessage id={`invites.confirm.${kind}.action`} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
