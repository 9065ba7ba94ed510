import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
// /condominio/caseta (issue 26): the guard's screen, phone and tablet first. The code scanned with the camera
// (Escanear) or typed is checked and the verdict shows at once; from it the entry, the exit or the refusal is recorded;
// 'Sin pase' asks a dwelling's residents about a walk-in (caseta/WalkInPanel.tsx, walkInMachine). Beside it, who is expected today and who is inside now. Two machines:
// gateMachine (the visitor at the window) and gateTodayMachine (the lists); a movement recorded by either
// shows a toast and reads the lists again. For gate staff and administrators (canUseGate).
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconQrcode } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { PASS_CHECK_CODE_MAX } from '../../api/passCheck';
import { canUseGate } from '../../api/permissions';
import type { cameraScannerMachine } from '../../machines/cameraScannerMachine';
import { gateMachine } from '../../machines/gateMachine';
import { gateTodayMachine } from '../../machines/gateTodayMachine';
import type { walkInMachine } from '../../machines/walkInMachine';
import { type RecordedMovement, uploadEntryPhoto } from '../../services/gateService';
import { readAttachment } from '../common/attachmentFiles';
import { CameraScanner } from '../common/CameraScanner';
import { FailureAlert } from '../common/FailureAlert';
import { OfflineBanner } from '../common/OfflineBanner';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { BUTTON, EntryForm, RefusalForm, TOUCH } from './caseta/MovementForms';
import { TodayLists } from './caseta/TodayLists';
import { useGateSnapshot } from './caseta/useGateSnapshot';
import { UnknownCard, VerdictCard } from './caseta/VerdictCard';
import { WalkInPanel } from './caseta/WalkInPanel';

export default function CasetaPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'gate.caseta.title' }));
  if (!data) return null;
  if (!canUseGate(data)) return <Redirect to={SCREENS.communication} replace />;
  return <CasetaScreen />;
}

function CasetaScreen() {
  const intl = useIntl();
  const gate = useActorRef(gateMachine);
  const today = useActorRef(gateTodayMachine);
  const [codigo, setCodigo] = useState('');
  // On a paired device the shell shows the offline queue; elsewhere (an administrator's caseta) the page does.
  const onDevice = SessionContext.useSelector((s) => s.context.data?.dispositivo != null);
  // Today's passes kept on this browser, so a code can be checked without network.
  useGateSnapshot();
  // The entry's photo waits here for its movement: sent once that entry (this clientId) is recorded online.
  const pendingPhoto = useRef<PendingPhoto | null>(null);

  // Whatever recorded the movement, the guard hears it and the lists are read again.
  useEffect(() => {
    const toast = ({ movement }: RecordedMovement) =>
      notifications.show({
        role: 'status',
        color: movement.kind === 'refusal' ? 'red' : 'green',
        withBorder: true,
        message: intl.formatMessage({ id: `gate.toast.${movement.kind}` }, { name: movement.visitorName }),
      });
    const sendPhoto = ({ movement }: RecordedMovement) => {
      const pending = pendingPhoto.current;
      if (!pending || pending.clientId !== movement.clientId) return;
      pendingPhoto.current = null;
      readAttachment(pending.file)
        .then((upload) => uploadEntryPhoto(movement.id, upload.dataUrl))
        .catch(() =>
          notifications.show({
            role: 'alert',
            color: 'red',
            withBorder: true,
            message: intl.formatMessage({ id: 'gate.photo.failed' }),
          }),
        );
    };
    const recorded = gate.on('recorded', ({ recorded }) => {
      toast(recorded);
      sendPhoto(recorded);
      setCodigo('');
      today.send({ type: 'refresh' });
    });
    const exited = today.on('exited', ({ recorded }) => toast(recorded));
    // Kept in the offline queue: the code field is ready for the next visitor; the banner counts what waits.
    // An entry kept offline has no photo: the field said so.
    const queued = gate.on('queued', () => {
      pendingPhoto.current = null;
      setCodigo('');
    });
    const exitQueued = today.on('exitQueued', () =>
      notifications.show({
        role: 'status',
        color: 'yellow',
        withBorder: true,
        message: intl.formatMessage({ id: 'gate.offline.exitQueued' }),
      }),
    );
    return () => {
      recorded.unsubscribe();
      exited.unsubscribe();
      queued.unsubscribe();
      exitQueued.unsubscribe();
    };
  }, [gate, today, intl]);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <FormattedMessage id="gate.caseta.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="gate.caseta.intro" />
        </Text>
      </Stack>
      {onDevice ? null : <OfflineBanner />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          withBorder
          radius="md"
          padding="md"
          component="section"
          aria-label={intl.formatMessage({ id: 'gate.caseta.title' })}
        >
          <CheckPanel gate={gate} today={today} codigo={codigo} setCodigo={setCodigo} pendingPhoto={pendingPhoto} />
        </Card>
        <TodayLists actor={today} />
      </SimpleGrid>
    </Stack>
  );
}

