import '@mantine/core/styles/Alert.css';
// The live channel of the signed-in area (issue 30): LiveChannel runs this tab's liveChannelMachine for the session
// (its scope: the condominium and the user; mounted once, beside the shell, keyed by that scope so another session
// starts afresh) and publishes its state; LiveStatusNotice says when the stream cannot be held and the screens are
// read once a minute instead. Screens listen with useLiveEvent.
import { Alert } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { liveChannelMachine, liveStatusOf } from '../../machines/liveChannelMachine';
import { getLiveStatus, publishLiveStatus, subscribeLiveStatus } from '../../services/liveService';

export function LiveChannel({ scope }: { scope: string }) {
  const actor = useActorRef(liveChannelMachine, { input: { scope } });
  const status = useSelector(actor, liveStatusOf);
  useEffect(() => publishLiveStatus(status), [status]);
  useEffect(() => () => publishLiveStatus(null), []);
  return null;
}

/** "Sin conexión en vivo, actualizando cada minuto" while the channel polls; nothing otherwise. */
export function LiveStatusNotice() {
  const status = useSyncExternalStore(subscribeLiveStatus, getLiveStatus, getLiveStatus);
  if (status !== 'polling') return null;
  return (
    <Alert color="yellow" variant="light" role="status" mb="sm" py={6} data-testid="live-status">
      <FormattedMessage id="app.live.polling" />
    </Alert>
  );
}
