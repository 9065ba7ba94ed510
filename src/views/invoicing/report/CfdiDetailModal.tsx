import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
// A CFDI's detail (listado-cfdis): UUID, issuer and receiver, concepts, totals, the related payment complements
// (or, for a complement, the invoices it pays), the cancellation if any; and its two flows from
// cfdiReportMachine's detail state: "Cancelar" (the SAT reason 01–04, 01 asking the replacing UUID) and
// "Registrar pago" for a vigente PPD with a balance (date, forma de pago other than 99, amount up to the
// balance, the bank account it entered, a reference) that stamps its Pagos 2.0 complement.
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan, IconCash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { validate } from 'superstruct';
import type { Balance } from '../../../api/finance';
import { formatMoney } from '../../../api/finance';
import {
  CANCEL_REASONS,
  type CancelReason,
  CancelRequest,
  type CfdiDetail,
  FORMAS_PAGO,
  PaymentDraft,
} from '../../../api/invoicing';
import { canCancel, canPay } from '../../../machines/cfdiReportMachine';
import type { CallFailure } from '../../../machines/shared/callFailure';
import { FailureAlert } from '../../common/FailureAlert';
import { FailureText } from '../../common/FailureText';
// The viewer's calendar day (toISOString's would be tomorrow after 18:00 in Mexico).
import { today } from '../../common/period';
import { useCondoTimeZone } from '../../common/zonedTime';

export type DetailStep =
  | 'loading'
  | 'failed'
  | 'showing'
  | 'confirming'
  | 'cancelling'
  | 'done'
  | 'refused'
  | 'preparingPayment'
  | 'paying'
  | 'recordingPayment'
  | 'paid';

