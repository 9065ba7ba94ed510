import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
// /precios-y-planes (spec §1, §2.1): the plans, monthly or yearly, priced in MXN with the Mexican locale.
// Public; a signed-in administrator of a condominium in trial also sees how long the trial has left.
// "Contratar": for that administrator (canBuyPlan), when the product takes payment for its plans online (payOnline),
// it opens the plan's checkout for the period chosen here and leaves for the provider's page (planCheckoutMachine);
// for everyone else it writes to sales (docs/decisions.md).
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { isPlanFeature } from '../../api/modules';
import { canBuyPlan, isAdmin, trialDaysLeft } from '../../api/permissions';
import { type Plan, type PlanPeriod, SALES_EMAIL } from '../../api/pricing';
import { planCheckoutMachine } from '../../machines/planCheckoutMachine';
import { type BillingPeriod, pricingMachine } from '../../machines/pricingMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';

/** Prices are MXN in the Mexican locale whatever the interface language (spec §9). */
const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
export const formatPesos = (cents: number) => pesos.format(cents / 100);

const PERIODS: BillingPeriod[] = ['monthly', 'yearly'];
/** The page's period as the plan's checkout names it. */
const PLAN_PERIOD: Record<BillingPeriod, PlanPeriod> = { monthly: 'mensual', yearly: 'anual' };

/** A plan's description in the reader's language when the catalogue words its code; an operator's own plan as written. */
function planDescription(intl: IntlShape, plan: Plan): string {
  const id = `pricing.plan.${plan.code}.description`;
  return id in intl.messages ? intl.formatMessage({ id }) : plan.description;
}

function CheckIcon() {
  return <IconCheck size={18} stroke={2.2} aria-hidden="true" focusable="false" />;
}

interface Viewer {
  signedIn: boolean;
  /** The condominium to name in the subject of "Contratar": an administrator's. */
  condoName: string | null;
  /** Days left of the trial, for an administrator of a condominium in trial. */
  trialDays: number | null;
  /** An administrator of a condominium in trial or expired: may buy a plan here (canBuyPlan). */
  canBuy: boolean;
}

const sameViewer = (a: Viewer, b: Viewer) =>
  a.signedIn === b.signedIn && a.condoName === b.condoName && a.trialDays === b.trialDays && a.canBuy === b.canBuy;

/** Who is looking, from the session actor. */
function useViewer(): Viewer {
  return SessionContext.useSelector((s): Viewer => {
    const data = s.matches('signedIn') ? s.context.data : null;
    if (!data) return { signedIn: false, condoName: null, trialDays: null, canBuy: false };
    const today = dayjs().format('YYYY-MM-DD');
    return {
      signedIn: true,
      condoName: isAdmin(data.usuario) ? data.condo.CondoName : null,
      trialDays: trialDaysLeft(data, today),
      canBuy: canBuyPlan(data, today),
    };
  }, sameViewer);
}

/** Contratar bought online: what the card's button does, and whether it (or another card's) is busy. */
interface BuyOnline {
  onContract: (plan: Plan) => void;
  /** The plan whose checkout is being opened, if any: its button spins, the others wait. */
  opening: string | null;
}

