// The overview of a section's requests (ticketQueryMachine, kind overview): open requests by age, by
// category and by state; for administrators also the overdue ones, the average hours to the first reply and
// to the resolution, and the ratings. The board gets the counts only (the server sends nulls for the rest),
// and never a list of others' requests.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { TICKET_STATES } from '../../api/ticketLifecycle';
import { TICKET_AGES, type TicketOverviewAnswer } from '../../api/tickets';
import { ticketQueryMachine } from '../../machines/ticketQueryMachine';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';

type Count = TicketOverviewAnswer['porEstado'][number];

function CountList({ title, counts, name }: { title: ReactNode; counts: Count[]; name: (clave: string) => ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="tickets.overview.none" />
        </Text>
      ) : (
        <Stack component="dl" gap={4} m={0}>
          {counts.map((count) => (
            <Group key={count.clave} justify="space-between" wrap="nowrap" gap="xs">
              <Text component="dt" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {name(count.clave)}
              </Text>
              <Text component="dd" size="sm" fw={600} m={0}>
                {count.total}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Figure({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {children}
      </Text>
    </Card>
  );
}

const known = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export function TicketOverview({ sectionId }: { sectionId: number }) {
  const [state, send] = useMachine(ticketQueryMachine, { input: { query: { kind: 'overview', sectionId } } });
  const headingId = useId();
  const answer = state.context.answer?.kind === 'overview' ? state.context.answer.data : null;
  const full = answer !== null && answer.vencidas !== null;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} aria-busy={state.matches('loading')}>
      <Title order={2} size="h3" id={headingId}>
        <FormattedMessage id="tickets.overview.title" />
      </Title>
      {state.matches('loading') && !answer ? <LoadingCard /> : null}
      {state.hasTag('failed') ? (
        <FailureAlert
          failure={state.context.failure}
          title={<FormattedMessage id="tickets.overview.failedTitle" />}
          onRetry={state.matches('failed') ? () => send({ type: 'retry' }) : undefined}
        />
      ) : null}
      {answer ? (
        <>
          {full ? null : (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="tickets.overview.countsOnly" />
            </Text>
          )}
          {full ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <Figure label={<FormattedMessage id="tickets.overview.overdue" />}>{answer.vencidas}</Figure>
              <Figure label={<FormattedMessage id="tickets.overview.firstReply" />}>
                {answer.horasPrimeraRespuesta === null ? (
                  '—'
                ) : (
                  <FormattedMessage
                    id="tickets.overview.hours"
                    values={{
                      hours: <FormattedNumber key="hours" value={answer.horasPrimeraRespuesta} maximumFractionDigits={1} />,
                    }}
                  />
                )}
              </Figure>
              <Figure label={<FormattedMessage id="tickets.overview.resolution" />}>
                {answer.horasResolucion === null ? (
                  '—'
                ) : (
                  <FormattedMessage
                    id="tickets.overview.hours"
                    values={{ hours: <FormattedNumber key="hours" value={answer.horasResolucion} maximumFractionDigits={1} /> }}
                  />
                )}
              </Figure>
              <Figure label={<FormattedMessage id="tickets.overview.rating" />}>
                {answer.calificacionPromedio === null ? (
                  '—'
                ) : (
                  <FormattedMessage
                    id="tickets.overview.ratingValue"
                    values={{
                      average: <FormattedNumber key="average" value={answer.calificacionPromedio} maximumFractionDigits={1} />,
                      count: answer.calificaciones ?? 0,
                    }}
                  />
                )}
              </Figure>
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <CountList
              title={<FormattedMessage id="tickets.overview.byAge" />}
              counts={answer.porEdad}
              name={(clave) => (known(TICKET_AGES, clave) ? <FormattedMessage id={`tickets.age.${clave}`} /> : clave)}
            />
            <CountList
              title={<FormattedMessage id="tickets.overview.byCategory" />}
              counts={answer.porCategoria}
              name={(clave) => clave}
            />
            <CountList
              title={<FormattedMessage id="tickets.overview.byState" />}
              counts={answer.porEstado}
              name={(clave) => (known(TICKET_STATES, clave) ? <FormattedMessage id={`tickets.state.${clave}`} /> : clave)}
            />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
