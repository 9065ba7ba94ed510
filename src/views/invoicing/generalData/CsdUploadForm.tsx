import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
// The CSD upload of one issuer (src/machines/csdUploadMachine.ts): the .cer, the .key and the key's password,
// never prefilled (the machine wipes it after every attempt). Each problem the server finds is said in words.
import { Alert, Button, FileInput, Group, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { CSD_MAX_BYTES } from '../../../api/invoicing';
import { csdUploadMachine } from '../../../machines/csdUploadMachine';
import type { IssuerRow } from '../../../machines/issuersMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { IssuersContext } from '../issuersContext';

const tooBig = (file: File | null) => file !== null && file.size > CSD_MAX_BYTES;

export function CsdUploadForm({ issuer, onClose }: { issuer: IssuerRow; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const issuers = IssuersContext.useActorRef();
  const [state, send] = useMachine(csdUploadMachine, { input: { issuerId: issuer.id, version: issuer.version } });
  const { cer, key, password, problem, failure, saved } = state.context;

  // A saved CSD changes the issuer the list shows (its certificate and version).
  useEffect(() => {
    if (saved) issuers.send({ type: 'issuerChanged', issuer: saved });
  }, [saved, issuers]);

  if (state.matches('saved')) {
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {t('invoicing.csd.saved')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('invoicing.continue')}</Button>
        </Group>
      </Stack>
    );
  }

  const uploading = state.matches('uploading');
  const canUpload = state.can({ type: 'upload' }) || state.can({ type: 'retry' });
  return (
    <form
      aria-label={t('invoicing.csd.title', { rfc: issuer.rfc })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: state.matches('failed') ? 'retry' : 'upload' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('invoicing.csd.intro')}</Text>
        <FileInput
          label={t('invoicing.csd.cer')}
          accept=".cer"
          value={cer as File | null}
          onChange={(file) => send({ type: 'chooseCer', file })}
          error={tooBig(cer as File | null) ? t('invoicing.csd.tooBig') : undefined}
          disabled={uploading || state.matches('failed')}
          clearable
          required
        />
        <FileInput
          label={t('invoicing.csd.key')}
          accept=".key"
          value={key as File | null}
          onChange={(file) => send({ type: 'chooseKey', file })}
          error={tooBig(key as File | null) ? t('invoicing.csd.tooBig') : undefined}
          disabled={uploading || state.matches('failed')}
          clearable
          required
        />
        <PasswordInput
          label={t('invoicing.csd.password')}
          description={t('invoicing.csd.passwordHelp')}
          value={password}
          onChange={(e) => send({ type: 'typePassword', password: e.currentTarget.value })}
          autoComplete="new-password"
          disabled={uploading}
          required
        />
        {uploading ? (
          <Stack gap={4} role="status">
            <Text size="sm">{t('invoicing.csd.uploading')}</Text>
            <Progress value={100} animated aria-hidden />
          </Stack>
        ) : null}
        {problem && state.matches('problem') ? (
          <Alert color="red" role="alert">
            {t(`invoicing.csd.${problem}`)}
          </Alert>
        ) : null}
        {state.matches('failed') ? <FailureAlert failure={failure} title={t('invoicing.csd.failed')} /> : null}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={uploading}>
            {t('invoicing.cancel')}
          </Button>
          <Button type="submit" loading={uploading} disabled={!canUpload}>
            {state.matches('failed') ? t('invoicing.retry') : t('invoicing.csd.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
