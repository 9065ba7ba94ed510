import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Loader.css';
// crear-factura (issue 17): the create-invoice flow (src/machines/createInvoiceMachine.ts) step by step — concepts,
// receiver, review, then stamping and its outcome. With no issuer: the call to set one up in datos-generales; with
// every issuer automatic (mode A): the notice instead of a form; out of stamps: the way to solicitar-timbres.
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { createInvoiceMachine } from '../../../machines/createInvoiceMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { FailureText } from '../../common/FailureText';
import { INVOICING_SEGMENTS } from '../InvoicingNav';
import { ConceptsStep } from './ConceptsStep';
import { ReceiverStep } from './ReceiverStep';
import { ReviewStep } from './ReviewStep';
import { StampedCard } from './StampedCard';

const STEPS = ['concepts', 'receiver', 'review', 'stamped'] as const;

/** 'review', or 'concepts.editing' for a step's substep. */
const stateName = (value: string | Record<string, unknown>): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([step, substep]) => `${step}.${String(substep)}`)
        .join(' ');

function Progressing({ label }: { label: string }) {
  return (
    <Group role="status" gap="xs">
      <Loader size="sm" aria-hidden />
      <Text>{label}</Text>
    </Group>
  );
}

export default function CreateInvoicePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [state, send] = useMachine(createInvoiceMachine);
  const { context } = state;
  const can = (event: Parameters<typeof state.can>[0]) => state.can(event);

  const step = state.matches('concepts')
    ? 0
    : state.matches('receiver')
      ? 1
      : state.matches('stamped')
        ? 3
        : state.matches('previewing') || state.matches('previewFailed')
          ? 1
          : 2;

  let body: ReactNode = null;
  if (state.matches('loading')) body = <Progressing label={t('invoicing.loading')} />;
  else if (state.matches('loadFailed'))
    body = <FailureAlert failure={context.failure} title={t('invoicing.failed')} onRetry={() => send({ type: 'retry' })} />;
  else if (state.matches('noIssuer'))
    body = (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('invoicing.noIssuer.title')}
          </Title>
          <Text>{t('invoicing.noIssuer.body')}</Text>
          <Group gap="xs" wrap="wrap">
            <Button component={Link} href={INVOICING_SEGMENTS.generalData}>
              {t('invoicing.noIssuer.action')}
            </Button>
            {/* Another administrator may have set one up meanwhile. */}
            <Button variant="default" onClick={() => send({ type: 'retry' })}>
              {t('invoicing.retry')}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  else if (state.matches('automatic'))
    body = (
      <Alert color="blue" role="status">
        {t('invoicing.modeAutomatic')}
      </Alert>
    );
  else if (state.matches('concepts'))
    body = (
      <ConceptsStep context={context} loadingCharges={state.matches({ concepts: 'loadingCharges' })} can={can} send={send} />
    );
  else if (state.matches('receiver'))
    body = <ReceiverStep context={context} searching={state.matches({ receiver: 'searching' })} can={can} send={send} />;
  else if (state.matches('previewing')) body = <Progressing label={t('invoicing.create.previewing')} />;
  else if (state.matches('previewFailed'))
    body = (
      <Alert color="red" role="alert" title={t('invoicing.create.previewFailed')}>
        <Text size="sm" mb="xs">
          <FailureText failure={context.failure} />
        </Text>
        <Group gap="xs">
          <Button variant="light" color="red" onClick={() => send({ type: 'retry' })}>
            {t('invoicing.retry')}
          </Button>
          <Button variant="default" onClick={() => send({ type: 'back' })}>
            {t('invoicing.back')}
          </Button>
        </Group>
      </Alert>
    );
  else if (state.matches('review')) body = <ReviewStep context={context} can={can} send={send} />;
  else if (state.matches('stamping')) body = <Progressing label={t('invoicing.create.stamping')} />;
  else if (state.matches('stampFailed'))
    body = (
      <FailureAlert failure={context.failure} title={t('invoicing.create.failed')} onRetry={() => send({ type: 'retry' })} />
    );
  else if (state.matches('refused') && context.refusal)
    body = (
      <Alert color="red" role="alert" title={t('invoicing.create.refused')}>
        <Stack gap="sm">
          <Text size="sm">{t(`invoicing.refused.${context.refusal.reason}`, { message: context.refusal.message })}</Text>
          <Group gap="xs" wrap="wrap">
            <Button variant="light" color="red" onClick={() => send({ type: 'retry' })}>
              {t('invoicing.retry')}
            </Button>
            <Button variant="default" onClick={() => send({ type: 'editConcepts' })}>
              {t('invoicing.create.editConcepts')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  else if (state.matches('noStamps'))
    body = (
      <Alert color="orange" role="alert" title={t('invoicing.create.noStampsTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('invoicing.refused.noStamps')}</Text>
          <Group gap="xs" wrap="wrap">
            <Button component={Link} href={INVOICING_SEGMENTS.requestStamps} color="orange">
              {t('invoicing.create.requestStamps')}
            </Button>
            <Button variant="default" onClick={() => send({ type: 'retry' })}>
              {t('invoicing.retry')}
            </Button>
            <Button variant="default" onClick={() => send({ type: 'editConcepts' })}>
              {t('invoicing.create.editConcepts')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  else if (state.matches('stamped') && context.stamped)
    body = <StampedCard stamped={context.stamped} onAnother={() => send({ type: 'another' })} />;

  const inFlow = !['loading', 'loadFailed', 'noIssuer', 'automatic'].some((s) => state.matches(s as never));
  return (
    // data-invoice-state: the flow's state, `step` or `step.substep` (what the browser walk reads beside the screen).
    <Stack gap="md" data-invoice-state={stateName(state.value)}>
      <Title order={2} size="h3">
        {t('invoicing.create.title')}
      </Title>
      {inFlow ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('invoicing.create.stepOf', { step: step + 1, total: STEPS.length })} · {t(`invoicing.create.step.${STEPS[step]}`)}
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}
