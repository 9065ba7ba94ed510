import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// The acta on an assembly's screen, for who manages it (issue 32): once open or closed, the acta's PDF to download
// (and print for signatures); once closed, the signed copy (PDF or image) filed in the book of minutes, once: the
// server answers 409 with its words if it already is (assemblyMinutesFileMachine). The book (?libro=1) lists it.
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Assembly } from '../../api/assemblies';
import { MINUTES_BOOK_SCREEN } from '../../api/assemblyMinutes';
import { ATTACHMENT_TYPES } from '../../api/uploads';
import { assemblyMinutesFileMachine } from '../../machines/assemblyMinutesFileMachine';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';
import { downloadActa } from '../../services/assemblyMinutesService';
import { saveBlob } from '../../services/saveBlob';
import { readAttachment } from '../common/attachmentFiles';
import { FailureAlert } from '../common/FailureAlert';

export function MinutesActa({ assembly }: { assembly: Assembly }) {
  const intl = useIntl();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, send] = useMachine(assemblyMinutesFileMachine, { input: { assemblyId: assembly.id } });
  const [downloadFailure, setDownloadFailure] = useState<CallFailure | null>(null);
  if (assembly.state !== 'open' && assembly.state !== 'closed') return null;
  const filed = state.context.entry;
  const failure = state.context.failure ?? downloadFailure;
  const download = () =>
    downloadActa(assembly.id).then(
      (blob) => saveBlob(`acta-${assembly.id}.pdf`, blob),
      (error: unknown) => setDownloadFailure(callFailure(error)),
    );
  const submit = async () => {
    if (file) send({ type: 'file', file: await readAttachment(file) });
  };
  return (
    <Card withBorder data-testid="minutes-acta">
      <Stack gap="xs">
        <Title order={4}>
          <FormattedMessage id="assemblyMinutes.acta.subject" />
        </Title>
        <Group>
          <Button variant="light" onClick={() => void download()}>
            <FormattedMessage id="assemblyMinutes.acta.download" />
          </Button>
          <Anchor component={Link} href={MINUTES_BOOK_SCREEN}>
            <FormattedMessage id="assemblyMinutes.book.open" />
          </Anchor>
        </Group>
        {assembly.state === 'closed' && !filed ? (
          <>
            <Text size="sm" component="label" htmlFor={fileId}>
              {intl.formatMessage({ id: 'assemblyMinutes.file.choose' })}
            </Text>
            <input
              id={fileId}
              type="file"
              accept={ATTACHMENT_TYPES.join(',')}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
            <Group>
              <Button loading={state.matches('sending')} disabled={!file} onClick={() => void submit()}>
                <FormattedMessage id="assemblyMinutes.file.send" />
              </Button>
            </Group>
          </>
        ) : null}
        {filed ? (
          <Alert color="green" role="status" data-testid="minutes-filed">
            {intl.formatMessage({ id: 'assemblyMinutes.file.filed' }, { number: filed.number })}
          </Alert>
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}
      </Stack>
    </Card>
  );
}
