// The registered card (spec §2.6, §9): the QR at 256 px with error correction M, the manual key, the
// access point, and the way to the pass page.
import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, Center, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { GuestRegistered } from '../../api/guests';
import { PASS_PATHS } from '../../api/visitorPaths';
import { LazyQr } from '../common/LazyQr';
import { mapLink } from '../common/passFormat';
import { Notice, Panel } from '../common/VisitorBlocks';

export const FORM_QR_SIZE = 256;

export function GuestSuccess({ registered }: { registered: GuestRegistered }) {
  const intl = useIntl();
  return (
    <Panel aria-label={intl.formatMessage({ id: 'guest.success.title' })}>
      <Stack gap="sm" align="center">
        <Notice color="green" role="status">
          <Text fw={700} size="sm">
            <FormattedMessage id="guest.success.title" />
          </Text>
          <FormattedMessage id="guest.success.body" />
        </Notice>
        <Center>
          <LazyQr value={registered.QR} size={FORM_QR_SIZE} label={intl.formatMessage({ id: 'pass.qrLabel' })} />
        </Center>
        <Stack gap={0} align="center">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            <FormattedMessage id="guest.success.key" />
          </Text>
          <Text size="xl" fw={700} ff="monospace" data-testid="manual-key">
            {registered.ClaveManual}
          </Text>
        </Stack>
        {registered.PuntoDeAcceso && (
          <Text size="sm" ta="center">
            <FormattedMessage id="guest.accessPoint" values={{ name: registered.PuntoDeAcceso.Nombre }} />{' '}
            <Anchor href={mapLink(registered.PuntoDeAcceso)} target="_blank" rel="noopener noreferrer" size="sm">
              <FormattedMessage id="guest.mapLink" />
            </Anchor>
          </Text>
        )}
        <Button
          component="a"
          href={`/api${PASS_PATHS.pdfLink(registered.CondoId, registered.QR, intl.locale)}`}
          download
          variant="light"
          fullWidth
        >
          <FormattedMessage id="guest.success.pdf" />
        </Button>
        <Anchor component={Link} href={`/invitacion/${registered.CondoId}/${registered.QR}`} size="sm">
          <FormattedMessage id="guest.success.viewPass" />
        </Anchor>
      </Stack>
    </Panel>
  );
}
