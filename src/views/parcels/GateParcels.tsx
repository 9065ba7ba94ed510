import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
// Paquetería for the gate: the parcels waiting, by dwelling (searched by dwelling, carrier or tracking number),
// each with Entregar; Registrar paquete opens the arrival form. Thin over parcelListMachine (the list) and
// parcelHandoverMachine (the hand-over dialog); after either, the list is read again.
import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { dwellingLabel, PARCEL_PAGE_SIZE, PARCEL_SEARCH_MAX, type Parcel } from '../../api/parcels';
import { parcelHandoverMachine } from '../../machines/parcelHandoverMachine';
import { parcelListMachine } from '../../machines/parcelListMachine';
import { FailureAlert } from '../common/FailureAlert';
import { PagedList } from '../common/PagedList';
import { ArrivalForm } from './ArrivalForm';
import { HandoverDialog } from './HandoverDialog';
import { ParcelFacts } from './ParcelFacts';

/** The page's parcels in runs of one dwelling each (the server sorts them by dwelling). */
function byDwelling(items: readonly Parcel[]): { label: string; parcels: Parcel[] }[] {
  const groups: { label: string; parcels: Parcel[] }[] = [];
  for (const parcel of items) {
    const label = dwellingLabel(parcel.dwelling);
    const last = groups.at(-1);
    if (last?.label === label) last.parcels.push(parcel);
    else groups.push({ label, parcels: [parcel] });
  }
  return groups;
}

export function GateParcels() {
  const intl = useIntl();
  const list = useActorRef(parcelListMachine, { input: { mode: 'gate' } });
  const handover = useActorRef(parcelHandoverMachine);
  const state = useSelector(list, (s) => s);
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [q, setQ] = useState('');
  const [arriving, setArriving] = useState(false);
  const { answer, failure, offset } = state.context;
  const refresh = () => list.send(state.matches('failed') ? { type: 'retry' } : { type: 'refresh' });
  const search = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: 'search', q });
  };
  const groups = answer ? byDwelling(answer.items) : [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            <FormattedMessage id="parcels.gate.title" />
          </Title>
          <Text c="dimmed" size="sm">
            <FormattedMessage id="parcels.gate.intro" />
          </Text>
        </Stack>
        <Button size="lg" onClick={() => setArriving(true)} fullWidth={phone}>
          <FormattedMessage id="parcels.gate.register" />
        </Button>
      </Group>
      <form onSubmit={search}>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            size="lg"
            style={{ flex: 1 }}
            label={intl.formatMessage({ id: 'parcels.gate.search' })}
            placeholder={intl.formatMessage({ id: 'parcels.gate.searchPlaceholder' })}
            value={q}
            maxLength={PARCEL_SEARCH_MAX}
            onChange={(event) => setQ(event.currentTarget.value)}
          />
          <Button type="submit" size="lg" variant="light">
            <FormattedMessage id="parcels.gate.searchSubmit" />
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {state.matches('loading') ? (
          <Text role="status" c="dimmed">
            <FormattedMessage id="parcels.loading" />
          </Text>
        ) : null}
        {state.matches('failed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="parcels.failed" />}
            onRetry={() => list.send({ type: 'retry' })}
          />
        ) : null}
      </div>
      {answer ? (
        <PagedList
          items={groups}
          label={intl.formatMessage({ id: 'parcels.gate.title' })}
          empty={
            answer.total === 0 ? (
              <FormattedMessage id={state.context.q.trim() ? 'parcels.gate.noneFound' : 'parcels.gate.empty'} />
            ) : null
          }
          count={answer.total > 0 ? <FormattedMessage id="parcels.gate.count" values={{ count: answer.total }} /> : null}
          keyOf={(group) => group.label}
          pages={{
            total: Math.ceil(answer.total / PARCEL_PAGE_SIZE),
            page: Math.floor(offset / PARCEL_PAGE_SIZE) + 1,
            onChange: (page) => list.send({ type: 'page', offset: (page - 1) * PARCEL_PAGE_SIZE }),
            label: intl.formatMessage({ id: 'parcels.pages' }),
            pageLabel: (page) => intl.formatMessage({ id: 'parcels.page' }, { page }),
          }}
        >
          {(group) => (
            <Stack gap="xs" component="section" aria-label={group.label}>
              <Title order={2} size="h4">
                {group.label}
              </Title>
              {group.parcels.map((parcel) => (
                <Card key={parcel.id} withBorder radius="md" padding="md">
                  <Group justify="space-between" align="flex-start" wrap={phone ? 'wrap' : 'nowrap'}>
                    <ParcelFacts parcel={parcel} />
                    <Button
                      size="lg"
                      fullWidth={phone}
                      onClick={() => handover.send({ type: 'pick', parcel })}
                      aria-label={intl.formatMessage(
                        { id: 'parcels.gate.handOverOne' },
                        { carrier: parcel.carrier, dwelling: group.label },
                      )}
                    >
                      <FormattedMessage id="parcels.gate.handOver" />
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </PagedList>
      ) : null}
      <HandoverDialog actor={handover} onFinished={refresh} />
      <Modal
        opened={arriving}
        onClose={() => {
          setArriving(false);
          refresh();
        }}
        fullScreen={phone}
        size="lg"
        title={<FormattedMessage id="parcels.arrival.title" />}
      >
        <ArrivalForm
          onClose={() => {
            setArriving(false);
            refresh();
          }}
        />
      </Modal>
    </Stack>
  );
}
