import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SegmentedControl.css';
// Mis paquetes: a resident's parcels at the gate, the waiting ones with their pickup code large enough to show
// at the caseta, and the history of the collected ones. Thin over parcelListMachine (mode 'mine').
import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { dwellingLabel, PARCEL_PAGE_SIZE, type Parcel, type ParcelStatus } from '../../api/parcels';
import { parcelListMachine } from '../../machines/parcelListMachine';
import { FailureAlert } from '../common/FailureAlert';
import { PagedList } from '../common/PagedList';
import { ParcelFacts } from './ParcelFacts';

function PickupCode({ code }: { code: string }) {
  const intl = useIntl();
  return (
    <Stack gap={0} align="center" p="sm" style={{ background: 'var(--mantine-color-blue-0)', borderRadius: 8 }}>
      <Text size="sm" fw={500}>
        <FormattedMessage id="parcels.mine.code" />
      </Text>
      <Text
        ff="monospace"
        fw={700}
        style={{ fontSize: '2.5rem', letterSpacing: '0.2em', lineHeight: 1.2 }}
        aria-label={intl.formatMessage({ id: 'parcels.mine.codeSpoken' }, { code: code.split('').join(' ') })}
      >
        {code}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        <FormattedMessage id="parcels.mine.codeHint" />
      </Text>
    </Stack>
  );
}

function MyParcel({ parcel }: { parcel: Parcel }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" fw={500}>
          {dwellingLabel(parcel.dwelling)}
        </Text>
        <ParcelFacts parcel={parcel} />
        {parcel.pickupCode ? <PickupCode code={parcel.pickupCode} /> : null}
      </Stack>
    </Card>
  );
}

export function MyParcels() {
  const intl = useIntl();
  const list = useActorRef(parcelListMachine, { input: { mode: 'mine' } });
  const state = useSelector(list, (s) => s);
  const { answer, failure, offset, status } = state.context;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="parcels.mine.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="parcels.mine.intro" />
        </Text>
      </Stack>
      <SegmentedControl
        size="md"
        fullWidth
        aria-label={intl.formatMessage({ id: 'parcels.mine.title' })}
        value={status}
        onChange={(value) => list.send({ type: 'setStatus', status: value as ParcelStatus })}
        data={[
          { value: 'waiting', label: intl.formatMessage({ id: 'parcels.mine.waiting' }) },
          { value: 'collected', label: intl.formatMessage({ id: 'parcels.mine.history' }) },
        ]}
      />
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
      {answer && !state.matches('loading') ? (
        <PagedList
          items={answer.items}
          label={intl.formatMessage({ id: status === 'waiting' ? 'parcels.mine.waiting' : 'parcels.mine.history' })}
          empty={
            answer.total === 0 ? (
              <FormattedMessage id={status === 'waiting' ? 'parcels.mine.emptyWaiting' : 'parcels.mine.emptyHistory'} />
            ) : null
          }
          keyOf={(parcel) => parcel.id}
          pages={{
            total: Math.ceil(answer.total / PARCEL_PAGE_SIZE),
            page: Math.floor(offset / PARCEL_PAGE_SIZE) + 1,
            onChange: (page) => list.send({ type: 'page', offset: (page - 1) * PARCEL_PAGE_SIZE }),
            label: intl.formatMessage({ id: 'parcels.pages' }),
            pageLabel: (page) => intl.formatMessage({ id: 'parcels.page' }, { page }),
          }}
        >
          {(parcel) => <MyParcel parcel={parcel} />}
        </PagedList>
      ) : null}
    </Stack>
  );
}