/** An entry's photo chosen in the form, and the clientId of the entry it goes with. */
interface PendingPhoto {
  clientId: string | null;
  file: File;
}

function orderedAccessPoints(choices: string[], first: string | null): string[] {
  return first ? [first, ...choices.filter((choice) => choice !== first)] : choices;
}

function CheckPanel(props: {
  gate: ReturnType<typeof useActorRef<typeof gateMachine>>;
  today: ReturnType<typeof useActorRef<typeof gateTodayMachine>>;
  codigo: string;
  setCodigo(value: string): void;
  pendingPhoto: RefObject<PendingPhoto | null>;
}) {
  const intl = useIntl();
  const { gate, codigo, setCodigo, pendingPhoto } = props;
  const state = useSelector(gate, (s) => s);
  const todayAnswer = useSelector(props.today, (s) => s.context.answer);
  // On a paired device its own access point comes first: the forms start on it.
  const deviceAccess = SessionContext.useSelector((s) => s.context.data?.dispositivo?.accessPoint ?? null);
  const accessPoints = orderedAccessPoints(todayAnswer?.accessPoints ?? [], deviceAccess);
  const { check, failure } = state.context;
  const checking = state.matches('checking');
  const scanner = state.matches('scanning')
    ? (state.children.scanner as ActorRefFrom<typeof cameraScannerMachine> | undefined)
    : undefined;
  const recording = state.matches('recording');
  // While a movement is sent (or failed), the form it came from stays, with what was typed.
  const sending = recording || state.matches('recordFailed');
  const pendingKind = state.context.pending?.kind;
  const showsCheck = check !== null && (state.matches('verdict') || sending);
  const showsUnknown = state.matches('notFound') || (sending && check === null && pendingKind === 'refusal');
  // Sin pase: the walk-in panel's own machine, invoked by the caseta's while `walkIn`.
  const walkIn = state.matches('walkIn') ? (state.children.walkIn as ActorRefFrom<typeof walkInMachine> | undefined) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    gate.send({ type: 'check', codigo });
  };
  const clear = () => {
    setCodigo('');
    gate.send({ type: 'clear' });
  };

  return (
    <Stack gap="md">
      {scanner ? (
        <CameraScanner scanner={scanner} hint={intl.formatMessage({ id: 'gate.caseta.scanHint' })} />
      ) : (
        <Button
          {...BUTTON}
          leftSection={<IconQrcode size={24} aria-hidden />}
          onClick={() => gate.send({ type: 'scan' })}
          disabled={!state.can({ type: 'scan' })}
        >
          <FormattedMessage id="gate.caseta.scan" />
        </Button>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...TOUCH}
            label={intl.formatMessage({ id: 'gate.caseta.codeField' })}
            placeholder={intl.formatMessage({ id: 'gate.caseta.codePlaceholder' })}
            value={codigo}
            onChange={(event) => setCodigo(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PASS_CHECK_CODE_MAX}
          />
          <Group grow>
            <Button type="submit" {...BUTTON} loading={checking} disabled={!checking && !state.can({ type: 'check', codigo })}>
              <FormattedMessage id="gate.caseta.verify" />
            </Button>
            <Button
              variant="default"
              {...BUTTON}
              // Longer words (French's "Sans laissez-passer") wrap inside the button on a phone instead of being cut.
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              onClick={() => gate.send({ type: 'walkIn' })}
              disabled={!state.can({ type: 'walkIn' })}
            >
              <FormattedMessage id="gate.caseta.walkIn" />
            </Button>
          </Group>
        </Stack>
      </form>
      <div aria-live="polite">
        <Stack gap="md">
          {checking ? (
            <Text size="lg" role="status">
              <FormattedMessage id="gate.caseta.checking" />
            </Text>
          ) : null}
          {state.matches('limited') ? (
            <Alert color="yellow" variant="light" role="alert" title={<FormattedMessage id="gate.caseta.limitedTitle" />}>
              <Stack gap="xs" align="flex-start">
                <FormattedMessage id="gate.caseta.limited" />
                <Button variant="light" {...BUTTON} onClick={() => gate.send({ type: 'retry' })}>
                  <FormattedMessage id="gate.caseta.retry" />
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {state.matches('checkFailed') ? (
            <FailureAlert
              failure={failure}
              title={<FormattedMessage id="gate.caseta.checkFailed" />}
              onRetry={() => gate.send({ type: 'retry' })}
              retryLabel={<FormattedMessage id="gate.caseta.retry" />}
            />
          ) : null}
          {showsCheck && check ? (
            <>
              <VerdictCard check={check} />
              {check.insideEntryId !== null ? (
                <Button
                  {...BUTTON}
                  color="blue.9"
                  loading={recording}
                  disabled={!recording && !state.can({ type: 'registerExit' })}
                  onClick={() => gate.send({ type: 'registerExit' })}
                >
                  <FormattedMessage id="gate.exit.submit" />
                </Button>
              ) : check.verdict === 'valid' ? (
                <EntryForm
                  key={`${check.passId}-${check.checkedAt.time}`}
                  check={check}
                  accessPoints={accessPoints}
                  busy={recording}
                  can={(draft) => state.can({ type: 'registerEntry', draft })}
                  onSubmit={(draft, photo) => {
                    gate.send({ type: 'registerEntry', draft });
                    // The clientId the machine just made for this entry names the movement the photo goes to.
                    pendingPhoto.current = photo ? { clientId: gate.getSnapshot().context.clientId, file: photo } : null;
                  }}
                />
              ) : (
                <RefusalForm
                  key={check.passId}
                  askName={false}
                  busy={recording}
                  can={(visitorName, note) => state.can({ type: 'refuse', visitorName, note })}
                  onSubmit={(visitorName, note) => gate.send({ type: 'refuse', visitorName, note })}
                />
              )}
            </>
          ) : null}
          {showsUnknown ? (
            <>
              <UnknownCard />
              <RefusalForm
                askName
                busy={recording}
                can={(visitorName, note) => state.can({ type: 'refuse', visitorName, note })}
                onSubmit={(visitorName, note) => gate.send({ type: 'refuse', visitorName, note })}
              />
            </>
          ) : null}
          {walkIn ? <WalkInPanel actor={walkIn} dwellings={todayAnswer?.dwellings ?? []} accessPoints={accessPoints} /> : null}
          {state.matches('queued') ? (
            <Alert color="yellow" variant="light" role="status">
              <FormattedMessage id="gate.offline.queued" />
            </Alert>
          ) : null}
          {state.matches('recordFailed') ? (
            <FailureAlert
              failure={failure}
              title={<FormattedMessage id="gate.caseta.recordFailed" />}
              onRetry={() => gate.send({ type: 'retry' })}
              retryLabel={<FormattedMessage id="gate.caseta.retry" />}
            />
          ) : null}
          {state.can({ type: 'clear' }) && !state.matches('walkIn') ? (
            <Button variant="subtle" {...BUTTON} onClick={clear}>
              <FormattedMessage id="gate.caseta.clear" />
            </Button>
          ) : null}
        </Stack>
      </div>
    </Stack>
  );
}
