import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
// /condominio/financiero/pagar?ApartmentId=N (issue 27): a resident pays a dwelling's charges online. A thin view
// over checkoutMachine: the open charges (all ticked, oldest first) or another amount, the methods with their
// commission, the total the server will ask, and Pagar; then it leaves for the provider's page (a card) or the
// result page (an OXXO or SPEI reference). Nothing typed here is a card number: the provider's page takes it.
// By card, where the options offer it, the card may be kept for Cargos automáticos with a monthly limit.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { CHECKOUT_MAX_CENTS, CHECKOUT_MIN_CENTS, type CheckoutMethod } from '../../api/checkout';
import { formatMoney } from '../../api/finance';
import { checkoutMachine, type PayMode, preview, saveCardOffered } from '../../machines/checkoutMachine';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';
import { displayDate } from '../common/period';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';

export const checkoutResultHref = (id: number) => SCREENS.checkoutResult.replace(':id', String(id));

export default function PayPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'checkout.title' }));
  const apartmentId = Number(new URLSearchParams(useSearch()).get('ApartmentId')) || 0;
  return <Pay key={apartmentId} apartmentId={apartmentId} />;
}

function Pay({ apartmentId }: { apartmentId: number }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [state, send] = useMachine(checkoutMachine, { input: { apartmentId } });
  const { context } = state;
  const options = context.options;
  const totals = preview(context);
  const checkout = context.checkout;

  // Opened: a card goes to the provider's page; a reference is shown on the result page.
  useEffect(() => {
    if (!state.matches('opened') || !checkout) return;
    if (checkout.redirectUrl) window.location.assign(checkout.redirectUrl);
    else navigate(checkoutResultHref(checkout.id));
  }, [state, checkout, navigate]);

  const busy = state.matches('opening') || state.matches('opened');
  const backToStatement = (
    <Anchor component={Link} href={SCREENS.accountStatement}>
      <FormattedMessage id="checkout.backToStatement" />
    </Anchor>
  );

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        <FormattedMessage id="checkout.title" />
      </Title>
      {state.matches('loading') ? <LoadingCard /> : null}
      {state.matches('loadFailed') ? (
        <FailureAlert
          failure={context.failure}
          title={<FormattedMessage id="checkout.loadFailed" />}
          onRetry={() => send({ type: 'retry' })}
        />
      ) : null}
      {state.matches('disabled') ? (
        <Alert color="gray" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage id="checkout.disabled" />
            </Text>
            {backToStatement}
          </Stack>
        </Alert>
      ) : null}
      {options && !state.matches('disabled') && !state.matches('loading') && !state.matches('loadFailed') ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'submit' });
          }}
        >
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Text fw={600} id="checkout-what">
                  <FormattedMessage id="checkout.what" />
                </Text>
                {options.open.length > 0 ? (
                  <SegmentedControl
                    aria-labelledby="checkout-what"
                    value={context.mode}
                    disabled={busy}
                    onChange={(mode) => send({ type: 'setMode', mode: mode as PayMode })}
                    data={(['cargos', 'monto'] as const).map((mode) => ({
                      value: mode,
                      label: intl.formatMessage({ id: `checkout.mode.${mode}` }),
                    }))}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="checkout.nothingOwed" />
                  </Text>
                )}
                {context.mode === 'cargos' ? (
                  <Stack gap="xs" role="group" aria-labelledby="checkout-what">
                    {options.open.map((charge) => (
                      <Checkbox
                        key={charge.chargeId}
                        disabled={busy}
                        checked={context.chargeIds.includes(charge.chargeId)}
                        onChange={() => send({ type: 'toggleCharge', chargeId: charge.chargeId })}
                        label={intl.formatMessage(
                          { id: 'checkout.charge' },
                          { concept: charge.concept, amount: formatMoney(charge.openCents) },
                        )}
                        description={intl.formatMessage({ id: 'checkout.chargeDue' }, { date: displayDate(charge.dueOn) })}
                      />
                    ))}
                  </Stack>
                ) : (
                  <TextInput
                    label={<FormattedMessage id="checkout.amount" />}
                    description={intl.formatMessage(
                      { id: 'checkout.amountHint' },
                      { min: formatMoney(CHECKOUT_MIN_CENTS), max: formatMoney(CHECKOUT_MAX_CENTS) },
                    )}
                    inputMode="decimal"
                    leftSection="$"
                    disabled={busy}
                    value={context.amountText}
                    onChange={(event) => send({ type: 'setAmount', text: event.currentTarget.value })}
                  />
                )}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Radio.Group
                label={<FormattedMessage id="checkout.methodLabel" />}
                value={context.method ?? ''}
                onChange={(method) => send({ type: 'setMethod', method: method as CheckoutMethod })}
              >
                <Stack gap="xs" mt="xs">
                  {options.methods.map((m) => (
                    <Radio
                      key={m.method}
                      value={m.method}
                      disabled={busy}
                      label={intl.formatMessage({ id: `checkout.method.${m.method}` })}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {saveCardOffered(context) && (
                <Stack gap="xs" mt="md">
                  <Checkbox
                    label={<FormattedMessage id="checkout.saveCard" />}
                    description={<FormattedMessage id="checkout.saveCardHint" />}
                    checked={context.saveCard}
                    disabled={busy}
                    onChange={() => send({ type: 'toggleSaveCard' })}
                  />
                  {context.saveCard && (
                    <TextInput
                      label={<FormattedMessage id="checkout.saveCardLimit" />}
                      inputMode="decimal"
                      leftSection="$"
                      autoComplete="off"
                      disabled={busy}
                      value={context.saveLimitText}
                      onChange={(event) => send({ type: 'setSaveLimit', text: event.currentTarget.value })}
                    />
                  )}
                </Stack>
              )}
            </Card>
            <Card withBorder radius="md" padding="md" aria-live="polite">
              {totals ? (
                <Stack gap={4}>
                  <SummaryLine label={<FormattedMessage id="checkout.summary.amount" />} cents={totals.amountCents} />
                  <SummaryLine
                    label={
                      <FormattedMessage
                        id={options.feeBearer === 'residente' ? 'checkout.summary.fee' : 'checkout.summary.feeAbsorbed'}
                      />
                    }
                    cents={totals.feeCents}
                  />
                  <SummaryLine label={<FormattedMessage id="checkout.summary.total" />} cents={totals.totalCents} strong />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="checkout.chooseSomething" />
                </Text>
              )}
            </Card>
            {state.matches('refused') ? (
              <Alert color="red" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{context.refusal}</Text>
                  <Button size="xs" variant="outline" color="red" onClick={() => send({ type: 'back' })}>
                    <FormattedMessage id="checkout.backToChoice" />
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            {state.matches('openFailed') ? (
              <Stack gap="xs">
                <FailureAlert
                  failure={context.failure}
                  title={<FormattedMessage id="checkout.openFailed" />}
                  onRetry={() => send({ type: 'retry' })}
                />
                <Button variant="default" onClick={() => send({ type: 'back' })}>
                  <FormattedMessage id="checkout.backToChoice" />
                </Button>
              </Stack>
            ) : null}
            <Group justify="space-between">
              {backToStatement}
              <Button type="submit" loading={busy} disabled={!state.can({ type: 'submit' }) && !busy}>
                {totals ? (
                  <FormattedMessage id="checkout.submit" values={{ total: formatMoney(totals.totalCents) }} />
                ) : (
                  <FormattedMessage id="checkout.title" />
                )}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

function SummaryLine({ label, cents, strong = false }: { label: React.ReactNode; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}