export function CfdiDetailModal(props: {
  step: DetailStep;
  detail: CfdiDetail | null;
  banks: Balance[];
  stamped: CfdiDetail | null;
  failure: CallFailure | null;
  send: (event: { type: 'retry' | 'close' | 'back' | 'startCancel' | 'startPayment' }) => void;
  onCancel: (request: CancelRequest) => void;
  onPay: (draft: PaymentDraft) => void;
}) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { step, detail, failure } = props;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  return (
    <Modal
      opened
      onClose={() => props.send({ type: 'close' })}
      fullScreen={phone}
      size="lg"
      title={t('invoicingScreens.report.detail')}
    >
      {step === 'loading' ? (
        <Group justify="center" p="md" role="status">
          <Loader size="sm" />
        </Group>
      ) : null}
      {step === 'failed' ? <FailureAlert failure={failure} onRetry={() => props.send({ type: 'retry' })} /> : null}
      {detail && step !== 'loading' && step !== 'failed' ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge>{t(`invoicing.sat.tipo.${detail.type}`)}</Badge>
            <Badge color={detail.status === 'vigente' ? 'green' : 'red'}>
              {t(`invoicingScreens.report.status.${detail.status}`)}
            </Badge>
            {detail.metodoPago ? <Badge variant="light">{detail.metodoPago}</Badge> : null}
          </Group>
          <Text size="sm">
            <strong>UUID</strong> <span style={{ wordBreak: 'break-all' }}>{detail.uuid}</span>
          </Text>
          <Text size="sm">
            {[detail.serie, detail.folio].filter(Boolean).join('-')} · <FormattedDate value={detail.fecha} dateStyle="medium" /> ·{' '}
            {detail.clientName} ({detail.clientRfc})
          </Text>
          <ScrollArea type="auto">
            <Table miw={420}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage id="invoicingScreens.report.concept" />
                  </Table.Th>
                  <Table.Th ta="right">
                    <FormattedMessage id="invoicingScreens.report.quantity" />
                  </Table.Th>
                  <Table.Th ta="right">
                    <FormattedMessage id="invoicingScreens.report.amount" />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {/* Concepts have no id and keep their order. */}
                {detail.concepts.map((concept, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{concept.descripcion}</Table.Td>
                    <Table.Td ta="right">{concept.cantidad}</Table.Td>
                    <Table.Td ta="right">{formatMoney(concept.importeCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="flex-end" gap="lg">
            <Text size="sm">
              <FormattedMessage id="invoicingScreens.report.subtotal" />: {formatMoney(detail.totals.subtotalCents)}
            </Text>
            <Text size="sm">
              <FormattedMessage id="invoicingScreens.report.taxes" />: {formatMoney(detail.totals.trasladosCents)}
            </Text>
            <Text fw={700}>
              <FormattedMessage id="invoicingScreens.report.total" />: {formatMoney(detail.totalCents)}
            </Text>
          </Group>
          {detail.balanceCents !== null ? (
            <Text size="sm">
              <FormattedMessage id="invoicingScreens.report.balance" />: {formatMoney(detail.balanceCents)}
            </Text>
          ) : null}
          <Stack gap={4}>
            <Text fw={600} size="sm">
              <FormattedMessage id={detail.type === 'P' ? 'invoicingScreens.report.pays' : 'invoicingScreens.report.related'} />
            </Text>
            {detail.related.length ? (
              detail.related.map((r) => (
                <Text key={r.id} size="sm" style={{ wordBreak: 'break-all' }}>
                  {t(`invoicing.sat.tipo.${r.type}`)} · {r.uuid} · {formatMoney(r.totalCents)}
                </Text>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="invoicingScreens.report.noRelated" />
              </Text>
            )}
          </Stack>
          {detail.cancellation ? (
            <Alert color="gray">
              <FormattedMessage
                id="invoicingScreens.report.cancelledOn"
                values={{
                  reason: t(`invoicing.sat.cancelReason.${detail.cancellation.reason}`),
                  date: intl.formatDate(detail.cancellation.at, { dateStyle: 'medium', timeZone }),
                }}
              />
              {detail.cancellation.replacementUuid ? ` · ${detail.cancellation.replacementUuid}` : ''}
            </Alert>
          ) : null}

          {step === 'showing' ? (
            <Stack gap="xs">
              {failure ? <FailureAlert failure={failure} /> : null}
              <Group>
                {canPay(detail) ? (
                  <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => props.send({ type: 'startPayment' })}>
                    <FormattedMessage id="invoicingScreens.report.pay" />
                  </Button>
                ) : null}
                {canCancel(detail) ? (
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconBan size={16} aria-hidden />}
                    onClick={() => props.send({ type: 'startCancel' })}
                  >
                    <FormattedMessage id="invoicingScreens.report.cancel" />
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ) : null}
          {step === 'confirming' || step === 'cancelling' ? (
            <CancelForm
              cancelling={step === 'cancelling'}
              version={detail.version}
              onBack={() => props.send({ type: 'back' })}
              onCancel={props.onCancel}
            />
          ) : null}
          {step === 'done' ? (
            <Alert color="green" role="status">
              <Stack gap="xs" align="flex-start">
                <FormattedMessage id="invoicingScreens.report.cancelDone" />
                <Button variant="default" onClick={() => props.send({ type: 'back' })}>
                  <FormattedMessage id="invoicingScreens.back" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {step === 'refused' ? (
            <Alert color="red" role="alert" title={t('invoicingScreens.report.cancelRefused')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  <FailureText failure={failure} />
                </Text>
                <Button variant="default" onClick={() => props.send({ type: 'back' })}>
                  <FormattedMessage id="invoicingScreens.back" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {step === 'preparingPayment' ? (
            <Group role="status" gap="xs">
              <Loader size="xs" />
              <Text size="sm">
                <FormattedMessage id="invoicingScreens.report.loadingBanks" />
              </Text>
            </Group>
          ) : null}
          {step === 'paying' || step === 'recordingPayment' ? (
            <PaymentForm
              detail={detail}
              banks={props.banks}
              failure={failure}
              recording={step === 'recordingPayment'}
              onBack={() => props.send({ type: 'back' })}
              onPay={props.onPay}
            />
          ) : null}
          {step === 'paid' && props.stamped ? (
            <Alert color="green" role="status">
              <Stack gap="xs" align="flex-start">
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  <FormattedMessage id="invoicingScreens.report.paid" values={{ uuid: props.stamped.uuid }} />
                </Text>
                <Button variant="default" onClick={() => props.send({ type: 'back' })}>
                  <FormattedMessage id="invoicingScreens.back" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function CancelForm(props: {
  cancelling: boolean;
  version: number;
  onBack: () => void;
  onCancel: (request: CancelRequest) => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState<CancelReason>('02');
  const [uuid, setUuid] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request =
      reason === '01' ? { version: props.version, reason, replacementUuid: uuid.trim() } : { version: props.version, reason };
    const [problem, valid] = validate(request, CancelRequest);
    setInvalid(Boolean(problem));
    if (valid) props.onCancel(valid);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'invoicingScreens.report.cancel' })}>
      <Stack gap="sm">
        <NativeSelect
          label={intl.formatMessage({ id: 'invoicingScreens.report.cancelReason' })}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value as CancelReason)}
          data={CANCEL_REASONS.map((code) => ({
            value: code,
            label: intl.formatMessage({ id: `invoicing.sat.cancelReason.${code}` }),
          }))}
        />
        {reason === '01' ? (
          <TextInput
            label={intl.formatMessage({ id: 'invoicingScreens.report.replacementUuid' })}
            value={uuid}
            required
            error={invalid ? intl.formatMessage({ id: 'invoicingScreens.report.invalidUuid' }) : null}
            onChange={(e) => setUuid(e.currentTarget.value)}
          />
        ) : null}
        <Group>
          <Button variant="default" onClick={props.onBack} disabled={props.cancelling}>
            <FormattedMessage id="invoicingScreens.back" />
          </Button>
          <Button type="submit" color="red" loading={props.cancelling}>
            <FormattedMessage id="invoicingScreens.report.confirmCancel" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PaymentForm(props: {
  detail: CfdiDetail;
  banks: Balance[];
  failure: CallFailure | null;
  recording: boolean;
  onBack: () => void;
  onPay: (draft: PaymentDraft) => void;
}) {
  const intl = useIntl();
  const balance = props.detail.balanceCents ?? 0;
  const [paidOn, setPaidOn] = useState(today());
  const [formaPago, setFormaPago] = useState('03');
  const [amount, setAmount] = useState<number | string>(balance / 100);
  const [accountId, setAccountId] = useState(props.banks[0] ? String(props.banks[0].id) : '');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = Math.round(Number(amount) * 100);
    if (amountCents > balance) {
      setProblem('amountCents');
      return;
    }
    const [invalid, valid] = validate(
      {
        version: props.detail.version,
        paidOn,
        formaPago,
        amountCents,
        accountId: Number(accountId),
        reference: reference.trim(),
      },
      PaymentDraft,
    );
    if (invalid) {
      setProblem(invalid.key ?? 'amountCents');
      return;
    }
    setProblem(null);
    props.onPay(valid);
  };
  const fieldError = (key: string) =>
    problem === key
      ? intl.formatMessage({ id: `invoicingScreens.report.invalid.${key}` }, { balance: formatMoney(balance) })
      : null;
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'invoicingScreens.report.pay' })}>
      <Stack gap="sm">
        {props.failure ? <FailureAlert failure={props.failure} /> : null}
        {props.banks.length === 0 ? (
          <Alert color="yellow">
            <FormattedMessage id="invoicingScreens.report.noBanks" />
          </Alert>
        ) : null}
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'invoicingScreens.report.paidOn' })}
          value={paidOn}
          required
          error={fieldError('paidOn')}
          onChange={(e) => setPaidOn(e.currentTarget.value)}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'invoicingScreens.report.formaPago' })}
          value={formaPago}
          onChange={(e) => setFormaPago(e.currentTarget.value)}
          data={FORMAS_PAGO.filter((code) => code !== '99').map((code) => ({
            value: code,
            label: intl.formatMessage({ id: `invoicing.sat.formaPago.${code}` }),
          }))}
        />
        <NumberInput
          label={intl.formatMessage({ id: 'invoicingScreens.report.paymentAmount' })}
          description={intl.formatMessage({ id: 'invoicingScreens.report.upTo' }, { balance: formatMoney(balance) })}
          value={amount}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          prefix="$"
          thousandSeparator=","
          required
          error={fieldError('amountCents')}
          onChange={setAmount}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'invoicingScreens.report.account' })}
          value={accountId}
          required
          error={fieldError('accountId')}
          onChange={(e) => setAccountId(e.currentTarget.value)}
          data={props.banks.map((bank) => ({ value: String(bank.id), label: bank.nombre }))}
        />
        <TextInput
          label={intl.formatMessage({ id: 'invoicingScreens.report.reference' })}
          value={reference}
          maxLength={60}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <Group>
          <Button variant="default" onClick={props.onBack} disabled={props.recording}>
            <FormattedMessage id="invoicingScreens.back" />
          </Button>
          <Button type="submit" loading={props.recording} disabled={props.banks.length === 0}>
            <FormattedMessage id="invoicingScreens.report.recordPayment" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
