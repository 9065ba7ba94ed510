import '@mantine/core/styles/Alert.css';
// The device's offline queue on screen (issue 26, DESIGN.md §9): "Sin conexión — N movimientos por enviar"
// while the network is down or items wait, "Enviando…" while they are sent, and the items the server refused
// for good with its words. Mounting it keeps the queue syncing (on 'online', at once, every 30 s while items
// wait). Shown by the device shell, and by the caseta when it is not on a paired device.
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  dismissRejected,
  flushOfflineQueue,
  getOfflineQueueState,
  keepOfflineQueueSyncing,
  subscribeOfflineQueue,
} from '../../services/offlineQueue';

export function OfflineBanner() {
  const queue = useSyncExternalStore(subscribeOfflineQueue, getOfflineQueueState);
  useEffect(() => keepOfflineQueueSyncing(), []);
  const waiting = !queue.online || queue.pending > 0;
  if (!waiting && queue.rejected.length === 0) return null;
  return (
    <Stack gap="xs">
      {waiting ? (
        <Alert color={queue.online ? 'blue' : 'yellow'} variant="light" role="status" data-testid="offline-banner">
          <Stack gap={4} align="flex-start">
            <Text fw={700}>
              {queue.pending === 0 ? (
                <FormattedMessage id="gate.offline.offline" />
              ) : queue.online ? (
                <FormattedMessage id="gate.offline.pending" values={{ count: queue.pending }} />
              ) : (
                <FormattedMessage id="gate.offline.offlinePending" values={{ count: queue.pending }} />
              )}
            </Text>
            {queue.flushing ? (
              <Text size="sm">
                <FormattedMessage id="gate.offline.sending" />
              </Text>
            ) : queue.online && queue.pending > 0 ? (
              <Button size="sm" variant="light" onClick={() => void flushOfflineQueue().catch(() => {})}>
                <FormattedMessage id="gate.offline.sendNow" />
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {queue.rejected.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="offline-rejected">
          <Stack gap={4} align="flex-start">
            <Text fw={700}>
              <FormattedMessage id="gate.offline.rejected" values={{ count: queue.rejected.length }} />
            </Text>
            <List size="sm">
              {queue.rejected.map((item) => (
                <List.Item key={item.clientId}>
                  <FormattedMessage id={`gate.offline.kind.${item.kind}`} />
                  {typeof item.body.visitorName === 'string' ? ` · ${item.body.visitorName}` : ''}: {item.reason}
                </List.Item>
              ))}
            </List>
            <Button size="sm" variant="light" color="red" onClick={() => void dismissRejected().catch(() => {})}>
              <FormattedMessage id="gate.offline.dismiss" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
