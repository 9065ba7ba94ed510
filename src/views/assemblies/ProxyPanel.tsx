import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SegmentedControl.css';
// The proxies (cartas poder) of one assembly (issue 32), phone first. An owner gives a dwelling's proxy before the
// assembly opens: to a resident (picked from the condominium's) or another person by name, with the signed document
// (a PDF or an image), and withdraws it; who manages the assembly sees every proxy, opens its document, accepts it
// or rejects it with a reason (the server keeps each holder within the condominium's limit: a 409 shows its words).
// A thin view over assemblyProxyMachine; the live channel's 'assembly' event reads it again.
import { Badge, Button, Card, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type AssemblyProxy, HOLDER_NAME_MAX, PROXY_REASON_MAX, type ProxyBoard } from '../../api/assemblyVotes';
import { assemblyProxyMachine } from '../../machines/assemblyProxyMachine';
import { fetchProxyDocument } from '../../services/assemblyVotesService';
import { saveBlob } from '../../services/saveBlob';
import { ACCEPTED_FILES, acceptableFile, readAttachment } from '../common/attachmentFiles';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';

const STATE_COLOR = { pending: 'yellow', accepted: 'green', rejected: 'red', withdrawn: 'gray' } as const;

export function ProxyPanel({ assemblyId }: { assemblyId: number }) {
  const intl = useIntl();
  const [state, send] = useMachine(assemblyProxyMachine, { input: { assemblyId } });
  useLiveEvent('assembly', (event) => {
    if (!event || event.data.assemblyId === assemblyId) send({ type: 'refresh' });
  });
  const { board, failure, done } = state.context;
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !board) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  // Nothing to show a resident who has no dwelling to give and no proxy.
  if (!board.manages && board.mayGive.length === 0 && board.proxies.length === 0) return null;
  const busy = state.matches('sending');
  return (
    <Card withBorder data-testid="proxy-panel">
      <Stack gap="sm">
        <Title order={4}>
          <FormattedMessage id="assemblyVotes.proxy.title" />
        </Title>
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'assemblyVotes.proxy.limit' }, { limit: board.proxyLimit })}
        </Text>
        {failure ? <FailureAlert failure={failure} /> : null}
        {board.proxies.length === 0 ? (
          <Text size="sm">
            <FormattedMessage id="assemblyVotes.proxy.empty" />
          </Text>
        ) : (
          board.proxies.map((proxy) => (
            <ProxyRow
              key={proxy.id}
              assemblyId={assemblyId}
              proxy={proxy}
              manages={board.manages}
              busy={busy}
              onWithdraw={() => send({ type: 'withdraw', proxyId: proxy.id })}
              onDecide={(accept, reason) => send({ type: 'decide', proxyId: proxy.id, decide: { accept, reason } })}
            />
          ))
        )}
        {board.mayGive.length > 0 ? (
          <GiveForm board={board} busy={busy} done={done} onGive={(give) => send({ type: 'give', give })} />
        ) : null}
      </Stack>
    </Card>
  );
}

interface ProxyRowProps {
  assemblyId: number;
  proxy: AssemblyProxy;
  manages: boolean;
  busy: boolean;
  onWithdraw(): void;
  onDecide(accept: boolean, reason: string): void;
}

