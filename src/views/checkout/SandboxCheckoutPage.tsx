// /pago-sandbox/{ref} (issue 27): the built-in sandbox payment provider's own checkout page, for the demo and the
// tests, marked SANDBOX at the top. A thin view over sandboxCheckoutMachine. A card is paid with one of the two test
// cards (approved or declined: the number stays in this page, as it would on a provider's page, and is never sent);
// an OXXO or SPEI reference's payment (or its expiry) is simulated with a button. Then the resident goes back to
// the condominium's result page. Visitor-style like the other public pages (common/VisitorBlocks.tsx).
import { Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { formatMoney } from '../../api/finance';
import { outcomeOfCard, sandboxCheckoutMachine } from '../../machines/sandboxCheckoutMachine';
import { FailureText } from '../common/FailureText';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { Notice, Panel } from '../common/VisitorBlocks';

export default function SandboxCheckoutPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'checkout.sandbox.title' }));
  const ref = useParams<{ ref: string }>().ref ?? '';
  const [state, send] = useMachine(sandboxCheckoutMachine, { input: { ref } });
  const [card, setCard] = useState('');
  const [notTestCard, setNotTestCard] = useState(false);
  const checkout = state.context.checkout;

  useEffect(() => {
    if (state.matches('sent') && checkout) window.location.assign(checkout.returnPath);
  }, [state, checkout]);

  const busy = state.matches('sending') || state.matches('sent');
  const payCard = () => {
    const outcome = outcomeOfCard(card);
    setNotTestCard(outcome === null);
    if (outcome) send({ type: 'send', outcome });
  };

  return (
    <Center component="main" id="main" mih="100dvh" p="sm" bg="var(--mantine-color-gray-1)" style={{ alignItems: 'flex-start' }}>
      <Stack gap="md" maw={460} w="100%" py="md">
        <Notice color="yellow" role="status" data-testid="sandbox-banner">
          <Text fw={700} size="sm">
            <FormattedMessage id="checkout.sandbox.banner" />
          </Text>
        </Notice>
        <Title order={1} size="h3" ta="center">
          <FormattedMessage id="checkout.sandbox.title" />
        </Title>
        {state.matches('loading') ? (
          <Center role="status" aria-label={intl.formatMessage({ id: 'checkout.loading' })}>
            <Loader aria-hidden />
          </Center>
        ) : null}
        {state.matches('notFound') ? (
          <Notice color="red" role="alert">
            <FormattedMessage id="checkout.sandbox.notFound" />
          </Notice>
        ) : null}
        {state.matches('loadFailed') || state.matches('sendFailed') ? (
          <Stack>
            <Notice color="orange" role="alert">
              <Text fw={600} size="sm">
                <FormattedMessage
                  id={state.matches('loadFailed') ? 'checkout.sandbox.loadFailed' : 'checkout.sandbox.sendFailed'}
                />
              </Text>
              <FailureText failure={state.context.failure} />
            </Notice>
            <Button onClick={() => send({ type: 'retry' })}>
              <FormattedMessage id="checkout.retry" />
            </Button>
          </Stack>
        ) : null}
        {state.matches('settled') && checkout ? (
          <Stack>
            <Notice color="yellow" role="status">
              <FormattedMessage id="checkout.sandbox.settled" />
            </Notice>
            <Button component="a" href={checkout.returnPath}>
              <FormattedMessage id="checkout.sandbox.back" />
            </Button>
          </Stack>
        ) : null}
        {checkout && (state.matches('ready') || busy) ? (
          <Panel component="section" aria-label={checkout.condoName}>
            <Stack gap="sm">
              <Text c="dimmed" size="sm">
                {checkout.condoName}
              </Text>
              <Text size="xl" fw={700} data-testid="sandbox-total">
                {formatMoney(checkout.totalCents)}
              </Text>
              {checkout.method === 'tarjeta' ? (
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    payCard();
                  }}
                >
                  <Stack gap="sm">
                    <TextInput
                      label={<FormattedMessage id="checkout.sandbox.card" />}
                      description={<FormattedMessage id="checkout.sandbox.cards" />}
                      inputMode="numeric"
                      autoComplete="off"
                      value={card}
                      disabled={busy}
                      error={notTestCard ? <FormattedMessage id="checkout.sandbox.notTestCard" /> : undefined}
                      onChange={(event) => setCard(event.currentTarget.value)}
                    />
                    {checkout.saveCard && (
                      <Text size="sm" c="dimmed">
                        <FormattedMessage id="checkout.sandbox.saveCard" />
                      </Text>
                    )}
                    <Button type="submit" loading={busy}>
                      <FormattedMessage id="checkout.sandbox.payCard" values={{ total: formatMoney(checkout.totalCents) }} />
                    </Button>
                  </Stack>
                </form>
              ) : (
                <Stack gap="sm">
                  <Text ff="monospace" size="lg" ta="center">
                    {checkout.payReference}
                  </Text>
                  <Button
                    loading={busy && state.context.outcome === 'pagar'}
                    disabled={busy}
                    onClick={() => send({ type: 'send', outcome: 'pagar' })}
                  >
                    <FormattedMessage id="checkout.sandbox.payReference" />
                  </Button>
                  <Button variant="default" disabled={busy} onClick={() => send({ type: 'send', outcome: 'expirar' })}>
                    <FormattedMessage id="checkout.sandbox.expire" />
                  </Button>
                </Stack>
              )}
            </Stack>
          </Panel>
        ) : null}
      </Stack>
    </Center>
  );
}
