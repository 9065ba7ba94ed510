import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Pagination.css';
// "Sesiones activas": where the account is signed in (device, address and condominium, when it was used),
// this session marked; ending another one, or all the others, after a confirmation. A thin view over
// activeSessionsMachine.
import { Badge, Button, Card, Group, Loader, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { ActiveSession } from '../../api/sessions';
import { activeSessionsMachine, type PendingRevoke, pageCount } from '../../machines/activeSessionsMachine';
import { FailureAlert } from '../common/FailureAlert';

/** "Chrome en Android", or as much of it as the browser told. */
export function deviceName(intl: IntlShape, device: ActiveSession['device']): string {
  const { browser, os } = device;
  if (browser && os) return intl.formatMessage({ id: 'profile.sessions.device' }, { browser, os });
  if (browser) return browser;
  if (os) return intl.formatMessage({ id: 'profile.sessions.browserOn' }, { os });
  return intl.formatMessage({ id: 'profile.sessions.unknownDevice' });
}

/** "Desde 201.141.3.4 · Residencial Las Palmas": what the server knows of where it was opened. */
export function placeOf(intl: IntlShape, session: ActiveSession): string {
  return session.address
    ? intl.formatMessage({ id: 'profile.sessions.place' }, { address: session.address, condo: session.condoName })
    : session.condoName;
}

const when = (intl: IntlShape, iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

export function ActiveSessionsCard() {
  const intl = useIntl();
  const [state, send] = useMachine(activeSessionsMachine);
  const { items, total, page, pending, outcome, revokeFailure } = state.context;
  const loading = state.matches('loading');
  const revoking = state.matches('revoking');

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-sessions">
          <FormattedMessage id="profile.sessions.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="profile.sessions.hint" />
        </Text>

        {state.matches('loadFailed') ? (
          <FailureAlert
            failure={state.context.loadFailure}
            title={<FormattedMessage id="profile.sessions.loadFailed" />}
            onRetry={() => send({ type: 'retry' })}
          />
        ) : null}

        {loading && items.length === 0 ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">
              <FormattedMessage id="profile.sessions.loading" />
            </Text>
          </Group>
        ) : null}

        {items.length > 0 ? (
          <Stack
            component="ul"
            gap={0}
            aria-labelledby="profile-sessions"
            aria-busy={loading}
            style={{ listStyle: 'none', padding: 0, margin: 0, opacity: loading ? 0.6 : 1 }}
          >
            {items.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                canRevoke={state.can({ type: 'askRevoke', id: session.id })}
                onRevoke={() => send({ type: 'askRevoke', id: session.id })}
              />
            ))}
          </Stack>
        ) : null}

        {pageCount(total) > 1 ? (
          <nav aria-label={intl.formatMessage({ id: 'profile.sessions.pages' })}>
            <Pagination
              total={pageCount(total)}
              value={page}
              onChange={(next) => send({ type: 'goToPage', page: next })}
              disabled={!state.matches('list')}
              size="sm"
              getItemProps={(n) => ({ 'aria-label': intl.formatMessage({ id: 'profile.sessions.page' }, { page: n }) })}
              getControlProps={(control) =>
                control === 'previous' || control === 'next'
                  ? { 'aria-label': intl.formatMessage({ id: `profile.sessions.${control}Page` }) }
                  : {}
              }
            />
          </nav>
        ) : null}

        {outcome ? (
          <Text size="sm" c="green.8" role="status">
            <FormattedMessage id={`profile.sessions.${outcome}`} />
          </Text>
        ) : null}
        {revokeFailure ? (
          <FailureAlert failure={revokeFailure} title={<FormattedMessage id="profile.sessions.revokeFailed" />} />
        ) : null}

        {state.matches('list') && total === 1 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="profile.sessions.onlyThis" />
          </Text>
        ) : null}
        {total > 1 ? (
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              disabled={!state.can({ type: 'askRevokeOthers' })}
              onClick={() => send({ type: 'askRevokeOthers' })}
            >
              <FormattedMessage id="profile.sessions.revokeOthers" />
            </Button>
          </Group>
        ) : null}
      </Stack>

      <ConfirmRevoke
        pending={state.matches('confirming') || revoking ? pending : null}
        revoking={revoking}
        onConfirm={() => send({ type: 'confirm' })}
        onCancel={() => send({ type: 'cancel' })}
      />
    </Card>
  );
}

function SessionItem(props: { session: ActiveSession; canRevoke: boolean; onRevoke: () => void }) {
  const intl = useIntl();
  const { session } = props;
  const device = deviceName(intl, session.device);
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="xs"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Group gap="xs">
          <Text fw={600}>{device}</Text>
          {session.device.kind ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id={`profile.sessions.kind.${session.device.kind}`} />
            </Text>
          ) : null}
          {session.current ? (
            <Badge variant="light" color="green">
              <FormattedMessage id="profile.sessions.current" />
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {placeOf(intl, session)}
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="profile.sessions.lastUsed" values={{ date: when(intl, session.lastUsedAt) }} />
          {' · '}
          <FormattedMessage id="profile.sessions.signedIn" values={{ date: when(intl, session.signedInAt) }} />
          {session.rememberMe ? (
            <>
              {' · '}
              <FormattedMessage id="profile.sessions.remembered" />
            </>
          ) : null}
        </Text>
      </Stack>
      {session.current ? null : (
        <Button
          size="xs"
          variant="default"
          disabled={!props.canRevoke}
          onClick={props.onRevoke}
          aria-label={intl.formatMessage({ id: 'profile.sessions.revokeLabel' }, { device, place: placeOf(intl, session) })}
        >
          <FormattedMessage id="profile.sessions.revoke" />
        </Button>
      )}
    </Group>
  );
}

function ConfirmRevoke(props: { pending: PendingRevoke | null; revoking: boolean; onConfirm: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const { pending } = props;
  const kind = pending?.kind === 'others' ? 'confirmOthers' : 'confirmOne';
  const values =
    pending?.kind === 'one'
      ? { device: deviceName(intl, pending.session.device), place: placeOf(intl, pending.session) }
      : { device: '', place: '' };
  return (
    <Modal
      opened={pending !== null}
      onClose={props.onCancel}
      title={<FormattedMessage id={`profile.sessions.${kind}.title`} values={values} />}
      closeOnClickOutside={!props.revoking}
      closeOnEscape={!props.revoking}
      withCloseButton={!props.revoking}
      centered
    >
      <Stack gap="md">
        {pending?.kind === 'one' ? (
          <Stack gap={2}>
            <Text fw={600}>{values.device}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {values.place}
            </Text>
          </Stack>
        ) : null}
        <Text size="sm">
          <FormattedMessage id={`profile.sessions.${kind}.body`} values={values} />
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={props.revoking}>
            <FormattedMessage id="profile.sessions.keep" />
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.revoking}>
            <FormattedMessage id={`profile.sessions.${kind}.action`} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
