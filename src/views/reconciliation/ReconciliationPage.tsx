import '@mantine/core/styles/Card.css';
// /condominio/panel-financiero/conciliacion (issue 27): bank reconciliation. Subir estado de cuenta (ImportCard,
// over reconciliationImportMachine) and the movements with their matches (QueueList, over
// reconciliationQueueMachine) and the saved column mappings (MappingsCard, over reconciliationMappingsMachine); an
// import done reloads the queue and the mappings. Who may: whoever may record a payment
// (permissions.canRecordPayment); Deshacer is the administrators' (canManagePayments).
import { Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { canManagePayments, canRecordPayment } from '../../api/permissions';
import { reconciliationImportMachine } from '../../machines/reconciliationImportMachine';
import { reconciliationMappingsMachine } from '../../machines/reconciliationMappingsMachine';
import { reconciliationQueueMachine } from '../../machines/reconciliationQueueMachine';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { ImportCard } from './ImportCard';
import { MappingsCard } from './MappingsCard';
import { QueueList } from './QueueList';

export default function ReconciliationPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'reconciliation.title' }));
  if (!data) return null;
  if (!canRecordPayment(data)) return <Redirect to="/comunicacion" replace />;
  return <ReconciliationScreen mayUndo={canManagePayments(data)} />;
}

function ReconciliationScreen(props: { mayUndo: boolean }) {
  const importer = useActorRef(reconciliationImportMachine);
  const queue = useActorRef(reconciliationQueueMachine);
  const mappings = useActorRef(reconciliationMappingsMachine);
  const done = useSelector(importer, (s) => s.matches('done'));
  useEffect(() => {
    if (!done) return;
    queue.send({ type: 'reload' });
    mappings.send({ type: 'reload' });
  }, [done, queue, mappings]);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="reconciliation.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="reconciliation.intro" />
        </Text>
      </Stack>
      <ImportCard actor={importer} />
      <QueueList actor={queue} mayUndo={props.mayUndo} />
      <MappingsCard actor={mappings} />
    </Stack>
  );
}
