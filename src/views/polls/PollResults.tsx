// The results of a poll, when VerResultados lets the caller see them: participation and the quorum, then per
// question a bar per option with its counts, its share of the ballots and (counted by indiviso) its share by
// weight. The numbers are text beside each bar, so the bars are never the only carrier of a figure. Then the
// free-text answers, who chose what on a public ballot, and for administrators who has not voted yet.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OptionResult, PollAnswer, PollResults as Results } from '../../api/polls';
import { share } from './pollFormat';

export function PollResults({ answer, results }: { answer: PollAnswer; results: Results }) {
  const intl = useIntl();
  const headingId = useId();
  const { poll } = answer;
  const weighted = poll.conteo === 'indiviso';
  const percent = (basisPoints: number) => intl.formatNumber(share(basisPoints), { style: 'percent', maximumFractionDigits: 2 });
  const unit = poll.tipo === 'encuesta' ? 'personas' : 'viviendas';
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={2} size="h3" id={headingId}>
          <FormattedMessage id="polls.results.title" />
        </Title>
        <Badge color={results.final ? 'gray' : 'teal'} variant="light">
          <FormattedMessage id={results.final ? 'polls.results.final' : 'polls.results.running'} />
        </Badge>
      </Group>
      <Card withBorder radius="md" padding="md">
        <Stack gap={4}>
          <Text size="sm">
            <FormattedMessage
              id={`polls.results.participation.${weighted ? 'indiviso' : unit}`}
              values={{ share: percent(results.participacion), voters: results.votantes, electorate: results.electorado }}
            />
          </Text>
          {results.quorum !== null ? (
            <Text size="sm" fw={600} c={results.quorumAlcanzado ? 'teal.8' : results.final ? 'red.8' : undefined}>
              <FormattedMessage
                id={
                  results.quorumAlcanzado
                    ? 'polls.results.quorumMet'
                    : results.final
                      ? 'polls.results.quorumMissed'
                      : 'polls.results.quorumPending'
                }
                values={{ quorum: percent(results.quorum * 100) }}
              />
            </Text>
          ) : null}
        </Stack>
      </Card>
      {poll.preguntas.map((question) => {
        const result = results.preguntas.find((r) => r.preguntaId === question.id);
        if (!result) return null;
        return (
          <Card key={question.id} withBorder radius="md" padding="md" component="section" aria-label={question.Texto}>
            <Stack gap="sm">
              <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {question.Texto}
              </Title>
              <Text size="xs" c="dimmed">
                <FormattedMessage id="polls.results.answers" values={{ count: result.respuestas }} />
              </Text>
              {question.tipo === 'abierta' ? (
                <Texts texts={result.textos} />
              ) : (
                <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                  {result.opciones.map((option) => (
                    <OptionBar key={option.opcionId} option={option} weighted={weighted} percent={percent} />
                  ))}
                </Stack>
              )}
            </Stack>
          </Card>
        );
      })}
      {results.votos ? <Ballots answer={answer} ballots={results.votos} /> : null}
      {results.pendientes ? <Pending names={results.pendientes} /> : null}
    </Stack>
  );
}

function OptionBar({ option, weighted, percent }: { option: OptionResult; weighted: boolean; percent: (bp: number) => string }) {
  const intl = useIntl();
  const text = option.clave ? intl.formatMessage({ id: `polls.yesNo.${option.clave}` }) : option.Texto;
  // The bar follows what decides: the weight where votes are weighted.
  const width = share(weighted ? option.porcentajePeso : option.porcentaje) * 100;
  return (
    <li>
      <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        <Text size="sm">
          <FormattedMessage id="polls.results.votes" values={{ count: option.votos, share: percent(option.porcentaje) }} />
          {weighted ? (
            <>
              {' · '}
              <FormattedMessage id="polls.results.weighted" values={{ share: percent(option.porcentajePeso) }} />
            </>
          ) : null}
        </Text>
      </Group>
      <div
        aria-hidden="true"
        style={{
          height: 10,
          borderRadius: 5,
          background: 'var(--mantine-color-gray-2)',
          overflow: 'hidden',
          marginTop: 4,
        }}
      >
        <div style={{ width: `${width}%`, height: '100%', background: 'var(--mantine-color-teal-6)' }} />
      </div>
    </li>
  );
}

function Texts({ texts }: { texts: readonly string[] }) {
  if (texts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="polls.results.noTexts" />
      </Text>
    );
  return (
    <Stack component="ul" gap={4} m={0} pl="md">
      {texts.map((text, i) => (
        // Keyed by place: anonymous answers in the server's order; two may read the same.
        <Text component="li" key={i} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {text}
        </Text>
      ))}
    </Stack>
  );
}

/** A public ballot: who chose what, question by question. */
function Ballots({ answer, ballots }: { answer: PollAnswer; ballots: NonNullable<Results['votos']> }) {
  const intl = useIntl();
  const headingId = useId();
  const questions = answer.poll.preguntas;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        <FormattedMessage id="polls.results.ballots" />
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="polls.results.voter" />
              </Table.Th>
              {questions.map((q) => (
                <Table.Th key={q.id}>{q.Texto}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ballots.map((ballot, i) => (
              // Keyed by place: ballots carry names only; two people may share one.
              <Table.Tr key={`${ballot.Nombre}-${i}`}>
                <Table.Td>{ballot.Nombre}</Table.Td>
                {questions.map((q) => {
                  const given = ballot.respuestas.find((r) => r.preguntaId === q.id);
                  const words = given?.texto ?? given?.opciones.map((o) => yesNo(intl, q, o)).join(', ');
                  return <Table.Td key={q.id}>{words || '—'}</Table.Td>;
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** A public ballot names options by their text; sí / no / abstención are said in the reader's language. */
function yesNo(intl: ReturnType<typeof useIntl>, question: PollAnswer['poll']['preguntas'][number], text: string) {
  const option = question.opciones.find((o) => o.Texto === text);
  return option?.clave ? intl.formatMessage({ id: `polls.yesNo.${option.clave}` }) : text;
}

function Pending({ names }: { names: readonly string[] }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        <FormattedMessage id="polls.results.pending" values={{ count: names.length }} />
      </Title>
      {names.length > PENDING_SHOWN_OPEN ? (
        // A long list (a whole condominium at opening) stays folded until asked for: the count says enough.
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <FormattedMessage id="polls.results.showPending" />
          </summary>
          <PendingNames names={names} />
        </details>
      ) : names.length ? (
        <PendingNames names={names} />
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="polls.results.nobodyPending" />
        </Text>
      )}
    </Stack>
  );
}

/** Up to this many names show at once; more fold under "Ver la lista". */
const PENDING_SHOWN_OPEN = 24;

function PendingNames({ names }: { names: readonly string[] }) {
  return (
    <Group component="ul" gap="xs" m={0} mt="xs" p={0} style={{ listStyle: 'none' }}>
      {names.map((name) => (
        <Badge key={name} component="li" color="gray" variant="light" style={{ textTransform: 'none' }}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}
