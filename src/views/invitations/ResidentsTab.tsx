import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Pagination.css';
// configuracion, tab 'residentes' (issue 16): the residents by tower and dwelling (accent-insensitive search, a
// tower, pages; owner or tenant), moving one out (confirmed: their sessions end at once), the pending
// invitations (resend, revoke) and "Invitar" (InviteDialog over invitationMachine).
import { Alert, Badge, Button, Card, Group, Modal, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type DwellingChoice,
  type Invitation,
  RESIDENTS_PAGE_SIZE,
  type Resident,
  type ResidentsAnswer,
} from '../../api/invitations';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';
import {
  fetchDwellingChoices,
  fetchInvitations,
  fetchResidents,
  moveOutResident,
  resendInvitation,
  revokeInvitation,
} from '../../services/invitationsService';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { useCondoTimeZone } from '../common/zonedTime';
import { InviteDialog } from './InviteDialog';

/** The residents' search waits like the resident selector (spec §9). */
const SEARCH_DEBOUNCE_MS = 500;
const ALL = 'all';

type Notice = { id: string; values: Record<string, string> } | null;

export default function ResidentsTab() {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [tower, setTower] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [residents, setResidents] = useState<ResidentsAnswer | null>(null);
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [dwellings, setDwellings] = useState<DwellingChoice[]>([]);
  const [loadFailure, setLoadFailure] = useState<CallFailure | null>(null);
  const [reload, setReload] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState<Resident | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [actionFailure, setActionFailure] = useState<CallFailure | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const params = {
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(tower === ALL ? {} : { torre: Number(tower) }),
      limit: RESIDENTS_PAGE_SIZE,
      offset: (page - 1) * RESIDENTS_PAGE_SIZE,
    };
    void reload;
    fetchResidents(params, controller.signal).then(
      (answer) => {
        setResidents(answer);
        setLoadFailure(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadFailure(callFailure(error));
      },
    );
    return () => controller.abort();
  }, [q, tower, page, reload]);

  useEffect(() => {
    const controller = new AbortController();
    void reload;
    const failed = (error: unknown) => !controller.signal.aborted && setLoadFailure(callFailure(error));
    fetchInvitations(controller.signal).then(setInvitations, failed);
    fetchDwellingChoices(controller.signal).then(setDwellings, failed);
    return () => controller.abort();
  }, [reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const onSent = useCallback(() => refresh(), [refresh]);

  /** Runs an action on a row: a notice when it worked, why when not; the lists again. */
  const act = async (work: () => Promise<Notice>) => {
    setBusy(true);
    setActionFailure(null);
    try {
      setNotice(await work());
    } catch (error) {
      setActionFailure(callFailure(error));
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const moveOut = (resident: Resident) =>
    act(async () => {
      const answer = await moveOutResident(resident.residencyId);
      setLeaving(null);
      return {
        id: answer.membershipEnded ? 'invitations.moveOut.doneInactive' : 'invitations.moveOut.done',
        values: { name: resident.name, dwelling: resident.dwelling },
      };
    });

  const pages = residents ? Math.max(1, Math.ceil(residents.total / RESIDENTS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          <FormattedMessage id="invitations.residents.title" />
        </Title>
        <Button onClick={() => setInviting(true)}>
          <FormattedMessage id="invitations.invite.button" />
        </Button>
      </Group>
      {notice ? (
        <Alert color="green" role="status" withCloseButton onClose={() => setNotice(null)}>
          <FormattedMessage id={notice.id} values={notice.values} />
        </Alert>
      ) : null}
      {actionFailure ? (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setActionFailure(null)}>
          <FailureText failure={actionFailure} />
        </Alert>
      ) : null}
      {loadFailure ? (
        <FailureAlert failure={loadFailure} title={<FormattedMessage id="invitations.loadFailed" />} onRetry={refresh} />
      ) : null}

      <Group align="flex-end" wrap="wrap">
        <TextInput
          flex="1 1 16rem"
          label={<FormattedMessage id="invitations.residents.search" />}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={<FormattedMessage id="invitations.residents.tower" />}
          value={tower}
          allowDeselect={false}
          onChange={(value) => {
            setTower(value ?? ALL);
            setPage(1);
          }}
          data={[
            { value: ALL, label: intl.formatMessage({ id: 'invitations.residents.allTowers' }) },
            ...(residents?.towers ?? []).map((t) => ({ value: String(t.id), label: t.name })),
            { value: '0', label: intl.formatMessage({ id: 'invitations.residents.houses' }) },
          ]}
        />
      </Group>

      {residents ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="invitations.residents.count" values={{ total: residents.total }} />
          </Text>
          {residents.items.length === 0 ? (
            <Text>
              <FormattedMessage id="invitations.residents.empty" />
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={intl.formatMessage({ id: 'invitations.residents.title' })}
            >
              {residents.items.map((resident) => (
                <Card
                  key={resident.residencyId}
                  component="li"
                  withBorder
                  padding="sm"
                  aria-label={`${resident.name}, ${resident.dwelling}`}
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Text fw={600}>{resident.name}</Text>
                      <Text size="sm" c="dimmed">
                        {resident.email}
                      </Text>
                      <Group gap={6}>
                        <Text size="sm">{resident.dwelling}</Text>
                        <Badge variant="light" color={resident.kind === 'owner' ? 'blue' : 'grape'}>
                          <FormattedMessage id={`invitations.kind.${resident.kind}`} />
                        </Badge>
                        {resident.roles.map((role) => (
                          <Badge key={role} variant="outline">
                            <FormattedMessage id={`invitations.role.${role}`} />
                          </Badge>
                        ))}
                      </Group>
                    </Stack>
                    <Button variant="subtle" color="red" size="xs" onClick={() => setLeaving(resident)}>
                      <FormattedMessage id="invitations.moveOut.button" />
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </Stack>
      ) : null}

      <Stack gap="xs">
        <Title order={2} size="h3">
          <FormattedMessage id="invitations.pending.title" />
        </Title>
        {invitations && invitations.length === 0 ? (
          <Text>
            <FormattedMessage id="invitations.pending.empty" />
          </Text>
        ) : null}
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={intl.formatMessage({ id: 'invitations.pending.title' })}
        >
          {(invitations ?? []).map((invitation) => (
            <Card key={invitation.id} component="li" withBorder padding="sm" aria-label={invitation.email}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600}>
                    {invitation.name} · {invitation.email}
                  </Text>
                  <Group gap={6}>
                    {invitation.dwelling && invitation.kind ? (
                      <>
                        <Text size="sm">{invitation.dwelling}</Text>
                        <Badge variant="light">
                          <FormattedMessage id={`invitations.kind.${invitation.kind}`} />
                        </Badge>
                      </>
                    ) : (
                      invitation.roles.map((role) => (
                        <Badge key={role} variant="outline">
                          <FormattedMessage id={`invitations.role.${role}`} />
                        </Badge>
                      ))
                    )}
                    {invitation.accessRequestId !== null ? (
                      <Badge variant="dot">
                        <FormattedMessage id="invitations.pending.fromRequest" />
                      </Badge>
                    ) : null}
                    {invitation.expired ? (
                      <Badge color="orange">
                        <FormattedMessage id="invitations.pending.expired" />
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage
                      id="invitations.pending.sent"
                      values={{
                        count: invitation.sentCount,
                        date: intl.formatDate(invitation.expiresAt, { dateStyle: 'medium', timeZone }),
                      }}
                    />
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy}
                    onClick={() =>
                      act(async () => {
                        await resendInvitation(invitation.id);
                        return { id: 'invitations.pending.resent', values: { email: invitation.email } };
                      })
                    }
                  >
                    <FormattedMessage id="invitations.pending.resend" />
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    onClick={() =>
                      act(async () => {
                        await revokeInvitation(invitation.id);
                        return { id: 'invitations.pending.revoked', values: { email: invitation.email } };
                      })
                    }
                  >
                    <FormattedMessage id="invitations.pending.revoke" />
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>

      {inviting ? <InviteDialog opened dwellings={dwellings} onClose={() => setInviting(false)} onSent={onSent} /> : null}

      <Modal
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'common.close' }) }}
        opened={leaving !== null}
        onClose={() => setLeaving(null)}
        title={<FormattedMessage id="invitations.moveOut.title" />}
      >
        {leaving ? (
          <Stack>
            <Text>
              <FormattedMessage id="invitations.moveOut.body" values={{ name: leaving.name, dwelling: leaving.dwelling }} />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setLeaving(null)} disabled={busy}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button color="red" loading={busy} onClick={() => moveOut(leaving)}>
                <FormattedMessage id="invitations.moveOut.confirm" />
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
