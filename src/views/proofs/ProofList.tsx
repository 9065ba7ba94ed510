import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
// The proofs of a page as cards (one column on a phone): the dwelling, the amount, how and when it was paid, who sent
// it, its state and the "Posible duplicado" flag, with Revisar (reviewers, waiting proofs) or Ver detalle. A thin view
// over proofReviewMachine.
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../api/finance';
import { PROOFS_PAGE_SIZE, type Proof } from '../../api/proofs';
import type { proofReviewMachine } from '../../machines/proofReviewMachine';
import { PagedList } from '../common/PagedList';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { displayDate } from '../common/period';
import { useCondoTimeZone } from '../common/zonedTime';

type ReviewActor = ActorRefFrom<typeof proofReviewMachine>;

export const STATE_COLOR = { enviado: 'blue', aceptado: 'green', rechazado: 'red', retirado: 'gray' } as const;

export function ProofBadges({ proof }: { proof: Proof }) {
  const intl = useIntl();
  return (
    <Group gap="xs">
      <Badge color={STATE_COLOR[proof.estado]} variant="light">
        <FormattedMessage id={`proofs.state.${proof.estado}`} />
      </Badge>
      {proof.duplicate ? (
        <Badge color="orange" variant="filled" title={intl.formatMessage({ id: 'proofs.duplicateHint' })}>
          <FormattedMessage id="proofs.duplicate" />
        </Badge>
      ) : null}
    </Group>
  );
}

export function ProofList({ actor }: { actor: ReviewActor }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const state = useSelector(actor, (s) => s);
  const { items, total, page, tab, options, failure } = state.context;
  const settled = !state.matches('loading') && !state.matches('loadFailed');
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intl.locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const bank = (name: string) => (name === 'Otro' ? intl.formatMessage({ id: 'proofs.bank.Otro' }) : name);
  return (
    <Stack gap="md">
      {state.matches('loading') && items.length === 0 ? <LoadingCard /> : null}
      {state.matches('loadFailed') ? <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} /> : null}
      <PagedList<Proof>
        empty={
          settled && items.length === 0 ? <FormattedMessage id={tab ? 'proofs.list.emptyTab' : 'proofs.list.empty'} /> : null
        }
        count={settled && items.length > 0 ? <FormattedMessage id="proofs.list.count" values={{ count: total }} /> : null}
        items={state.matches('loadFailed') ? null : items}
        label={intl.formatMessage({ id: 'proofs.list.label' })}
        keyOf={(proof) => proof.id}
        pages={{
          total: Math.ceil(total / PROOFS_PAGE_SIZE),
          page,
          onChange: (n) => actor.send({ type: 'page', page: n }),
          label: intl.formatMessage({ id: 'proofs.list.pages' }),
          pageLabel: (n) => intl.formatMessage({ id: 'proofs.list.page' }, { page: n }),
        }}
      >
        {(proof) => (
          <Card withBorder radius="md" padding="md" aria-label={`${proof.vivienda} ${formatMoney(proof.amountCents)}`}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>{proof.vivienda}</Text>
                <Text fw={600}>{formatMoney(proof.amountCents)}</Text>
                <Text size="sm" c="dimmed">
                  <FormattedMessage
                    id="proofs.card.paid"
                    values={{
                      method: intl.formatMessage({ id: `proofs.method.${proof.method}` }),
                      date: displayDate(proof.paidOn),
                      bank: bank(proof.bank),
                      reference: proof.reference,
                    }}
                  />
                </Text>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="proofs.card.sentBy" values={{ name: proof.sentBy, when: when(proof.sentAt) }} />
                </Text>
              </Stack>
              <Stack gap="xs" align="flex-end">
                <ProofBadges proof={proof} />
                <Button
                  size="xs"
                  variant={proof.actions.includes('aceptar') ? 'filled' : 'light'}
                  disabled={!state.can({ type: 'view', id: proof.id })}
                  onClick={() => actor.send({ type: 'view', id: proof.id })}
                >
                  <FormattedMessage
                    id={options?.reviewer && proof.estado === 'enviado' ? 'proofs.card.open' : 'proofs.card.view'}
                  />
                </Button>
              </Stack>
            </Group>
          </Card>
        )}
      </PagedList>
    </Stack>
  );
}
