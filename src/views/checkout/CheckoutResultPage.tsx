import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/financiero/pago/{id} (issue 27): where the payment provider sends the resident back, and where an
// OXXO or SPEI reference is shown. A thin view over checkoutResultMachine: waiting for the provider's answer,
// the reference to pay with, paid (with its receipt), refused or expired (with the way to pay again).
import { Alert, Anchor, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { Checkout } from '../../api/checkout';
import { formatMoney } from '../../api/finance';
import { checkoutResultMachine } from '../../machines/checkoutResultMachine';
import { fetchReceiptPdf } from '../../services/receiptsService';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';
import { saveFile } from '../common/period';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';

const payAgainHref = (checkout: Checkout) => `${SCREENS.pay}?ApartmentId=${checkout.ApartmentId}`;

export default function CheckoutResultPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'checkout.result.title' }));
  const id = Number(useParams<{ id: string }>().id) || 0;
  return <Result key={id} id={id} />;
}

function Result({ id }: { id: number }) {
  const intl = useIntl();
  const [state, send] = useMachine(checkoutResultMachine, { input: { id } });
  const checkout = state.context.checkout;
  const expires = checkout ? intl.formatDate(checkout.expiresAt, { dateStyle: 'long', timeStyle: 'short' }) : '';

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} size="h2">
        <FormattedMessage id="checkout.result.title" />
      </Title>
      {state.matches('loading') && !checkout ? <LoadingCard /> : null}
      {state.matches('loadFailed') ? (
        <FailureAlert
          failure={state.context.failure}
          title={<FormattedMessage id="checkout.result.loadFailed" />}
          onRetry={() => send({ type: 'retry' })}
        />
      ) : null}
      {state.matches('waiting') || (state.matches('loading') && checkout?.state === 'creado') ? (
        <Card withBorder radius="md" padding="lg" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>
              <FormattedMessage id="checkout.result.waiting" />
            </Text>
          </Group>
        </Card>
      ) : null}
      {checkout && (state.matches('reference') || (state.matches('loading') && checkout.state === 'pendiente')) ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text fw={600}>
              <FormattedMessage
                id={checkout.method === 'spei' ? 'checkout.result.reference.spei' : 'checkout.result.reference.oxxo'}
              />
            </Text>
            {checkout.payReference ? (
              <Code block fz="xl" ta="center" data-testid="pay-reference">
                {checkout.payReference}
              </Code>
            ) : null}
            {checkout.redirectUrl ? (
              // A real provider's voucher or transfer instructions (Stripe's page), when it gave one.
              <Anchor href={checkout.redirectUrl} target="_blank" rel="noopener noreferrer">
                <FormattedMessage id="checkout.result.openProvider" />
              </Anchor>
            ) : null}
            <Text fw={700}>
              <FormattedMessage id="checkout.result.total" values={{ total: formatMoney(checkout.totalCents) }} />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="checkout.result.referenceUntil" values={{ date: expires }} />
            </Text>
          </Stack>
        </Card>
      ) : null}
      {state.matches('paid') && checkout ? <Paid checkout={checkout} /> : null}
      {state.matches('failed') && checkout ? (
        <Alert color="red" role="alert" title={<FormattedMessage id="checkout.result.failed" />}>
          <Stack gap="xs" align="flex-start">
            {checkout.failure ? <Text size="sm">{checkout.failure}</Text> : null}
            <Button component={Link} href={payAgainHref(checkout)} size="xs" variant="outline" color="red">
              <FormattedMessage id="checkout.result.again" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.matches('expired') && checkout ? (
        <Alert color="orange" role="alert" title={<FormattedMessage id="checkout.result.expired" />}>
          <Button component={Link} href={payAgainHref(checkout)} size="xs" variant="outline" color="orange">
            <FormattedMessage id="checkout.result.again" />
          </Button>
        </Alert>
      ) : null}
      <Anchor component={Link} href={SCREENS.accountStatement}>
        <FormattedMessage id="checkout.backToStatement" />
      </Anchor>
    </Stack>
  );
}

function Paid({ checkout }: { checkout: Checkout }) {
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (checkout.paymentId === null) return;
    setDownloading(true);
    setFailed(false);
    try {
      const { blob, fileName } = await fetchReceiptPdf(checkout.paymentId);
      saveFile(fileName, 'application/pdf', blob);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Alert
      color="green"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      title={<FormattedMessage id="checkout.result.paid" />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="checkout.result.paidText" values={{ amount: formatMoney(checkout.amountCents) }} />
        </Text>
        <Button size="xs" loading={downloading} onClick={download}>
          <FormattedMessage id="checkout.result.receipt" />
        </Button>
        {failed ? (
          <Text size="sm" c="red" role="alert">
            <FormattedMessage id="checkout.result.receiptFailed" />
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
