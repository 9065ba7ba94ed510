import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
// How far an official notice reached (issue 30), under the notice, a thin view over noticeReadsMachine: in how many
// dwellings it was read, the share per tower (a table on a desk, cards on a phone: TableOrCards), a page at a time;
// for administrators who read it (dwelling, person, when, Enterado) a page at a time, and "Reenviar a quienes no lo
// han leído", confirmed in a dialog. The board sees the counts only.
import { Alert, Button, Card, Group, Modal, Pagination, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  NOTICE_READERS_PAGE_SIZE,
  NOTICE_TOWERS_PAGE_SIZE,
  type NoticeReader,
  READER_FILTERS,
  type ReaderFilter,
  sharePercent,
  type TowerShare,
} from '../../api/noticeReads';
import { noticeReadsMachine } from '../../machines/noticeReadsMachine';
import { FailureText } from '../common/FailureText';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { TableOrCards } from '../common/TableOrCards';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';

function Pages(props: { total: number; size: number; page: number; label: string; onPage(page: number): void }) {
  const intl = useIntl();
  const pages = Math.ceil(props.total / props.size);
  if (pages <= 1) return null;
  return (
    <nav aria-label={props.label}>
      <Pagination
        total={pages}
        value={props.page}
        onChange={props.onPage}
        getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'noticeReads.page' }, { page }) })}
      />
    </nav>
  );
}

