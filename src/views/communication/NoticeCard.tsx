import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Switch.css';
// An official notice under its post (issue 30), a thin view over noticeAckMachine: "Aviso importante" and, for a
// member, "Enterado" (once pressed the button says so, with its time, and cannot be pressed again); for an
// administrator the switch that marks it important; for the administration and the board, how far it reached
// (NoticeReadsPanel). A reader sees their own reading only.
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NoticeState } from '../../api/noticeReads';
import { noticeAckMachine } from '../../machines/noticeAckMachine';
import { FailureText } from '../common/FailureText';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';
import { NoticeReadsPanel } from './NoticeReadsPanel';

/** A pressed Enterado reads as done, not as greyed out; its date may wrap on a phone. */
const DONE_STYLE = {
  background: 'var(--mantine-color-teal-light)',
  color: 'var(--mantine-color-teal-light-color)',
  height: 'auto',
  minHeight: 36,
  paddingBlock: 6,
  cursor: 'default',
} as const;

export function NoticeCard({ postId, notice }: { postId: number; notice: NoticeState }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const [state, send] = useMachine(noticeAckMachine, { input: { postId, notice } });
  const { important, acknowledgedAt, canAcknowledge, canMarkImportant, failure } = state.context;
  const asksMember = important && canAcknowledge;
  return (
    <>
      {canMarkImportant || asksMember ? (
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-label={intl.formatMessage({ id: 'noticeReads.important' })}
        >
          <Stack gap="sm">
            {canMarkImportant ? (
              <Switch
                label={intl.formatMessage({ id: 'noticeReads.markImportant' })}
                checked={important}
                disabled={!state.matches('idle')}
                onChange={(event) => send({ type: 'setImportant', important: event.currentTarget.checked })}
              />
            ) : null}
            {asksMember ? (
              <Stack gap="xs" align="flex-start">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
                    <FormattedMessage id="noticeReads.badge" />
                  </Badge>
                  <Text size="sm">
                    <FormattedMessage id="noticeReads.acknowledgeHint" />
                  </Text>
                </Group>
                {acknowledgedAt ? (
                  // Done: the button says so, with when, and is not offered again (kept teal and whole on a phone).
                  <Button
                    variant="light"
                    color="teal"
                    leftSection={<IconCheck size={16} aria-hidden />}
                    disabled
                    style={DONE_STYLE}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  >
                    <FormattedMessage
                      id="noticeReads.acknowledged"
                      values={{ date: formatTimelineDate(acknowledgedAt, intl.locale, timeZone) }}
                    />
                  </Button>
                ) : (
                  <Button
                    color="orange"
                    loading={state.matches('acknowledging')}
                    disabled={!state.can({ type: 'acknowledge' })}
                    onClick={() => send({ type: 'acknowledge' })}
                  >
                    <FormattedMessage id="noticeReads.acknowledge" />
                  </Button>
                )}
              </Stack>
            ) : null}
            {failure ? (
              <Alert color="red" role="alert">
                <FailureText failure={failure} />
              </Alert>
            ) : null}
          </Stack>
        </Card>
      ) : null}
      {notice.canSeeReach ? (
        <NoticeReadsPanel postId={postId} canSeeReaders={notice.canSeeReaders} important={important} />
      ) : null}
    </>
  );
}
