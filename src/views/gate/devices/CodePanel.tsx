import '@mantine/core/styles/Card.css';
// The one-time pairing code just issued, with the device's pairing link and its QR (the tablet's camera opens
// it). Shown once: closing it forgets the code.
import { Button, Card, Code, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAIR_PAGE } from '../../../api/gateDevices';
import type { IssuedCode } from '../../../services/gateDevicesService';
import { useCondoTimeZone } from '../../common/zonedTime';

/** The pairing page's address on this server. */
export const pairingLink = (deviceId: number) => `${window.location.origin}/condominio${PAIR_PAGE(deviceId)}`;

export function CodePanel({ issued, onClose }: { issued: IssuedCode; onClose(): void }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const link = pairingLink(issued.device.id);
  const time = new Intl.DateTimeFormat(intl.locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(issued.expiresAt),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pairing-code-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="pairing-code-title">
          <FormattedMessage id="gateDevices.code.title" /> · {issued.device.name}
        </Title>
        <Text size="sm">
          <FormattedMessage id="gateDevices.code.help" />
        </Text>
        <Text fz={36} fw={700} ff="monospace" data-testid="pairing-code" style={{ letterSpacing: '0.2em' }}>
          {issued.code}
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="gateDevices.code.validUntil" values={{ time }} />
        </Text>
        <QRCodeSVG value={link} size={200} level="M" role="img" aria-label={intl.formatMessage({ id: 'gateDevices.code.qr' })} />
        <Code block style={{ wordBreak: 'break-all' }}>
          {link}
        </Code>
        <Button onClick={onClose}>
          <FormattedMessage id="gateDevices.code.done" />
        </Button>
      </Stack>
    </Card>
  );
}
