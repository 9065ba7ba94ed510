import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/panel-financiero/recargos (issue 27; the legacy automatic/penalties?id=N lands here): the
// administrators' late fees. The rule's form, Aplicar recargos ahora, the exempt dwellings and the fees applied
// with Condonar. Thin: lateFeeRulesMachine holds the settings, lateFeeListMachine the list; applying reloads it.
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { periodText } from '../../api/lateFees';
import { canManageLateFees } from '../../api/permissions';
import { lateFeeListMachine } from '../../machines/lateFeeListMachine';
import { lateFeeRulesMachine } from '../../machines/lateFeeRulesMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useCondoTimeZone } from '../common/zonedTime';
import { ExemptionsCard } from './ExemptionsCard';
import { FeeList } from './FeeList';
import { RuleForm } from './RuleForm';

export default function LateFeesPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'lateFees.title' }));
  if (!data) return null;
  if (!canManageLateFees(data)) return <Redirect to="/comunicacion" replace />;
  return <LateFeesScreen />;
}

function LateFeesScreen() {
  const timeZone = useCondoTimeZone();
  const rules = useActorRef(lateFeeRulesMachine);
  const list = useActorRef(lateFeeListMachine);
  const state = useSelector(rules, (s) => s);
  const { rule, exemptions, dwellings, notice, failure } = state.context;

  // Fees applied from here show in the list at once.
  useEffect(() => {
    if (notice?.kind === 'applied') list.send({ type: 'reload' });
  }, [notice, list]);

  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed')) return <FailedAlert failure={failure} onRetry={() => rules.send({ type: 'retry' })} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="lateFees.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="lateFees.intro" />
        </Text>
      </Stack>
      <div aria-live="polite">
        {failure ? <FailureAlert failure={failure} /> : null}
        {notice?.kind === 'saved' ? (
          <Alert color="green" role="status">
            <FormattedMessage id="lateFees.rule.saved" />
          </Alert>
        ) : null}
        {notice?.kind === 'applied' ? (
          <Alert color="green" role="status">
            <FormattedMessage id="lateFees.apply.done" values={{ count: notice.applied, period: periodText(notice.period) }} />
          </Alert>
        ) : null}
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            <FormattedMessage id="lateFees.rule.title" />
          </Title>
          <RuleForm
            key={JSON.stringify(rule)}
            rule={rule}
            saving={state.matches('saving')}
            canSave={(draft) => state.can({ type: 'save', rule: draft })}
            onSave={(draft) => rules.send({ type: 'save', rule: draft })}
          />
        </Stack>
      </Card>
      <Group gap="sm" align="center">
        <Button
          variant="light"
          loading={state.matches('applying')}
          disabled={!state.can({ type: 'apply' })}
          onClick={() => rules.send({ type: 'apply' })}
        >
          <FormattedMessage id="lateFees.apply.button" />
        </Button>
        {!rule.active ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="lateFees.apply.inactive" />
          </Text>
        ) : null}
      </Group>
      <ExemptionsCard
        exemptions={exemptions}
        dwellings={dwellings}
        timeZone={timeZone}
        busy={state.matches('exempting')}
        canExempt={(draft) => state.can({ type: 'exempt', draft })}
        canRemove={(id) => state.can({ type: 'unexempt', id })}
        onExempt={(draft) => rules.send({ type: 'exempt', draft })}
        onRemove={(id) => rules.send({ type: 'unexempt', id })}
      />
      <FeeList actor={list} dwellings={dwellings} timeZone={timeZone} />
    </Stack>
  );
}
