// /pagina-publica (spec §2.5), titled Pagina Publica: the condominium of ?id= or of the page's host
// (its subdomain), on its colour's gradient, with the sign-in card, the ACCESO and ADMIN cards, the
// 'More information' box with its phones, the map (the server's sanitized embed URL, in a sandboxed
// frame) and the advertising banner. Mobile first: one column on phones, two from md up.
// The sign-in and contact cards come from their own chunk (PublicCards.tsx), loaded while the condominium's
// data is fetched: the page's loader covers both, so the page appears whole and nothing jumps. What the cards do
// loads later, when the visitor starts using one (onDemand.ts).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import { Anchor, Box, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { condoLogoUrl } from '../../api/condoSettingsLogo';
import type { PublicCondo } from '../../api/publicPage';
import { type CallFailure, callFailure } from '../../machines/shared/callFailure';
import { fetchPublicCondo, type PublicCondoResult } from '../../services/publicPageService';
import { FailureText } from '../common/FailureText';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { VisitorLanguageSwitch } from '../common/VisitorLanguageSwitch';
import { backgroundColor, backgroundGradient } from './background';
import { formatPhone, phoneHref } from './formatPhone';
import classes from './publicPage.module.css';

type Cards = typeof import('./PublicCards');
type Load =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: CallFailure }
  | Exclude<PublicCondoResult, { kind: 'found' }>
  | (Extract<PublicCondoResult, { kind: 'found' }> & { cards: Cards });

let cardsChunk: Promise<Cards> | null = null;
/** The cards' chunk, imported once; a failed import is forgotten so that a retry imports it again. */
function loadCards(): Promise<Cards> {
  cardsChunk ??= import('./PublicCards').catch((error: unknown) => {
    cardsChunk = null;
    throw error;
  });
  return cardsChunk;
}

/** ?id=<CondoId> when given (digits only; anything else names no condominium), else the host. */
function whichCondo(search: string): { id: number } | { host: true } | null {
  const id = new URLSearchParams(search).get('id');
  if (id === null) return { host: true };
  return /^\d{1,10}$/.test(id) && Number(id) > 0 ? { id: Number(id) } : null;
}

function usePublicCondo(search: string): [Load, () => void] {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const where = whichCondo(search);
    if (!where) {
      setLoad({ kind: 'notFound' });
      return;
    }
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    // Both at once: the chunk downloads while the server answers.
    const cards = loadCards();
    cards.catch(() => undefined);
    fetchPublicCondo(where, controller.signal)
      .then(async (result): Promise<Load> => (result.kind === 'found' ? { ...result, cards: await cards } : result))
      .then(
        (next) => {
          if (!controller.signal.aborted) setLoad(next);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setLoad({ kind: 'failed', failure: callFailure(error) });
          return error;
        },
      );
    return () => controller.abort();
  }, [search, attempt]);
  return [load, () => setAttempt((n) => n + 1)];
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-ZÁÉÍÓÚÑ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

export default function PublicPage() {
  const intl = useIntl();
  const [load, retry] = usePublicCondo(useSearch());
  const condo = load.kind === 'found' ? load.condo : null;
  useDocumentTitle(intl.formatMessage({ id: 'public.title' }), condo?.CondoName ?? '');

  return (
    <Box
      component="main"
      id="main"
      mih="100dvh"
      py={{ base: 'md', sm: 'xl' }}
      data-background={backgroundColor(condo?.CondoBackgroundColor)}
      style={{ backgroundImage: backgroundGradient(condo?.CondoBackgroundColor) }}
    >
      <Container size="lg" mb="xs">
        <VisitorLanguageSwitch color="white" />
      </Container>
      {load.kind === 'loading' ? (
        <Center mih="80dvh">
          <Loader color="white" aria-label={intl.formatMessage({ id: 'app.loading' })} />
        </Center>
      ) : load.kind === 'found' ? (
        <CondoPage condo={load.condo} subdomain={load.subdomain} cards={load.cards} />
      ) : (
        <Container size="xs">
          <Paper withBorder shadow="md" radius="lg" p="xl" mt="10dvh">
            <Stack>
              <Title order={1} size="h2">
                <FormattedMessage id={load.kind === 'notFound' ? 'public.notFound.title' : 'public.loadFailed.title'} />
              </Title>
              <Text>
                {load.kind === 'failed' ? <FailureText failure={load.failure} /> : <FormattedMessage id="public.notFound.body" />}
              </Text>
              <Group>
                {load.kind === 'failed' ? (
                  <Button onClick={retry}>
                    <FormattedMessage id="common.retry" />
                  </Button>
                ) : null}
                <Anchor component={Link} href="/sessions/signin">
                  <FormattedMessage id="notFound.back" />
                </Anchor>
              </Group>
            </Stack>
          </Paper>
        </Container>
      )}
    </Box>
  );
}

