// Administrators' settings (ticketSettingsMachine): the categories (add, rename, switch on or off) and the
// hours to the due date by priority.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TICKET_PRIORITIES } from '../../api/ticketLifecycle';
import { CATEGORY_NAME_MAX, type TicketCategory } from '../../api/tickets';
import { categoryNameProblem, DUE_HOURS_MAX, hoursValid, ticketSettingsMachine } from '../../machines/ticketSettingsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';

type SettingsState = ReturnType<typeof useSettings>[0];
type SettingsSend = ReturnType<typeof useSettings>[1];

function useSettings() {
  return useMachine(ticketSettingsMachine);
}

export function TicketSettings({ onSaved }: { onSaved?: () => void }) {
  const [state, send] = useSettings();
  const headingId = useId();
  const { settings, failure, notice } = state.context;
  const saving = state.matches('saving');
  // The section's form offers the active categories: it reads them again after a change.
  useEffect(() => {
    if (notice === 'categorySaved') onSaved?.();
  }, [notice, settings, onSaved]);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} aria-busy={state.matches('loading') || saving}>
      <Title order={2} size="h3" id={headingId}>
        <FormattedMessage id="tickets.settings.title" />
      </Title>
      {state.matches('loading') ? <LoadingCard /> : null}
      <div aria-live="polite">
        {notice ? (
          <Alert color="teal" role="status" variant="light">
            <FormattedMessage id={`tickets.settings.notice.${notice}`} />
          </Alert>
        ) : null}
        {failure ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="tickets.settings.failedTitle" />}
            onRetry={state.matches('failed') ? () => send({ type: 'retry' }) : undefined}
          />
        ) : null}
      </div>
      {settings ? (
        <>
          <Categories state={state} send={send} categorias={settings.categorias} />
          <DueHours state={state} send={send} />
        </>
      ) : null}
    </Stack>
  );
}

function Categories({ state, send, categorias }: { state: SettingsState; send: SettingsSend; categorias: TicketCategory[] }) {
  const intl = useIntl();
  const headingId = useId();
  const { newName, renaming } = state.context;
  const saving = state.matches('saving');
  const newProblem = newName.trim() ? categoryNameProblem(newName, categorias, null) : null;
  const renameProblem = renaming ? categoryNameProblem(renaming.nombre, categorias, renaming.id) : null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          <FormattedMessage id="tickets.settings.categories" />
        </Title>
        {categorias.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="tickets.settings.noCategories" />
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {categorias.map((category) => (
              <Group component="li" key={category.id} justify="space-between" gap="xs" wrap="wrap">
                {renaming?.id === category.id ? (
                  <form
                    style={{ flex: 1, minWidth: 0 }}
                    onSubmit={(event) => {
                      event.preventDefault();
                      send({ type: 'saveRename' });
                    }}
                  >
                    <Group gap="xs" align="flex-end" wrap="wrap">
                      <TextInput
                        style={{ flex: 1, minWidth: 180 }}
                        label={intl.formatMessage({ id: 'tickets.settings.renameField' }, { name: category.nombre })}
                        value={renaming.nombre}
                        maxLength={CATEGORY_NAME_MAX}
                        error={
                          renameProblem
                            ? intl.formatMessage({ id: `tickets.settings.problem.${renameProblem}` }, { max: CATEGORY_NAME_MAX })
                            : undefined
                        }
                        onChange={(event) => send({ type: 'editRename', nombre: event.currentTarget.value })}
                      />
                      <Button type="submit" size="sm" disabled={!state.can({ type: 'saveRename' })} loading={saving}>
                        <FormattedMessage id="tickets.settings.save" />
                      </Button>
                      <Button variant="subtle" size="sm" onClick={() => send({ type: 'cancelRename' })}>
                        <FormattedMessage id="tickets.settings.cancel" />
                      </Button>
                    </Group>
                  </form>
                ) : (
                  <>
                    <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {category.nombre}
                      </Text>
                      <Badge color={category.activa ? 'teal' : 'gray'} variant="light">
                        <FormattedMessage id={category.activa ? 'tickets.settings.active' : 'tickets.settings.inactive'} />
                      </Badge>
                    </Group>
                    <Group gap="xs">
                      <Button
                        variant="subtle"
                        size="xs"
                        aria-label={intl.formatMessage({ id: 'tickets.settings.renameLabel' }, { name: category.nombre })}
                        disabled={!state.can({ type: 'startRename', id: category.id })}
                        onClick={() => send({ type: 'startRename', id: category.id })}
                      >
                        <FormattedMessage id="tickets.settings.rename" />
                      </Button>
                      <Button
                        variant="light"
                        size="xs"
                        color={category.activa ? 'gray' : 'teal'}
                        aria-label={intl.formatMessage(
                          { id: category.activa ? 'tickets.settings.deactivateLabel' : 'tickets.settings.activateLabel' },
                          { name: category.nombre },
                        )}
                        disabled={!state.can({ type: 'toggle', id: category.id })}
                        onClick={() => send({ type: 'toggle', id: category.id })}
                      >
                        <FormattedMessage id={category.activa ? 'tickets.settings.deactivate' : 'tickets.settings.activate'} />
                      </Button>
                    </Group>
                  </>
                )}
              </Group>
            ))}
          </Stack>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'add' });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              style={{ flex: 1, minWidth: 180 }}
              label={intl.formatMessage({ id: 'tickets.settings.newCategory' })}
              value={newName}
              maxLength={CATEGORY_NAME_MAX}
              error={
                newProblem
                  ? intl.formatMessage({ id: `tickets.settings.problem.${newProblem}` }, { max: CATEGORY_NAME_MAX })
                  : undefined
              }
              onChange={(event) => send({ type: 'editNew', nombre: event.currentTarget.value })}
            />
            <Button type="submit" size="sm" disabled={!state.can({ type: 'add' })} loading={saving && !renaming}>
              <FormattedMessage id="tickets.settings.add" />
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

function DueHours({ state, send }: { state: SettingsState; send: SettingsSend }) {
  const intl = useIntl();
  const headingId = useId();
  const { hours } = state.context;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'saveHours' });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id={headingId}>
            <FormattedMessage id="tickets.settings.hoursTitle" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="tickets.settings.hoursIntro" />
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {TICKET_PRIORITIES.map((prioridad) => (
              <NumberInput
                key={prioridad}
                label={intl.formatMessage(
                  { id: 'tickets.settings.hoursField' },
                  { priority: intl.formatMessage({ id: `tickets.priority.${prioridad}` }) },
                )}
                min={1}
                max={DUE_HOURS_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={hours[prioridad] ?? ''}
                error={
                  hoursValid(hours[prioridad])
                    ? undefined
                    : intl.formatMessage({ id: 'tickets.settings.hoursProblem' }, { max: DUE_HOURS_MAX })
                }
                onChange={(value) =>
                  send({
                    type: 'editHours',
                    prioridad,
                    value: typeof value === 'number' ? value : value === '' ? null : Number(value),
                  })
                }
              />
            ))}
          </SimpleGrid>
          <Button
            type="submit"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            disabled={!state.can({ type: 'saveHours' })}
            loading={state.matches('saving') && state.context.pending?.kind === 'hours'}
          >
            <FormattedMessage id="tickets.settings.saveHours" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
