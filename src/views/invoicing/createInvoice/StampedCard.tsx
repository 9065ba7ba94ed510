// The stamped invoice: its UUID and total, the stamps left, its XML and PDF (fetched with the session, then
// saved), and "Enviar por correo" to mail both to the client again. Each file and the mail are single calls
// outside the create-invoice flow, so they live here with their own busy and failed words.
import { Alert, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type CallFailure, callFailure } from '../../../machines/shared/callFailure';
import type { StampedAnswer } from '../../../services/invoicingAnswers';
import { downloadCfdiFile, sendCfdi } from '../../../services/invoicingService';
import { FailureAlert } from '../../common/FailureAlert';
import { saveFile } from '../../common/period';
import { formatMxn } from '../money';

type Busy = 'xml' | 'pdf' | 'send' | null;

export function StampedCard({ stamped, onAnother }: { stamped: StampedAnswer; onAnother: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { cfdi } = stamped;
  const [busy, setBusy] = useState<Busy>(null);
  const [note, setNote] = useState<{ id: string; failure: CallFailure | null } | null>(null);
  const name = `${cfdi.serie}${cfdi.folio}-${cfdi.uuid}`;

  const download = async (kind: 'xml' | 'pdf') => {
    setBusy(kind);
    setNote(null);
    try {
      const blob = await downloadCfdiFile(kind, cfdi.id);
      saveFile(`${name}.${kind}`, kind === 'xml' ? 'application/xml' : 'application/pdf', blob);
    } catch (error) {
      setNote({ id: 'invoicing.failed', failure: callFailure(error) });
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    setBusy('send');
    setNote(null);
    try {
      await sendCfdi(cfdi.id);
      setNote({ id: 'invoicing.create.sent', failure: null });
    } catch (error) {
      setNote({ id: 'invoicing.create.sendFailed', failure: callFailure(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3" role="status">
          {t('invoicing.create.stamped')}
        </Title>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('invoicing.create.uuid')}
          </Text>
          <Code style={{ overflowWrap: 'anywhere' }}>{cfdi.uuid}</Code>
        </Stack>
        <Text>
          {cfdi.clientRfc} · {cfdi.clientName}
        </Text>
        <Text fw={700}>
          {t('invoicing.create.total')}: {formatMxn(intl, cfdi.totalCents)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('invoicing.create.stampsLeft', { count: stamped.stampsAvailable })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={busy === 'xml'}
            onClick={() => download('xml')}
          >
            {t('invoicing.create.downloadXml')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={busy === 'pdf'}
            onClick={() => download('pdf')}
          >
            {t('invoicing.create.downloadPdf')}
          </Button>
          <Button variant="light" leftSection={<IconMail size={18} aria-hidden />} loading={busy === 'send'} onClick={send}>
            {t('invoicing.create.send')}
          </Button>
        </Group>
        {note?.failure ? <FailureAlert failure={note.failure} title={t(note.id)} /> : null}
        {note && !note.failure ? (
          <Alert color="green" role="status">
            {t(note.id)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onAnother}>{t('invoicing.create.another')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