function CondoPage({ condo, subdomain, cards }: { condo: PublicCondo; subdomain: string | null; cards: Cards }) {
  const intl = useIntl();
  const { ContactCard, PublicLoginCard } = cards;
  const address = [
    condo.CondoAddress1,
    condo.CondoAddress2,
    [condo.CondoZip, condo.CondoCity].filter(Boolean).join(' '),
    condo.CondoState,
    condo.CondoCountry,
  ].filter((part) => part?.trim());
  const phones = [
    [condo.CondoPhoneCountry1, condo.CondoPhone1],
    [condo.CondoPhoneCountry2, condo.CondoPhone2],
  ]
    .map(([country, number]) => ({ text: formatPhone(country, number), href: phoneHref(country, number) }))
    .filter((phone): phone is { text: string; href: string } => phone.text !== null);

  return (
    <Container size="lg">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" c="white">
          {/* The initials in a white square: Mantine's Avatar would add its own chunk for this alone. */}
          <Center
            w={56}
            h={56}
            bg="white"
            c="dark"
            fw={700}
            fz="lg"
            style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-md)' }}
            aria-hidden
          >
            {condo.LogoFileName ? (
              // The condominium's logo (issue 16, configuracion); its name is the alternative text of the title.
              <img
                src={condoLogoUrl(condo.CondoId, condo.LogoFileName)}
                alt=""
                style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              />
            ) : (
              initials(condo.CondoName)
            )}
          </Center>
          <Stack gap={2}>
            <Title order={1} size="h2" c="white" style={{ textShadow: '0 1px 3px rgba(0,0,0,0.35)' }}>
              {condo.CondoName}
            </Title>
            {address.length ? (
              <Text size="sm" c="white" style={{ textShadow: '0 1px 2px rgba(0,0,0,0.35)' }}>
                {address.join(', ')}
              </Text>
            ) : null}
            {condo.CondoAdminCmpny ? (
              <Text size="xs" c="white" opacity={0.9}>
                <FormattedMessage id="public.adminCompany" values={{ company: condo.CondoAdminCmpny }} />
              </Text>
            ) : null}
          </Stack>
        </Group>

        <div className={classes.columns}>
          <Stack gap="lg">
            <PublicLoginCard subdomain={subdomain} />
            <div className={classes.cards}>
              <ContactCard kind="access" condoId={condo.CondoId} />
              <ContactCard kind="contact" condoId={condo.CondoId} />
            </div>
          </Stack>

          <Stack gap="lg">
            {condo.MasInformacion || phones.length ? (
              <Paper withBorder shadow="md" radius="lg" p="lg" component="section" aria-labelledby="more-info">
                <Stack gap="xs">
                  <Title order={2} size="h4" id="more-info">
                    <FormattedMessage id="public.moreInfo.title" />
                  </Title>
                  {condo.MasInformacion ? <Text style={{ whiteSpace: 'pre-line' }}>{condo.MasInformacion}</Text> : null}
                  {phones.map((phone) => (
                    <Anchor key={phone.href} href={phone.href} fw={600}>
                      {phone.text}
                    </Anchor>
                  ))}
                </Stack>
              </Paper>
            ) : null}

            {condo.Mapa ? (
              <Paper withBorder shadow="md" radius="lg" p={0} style={{ overflow: 'hidden' }}>
                <iframe
                  src={condo.Mapa}
                  title={intl.formatMessage({ id: 'public.map.title' }, { condoName: condo.CondoName })}
                  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                  referrerPolicy="no-referrer-when-downgrade"
                  loading="lazy"
                  style={{ border: 0, display: 'block', width: '100%', height: 280 }}
                />
                {address.length ? (
                  <Text size="sm" p="sm">
                    {address.join(', ')}
                  </Text>
                ) : null}
              </Paper>
            ) : null}

            {condo.publicidad ? (
              <Paper radius="lg" p="md" bg="yellow.0" withBorder component="aside" aria-labelledby="ad-label">
                <Text size="xs" tt="uppercase" c="dimmed" fw={700} id="ad-label">
                  <FormattedMessage id="public.ad.label" />
                </Text>
                <Text fw={600}>{condo.publicidad}</Text>
              </Paper>
            ) : null}
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}
