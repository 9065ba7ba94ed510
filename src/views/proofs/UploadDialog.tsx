import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
// Enviar comprobante (full screen on a phone): choosing the file, then the details, then how the sending ended. Each
// field says under it what will not do once the person tries to send (the contract's rules, proofFieldProblems);
// the machine decides whether it may go. A failed send says it will be retried when the connection is back.
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  PROOF_BANKS,
  PROOF_METHODS,
  PROOF_NOTE_MAX,
  PROOF_REFERENCE_MAX,
  type ProofField,
  type ProofFields,
  proofFieldProblems,
  proofFileIsAcceptable,
} from '../../api/proofs';
import { ATTACHMENT_TYPES } from '../../api/uploads';
import type { proofUploadMachine } from '../../machines/proofUploadMachine';
import { FailureAlert } from '../common/FailureAlert';

type UploadActor = ActorRefFrom<typeof proofUploadMachine>;

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function UploadDialog({ actor }: { actor: UploadActor }) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const state = useSelector(actor, (s) => s);
  const { file, fileRefused, proof, failure } = state.context;
  const [reading, setReading] = useState(false);
  const sending = state.matches('sending');
  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    const facts = { type: chosen.type, size: chosen.size, name: chosen.name };
    if (!proofFileIsAcceptable(facts)) {
      actor.send({ type: 'choose', file: { ...facts, dataUrl: '' } });
      return;
    }
    setReading(true);
    try {
      actor.send({ type: 'choose', file: { ...facts, dataUrl: await readFile(chosen) } });
    } finally {
      setReading(false);
    }
  };
  return (
    <Modal
      opened={!state.matches('closed')}
      onClose={() => actor.send({ type: 'close' })}
      fullScreen={phone}
      closeOnClickOutside={!sending}
      closeOnEscape={!sending}
      withCloseButton={!sending}
      title={intl.formatMessage({ id: 'proofs.upload.title' })}
    >
      {state.matches('choosing') ? (
        <Stack gap="md">
          <FileInput
            label={intl.formatMessage({ id: 'proofs.upload.file' })}
            description={intl.formatMessage({ id: 'proofs.upload.fileHint' })}
            accept={ATTACHMENT_TYPES.join(',')}
            onChange={choose}
            disabled={reading}
            error={fileRefused ? intl.formatMessage({ id: 'proofs.upload.fileRefused' }) : null}
            data-autofocus
          />
          {reading ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="proofs.upload.reading" />
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'close' })}>
              <FormattedMessage id="proofs.upload.cancel" />
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state.matches('details') || sending || state.matches('refused') ? (
        <DetailsForm actor={actor} fileName={file?.name ?? ''} />
      ) : null}
      {state.matches('refused') ? (
        <Stack gap="sm" mt="md">
          <FailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button onClick={() => actor.send({ type: 'fix' })}>
              <FormattedMessage id="proofs.upload.fix" />
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state.matches('failed') ? (
        <Stack gap="md">
          <Alert color="yellow" role="alert">
            <FormattedMessage id="proofs.upload.failed" />
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'close' })}>
              <FormattedMessage id="proofs.upload.cancel" />
            </Button>
            <Button onClick={() => actor.send({ type: 'retry' })}>
              <FormattedMessage id="proofs.upload.retry" />
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state.matches('sent') && proof ? (
        <Stack gap="md">
          <Alert color={proof.duplicate ? 'orange' : 'green'} role="status">
            <FormattedMessage id={proof.duplicate ? 'proofs.upload.sentDuplicate' : 'proofs.upload.sent'} />
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'another' })}>
              <FormattedMessage id="proofs.upload.another" />
            </Button>
            <Button onClick={() => actor.send({ type: 'close' })}>
              <FormattedMessage id="proofs.upload.close" />
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function DetailsForm({ actor, fileName }: { actor: UploadActor; fileName: string }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { fields, dwellings, today } = state.context;
  const [tried, setTried] = useState(false);
  const editable = state.matches('details');
  const problems = proofFieldProblems(fields, today);
  const errorOf = (field: ProofField) => {
    const problem = problems[field];
    return tried && problem ? intl.formatMessage({ id: `proofs.field.${problem}` }) : null;
  };
  const edit = (change: Partial<ProofFields>) => actor.send({ type: 'edit', fields: change });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        actor.send({ type: 'submit' });
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm">
            <FormattedMessage id="proofs.upload.chosen" values={{ name: fileName }} />
          </Text>
          <Button size="xs" variant="subtle" disabled={!editable} onClick={() => actor.send({ type: 'back' })}>
            <FormattedMessage id="proofs.upload.back" />
          </Button>
        </Group>
        <NativeSelect
          label={intl.formatMessage({ id: 'proofs.upload.dwelling' })}
          value={fields.apartmentId === null ? '' : String(fields.apartmentId)}
          onChange={(event) => edit({ apartmentId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
          data={[{ value: '', label: '—' }, ...dwellings.map((d) => ({ value: String(d.id), label: d.nombre }))]}
          error={errorOf('apartmentId')}
          disabled={!editable}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="proof-method">
            <FormattedMessage id="proofs.upload.method" />
          </Text>
          <SegmentedControl
            aria-labelledby="proof-method"
            value={fields.method}
            onChange={(value) => edit({ method: value as ProofFields['method'] })}
            data={PROOF_METHODS.map((m) => ({ value: m, label: intl.formatMessage({ id: `proofs.method.${m}` }) }))}
            disabled={!editable}
          />
        </Stack>
        <TextInput
          label={intl.formatMessage({ id: 'proofs.upload.amount' })}
          inputMode="decimal"
          value={fields.amount}
          onChange={(event) => edit({ amount: event.currentTarget.value })}
          error={errorOf('amount')}
          disabled={!editable}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'proofs.upload.paidOn' })}
          value={fields.paidOn}
          max={today}
          onChange={(event) => edit({ paidOn: event.currentTarget.value })}
          error={errorOf('paidOn')}
          disabled={!editable}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'proofs.upload.bank' })}
          value={fields.bank}
          onChange={(event) => edit({ bank: event.currentTarget.value as ProofFields['bank'] })}
          data={[
            { value: '', label: '—' },
            ...PROOF_BANKS.map((b) => ({ value: b, label: b === 'Otro' ? intl.formatMessage({ id: 'proofs.bank.Otro' }) : b })),
          ]}
          error={errorOf('bank')}
          disabled={!editable}
        />
        <TextInput
          label={intl.formatMessage({ id: 'proofs.upload.reference' })}
          value={fields.reference}
          maxLength={PROOF_REFERENCE_MAX}
          onChange={(event) => edit({ reference: event.currentTarget.value })}
          error={errorOf('reference')}
          disabled={!editable}
        />
        <Textarea
          label={intl.formatMessage({ id: 'proofs.upload.note' })}
          value={fields.note}
          maxLength={PROOF_NOTE_MAX}
          rows={2}
          onChange={(event) => edit({ note: event.currentTarget.value })}
          error={errorOf('note')}
          disabled={!editable}
        />
        {editable || state.matches('sending') ? (
          <Group justify="flex-end">
            <Button variant="default" disabled={!editable} onClick={() => actor.send({ type: 'close' })}>
              <FormattedMessage id="proofs.upload.cancel" />
            </Button>
            <Button type="submit" loading={state.matches('sending')}>
              <FormattedMessage id="proofs.upload.submit" />
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
