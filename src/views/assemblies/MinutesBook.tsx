import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
// The book of minutes (/condominio/asambleas?libro=1, issue 32): each entry (its number, the assembly and its date,
// when and by whom it was filed, the SHA-256 of the signed acta), the file to open, a check that recomputes the
// stored files' hashes ("Íntegra" or altered), the addenda in order; who manages assemblies adds an addendum (a
// correction, with an optional file). Readers the minutes' audience does not allow get the server's refusal.
import { Alert, Anchor, Badge, Button, Card, Code, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ASSEMBLY_SCREEN, assemblyScreen } from '../../api/assemblies';
import { ADDENDUM_TEXT_MAX, type MinutesCheck, type MinutesEntry } from '../../api/assemblyMinutes';
import { ATTACHMENT_TYPES } from '../../api/uploads';
import { assemblyMinutesBookMachine } from '../../machines/assemblyMinutesBookMachine';
import { readAttachment } from '../common/attachmentFiles';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { whenText } from './assemblyFormat';

export function MinutesBook() {
  const [state, send] = useMachine(assemblyMinutesBookMachine);
  const { book, checks, failure, minutesId } = state.context;
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !book) {
    return (
      <Stack gap="md">
        <BackLink />
        {failure?.kind === 'refused' && failure.status === 403 ? (
          <Alert color="yellow" role="alert">
            <FormattedMessage id="assemblyMinutes.book.noAccess" />
          </Alert>
        ) : (
          <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />
        )}
      </Stack>
    );
  }
  const busy = !state.matches('ready');
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={2}>
        <FormattedMessage id="assemblyMinutes.book.title" />
      </Title>
      {failure ? <FailureAlert failure={failure} /> : null}
      {book.items.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="assemblyMinutes.book.empty" />
        </Text>
      ) : null}
      {book.items.map((entry) => (
        <MinutesEntryCard
          key={entry.id}
          entry={entry}
          check={checks[entry.id] ?? null}
          checking={state.matches('checking') && minutesId === entry.id}
          adding={state.matches('adding') && minutesId === entry.id}
          busy={busy}
          manages={book.manages}
          onCheck={() => send({ type: 'check', minutesId: entry.id })}
          onAdd={(request) => send({ type: 'addendum', minutesId: entry.id, request })}
        />
      ))}
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} href={ASSEMBLY_SCREEN}>
      <FormattedMessage id="assemblyMinutes.book.back" />
    </Anchor>
  );
}

interface EntryProps {
  entry: MinutesEntry;
  check: MinutesCheck | null;
  checking: boolean;
  adding: boolean;
  busy: boolean;
  manages: boolean;
  onCheck(): void;
  onAdd(request: { text: string; file: { name: string; dataUrl: string } | null }): void;
}

function MinutesEntryCard({ entry, check, checking, adding, busy, manages, onCheck, onAdd }: EntryProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const filedOn = intl.formatDate(entry.filedAt, { dateStyle: 'medium' });
  return (
    <Card withBorder data-testid="minutes-entry">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{t('assemblyMinutes.book.number', { number: entry.number })}</Title>
          {check ? (
            <Badge color={check.intact && check.addenda.every((a) => a.intact) ? 'green' : 'red'} data-testid="minutes-check">
              {t(
                check.intact && check.addenda.every((a) => a.intact)
                  ? 'assemblyMinutes.book.intact'
                  : 'assemblyMinutes.book.altered',
              )}
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} href={assemblyScreen(entry.assemblyId)} fw={600}>
          {entry.assemblyTitle}
        </Anchor>
        {entry.assemblyDate ? <Text size="sm">{whenText(intl, entry.assemblyDate)}</Text> : null}
        <Text size="sm" c="dimmed">
          {t('assemblyMinutes.book.filed', { date: filedOn, by: entry.filedBy ?? 'none' })}
        </Text>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {t('assemblyMinutes.book.hash', { hash: '' })}
          <Code>{entry.sha256}</Code>
        </Text>
        <Group gap="sm" mt="xs">
          {entry.fileUrl ? (
            <Button component="a" href={entry.fileUrl} target="_blank" rel="noreferrer" variant="light" size="xs">
              <FormattedMessage id="assemblyMinutes.book.openFile" />
            </Button>
          ) : null}
          <Button variant="default" size="xs" loading={checking} disabled={busy} onClick={onCheck}>
            <FormattedMessage id="assemblyMinutes.book.check" />
          </Button>
        </Group>
        {entry.addenda.length > 0 ? (
          <Stack gap={2} mt="xs">
            <Text fw={600} size="sm">
              <FormattedMessage id="assemblyMinutes.book.addenda" />
            </Text>
            {entry.addenda.map((a) => (
              <Text key={a.position} size="sm" data-testid="minutes-addendum">
                {t('assemblyMinutes.book.addendum', { position: a.position, text: a.text })}{' '}
                {a.fileUrl ? (
                  <Anchor href={a.fileUrl} target="_blank" rel="noreferrer">
                    {t('assemblyMinutes.book.addendumFile')}
                  </Anchor>
                ) : null}
              </Text>
            ))}
          </Stack>
        ) : null}
        {manages ? <AddendumForm busy={busy} adding={adding} onAdd={onAdd} /> : null}
      </Stack>
    </Card>
  );
}

function AddendumForm({ busy, adding, onAdd }: { busy: boolean; adding: boolean; onAdd: EntryProps['onAdd'] }) {
  const intl = useIntl();
  const fileId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = async () => {
    onAdd({ text: text.trim(), file: file ? await readAttachment(file) : null });
    setText('');
    setFile(null);
  };
  return (
    <Stack gap={4} mt="xs">
      <Textarea
        label={intl.formatMessage({ id: 'assemblyMinutes.book.addText' })}
        rows={2}
        maxLength={ADDENDUM_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Text size="sm" component="label" htmlFor={fileId}>
        <FormattedMessage id="assemblyMinutes.book.addFile" />
      </Text>
      <input
        id={fileId}
        type="file"
        accept={ATTACHMENT_TYPES.join(',')}
        onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
      />
      <Group>
        <Button size="xs" loading={adding} disabled={busy || text.trim() === ''} onClick={() => void submit()}>
          <FormattedMessage id="assemblyMinutes.book.add" />
        </Button>
      </Group>
    </Stack>
  );
}
