import '@mantine/core/styles/Card.css';
// Mapeos de columnas guardados: each saved mapping (how to read the CSV of a bank no layout knows) with its main
// columns, Renombrar (a new name no other mapping has) and Borrar. A thin view over reconciliationMappingsMachine.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ColumnMapping } from '../../api/reconciliation';
import type { reconciliationMappingsMachine } from '../../machines/reconciliationMappingsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert } from '../common/PageStates';

type MappingsActor = ActorRefFrom<typeof reconciliationMappingsMachine>;

export function MappingsCard(props: { actor: MappingsActor }) {
  const { actor } = props;
  const state = useSelector(actor, (s) => s);
  const { mappings, failure, busyId } = state.context;
  if (state.matches('loading') && mappings.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <FormattedMessage id="reconciliation.mappings.title" />
        </Title>
        {state.matches('loadFailed') ? (
          <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} />
        ) : failure ? (
          <FailureAlert failure={failure} />
        ) : null}
        {state.matches('shown') && mappings.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="reconciliation.mappings.empty" />
          </Text>
        ) : null}
        {mappings.map((m) => (
          <MappingRow key={m.id} actor={actor} mapping={m} busy={busyId === m.id} />
        ))}
      </Stack>
    </Card>
  );
}

function MappingRow(props: { actor: MappingsActor; mapping: ColumnMapping; busy: boolean }) {
  const { actor, mapping } = props;
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(mapping.name);
  const rename = { type: 'rename' as const, id: mapping.id, name };
  return (
    <Stack gap={4} role="group" aria-label={mapping.name}>
      {editing ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            size="xs"
            label={intl.formatMessage({ id: 'reconciliation.mappings.newName' })}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
          />
          <Button
            size="xs"
            loading={props.busy}
            disabled={!state.can(rename)}
            onClick={() => {
              actor.send(rename);
              setEditing(false);
            }}
          >
            <FormattedMessage id="reconciliation.mappings.save" />
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
            <FormattedMessage id="reconciliation.cancelEdit" />
          </Button>
        </Group>
      ) : (
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mapping.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <FormattedMessage
                id="reconciliation.mappings.columns"
                values={{ date: `${mapping.dateColumn} (${mapping.dateFormat})`, description: mapping.descriptionColumn }}
              />
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setName(mapping.name);
                setEditing(true);
              }}
            >
              <FormattedMessage id="reconciliation.mappings.rename" />
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={props.busy}
              disabled={!state.can({ type: 'remove', id: mapping.id })}
              onClick={() => actor.send({ type: 'remove', id: mapping.id })}
            >
              <FormattedMessage id="reconciliation.mappings.remove" />
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
