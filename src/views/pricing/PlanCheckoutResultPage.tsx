import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Loader.css';
// /precios-y-planes/contratacion/{id} (issue 28, trial pay link): where the payment provider sends the administrator
// back after Contratar, and what the plan's notification opens. A thin view over planCheckoutResultMachine: waiting
// for the provider's confirmation, paid (the plan and the day it covers until, the way back to the condominium),
// failed or expired (the plans again), not found.
import { Alert, Anchor, Box, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { PlanCheckout } from '../../api/pricing';
import { planCheckoutResultMachine } from '../../machines/planCheckoutResultMachine';
import { FailureAlert } from '../common/FailureAlert';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { formatPesos } from './PricingPage';

const PRICING = '/precios-y-planes';

export default function PlanCheckoutResultPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'pricing.result.heading' }));
  const id = Number(useParams<{ id: string }>().id) || 0;
  return <Result key={id} id={id} />;
}

/** A day (YYYY-MM-DD) in the reader's words, without moving it across time zones. */
const longDate = (intl: ReturnType<typeof useIntl>, day: string) => intl.formatDate(`${day}T12:00:00`, { dateStyle: 'long' });

function Result({ id }: { id: number }) {
  const intl = useIntl();
  const [state, send] = useMachine(planCheckoutResultMachine, { input: { id } });
  const checkout = state.context.checkout;
  const seePlans = (color: string) => (
    <Button component={Link} href={PRICING} size="xs" variant="outline" color={color}>
      <FormattedMessage id="pricing.result.tryAgain" />
    </Button>
  );

  return (
    <Box component="main" id="main" mih="100dvh" bg="var(--mantine-color-gray-1)" py={{ base: 'md', sm: 40 }} px="md">
      <Container size="sm" px={0}>
        <Stack gap="lg">
          <Title order={1} size="h2">
            {checkout ? (
              <FormattedMessage id="pricing.result.title" values={{ plan: checkout.planName }} />
            ) : (
              <FormattedMessage id="pricing.result.heading" />
            )}
          </Title>
          {state.matches('loading') && !checkout ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>
                <FormattedMessage id="pricing.result.loading" />
              </Text>
            </Group>
          ) : null}
          {state.matches('loadFailed') ? (
            <FailureAlert
              failure={state.context.failure}
              title={<FormattedMessage id="pricing.result.loadFailed" />}
              onRetry={() => send({ type: 'retry' })}
            />
          ) : null}
          {state.matches('notFound') ? (
            <Alert color="gray" role="alert" title={<FormattedMessage id="pricing.checkoutNotFound" />}>
              <Anchor component={Link} href={PRICING}>
                <FormattedMessage id="pricing.result.seePlans" />
              </Anchor>
            </Alert>
          ) : null}
          {checkout && (state.matches('pending') || (state.matches('loading') && !isSettled(checkout))) ? (
            <Card withBorder radius="md" padding="lg" role="status" aria-live="polite">
              <Stack gap="xs">
                <Group gap="sm">
                  <Loader size="sm" aria-hidden />
                  <Text>
                    <FormattedMessage id="pricing.result.waiting" />
                  </Text>
                </Group>
                <Total checkout={checkout} />
              </Stack>
            </Card>
          ) : null}
          {state.matches('stillPending') ? (
            <Alert color="orange" role="status" title={<FormattedMessage id="pricing.result.waiting" />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  <FormattedMessage id="pricing.result.stillPending" />
                </Text>
                <Button size="xs" variant="outline" color="orange" onClick={() => send({ type: 'retry' })}>
                  <FormattedMessage id="pricing.result.checkAgain" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {state.matches('paid') && checkout ? (
            <Alert color="green" role="status" icon={<IconCircleCheck aria-hidden />}>
              <Stack gap="xs" align="flex-start">
                <Text fw={600}>
                  <FormattedMessage
                    id="pricing.result.paid"
                    values={{
                      plan: checkout.planName,
                      paidUntil: checkout.paidUntil ? longDate(intl, checkout.paidUntil) : '',
                    }}
                  />
                </Text>
                <Total checkout={checkout} />
                <Button component={Link} href="~/condominio" size="xs">
                  <FormattedMessage id="pricing.result.goCondo" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {state.matches('failed') && checkout ? (
            <Alert color="red" role="alert" title={<FormattedMessage id="pricing.result.failedTitle" />}>
              <Stack gap="xs" align="flex-start">
                {checkout.failure ? <Text size="sm">{checkout.failure}</Text> : null}
                {seePlans('red')}
              </Stack>
            </Alert>
          ) : null}
          {state.matches('expired') && checkout ? (
            <Alert color="orange" role="alert" title={<FormattedMessage id="pricing.result.expired" />}>
              {seePlans('orange')}
            </Alert>
          ) : null}
          {state.matches('paid') ? null : (
            <Anchor component={Link} href="~/condominio">
              <FormattedMessage id="pricing.backToCondo" />
            </Anchor>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

const isSettled = (checkout: PlanCheckout) => ['pagado', 'fallido', 'expirado'].includes(checkout.state);

function Total({ checkout }: { checkout: PlanCheckout }) {
  const intl = useIntl();
  const period = intl.formatMessage({ id: checkout.period === 'anual' ? 'pricing.yearly' : 'pricing.monthly' }).toLowerCase();
  return (
    <Text size="sm">
      <FormattedMessage id="pricing.result.total" values={{ amount: formatPesos(checkout.totalCents), period }} />
    </Text>
  );
}