export function NoticeReadsPanel({
  postId,
  canSeeReaders,
  important,
}: {
  postId: number;
  canSeeReaders: boolean;
  important: boolean;
}) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const [state, send] = useMachine(noticeReadsMachine, { input: { postId, canSeeReaders } });
  const { reach, readers, readersTotal, readerPage, towerPage, filter, resent, failure } = state.context;
  const when = (iso: string) => formatTimelineDate(iso, intl.locale, timeZone);

  if (state.matches('loading') && !reach) return <LoadingCard />;
  if (state.matches('loadFailed') || !reach) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;

  const busy = !state.matches('ready') && !state.matches('confirming');
  const pending = Math.max(0, reach.people - reach.readers);
  const towerName = (t: TowerShare) => t.name ?? intl.formatMessage({ id: 'noticeReads.towers.noTower' });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notice-reach-title" aria-busy={busy}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="notice-reach-title">
            <FormattedMessage id="noticeReads.reach.title" />
          </Title>
          <Button variant="subtle" size="compact-sm" disabled={busy} onClick={() => send({ type: 'reload' })}>
            <FormattedMessage id="noticeReads.reach.reload" />
          </Button>
        </Group>
        <Stack gap={4}>
          <Text>
            <FormattedMessage
              id="noticeReads.reach.dwellings"
              values={{
                read: reach.readDwellings,
                total: reach.dwellings,
                percent: sharePercent(reach.readDwellings, reach.dwellings),
              }}
            />
          </Text>
          <Progress
            value={sharePercent(reach.readDwellings, reach.dwellings)}
            aria-label={intl.formatMessage({ id: 'noticeReads.reach.title' })}
          />
          <Text size="sm" c="dimmed">
            <FormattedMessage id="noticeReads.reach.people" values={{ readers: reach.readers, people: reach.people }} />
          </Text>
          {important ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="noticeReads.reach.acknowledged"
                values={{ acknowledged: reach.acknowledged, people: reach.people }}
              />
            </Text>
          ) : null}
          {!canSeeReaders ? (
            <Text size="xs" c="dimmed">
              <FormattedMessage id="noticeReads.reach.boardNote" />
            </Text>
          ) : null}
        </Stack>

        <Title order={3} size="h5" id="notice-towers-title">
          <FormattedMessage id="noticeReads.towers.title" />
        </Title>
        {reach.total === 0 ? (
          <Text c="dimmed" size="sm" role="status">
            <FormattedMessage id="noticeReads.towers.empty" />
          </Text>
        ) : (
          <>
            <TableOrCards
              labelledBy="notice-towers-title"
              rows={reach.towers}
              keyOf={(t) => t.towerId ?? 'houses'}
              busy={state.matches('pagingTowers')}
              columns={[
                {
                  key: 'tower',
                  header: <FormattedMessage id="noticeReads.towers.col.tower" />,
                  cell: towerName,
                  title: true,
                },
                {
                  key: 'dwellings',
                  header: <FormattedMessage id="noticeReads.towers.col.dwellings" />,
                  cell: (t) => t.dwellings,
                  align: 'right',
                },
                {
                  key: 'read',
                  header: <FormattedMessage id="noticeReads.towers.col.read" />,
                  cell: (t) => t.read,
                  align: 'right',
                },
                {
                  key: 'share',
                  header: <FormattedMessage id="noticeReads.towers.col.share" />,
                  align: 'right',
                  cell: (t) => (
                    <FormattedMessage id="noticeReads.towers.share" values={{ percent: sharePercent(t.read, t.dwellings) }} />
                  ),
                },
              ]}
            />
            <Pages
              total={reach.total}
              size={NOTICE_TOWERS_PAGE_SIZE}
              page={towerPage}
              label={intl.formatMessage({ id: 'noticeReads.towers.pages' })}
              onPage={(page) => send({ type: 'towerPage', page })}
            />
          </>
        )}

        {canSeeReaders ? (
          <Readers
            readers={readers}
            total={readersTotal}
            page={readerPage}
            filter={filter}
            important={important}
            busy={state.matches('pagingReaders')}
            when={when}
            onPage={(page) => send({ type: 'readerPage', page })}
            onFilter={(value) => send({ type: 'filter', filter: value })}
          />
        ) : null}

        {canSeeReaders ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" role="status">
              {pending > 0 ? (
                <FormattedMessage id="noticeReads.resend.pending" values={{ count: pending }} />
              ) : (
                <FormattedMessage id="noticeReads.resend.nobody" />
              )}
            </Text>
            <Button
              variant="light"
              disabled={!state.can({ type: 'resend' })}
              loading={state.matches('resending')}
              onClick={() => send({ type: 'resend' })}
            >
              <FormattedMessage id="noticeReads.resend.button" />
            </Button>
            {reach.lastResendAt ? (
              <Text size="xs" c="dimmed">
                <FormattedMessage id="noticeReads.reach.lastResend" values={{ date: when(reach.lastResendAt) }} />
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {resent ? (
          <Alert color="teal" role="status">
            {resent.notified > 0 ? (
              <FormattedMessage id="noticeReads.resend.done" values={{ notified: resent.notified, mailed: resent.mailed }} />
            ) : (
              <FormattedMessage id="noticeReads.resend.doneNobody" />
            )}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            <FailureText failure={failure} />
          </Alert>
        ) : null}
      </Stack>

      <Modal
        opened={state.matches('confirming')}
        onClose={() => send({ type: 'cancel' })}
        title={<FormattedMessage id="noticeReads.resend.confirmTitle" />}
        centered
      >
        <Stack gap="md">
          <Text>
            <FormattedMessage id="noticeReads.resend.confirmText" values={{ count: pending }} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'cancel' })}>
              <FormattedMessage id="noticeReads.resend.cancel" />
            </Button>
            <Button onClick={() => send({ type: 'confirm' })} data-autofocus>
              <FormattedMessage id="noticeReads.resend.confirm" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function Readers(props: {
  readers: NoticeReader[];
  total: number;
  page: number;
  filter: ReaderFilter;
  important: boolean;
  busy: boolean;
  when(iso: string): string;
  onPage(page: number): void;
  onFilter(filter: ReaderFilter): void;
}) {
  const intl = useIntl();
  const { readers, total } = props;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5" id="notice-readers-title">
          <FormattedMessage id="noticeReads.readers.title" />
        </Title>
        {props.important ? (
          <SegmentedControl
            size="xs"
            value={props.filter}
            onChange={(value) => props.onFilter(value as ReaderFilter)}
            aria-label={intl.formatMessage({ id: 'noticeReads.filter.label' })}
            data={READER_FILTERS.map((value) => ({ value, label: intl.formatMessage({ id: `noticeReads.filter.${value}` }) }))}
          />
        ) : null}
      </Group>
      {total === 0 ? (
        <Text c="dimmed" size="sm" role="status">
          <FormattedMessage id={props.filter === 'all' ? 'noticeReads.readers.empty' : 'noticeReads.readers.emptyFilter'} />
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            <FormattedMessage id="noticeReads.readers.count" values={{ total }} />
          </Text>
          <TableOrCards
            labelledBy="notice-readers-title"
            rows={readers}
            keyOf={(r) => `${r.userId}-${r.dwelling ?? ''}`}
            busy={props.busy}
            columns={[
              {
                key: 'dwelling',
                header: <FormattedMessage id="noticeReads.readers.col.dwelling" />,
                cell: (r) => r.dwelling ?? intl.formatMessage({ id: 'noticeReads.readers.noDwelling' }),
                title: true,
              },
              {
                key: 'person',
                header: <FormattedMessage id="noticeReads.readers.col.person" />,
                cell: (r) => r.name,
                title: true,
              },
              {
                key: 'readAt',
                header: <FormattedMessage id="noticeReads.readers.col.readAt" />,
                cell: (r) => <time dateTime={r.readAt}>{props.when(r.readAt)}</time>,
              },
              ...(props.important
                ? [
                    {
                      key: 'acknowledgedAt',
                      header: <FormattedMessage id="noticeReads.readers.col.acknowledgedAt" />,
                      cell: (r: NoticeReader) =>
                        r.acknowledgedAt ? (
                          <time dateTime={r.acknowledgedAt}>{props.when(r.acknowledgedAt)}</time>
                        ) : (
                          <FormattedMessage id="noticeReads.readers.notYet" />
                        ),
                    },
                  ]
                : []),
            ]}
          />
          <Pages
            total={total}
            size={NOTICE_READERS_PAGE_SIZE}
            page={props.page}
            label={intl.formatMessage({ id: 'noticeReads.readers.pages' })}
            onPage={props.onPage}
          />
        </>
      )}
    </Stack>
  );
}
