import '@mantine/core/styles/Container.css';
// The shell of a shift session on a paired gate device (issue 26), instead of the full one: the condominium,
// the device and the guard on duty, links to the caseta and the parcels only, and "Terminar turno", which ends
// the shift and goes back to the device's shift screen (the device stays paired).
import { Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { PAIR_PAGE } from '../../api/gateDevices';
import type { SessionGateDevice } from '../../api/sessions';
import { LiveStatusNotice } from '../common/LiveChannel';
import { OfflineBanner } from '../common/OfflineBanner';
import { SessionContext } from '../common/SessionContext';

const Toasts = lazy(() => import('../common/Toasts'));

/** The device's screens, relative to /condominio (another area's pages). */
export const DEVICE_LINKS = [
  { href: '/caseta', label: 'gateDevices.shell.gate' },
  { href: '/paqueteria', label: 'gateDevices.shell.parcels' },
] as const;

export function DeviceShell({ device, children }: { device: SessionGateDevice; children: ReactNode }) {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const session = SessionContext.useActorRef();
  const [location, navigate] = useLocation();
  if (!data) return null;
  const endShift = () => {
    // Out of the guarded nest first, so the guard does not send the device to the sign-in page.
    navigate(`~/condominio${PAIR_PAGE(device.id)}`);
    session.send({ type: 'signOut' });
  };
  return (
    <Box mih="100dvh">
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text fw={700}>{data.condo.CondoName}</Text>
            <Text size="sm">
              {device.name} · <FormattedMessage id="gateDevices.shell.guard" values={{ name: data.usuario.UserName }} />
            </Text>
          </Stack>
          <Group gap="xs" component="nav" aria-label={intl.formatMessage({ id: 'gateDevices.title' })}>
            {DEVICE_LINKS.map((link) => (
              <Button
                key={link.href}
                component={Link}
                href={link.href}
                size="md"
                variant={location === link.href || location.startsWith(`${link.href}/`) ? 'filled' : 'default'}
              >
                <FormattedMessage id={link.label} />
              </Button>
            ))}
            <Button size="md" color="red" variant="light" onClick={endShift}>
              <FormattedMessage id="gateDevices.shell.endShift" />
            </Button>
          </Group>
        </Group>
      </Box>
      <Container component="main" id="main" size="lg" py="md">
        {/* The device's offline queue: what waits to be sent, and what the server refused. */}
        <Box mb="md">
          <OfflineBanner />
          <LiveStatusNotice />
        </Box>
        {children}
      </Container>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </Box>
  );
}