function ProxyRow({ assemblyId, proxy, manages, busy, onWithdraw, onDecide }: ProxyRowProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [reason, setReason] = useState('');
  const pending = proxy.state === 'pending';
  return (
    <Stack gap={4} data-testid="proxy-row">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{t('assemblyVotes.proxy.line', { dwelling: proxy.dwelling, holder: proxy.holderName })}</Text>
        <Badge color={STATE_COLOR[proxy.state]}>{t(`assemblyVotes.proxy.state.${proxy.state}`)}</Badge>
      </Group>
      {manages && proxy.grantor ? (
        <Text size="xs" c="dimmed">
          {t('assemblyVotes.proxy.grantedBy', { name: proxy.grantor })}
        </Text>
      ) : null}
      {proxy.reason ? <Text size="sm">{proxy.reason}</Text> : null}
      <Group gap="xs">
        {proxy.hasDocument ? (
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void fetchProxyDocument(assemblyId, proxy.id).then((blob) => saveBlob(`carta-poder-${proxy.id}`, blob))
            }
          >
            {t('assemblyVotes.proxy.document')}
          </Button>
        ) : null}
        {proxy.mayWithdraw ? (
          <Button size="xs" variant="default" disabled={busy} onClick={onWithdraw}>
            {t('assemblyVotes.proxy.withdraw')}
          </Button>
        ) : null}
        {manages && pending ? (
          <Button size="xs" color="green" disabled={busy} onClick={() => onDecide(true, '')}>
            {t('assemblyVotes.proxy.accept')}
          </Button>
        ) : null}
      </Group>
      {manages && pending ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            label={t('assemblyVotes.proxy.reason')}
            maxLength={PROXY_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={busy || reason.trim() === ''}
            onClick={() => onDecide(false, reason)}
          >
            {t('assemblyVotes.proxy.reject')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

interface GiveFormProps {
  board: ProxyBoard;
  busy: boolean;
  done: boolean;
  onGive(give: {
    apartmentId: number;
    holderUserId: number | null;
    holderName: string;
    file: { name: string; dataUrl: string };
  }): void;
}

function GiveForm({ board, busy, done, onGive }: GiveFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [apartmentId, setApartmentId] = useState(board.mayGive[0]!.apartmentId);
  const [kind, setKind] = useState<'resident' | 'outsider'>('resident');
  const [holderUserId, setHolderUserId] = useState<number | null>(null);
  const [holderName, setHolderName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [badFile, setBadFile] = useState(false);
  useEffect(() => {
    if (!board.mayGive.some((d) => d.apartmentId === apartmentId) && board.mayGive[0])
      setApartmentId(board.mayGive[0].apartmentId);
  }, [board.mayGive, apartmentId]);
  useEffect(() => {
    if (done) {
      setFile(null);
      setHolderName('');
    }
  }, [done]);
  const ready = file !== null && (kind === 'resident' ? holderUserId !== null : holderName.trim() !== '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !ready) return;
    if (!acceptableFile(file)) {
      setBadFile(true);
      return;
    }
    setBadFile(false);
    onGive({
      apartmentId,
      holderUserId: kind === 'resident' ? holderUserId : null,
      holderName: kind === 'resident' ? '' : holderName.trim(),
      file: await readAttachment(file),
    });
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('assemblyVotes.proxy.give')}>
      <Stack gap="xs">
        <Text fw={600}>{t('assemblyVotes.proxy.give')}</Text>
        {board.mayGive.length > 1 ? (
          <NativeSelect
            label={t('assemblyVotes.proxy.dwelling')}
            value={String(apartmentId)}
            data={board.mayGive.map((d) => ({ value: String(d.apartmentId), label: d.name }))}
            onChange={(e) => setApartmentId(Number(e.currentTarget.value))}
          />
        ) : (
          <Text size="sm">{board.mayGive[0]!.name}</Text>
        )}
        <Text size="sm" fw={500}>
          {t('assemblyVotes.proxy.holderKind')}
        </Text>
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(value) => setKind(value as 'resident' | 'outsider')}
          data={[
            { value: 'resident', label: t('assemblyVotes.proxy.holderKind.resident') },
            { value: 'outsider', label: t('assemblyVotes.proxy.holderKind.outsider') },
          ]}
        />
        {kind === 'resident' ? (
          <NativeSelect
            label={t('assemblyVotes.proxy.holder')}
            value={holderUserId === null ? '' : String(holderUserId)}
            data={[{ value: '', label: '—' }, ...board.holders.map((h) => ({ value: String(h.userId), label: h.name }))]}
            onChange={(e) => setHolderUserId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          />
        ) : (
          <TextInput
            label={t('assemblyVotes.proxy.holderName')}
            maxLength={HOLDER_NAME_MAX}
            value={holderName}
            onChange={(e) => setHolderName(e.currentTarget.value)}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} component="label" htmlFor={`proxy-file-${board.mayGive[0]!.apartmentId}`}>
            {t('assemblyVotes.proxy.file')}
          </Text>
          <input
            id={`proxy-file-${board.mayGive[0]!.apartmentId}`}
            type="file"
            accept={ACCEPTED_FILES}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
          {badFile ? (
            <Text size="sm" c="red" role="alert">
              {t('assemblyVotes.proxy.badFile')}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" disabled={!ready} loading={busy}>
          {t('assemblyVotes.proxy.submit')}
        </Button>
      </Stack>
    </form>
  );
}
