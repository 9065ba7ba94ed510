import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
// estado-cta, "Registrar pago": a thin view over paymentMachine (loaded with the page's first "Registrar pago",
// so the statement's own chunk stays light). The dialog: the accounts loading, failed or missing, then the form
// (date not after today, amount in pesos with 2 decimals, the account, an optional reference), each field's
// problem in words once sending was tried, the server's refusal above the form. Once recorded, a toast
// (@mantine/notifications, in the shell's corner) says so and what happens to the invoice: a warning with the
// way to the client catalogue when the dwelling has none. The machine decides how long it stays.
import { Alert, Anchor, Button, Group, Loader, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../api/finance';
import { INVOICING_SCREENS } from '../../api/invoicing';
import { PAYMENT_MAX_CENTS, PAYMENT_REFERENCE_MAX } from '../../api/payments';
import { type PaymentField, paymentProblems } from '../../machines/paymentDraft';
import type { PaymentContext, paymentMachine } from '../../machines/paymentMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { displayDate } from '../common/period';

type PaymentActor = ActorRefFrom<typeof paymentMachine>;

/** The fields in the order they show: the first with a problem gets the focus. */
const FIELD_ORDER: PaymentField[] = ['paidOn', 'amount', 'accountId', 'reference'];

export default function PaymentDialog(props: {
  actor: PaymentActor;
  /** The dwelling's name, for the dialog's title. */
  dwelling: string;
  /** The user may open the client catalogue (canInvoice): the no-client warning links to it. */
  clientsLink: boolean;
}) {
  const { actor } = props;
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const state = useSelector(actor, (s) => s);
  const saving = state.matches('saving');
  const open = !state.matches('closed') && !state.matches('saved');
  const close = () => actor.send({ type: 'close' });
  return (
    <>
      <Modal
        opened={open}
        onClose={close}
        fullScreen={phone}
        size="md"
        closeOnClickOutside={!saving}
        closeOnEscape={!saving}
        withCloseButton={!saving}
        title={intl.formatMessage({ id: 'finance.payment.title' }, { dwelling: props.dwelling })}
      >
        {state.matches('loadingAccounts') ? (
          <Group role="status" gap="xs">
            <Loader size="xs" />
            <Text size="sm">
              <FormattedMessage id="finance.payment.loadingAccounts" />
            </Text>
          </Group>
        ) : null}
        {state.matches('loadFailed') ? (
          <Alert color="red" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm" fw={600}>
                <FormattedMessage id="finance.payment.accountsFailed" />
              </Text>
              <Text size="sm">
                <FailureText failure={state.context.failure} />
              </Text>
              <Group gap="xs">
                <Button variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
                  <FormattedMessage id="finance.retry" />
                </Button>
                <Button variant="default" onClick={close}>
                  <FormattedMessage id="finance.close" />
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {state.matches('noAccounts') ? (
          <Alert color="yellow" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                <FormattedMessage id="finance.payment.noAccounts" />
              </Text>
              <Button variant="default" onClick={close}>
                <FormattedMessage id="finance.close" />
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {state.matches('editing') || saving ? <PaymentForm actor={actor} /> : null}
      </Modal>
      {state.matches('saved') && state.context.recorded ? (
        <PaymentToast
          payment={state.context.recorded}
          clientsLink={props.clientsLink}
          onClose={() => actor.send({ type: 'dismiss' })}
        />
      ) : null}
    </>
  );
}

function PaymentForm({ actor }: { actor: PaymentActor }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { draft, accounts, today, attempted, refusal } = state.context;
  const saving = state.matches('saving');
  const problems = attempted ? paymentProblems(draft, today, accounts) : {};
  const fields = useRef<Partial<Record<PaymentField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const error = (field: PaymentField) => {
    const id = problems[field];
    return id ? intl.formatMessage({ id }, { max: formatMoney(PAYMENT_MAX_CENTS) }) : null;
  };
  const change = (field: PaymentField, value: string) => actor.send({ type: 'change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
    const now = actor.getSnapshot();
    if (!now.matches('editing')) return;
    const wrong = paymentProblems(now.context.draft, now.context.today, now.context.accounts);
    const first = FIELD_ORDER.find((field) => wrong[field]);
    if (first) fields.current[first]?.focus();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'finance.payment.open' })}>
      <Stack gap="sm">
        {state.matches({ editing: 'refused' }) ? (
          <Alert color="red" role="alert" title={intl.formatMessage({ id: 'finance.payment.refused' })}>
            {refusal}
          </Alert>
        ) : null}
        {state.matches({ editing: 'failed' }) ? (
          <FailureAlert failure={state.context.failure} title={<FormattedMessage id="finance.payment.failed" />} />
        ) : null}
        <TextInput
          ref={(node) => {
            fields.current.paidOn = node;
          }}
          type="date"
          label={intl.formatMessage({ id: 'finance.payment.paidOn' })}
          value={draft.paidOn}
          max={today}
          required
          disabled={saving}
          error={error('paidOn')}
          onChange={(e) => change('paidOn', e.currentTarget.value)}
        />
        <NumberInput
          ref={(node) => {
            fields.current.amount = node;
          }}
          data-autofocus
          label={intl.formatMessage({ id: 'finance.payment.amount' })}
          value={draft.amount}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          prefix="$"
          thousandSeparator=","
          hideControls
          required
          disabled={saving}
          error={error('amount')}
          onChange={(value) => change('amount', String(value))}
        />
        <NativeSelect
          ref={(node) => {
            fields.current.accountId = node;
          }}
          label={intl.formatMessage({ id: 'finance.payment.account' })}
          value={draft.accountId}
          required
          disabled={saving}
          error={error('accountId')}
          onChange={(e) => change('accountId', e.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'finance.payment.accountPlaceholder' }), disabled: true },
            ...accounts.map((account) => ({ value: String(account.id), label: account.nombre })),
          ]}
        />
        <TextInput
          ref={(node) => {
            fields.current.reference = node;
          }}
          label={intl.formatMessage({ id: 'finance.payment.reference' })}
          description={intl.formatMessage({ id: 'finance.payment.referenceHint' })}
          value={draft.reference}
          maxLength={PAYMENT_REFERENCE_MAX}
          disabled={saving}
          error={error('reference')}
          onChange={(e) => change('reference', e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => actor.send({ type: 'close' })} disabled={saving}>
            <FormattedMessage id="finance.cancel" />
          </Button>
          <Button type="submit" loading={saving}>
            <FormattedMessage id="finance.payment.submit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The toast's id: one recorded payment's toast at a time. */
const PAYMENT_TOAST_ID = 'payment-recorded';

/** Shows the toast while mounted (the machine's `saved` state) and takes it away when unmounted. */
function PaymentToast(props: { payment: NonNullable<PaymentContext['recorded']>; clientsLink: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { payment, clientsLink, onClose } = props;
  const warns = payment.invoicing === 'noClient';
  // The latest onClose, without showing the toast again each time the parent draws a new one.
  const closed = useRef(onClose);
  closed.current = onClose;
  useEffect(() => {
    notifications.show({
      id: PAYMENT_TOAST_ID,
      // Read politely, not as an alert; the machine's delay (or the person) closes it, not the library's timer.
      role: 'status',
      autoClose: false,
      withBorder: true,
      color: warns ? 'yellow' : 'teal',
      icon: warns ? <IconAlertTriangle size={18} aria-hidden /> : <IconCheck size={18} aria-hidden />,
      title: intl.formatMessage({ id: 'finance.payment.recorded' }),
      closeButtonProps: { 'aria-label': intl.formatMessage({ id: 'finance.payment.dismiss' }) },
      onClose: () => closed.current(),
      message: <PaymentToastWords payment={payment} warns={warns} clientsLink={clientsLink} />,
    });
    return () => {
      notifications.hide(PAYMENT_TOAST_ID);
    };
  }, [payment, warns, clientsLink, intl]);
  return null;
}

function PaymentToastWords(props: { payment: NonNullable<PaymentContext['recorded']>; warns: boolean; clientsLink: boolean }) {
  const { payment, warns } = props;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <FormattedMessage
          id="finance.payment.recordedDetail"
          values={{ amount: formatMoney(payment.amountCents), date: displayDate(payment.paidOn) }}
        />
      </Text>
      {payment.invoicing === 'scheduled' ? (
        <Text size="sm">
          <FormattedMessage id="finance.payment.scheduled" />
        </Text>
      ) : null}
      {warns ? (
        <Text size="sm">
          <FormattedMessage id="finance.payment.noClient" />
        </Text>
      ) : null}
      {warns && props.clientsLink ? (
        <Anchor component={Link} href={`~${INVOICING_SCREENS.clients}`} size="sm">
          <FormattedMessage id="finance.payment.noClientLink" />
        </Anchor>
      ) : null}
    </Stack>
  );
}
