import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
// Entregar paquete: a dialog over the waiting list (full screen on phones), a thin view over
// parcelHandoverMachine: the way (code or signature), the code typed with a numeric keyboard or the signature
// drawn, then the answer. A refusal (wrong code, already collected) reads in the server's words.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { dwellingLabel, PARCEL_NAME_MAX } from '../../api/parcels';
import type { parcelHandoverMachine } from '../../machines/parcelHandoverMachine';
import { FailureAlert } from '../common/FailureAlert';
import { ParcelFacts } from './ParcelFacts';
import { SignaturePad } from './SignaturePad';

type HandoverActor = ActorRefFrom<typeof parcelHandoverMachine>;

export function HandoverDialog({ actor, onFinished }: { actor: HandoverActor; onFinished(): void }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const { parcel, failure } = state.context;
  const open = !state.matches('idle') && parcel !== null;
  const close = () => {
    setCode('');
    setName('');
    setSignature(null);
    if (state.matches('handed')) actor.send({ type: 'done' });
    else actor.send({ type: 'cancel' });
    onFinished();
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submitCode', code, collectedByName: name });
  };
  const submitSignature = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submitSignature', signature: signature ?? '', collectedByName: name });
  };
  const handing = state.matches('handing');
  const nameField = (required: boolean) => (
    <TextInput
      size="lg"
      required={required}
      label={intl.formatMessage({ id: required ? 'parcels.handover.name' : 'parcels.handover.nameOptional' })}
      value={name}
      maxLength={PARCEL_NAME_MAX}
      onChange={(event) => setName(event.currentTarget.value)}
      autoComplete="off"
    />
  );
  const back = (
    <Button size="lg" variant="default" onClick={() => actor.send({ type: 'back' })} disabled={handing}>
      <FormattedMessage id="parcels.handover.back" />
    </Button>
  );

  return (
    <Modal
      opened={open}
      onClose={handing ? () => undefined : close}
      fullScreen={phone}
      size="lg"
      title={<FormattedMessage id="parcels.handover.title" />}
    >
      {parcel ? (
        <Stack gap="md">
          <Text fw={700} size="xl">
            {dwellingLabel(parcel.dwelling)}
          </Text>
          <ParcelFacts parcel={parcel} />
          {state.matches('choosing') ? (
            <Stack gap="sm">
              <Text>
                <FormattedMessage id="parcels.handover.how" />
              </Text>
              <Button size="xl" onClick={() => actor.send({ type: 'useCode' })}>
                <FormattedMessage id="parcels.handover.useCode" />
              </Button>
              <Button size="xl" variant="light" onClick={() => actor.send({ type: 'useSignature' })}>
                <FormattedMessage id="parcels.handover.useSignature" />
              </Button>
              <Button size="lg" variant="subtle" onClick={close}>
                <FormattedMessage id="parcels.cancel" />
              </Button>
            </Stack>
          ) : null}
          {state.matches('code') || (handing && state.context.way?.method === 'code') ? (
            <form onSubmit={submitCode} noValidate>
              <Stack gap="md">
                <TextInput
                  size="xl"
                  label={intl.formatMessage({ id: 'parcels.handover.code' })}
                  description={intl.formatMessage({ id: 'parcels.handover.codeHint' })}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  styles={{ input: { letterSpacing: '0.4em', fontSize: '1.75rem', textAlign: 'center' } }}
                  data-autofocus
                />
                {nameField(false)}
                <Group grow>
                  {back}
                  <Button
                    type="submit"
                    size="lg"
                    loading={handing}
                    disabled={!handing && !state.can({ type: 'submitCode', code, collectedByName: name })}
                  >
                    <FormattedMessage id="parcels.handover.submit" />
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : null}
          {state.matches('signature') || (handing && state.context.way?.method === 'signature') ? (
            <form onSubmit={submitSignature} noValidate>
              <Stack gap="md">
                <SignaturePad onChange={setSignature} />
                {nameField(true)}
                <Group grow>
                  {back}
                  <Button
                    type="submit"
                    size="lg"
                    loading={handing}
                    disabled={
                      !handing && !state.can({ type: 'submitSignature', signature: signature ?? '', collectedByName: name })
                    }
                  >
                    <FormattedMessage id="parcels.handover.submit" />
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : null}
          {state.matches('failed') ? (
            <Stack gap="sm">
              <FailureAlert failure={failure} title={<FormattedMessage id="parcels.handover.failed" />} />
              <Group grow>
                <Button size="lg" onClick={() => actor.send({ type: 'back' })}>
                  <FormattedMessage id="parcels.handover.fix" />
                </Button>
                <Button size="lg" variant="default" onClick={() => actor.send({ type: 'retry' })}>
                  <FormattedMessage id="parcels.retry" />
                </Button>
              </Group>
              <Button size="lg" variant="subtle" onClick={close}>
                <FormattedMessage id="parcels.cancel" />
              </Button>
            </Stack>
          ) : null}
          {state.matches('handed') ? (
            <Stack gap="sm">
              <Alert color="green" role="status" title={<FormattedMessage id="parcels.handover.handed" />} />
              <Button size="lg" onClick={close}>
                <FormattedMessage id="parcels.done" />
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
