import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
// The camera's preview while a cameraScannerMachine reads QR codes, and what went wrong when it could not open.
// The machine owns the camera; this only shows its stream and sends `retry`. Its parent decides what a code means.
import { Alert, AspectRatio, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCameraOff, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { cameraScannerMachine } from '../../machines/cameraScannerMachine';

export function CameraScanner({ scanner, hint }: { scanner: ActorRefFrom<typeof cameraScannerMachine>; hint: string }) {
  const state = useSelector(scanner, (snapshot) => snapshot);
  const stream = state.context.stream;
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!video.current) return;
    video.current.srcObject = stream;
    if (stream) void video.current.play().catch(() => undefined);
  }, [stream]);

  if (state.matches('opening')) {
    return (
      <Group gap="sm" role="status" aria-live="polite" py="md">
        <Loader size="sm" />
        <Text>
          <FormattedMessage id="camera.opening" />
        </Text>
      </Group>
    );
  }
  if (state.matches('denied') || state.matches('noCamera') || state.matches('failed')) {
    const refusal = state.value as 'denied' | 'noCamera' | 'failed';
    return (
      <Alert color="orange" icon={<IconCameraOff size={20} />} title={<FormattedMessage id={`camera.${refusal}.title`} />}>
        <Stack gap="sm">
          <Text size="sm">
            <FormattedMessage id={`camera.${refusal}.body`} />
          </Text>
          {state.can({ type: 'retry' }) && (
            <Button
              variant="light"
              size="md"
              leftSection={<IconRefresh size={18} />}
              onClick={() => scanner.send({ type: 'retry' })}
            >
              <FormattedMessage id="camera.retry" />
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <AspectRatio ratio={4 / 3} maw={480} w="100%">
        <Box pos="relative" bg="dark.9" style={{ borderRadius: 12, overflow: 'hidden' }}>
          <video ref={video} muted playsInline aria-label={hint} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          <Box
            aria-hidden
            pos="absolute"
            style={{ inset: '15%', border: '3px solid rgba(255,255,255,0.85)', borderRadius: 12 }}
          />
        </Box>
      </AspectRatio>
      <Text size="md" role="status" aria-live="polite">
        {hint}
      </Text>
    </Stack>
  );
}
