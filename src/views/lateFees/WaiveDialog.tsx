import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
// Recargos: "Condonar", the dialog that asks the reason before a fee is waived (full screen on a phone). The machine
// holds the fee being waived and decides whether the reason will do; a refusal (a 409: waived meanwhile) shows here.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../api/finance';
import { LATE_FEE_REASON, type LateFee, periodText } from '../../api/lateFees';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';

export function WaiveDialog(props: {
  fee: LateFee | null;
  busy: boolean;
  failure: CallFailure | null;
  canConfirm(reason: string): boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const { fee } = props;
  const close = () => {
    setReason('');
    setTried(false);
    props.onCancel();
  };
  return (
    <Modal
      opened={fee !== null}
      onClose={close}
      fullScreen={phone}
      closeOnClickOutside={!props.busy}
      closeOnEscape={!props.busy}
      withCloseButton={!props.busy}
      title={intl.formatMessage({ id: 'lateFees.waive.title' })}
    >
      {fee ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!props.canConfirm(reason)) return;
            props.onConfirm(reason);
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              <FormattedMessage
                id="lateFees.waive.what"
                values={{ dwelling: fee.vivienda, period: periodText(fee.period), amount: formatMoney(fee.amountCents) }}
              />
            </Text>
            {props.failure ? <FailureAlert failure={props.failure} /> : null}
            <Textarea
              label={intl.formatMessage({ id: 'lateFees.exemptions.reason' })}
              value={reason}
              maxLength={LATE_FEE_REASON.max}
              rows={3}
              data-autofocus
              onChange={(event) => setReason(event.currentTarget.value)}
              error={
                tried && !props.busy && !props.canConfirm(reason) ? intl.formatMessage({ id: 'lateFees.reason.invalid' }) : null
              }
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={props.busy}>
                <FormattedMessage id="lateFees.waive.cancel" />
              </Button>
              <Button type="submit" color="red" loading={props.busy}>
                <FormattedMessage id="lateFees.waive.confirm" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
