import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
// The door of an assembly (issue 32). "Mi código de acceso": a member's QR (and its text, to type) that records
// their dwellings present, with the dwellings it counts for. "Registrar en la puerta" (who manages the assembly,
// while attendance is taken): the camera reads a code, or it is typed; the answer says who and which dwellings, or
// the refusal's words. The door is a thin view over assemblyCheckInMachine; the code is read once per assembly.
import { Alert, Button, Card, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { CHECK_IN_CODE_MAX, type CheckInCodeAnswer } from '../../api/assemblyMinutes';
import { assemblyCheckInMachine } from '../../machines/assemblyCheckInMachine';
import type { cameraScannerMachine } from '../../machines/cameraScannerMachine';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';
import { fetchMyCheckInCode } from '../../services/assemblyMinutesService';
import { CameraScanner } from '../common/CameraScanner';
import { FailureAlert } from '../common/FailureAlert';
import { LazyQr } from '../common/LazyQr';

export function CheckInCode({ assemblyId }: { assemblyId: number }) {
  const intl = useIntl();
  const [answer, setAnswer] = useState<CheckInCodeAnswer | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchMyCheckInCode(assemblyId, controller.signal).then(setAnswer, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(callFailure(error));
    });
    return () => controller.abort();
  }, [assemblyId]);
  // A refusal (403, 404) means the screen itself is not the reader's: only a failed connection is worth saying.
  if (failure) return failure.kind === 'network' ? <FailureAlert failure={failure} /> : null;
  if (!answer) return null;
  const label = intl.formatMessage({ id: 'assemblyMinutes.checkIn.myCode' });
  return (
    <Card withBorder data-testid="my-check-in-code">
      <Stack gap="xs" align="center">
        <Title order={4}>{label}</Title>
        <LazyQr value={answer.code} size={200} label={label} />
        <Code data-testid="check-in-code">{answer.code}</Code>
        <Text size="sm" ta="center">
          {answer.dwellings.length > 0
            ? intl.formatMessage({ id: 'assemblyMinutes.checkIn.myCodeHint' }, { dwellings: answer.dwellings.join(', ') })
            : intl.formatMessage({ id: 'assemblyMinutes.checkIn.noDwellings' })}
        </Text>
      </Stack>
    </Card>
  );
}

export function CheckInDoor({ assemblyId }: { assemblyId: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          <FormattedMessage id="assemblyMinutes.checkIn.door" />
        </Button>
      </Group>
    );
  }
  return (
    <Card withBorder data-testid="check-in-door">
      <Group justify="space-between">
        <Title order={4}>
          <FormattedMessage id="assemblyMinutes.checkIn.door" />
        </Title>
        <Button variant="subtle" size="xs" onClick={() => setOpen(false)}>
          {intl.formatMessage({ id: 'assemblyMinutes.checkIn.close' })}
        </Button>
      </Group>
      <Door assemblyId={assemblyId} />
    </Card>
  );
}

function Door({ assemblyId }: { assemblyId: number }) {
  const intl = useIntl();
  const [state, send] = useMachine(assemblyCheckInMachine, { input: { assemblyId } });
  const [typed, setTyped] = useState('');
  const { result, failure } = state.context;
  const scanner = state.children.scanner as ActorRefFrom<typeof cameraScannerMachine> | undefined;
  const list = (names: string[]) => names.join(', ');
  return (
    <Stack gap="sm" mt="xs">
      {state.matches('scanning') && scanner ? (
        <>
          <CameraScanner scanner={scanner} hint={intl.formatMessage({ id: 'assemblyMinutes.checkIn.scanHint' })} />
          <Button variant="default" onClick={() => send({ type: 'stop' })}>
            {intl.formatMessage({ id: 'assemblyMinutes.checkIn.close' })}
          </Button>
        </>
      ) : (
        <Group>
          <Button onClick={() => send({ type: 'scan' })} disabled={state.matches('sending')}>
            <FormattedMessage id="assemblyMinutes.checkIn.scan" />
          </Button>
        </Group>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'code', text: typed });
          setTyped('');
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={intl.formatMessage({ id: 'assemblyMinutes.checkIn.typed' })}
            value={typed}
            maxLength={CHECK_IN_CODE_MAX}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
          />
          <Button type="submit" loading={state.matches('sending')} disabled={typed.trim() === ''}>
            <FormattedMessage id="assemblyMinutes.checkIn.send" />
          </Button>
        </Group>
      </form>
      {result ? (
        <Alert color="green" role="status" data-testid="check-in-result">
          {result.dwellings.length > 0 ? (
            <Text size="sm">
              {intl.formatMessage(
                { id: 'assemblyMinutes.checkIn.done' },
                { name: result.name, dwellings: list(result.dwellings) },
              )}
            </Text>
          ) : null}
          {result.already.length > 0 ? (
            <Text size="sm">
              {intl.formatMessage(
                { id: 'assemblyMinutes.checkIn.already' },
                { name: result.name, dwellings: list(result.already) },
              )}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {failure ? <FailureAlert failure={failure} /> : null}
    </Stack>
  );
}
