import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/recorridos (issue 31): the guard's rounds, phone first. The rounds open now, each with Recorrer; a round
// walked checkpoint by checkpoint (roundWalkMachine): Escanear punto opens the camera, Leer etiqueta NFC reads a tag
// where the browser can (Web NFC), a note or a photo goes with the next scan, and without network a scan waits in
// the device's offline queue (the banner shows it). Reportar incidente opens the incidents' form for the checkpoint
// just read. For guards, supervisors and administrators (canWalkRounds), and a paired device's shift.
import { Alert, Button, Card, FileInput, Group, Progress, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconNfc, IconQrcode } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { canWalkRounds } from '../../api/permissions';
import type { Round } from '../../api/rounds';
import type { cameraScannerMachine } from '../../machines/cameraScannerMachine';
import { roundWalkMachine } from '../../machines/roundWalkMachine';
import { preloadQrDecoder } from '../../services/cameraService';
import { fetchRoundsToWalk } from '../../services/roundsService';
import { readAttachment } from '../common/attachmentFiles';
import { CameraScanner } from '../common/CameraScanner';
import { FailureAlert } from '../common/FailureAlert';
import { OfflineBanner } from '../common/OfflineBanner';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { RoundStatusBadge, RoundStops } from './RoundStops';
import { useRoundsLoad } from './useRoundsLoad';

const TOUCH = 'lg';

export default function RoundsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'rounds.walk.title' }));
  if (!data) return null;
  if (!canWalkRounds(data)) return <Redirect to={SCREENS.communication} replace />;
  return <RoundsScreen onDevice={data.dispositivo != null} />;
}

export function RoundsScreen({ onDevice }: { onDevice: boolean }) {
  const walk = useActorRef(roundWalkMachine);
  const idle = useSelector(walk, (s) => s.matches('idle'));
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>
        <FormattedMessage id="rounds.walk.title" />
      </Title>
      {onDevice ? null : <OfflineBanner />}
      {idle ? <RoundList onChoose={(round) => walk.send({ type: 'choose', round })} /> : <RoundWalk walk={walk} />}
    </Stack>
  );
}

