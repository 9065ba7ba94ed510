import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
// datos-generales (issue 17): the condominium's issuers, one card each (a phone-sized list, no table to scroll):
// RFC, razón social, régimen, CP, serie and folio, mode A/M, the CSD (certificate number and validity, or "sin
// CSD") and the stamps available; adding or editing one, and uploading its CSD, in a dialog.
import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCertificate, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { IssuerRow } from '../../../machines/issuersMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { displayDate } from '../../common/period';
import { IssuersContext } from '../issuersContext';
import { CsdUploadForm } from './CsdUploadForm';
import { IssuerForm } from './IssuerForm';

type Dialog = { kind: 'issuer'; issuer: IssuerRow | null } | { kind: 'csd'; issuer: IssuerRow } | null;

function IssuerCard({ issuer, onEdit, onCsd }: { issuer: IssuerRow; onEdit: () => void; onCsd: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const row = (label: string, value: string) => (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={issuer.rfc}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {issuer.rfc}
          </Title>
          <Badge variant="light" color={issuer.modoInvoice === 'A' ? 'grape' : 'blue'}>
            {t(`invoicing.generalData.modeShort.${issuer.modoInvoice}`)}
          </Badge>
        </Group>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {issuer.razonSocial}
        </Text>
        {row(t('invoicing.generalData.regimenFiscal'), t(`invoicing.sat.regimen.${issuer.regimenFiscal}`))}
        {row(t('invoicing.generalData.lugarExpedicion'), issuer.lugarExpedicion)}
        {row(t('invoicing.generalData.serieFolio'), `${issuer.serie || '—'} / ${issuer.nextFolio}`)}
        {issuer.csd ? (
          <Stack gap={0}>
            <Text size="sm">{t('invoicing.generalData.csdNumber', { number: issuer.csd.noCertificado })}</Text>
            <Text size="sm" c="dimmed">
              {t('invoicing.generalData.csdValidity', {
                from: displayDate(issuer.csd.validFrom.slice(0, 10)),
                to: displayDate(issuer.csd.validTo.slice(0, 10)),
              })}
            </Text>
          </Stack>
        ) : (
          <Badge color="red" variant="light" w="fit-content">
            {t('invoicing.generalData.noCsd')}
          </Badge>
        )}
        <Text size="sm" fw={500}>
          {t('invoicing.generalData.stamps', { count: issuer.stampsAvailable })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="compact-sm" variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {t('invoicing.generalData.edit')}
          </Button>
          <Button size="compact-sm" variant="light" leftSection={<IconCertificate size={16} aria-hidden />} onClick={onCsd}>
            {t(issuer.csd ? 'invoicing.generalData.replaceCsd' : 'invoicing.generalData.uploadCsd')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function GeneralDataPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = IssuersContext.useActorRef();
  const state = IssuersContext.useSelector((s) => s);
  const { issuers, savedId, loadFailure } = state.context;
  const [dialog, setDialog] = useState<Dialog>(null);
  // On a phone the dialog takes the whole screen: its form never scrolls sideways.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  // A saved issuer closes its form; the message stays until the next save.
  useEffect(() => {
    if (savedId !== null) setDialog((open) => (open?.kind === 'issuer' ? null : open));
  }, [savedId]);

  const openIssuer = (issuer: IssuerRow | null) => {
    actor.send({ type: 'dismiss' });
    setDialog({ kind: 'issuer', issuer });
  };

  if (state.matches('loading')) {
    return (
      <Group role="status" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{t('invoicing.loading')}</Text>
      </Group>
    );
  }
  if (state.matches('loadFailed')) {
    return <FailureAlert failure={loadFailure} title={t('invoicing.failed')} onRetry={() => actor.send({ type: 'retry' })} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('invoicing.generalData.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('invoicing.generalData.intro')}
          </Text>
        </Stack>
        {issuers.length > 0 ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openIssuer(null)}>
            {t('invoicing.generalData.add')}
          </Button>
        ) : null}
      </Group>
      {savedId !== null && dialog === null ? (
        <Alert color="green" role="status" withCloseButton onClose={() => actor.send({ type: 'dismiss' })}>
          {t('invoicing.generalData.saved')}
        </Alert>
      ) : null}
      {issuers.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Title order={3} size="h4">
              {t('invoicing.noIssuer.title')}
            </Title>
            <Text>{t('invoicing.noIssuer.body')}</Text>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openIssuer(null)}>
              {t('invoicing.noIssuer.action')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {issuers.map((issuer) => (
            <IssuerCard
              key={issuer.id}
              issuer={issuer}
              onEdit={() => openIssuer(issuer)}
              onCsd={() => setDialog({ kind: 'csd', issuer })}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.kind === 'csd'
            ? t('invoicing.csd.title', { rfc: dialog.issuer.rfc })
            : t(dialog?.issuer ? 'invoicing.generalData.edit' : 'invoicing.generalData.add')
        }
        fullScreen={phone}
        size="lg"
      >
        {dialog?.kind === 'issuer' ? <IssuerForm editing={dialog.issuer} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'csd' ? <CsdUploadForm issuer={dialog.issuer} onClose={() => setDialog(null)} /> : null}
      </Modal>
    </Stack>
  );
}
