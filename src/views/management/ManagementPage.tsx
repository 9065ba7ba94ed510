import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
// /condominio/control-gerencial (spec §2.2): the condominium at a glance for administrators and the board
// (permissions.canSeeManagementControl; anyone else goes to the communication area, as the server refuses
// them too). The summary loads once (a skeleton of the cards), fails with a retry, and Actualizar asks again
// while the figures stay.
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { canInvoice, canSeeManagementControl } from '../../api/permissions';
import { managementMachine } from '../../machines/managementMachine';
import { FailureAlert } from '../common/FailureAlert';
import { useSessionData, WITHOUT_PERMISSION } from '../common/financeAccess';
import { displayDate } from '../common/period';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { ManagementCards } from './ManagementCards';

const SKELETON_CARDS = 6;

function Management() {
  const intl = useIntl();
  const data = useSessionData();
  const title = intl.formatMessage({ id: 'management.title' });
  useDocumentTitle(data?.condo.CondoName ?? '', title);
  const [state, send] = useMachine(managementMachine);
  const { summary, refreshFailed } = state.context;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {summary ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="management.asOf" values={{ date: displayDate(summary.hoy) }} />
            </Text>
          ) : null}
        </Stack>
        {summary ? (
          <Button variant="light" loading={state.matches('refreshing')} onClick={() => send({ type: 'refresh' })}>
            <FormattedMessage id="management.refresh" />
          </Button>
        ) : null}
      </Group>
      {state.matches('loading') ? (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="lg"
          role="status"
          aria-label={intl.formatMessage({ id: 'management.loading' })}
        >
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Skeleton key={i} height={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : null}
      {state.matches('failed') ? (
        <FailureAlert
          failure={state.context.failure}
          title={<FormattedMessage id="management.failed" />}
          onRetry={() => send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="management.retry" />}
        />
      ) : null}
      {refreshFailed && state.matches('ready') ? (
        <Alert color="yellow" role="status">
          <FormattedMessage id="management.refreshFailed" />
        </Alert>
      ) : null}
      {summary ? <ManagementCards summary={summary} invoicing={data !== null && canInvoice(data)} /> : null}
    </Stack>
  );
}

export default function ManagementPage() {
  const data = useSessionData();
  if (!data) return null;
  return canSeeManagementControl(data) ? <Management /> : <Redirect to={WITHOUT_PERMISSION} replace />;
}