function RoundList({ onChoose }: { onChoose(round: Round): void }) {
  const rounds = useRoundsLoad(fetchRoundsToWalk);
  if (rounds.loading && !rounds.data) return <LoadingCard />;
  if (rounds.failure) return <FailureAlert failure={rounds.failure} onRetry={rounds.reload} />;
  if (!rounds.data || rounds.data.length === 0) {
    return (
      <Text c="dimmed">
        <FormattedMessage id="rounds.walk.none" />
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {rounds.data.map((round) => (
        <Card key={round.id} withBorder padding="md" data-testid={`round-${round.id}`}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={700}>
                <FormattedMessage id="rounds.walk.slot" values={{ plan: round.planName, slot: round.slotAt.slice(11) }} />
              </Text>
              <RoundStatusBadge status={round.status} />
            </Stack>
            <Button size={TOUCH} onClick={() => onChoose(round)}>
              <FormattedMessage id="rounds.walk.choose" />
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Web NFC (Android Chrome): a tag's serial number read while the guard walks. */
function useNfc(onTag: (serial: string) => void, on: boolean): { supported: boolean; start(): void } {
  const supported = typeof window !== 'undefined' && 'NDEFReader' in window;
  const [reading, setReading] = useState(false);
  useEffect(() => {
    if (!supported || !reading || !on) return;
    const controller = new AbortController();
    const Reader = (window as unknown as { NDEFReader: new () => NdefReader }).NDEFReader;
    const reader = new Reader();
    reader.addEventListener('reading', (event) => onTag((event as Event & { serialNumber: string }).serialNumber), {
      signal: controller.signal,
    });
    reader.scan({ signal: controller.signal }).catch(() => setReading(false));
    return () => controller.abort();
  }, [supported, reading, on, onTag]);
  return { supported, start: () => setReading(true) };
}

interface NdefReader extends EventTarget {
  scan(options: { signal: AbortSignal }): Promise<void>;
}

function RoundWalk({ walk }: { walk: ActorRefFrom<typeof roundWalkMachine> }) {
  const intl = useIntl();
  // The camera may be needed where the network is not: the decoder is fetched while it is.
  useEffect(() => preloadQrDecoder(), []);
  const state = useSelector(walk, (s) => s);
  const { round, stop, failure, result, note } = state.context;
  const [photoName, setPhotoName] = useState<File | null>(null);
  const [typed, setTyped] = useState('');
  const onTag = (serial: string) => walk.send({ type: 'code', text: serial });
  const nfc = useNfc(onTag, state.can({ type: 'code', text: 'x' }));
  if (!round) return null;
  const done = round.stops.filter((s) => s.scannedAt !== null).length;
  const scanner = state.children.scanner as ActorRefFrom<typeof cameraScannerMachine> | undefined;
  const name = stop?.name ?? '';
  const reportHref = stop ? `${SCREENS.supervisorPanel}/incidentes/nuevo?punto=${stop.checkpointId}` : null;

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={700}>
              <FormattedMessage id="rounds.walk.slot" values={{ plan: round.planName, slot: round.slotAt.slice(11) }} />
            </Text>
            <RoundStatusBadge status={round.status} />
          </Group>
          <Text size="sm" data-testid="round-progress">
            <FormattedMessage id="rounds.walk.progress" values={{ done, total: round.stops.length }} />
          </Text>
          <Progress value={(done / Math.max(1, round.stops.length)) * 100} aria-hidden />
          <RoundStops round={round} />
        </Stack>
      </Card>

      {state.matches('starting') || state.matches('sending') || state.matches('finishing') ? <Text role="status">…</Text> : null}
      {state.matches('checkpointDone') ? (
        <Alert color={result === 'late' ? 'orange' : 'green'} role="status" data-testid="scan-result">
          <FormattedMessage id={result === 'late' ? 'rounds.walk.lateScan' : 'rounds.walk.done'} values={{ name }} />
        </Alert>
      ) : null}
      {state.matches('queued') ? (
        <Alert color="yellow" role="status" data-testid="scan-result">
          <FormattedMessage id="rounds.walk.queued" values={{ name }} />
        </Alert>
      ) : null}
      {state.matches('wrongCheckpoint') ? (
        <Alert color="red" role="alert">
          <FormattedMessage id="rounds.walk.wrong" />
        </Alert>
      ) : null}
      {state.matches('outOfOrder') ? (
        <Alert color="orange" role="alert">
          <Stack gap="sm">
            <Text>
              <FormattedMessage id="rounds.walk.outOfOrder" values={{ name }} />
            </Text>
            <Group>
              <Button size={TOUCH} color="orange" onClick={() => walk.send({ type: 'confirm' })}>
                <FormattedMessage id="rounds.walk.registerAnyway" />
              </Button>
              <Button size={TOUCH} variant="default" onClick={() => walk.send({ type: 'cancel' })}>
                <FormattedMessage id="rounds.walk.cancel" />
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {state.matches('startFailed') || state.matches('scanFailed') || state.matches('finishFailed') ? (
        <FailureAlert
          failure={failure}
          onRetry={() => walk.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="rounds.walk.retry" />}
        />
      ) : null}
      {state.matches('finished') ? (
        <Alert color="green" role="status">
          <FormattedMessage id="rounds.walk.finished" />
        </Alert>
      ) : null}

      {state.matches('scanning') && scanner ? (
        <Stack gap="xs">
          <CameraScanner scanner={scanner} hint={intl.formatMessage({ id: 'rounds.walk.scanHint' })} />
          <Button size={TOUCH} variant="default" onClick={() => walk.send({ type: 'cancel' })}>
            <FormattedMessage id="rounds.walk.cancel" />
          </Button>
        </Stack>
      ) : null}

      {state.can({ type: 'describe', note: '', photo: null }) ? (
        <Stack gap="xs">
          <Textarea
            label={<FormattedMessage id="rounds.walk.note" />}
            value={note}
            maxLength={500}
            rows={2}
            onChange={(event) => walk.send({ type: 'describe', note: event.currentTarget.value, photo: state.context.photo })}
          />
          <FileInput
            label={<FormattedMessage id="rounds.walk.photo" />}
            accept="image/png,image/jpeg,image/webp"
            capture="environment"
            value={photoName}
            clearable
            onChange={(file) => {
              setPhotoName(file);
              if (!file) walk.send({ type: 'describe', note, photo: null });
              else void readAttachment(file).then((upload) => walk.send({ type: 'describe', note, photo: upload.dataUrl }));
            }}
          />
        </Stack>
      ) : null}

      {state.can({ type: 'code', text: 'x' }) ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            walk.send({ type: 'code', text: typed });
            setTyped('');
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={<FormattedMessage id="rounds.walk.manualCode" />}
              value={typed}
              maxLength={200}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" size="sm" variant="light" disabled={typed.trim() === ''}>
              <FormattedMessage id="rounds.walk.manualSubmit" />
            </Button>
          </Group>
        </form>
      ) : null}

      <Group gap="sm">
        {state.can({ type: 'scan' }) ? (
          <Button size={TOUCH} leftSection={<IconQrcode size={20} />} onClick={() => walk.send({ type: 'scan' })}>
            <FormattedMessage id="rounds.walk.scan" />
          </Button>
        ) : null}
        {nfc.supported && state.can({ type: 'code', text: 'x' }) ? (
          <Button
            size={TOUCH}
            variant="light"
            leftSection={<IconNfc size={20} />}
            onClick={nfc.start}
            title={intl.formatMessage({ id: 'rounds.walk.nfcHint' })}
          >
            <FormattedMessage id="rounds.walk.nfc" />
          </Button>
        ) : null}
        {state.can({ type: 'dismiss' }) ? (
          <Button size={TOUCH} variant="default" onClick={() => walk.send({ type: 'dismiss' })}>
            <FormattedMessage id="rounds.walk.continue" />
          </Button>
        ) : null}
        {reportHref && (state.matches('checkpointDone') || state.matches('queued')) ? (
          <Button size={TOUCH} variant="outline" color="red" component={Link} href={reportHref}>
            <FormattedMessage id="rounds.walk.reportIncident" />
          </Button>
        ) : null}
        {state.can({ type: 'finish' }) ? (
          <Button size={TOUCH} color="green" variant="outline" onClick={() => walk.send({ type: 'finish' })}>
            <FormattedMessage id="rounds.walk.finish" />
          </Button>
        ) : null}
        {state.can({ type: 'back' }) ? (
          <Button size={TOUCH} variant="subtle" onClick={() => walk.send({ type: 'back' })}>
            <FormattedMessage id="rounds.walk.back" />
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
