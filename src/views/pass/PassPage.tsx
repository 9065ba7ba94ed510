import '@mantine/core/styles/Anchor.css';
// invitacion/{CondoId}/{QR} ('Invitacion', spec §2.7): a thin view over passViewMachine. Phone first: the
// QR on top, then who, where, when, and how to get in.
import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import type { Pass } from '../../api/passes';
import { PASS_PATHS } from '../../api/visitorPaths';
import { passViewMachine } from '../../machines/passViewMachine';
import { settleEarlyPass, takeSettledPass } from '../../services/passesService';
import { FailureText } from '../common/FailureText';
import { LazyQr, loadQr, preloadQr } from '../common/LazyQr';
import { dwellingText, formatDate, formatHour, mapLink } from '../common/passFormat';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { Notice, Panel, VisitorHeading } from '../common/VisitorBlocks';
import { VisitorLanguageSwitch } from '../common/VisitorLanguageSwitch';

/** Spec §9: the pass's QR. */
export const PASS_QR_SIZE = 300;

preloadQr();

/**
 * Before the first render (src/views/app/routes.tsx): reads the pass if its answer is in already, and waits for
 * the QR's chunk once there is a pass to show, so that the first render is the whole pass (on a page the server
 * painted, the same as its HTML: nothing blinks when the app takes over).
 */
export async function prepare(condoId: string, qr: string): Promise<void> {
  const settled = await settleEarlyPass(condoId, qr);
  if (settled?.kind === 'found') await loadQr().catch(() => undefined);
}

export default function PassPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'pass.title' }));
  const params = useParams<{ condoId: string; qr: string }>();
  const condoId = params.condoId ?? '';
  const qr = params.qr ?? '';
  const [preloaded] = useState(() => takeSettledPass(condoId, qr));
  const [state, send] = useMachine(passViewMachine, { input: { condoId, qr, preloaded } });

  return (
    <Center component="main" id="main" mih="100dvh" p="sm" bg="var(--mantine-color-gray-1)" style={{ alignItems: 'flex-start' }}>
      <Stack gap="md" maw={460} w="100%" py="md">
        <VisitorLanguageSwitch />
        <VisitorHeading>
          <FormattedMessage id="pass.heading" />
        </VisitorHeading>
        {state.matches('loading') && (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              <FormattedMessage id="pass.loading" />
            </Text>
          </Stack>
        )}
        {state.matches('notFound') && (
          <Notice color="red" role="alert">
            <FormattedMessage id="pass.notFound" />
          </Notice>
        )}
        {state.matches('failed') && (
          <Stack>
            <Notice color="orange" role="alert">
              <Text fw={600} size="sm">
                <FormattedMessage id="pass.failed" />
              </Text>
              <FailureText failure={state.context.failure} />
            </Notice>
            <Button onClick={() => send({ type: 'retry' })}>
              <FormattedMessage id="pass.retry" />
            </Button>
          </Stack>
        )}
        {state.matches('found') && state.context.pass && <PassCard pass={state.context.pass} />}
      </Stack>
    </Center>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * A catalog message, or the server's own word when the catalog lacks it (a day or type added later). Not
 * a defaultMessage: the build formats parsed messages only, without the parser a default would need.
 */
const messageOr = (intl: IntlShape, id: string, fallback: string) =>
  id in intl.messages ? intl.formatMessage({ id }) : fallback;

function PassCard({ pass }: { pass: Pass }) {
  const intl = useIntl();
  const dwelling = dwellingText(pass.TorreName, pass.AptName);
  const days = pass.DiasAcceso.map((day) => messageOr(intl, `pass.day.${day}`, day));
  return (
    <Panel component="article" aria-label={intl.formatMessage({ id: 'pass.heading' })}>
      <Stack gap="sm">
        <Stack gap={2} align="center">
          <Text size="xl" fw={700} ta="center" data-testid="pass-name">
            {pass.Nombre}
          </Text>
          <Text size="sm" c="dimmed">
            {messageOr(intl, `pass.type.${pass.Tipo}`, pass.Tipo)}
          </Text>
        </Stack>
        <Center>
          <LazyQr value={pass.QR} size={PASS_QR_SIZE} label={intl.formatMessage({ id: 'pass.qrLabel' })} />
        </Center>
        <Stack gap={0} align="center">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            <FormattedMessage id="pass.manualCode" />
          </Text>
          <Text size="xl" fw={700} ff="monospace" data-testid="pass-key">
            {pass.ClaveManual}
          </Text>
        </Stack>
        <Button component="a" href={`/api${PASS_PATHS.pdfLink(pass.CondoId, pass.QR, intl.locale)}`} download variant="light">
          <FormattedMessage id="pass.pdf" />
        </Button>
        <hr style={{ border: 0, borderTop: '1px solid var(--mantine-color-gray-3)', margin: 0, width: '100%' }} />
        {pass.Email && <Row label={<FormattedMessage id="pass.email" />}>{pass.Email}</Row>}
        {pass.Telefono && <Row label={<FormattedMessage id="pass.phone" />}>{pass.Telefono}</Row>}
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            <FormattedMessage id="pass.destination" />
          </Text>
          <Text size="sm">{pass.CondoName}</Text>
          {dwelling && <Text size="sm">{dwelling}</Text>}
          {pass.NombreInfante ? (
            <Text size="sm">
              <FormattedMessage id="pass.child" values={{ name: pass.NombreInfante }} />
            </Text>
          ) : (
            pass.UserName && (
              <Text size="sm">
                <FormattedMessage id="pass.resident" values={{ name: pass.UserName }} />
              </Text>
            )
          )}
        </div>
        {pass.FechaInicio && (
          <Row label={<FormattedMessage id="pass.dates" />}>
            <FormattedMessage
              id="pass.dateRange"
              values={{ from: formatDate(pass.FechaInicio), to: formatDate(pass.FechaFin ?? pass.FechaInicio) }}
            />
          </Row>
        )}
        {pass.HoraInicio && (
          <Row label={<FormattedMessage id="pass.hours" />}>
            {pass.HoraFin ? (
              <FormattedMessage
                id="pass.hourRange"
                values={{ from: formatHour(pass.HoraInicio), to: formatHour(pass.HoraFin) }}
              />
            ) : (
              formatHour(pass.HoraInicio)
            )}
          </Row>
        )}
        <Row label={<FormattedMessage id="pass.days" />}>
          {days.length ? days.join(', ') : <FormattedMessage id="pass.anyDay" />}
        </Row>
        {pass.NotaVisitante && <Row label={<FormattedMessage id="pass.note" />}>{pass.NotaVisitante}</Row>}
        {pass.reglamento && (
          <Anchor href={pass.reglamento} target="_blank" rel="noopener noreferrer" size="sm">
            <FormattedMessage id="pass.regulation" />
          </Anchor>
        )}
        {pass.puntosDeAcceso.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              <FormattedMessage id="pass.accessPoints" />
            </Text>
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
              {pass.puntosDeAcceso.map((point) => (
                <li key={point.PuntoAccesoId}>
                  <Text size="sm" fw={600}>
                    {point.Nombre}
                  </Text>
                  {point.Address && <Text size="sm">{point.Address}</Text>}
                  <Anchor href={mapLink(point)} target="_blank" rel="noopener noreferrer" size="sm">
                    <FormattedMessage id="pass.map" />
                  </Anchor>
                </li>
              ))}
            </Stack>
          </div>
        )}
      </Stack>
    </Panel>
  );
}