function PlanCard({
  plan,
  period,
  condoName,
  buy,
}: {
  plan: Plan;
  period: BillingPeriod;
  condoName: string | null;
  buy: BuyOnline | null;
}) {
  const intl = useIntl();
  const yearly = period === 'yearly';
  const periodName = intl.formatMessage({ id: yearly ? 'pricing.yearly' : 'pricing.monthly' }).toLowerCase();
  const subject = condoName
    ? intl.formatMessage({ id: 'pricing.mailSubjectCondo' }, { plan: plan.name, period: periodName, condo: condoName })
    : intl.formatMessage({ id: 'pricing.mailSubject' }, { plan: plan.name, period: periodName });
  const titleId = `plan-${plan.code}`;

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="lg" padding="xl" shadow="xs" h="100%">
      <Stack gap="lg" h="100%">
        <Stack gap={6}>
          <Title order={2} size="h3" id={titleId}>
            {plan.name}
          </Title>
          <Text size="sm" c="dimmed" mih={{ md: 66 }}>
            {planDescription(intl, plan)}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text fz={34} fw={800} lh={1.15}>
            {formatPesos(yearly ? plan.yearlyPrice : plan.monthlyPrice)}
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage id={yearly ? 'pricing.perYear' : 'pricing.perMonth'} />
          </Text>
          {/* Two lines either way, so switching the period does not move the lists. */}
          <Box mih={44} mt={6}>
            {yearly ? (
              <>
                <Text size="sm" c="dimmed">
                  <FormattedMessage
                    id="pricing.yearlyEquivalent"
                    values={{ price: formatPesos(Math.round(plan.yearlyPrice / 12)) }}
                  />
                </Text>
                {plan.monthlyPrice * 12 > plan.yearlyPrice ? (
                  <Text size="sm" c="teal.8" fw={600}>
                    <FormattedMessage
                      id="pricing.yearlySaving"
                      values={{ amount: formatPesos(plan.monthlyPrice * 12 - plan.yearlyPrice) }}
                    />
                  </Text>
                ) : null}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="pricing.orYearly" values={{ price: formatPesos(plan.yearlyPrice) }} />
              </Text>
            )}
          </Box>
        </Stack>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Text size="sm" fw={700}>
            <FormattedMessage id="pricing.features" />
          </Text>
          <List
            spacing={8}
            size="sm"
            icon={
              <Box c="teal.6" display="flex" mt={1}>
                <CheckIcon />
              </Box>
            }
            styles={{ itemLabel: { lineHeight: 1.45 } }}
          >
            <List.Item>
              {plan.maxDwellings === null ? (
                <FormattedMessage id="pricing.dwellingsUnlimited" />
              ) : (
                <FormattedMessage id="pricing.dwellings" values={{ count: plan.maxDwellings }} />
              )}
            </List.Item>
            {plan.features.map((feature) => (
              <List.Item key={feature}>
                {/* A feature code in the reader's language; an operator's own text as written. */}
                {isPlanFeature(feature) ? <FormattedMessage id={`pricing.feature.${feature}`} /> : feature}
              </List.Item>
            ))}
          </List>
        </Stack>
        {buy ? (
          <Button
            size="md"
            fullWidth
            loading={buy.opening === plan.code}
            disabled={buy.opening !== null && buy.opening !== plan.code}
            onClick={() => buy.onContract(plan)}
            aria-label={intl.formatMessage({ id: 'pricing.contractPlan' }, { plan: plan.name })}
          >
            <FormattedMessage id="pricing.contract" />
          </Button>
        ) : (
          <Button
            component="a"
            href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}`}
            size="md"
            fullWidth
            aria-label={intl.formatMessage({ id: 'pricing.contractPlan' }, { plan: plan.name })}
          >
            <FormattedMessage id="pricing.contract" />
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export default function PricingPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'pricing.title' }));
  const [state, send] = useMachine(pricingMachine);
  const viewer = useViewer();
  const { plans, period, payOnline } = state.context;
  const [checkoutState, sendCheckout] = useMachine(planCheckoutMachine);
  const { checkout, refusal, failure: openFailure } = checkoutState.context;

  // Opened: the administrator leaves for the provider's page, which sends them back to the result page.
  useEffect(() => {
    if (checkoutState.matches('leaving') && checkout?.redirectUrl) window.location.assign(checkout.redirectUrl);
  }, [checkoutState, checkout]);

  const opening = checkoutState.matches('opening') || checkoutState.matches('leaving');
  const buy: BuyOnline | null =
    viewer.canBuy && payOnline
      ? {
          onContract: (plan) => sendCheckout({ type: 'contract', plan: plan.code, period: PLAN_PERIOD[period] }),
          opening: opening ? checkoutState.context.plan : null,
        }
      : null;
  const salesEmail = <Anchor href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</Anchor>;
  const note: ReactNode = buy ? (
    <FormattedMessage id="pricing.payOnlineNote" />
  ) : payOnline ? (
    <FormattedMessage id="pricing.contactNote" values={{ email: salesEmail }} />
  ) : (
    <FormattedMessage id="pricing.noOnlineNote" values={{ email: salesEmail }} />
  );

  return (
    <Box component="main" id="main" mih="100dvh" bg="var(--mantine-color-gray-1)" py={{ base: 'md', sm: 40 }} px="md">
      <Container size="lg" px={0}>
        <Stack gap="xl">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={800} size="lg">
              <FormattedMessage id="app.name" />
            </Text>
            <Anchor component={Link} href={viewer.signedIn ? '/condominio' : '/sessions/signin'} size="sm" fw={600}>
              <FormattedMessage id={viewer.signedIn ? 'pricing.backToCondo' : 'pricing.signIn'} />
            </Anchor>
          </Group>

          <Stack gap={8} align="center" ta="center">
            <Title order={1}>
              <FormattedMessage id="pricing.title" />
            </Title>
            <Text c="dimmed" maw={560}>
              <FormattedMessage id="pricing.subtitle" />
            </Text>
          </Stack>

          {viewer.trialDays !== null ? (
            <Alert
              color={viewer.trialDays <= 7 ? 'red' : 'orange'}
              variant="light"
              radius="md"
              title={
                viewer.trialDays === 0 ? (
                  <FormattedMessage id="pricing.trialEndsToday" />
                ) : (
                  <FormattedMessage id="pricing.trialEnds" values={{ days: viewer.trialDays }} />
                )
              }
            >
              <FormattedMessage id="pricing.trialBody" values={{ condo: viewer.condoName }} />
            </Alert>
          ) : null}

          {state.matches('failed') || (state.matches('loaded') && plans.length === 0) ? null : (
            <Center>
              <SegmentedControl
                aria-label={intl.formatMessage({ id: 'pricing.period' })}
                value={period}
                onChange={(value) => send({ type: 'choosePeriod', period: value as BillingPeriod })}
                disabled={!state.matches('loaded')}
                radius="xl"
                size="md"
                color="blue"
                styles={{
                  root: { backgroundColor: 'var(--mantine-color-white)', border: '1px solid var(--mantine-color-gray-3)' },
                }}
                data={PERIODS.map((value) => ({ value, label: intl.formatMessage({ id: `pricing.${value}` }) }))}
              />
            </Center>
          )}

          {state.matches('loading') ? (
            <SimpleGrid
              cols={{ base: 1, md: 3 }}
              spacing="lg"
              role="status"
              aria-label={intl.formatMessage({ id: 'pricing.loading' })}
            >
              {[0, 1, 2].map((card) => (
                <Card key={card} withBorder radius="lg" padding="xl">
                  <Stack gap="md">
                    <Skeleton height={22} width="50%" />
                    <Skeleton height={12} width="90%" />
                    <Skeleton height={34} width="60%" mt="sm" />
                    {[0, 1, 2, 3].map((line) => (
                      <Skeleton key={line} height={10} width="80%" />
                    ))}
                    <Skeleton height={42} mt="md" />
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          ) : null}

          {state.matches('failed') ? (
            <FailureAlert
              failure={state.context.failure}
              title={<FormattedMessage id="pricing.failedTitle" />}
              onRetry={() => send({ type: 'retry' })}
            />
          ) : null}

          {state.matches('loaded') && plans.length === 0 ? (
            <Alert color="gray" radius="md" title={<FormattedMessage id="pricing.emptyTitle" />}>
              <FormattedMessage
                id="pricing.emptyBody"
                values={{ email: <Anchor href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</Anchor> }}
              />
            </Alert>
          ) : null}

          {checkoutState.matches({ ready: 'refused' }) ? (
            <Alert
              color="red"
              role="alert"
              radius="md"
              withCloseButton
              closeButtonLabel={intl.formatMessage({ id: 'pricing.close' })}
              onClose={() => sendCheckout({ type: 'back' })}
            >
              {refusal}
            </Alert>
          ) : null}
          {checkoutState.matches({ ready: 'failed' }) ? (
            <FailureAlert
              failure={openFailure}
              title={<FormattedMessage id="pricing.openFailed" />}
              onRetry={() => sendCheckout({ type: 'retry' })}
            />
          ) : null}
          {opening ? (
            <Text role="status" ta="center" fw={600}>
              <FormattedMessage id="pricing.opening" />
            </Text>
          ) : null}

          {state.matches('loaded') && plans.length > 0 ? (
            <>
              <SimpleGrid cols={{ base: 1, md: Math.min(plans.length, 3) }} spacing="lg">
                {plans.map((plan) => (
                  <PlanCard key={plan.code} plan={plan} period={period} condoName={viewer.condoName} buy={buy} />
                ))}
              </SimpleGrid>
              <Text size="sm" c="dimmed" ta="center">
                {note}
              </Text>
            </>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
