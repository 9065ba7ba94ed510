import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
// The cards of management control, one per figure of src/api/management.ts. Charts where people would rather
// look than read (collection against last month and the budget, arrears by age, visits by week, open requests
// by age) reuse the money screens' BarChart; each chart is an image to screen readers, with the same figures
// in a table beside it (visually hidden where the chart already shows every label and value). Each card
// opens its detail screen when the server gave it a link (the caller may open it); otherwise it shows none.
import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { formatMoney } from '../../api/finance';
import type { Balances, ManagementSummary } from '../../api/management';
import { BASIS_POINTS, type PollCounting } from '../../api/polls';
import { BarChart } from '../common/BarChart';
import { displayDate } from '../common/period';
import { SCREENS } from '../common/screens';
import { useCondoTimeZone } from '../common/zonedTime';

function FigureCard({
  title,
  link,
  linkLabel,
  testId,
  children,
}: {
  title: string;
  link: string | null;
  /** When the card has several detail screens, which one this is. */
  linkLabel?: string;
  testId: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {link ? (
            <Anchor
              component={Link}
              href={link}
              size="sm"
              aria-label={intl.formatMessage({ id: 'management.detailOf' }, { title: linkLabel ?? title })}
            >
              <FormattedMessage id="management.detail" />
            </Anchor>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function Empty({ id }: { id: string }) {
  return (
    <Text size="sm" c="dimmed">
      <FormattedMessage id={id} />
    </Text>
  );
}

/** The table a chart's figures are read from: hidden from sight when the chart shows them all already. */
function FigureTable({
  caption,
  head,
  rows,
  hidden,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: string[] }[];
  hidden: boolean;
}) {
  const table = (
    <Table fz="sm" striped aria-label={hidden ? undefined : caption}>
      {hidden ? <caption>{caption}</caption> : null}
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={i === 0 ? undefined : 'right'}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) => (
              <Table.Td key={`${row.key}-${i}`} ta={i === 0 ? undefined : 'right'}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return hidden ? <VisuallyHidden>{table}</VisuallyHidden> : table;
}

function Collection({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const c = s.cobranza;
  const bars = [
    { label: t('management.collection.month'), value: c.mes },
    { label: t('management.collection.lastMonth'), value: c.mesAnterior },
    ...(c.presupuesto === null ? [] : [{ label: t('management.collection.budget'), value: c.presupuesto }]),
  ];
  const nothing = c.mes === 0 && c.mesAnterior === 0 && c.presupuesto === null;
  return (
    <FigureCard title={t('management.collection.title')} link={c.enlace} testId="card-collection">
      {nothing ? (
        <Empty id="management.collection.empty" />
      ) : (
        <>
          <Text size="xl" fw={700} data-testid="collection-month">
            {formatMoney(c.mes)}
          </Text>
          {c.presupuesto ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="management.collection.ofBudget"
                values={{ percent: intl.formatNumber(c.mes / c.presupuesto, { style: 'percent', maximumFractionDigits: 0 }) }}
              />
            </Text>
          ) : (
            <Empty id="management.collection.noBudget" />
          )}
          <BarChart bars={bars} money title={t('management.collection.chart')} />
          <FigureTable
            hidden
            caption={t('management.collection.chart')}
            head={[t('management.collection.title'), t('management.arrears.amount')]}
            rows={bars.map((b) => ({ key: b.label, cells: [b.label, formatMoney(b.value)] }))}
          />
        </>
      )}
    </FigureCard>
  );
}

function Arrears({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const a = s.morosidad;
  const label = (rango: string) => t(`management.arrears.bucket.${rango}`);
  return (
    <FigureCard title={t('management.arrears.title')} link={a.enlace} testId="card-arrears">
      {a.viviendas === 0 ? (
        <Empty id="management.arrears.empty" />
      ) : (
        <>
          <Text size="xl" fw={700} data-testid="arrears-total">
            <FormattedMessage id="management.arrears.total" values={{ amount: formatMoney(a.monto), count: a.viviendas }} />
          </Text>
          <BarChart
            bars={a.rangos.map((r) => ({ label: label(r.rango), value: r.monto }))}
            money
            title={t('management.arrears.chart')}
          />
          {/* The dwellings per bucket are not in the chart: the table shows them to everyone. */}
          <FigureTable
            hidden={false}
            caption={t('management.arrears.chart')}
            head={[t('management.arrears.age'), t('management.arrears.amount'), t('management.arrears.dwellings')]}
            rows={a.rangos.map((r) => ({ key: r.rango, cells: [label(r.rango), formatMoney(r.monto), String(r.viviendas)] }))}
          />
        </>
      )}
    </FigureCard>
  );
}

function Results({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const r = s.resultados;
  const budget = (value: number | null) => (value === null ? t('management.results.noBudget') : formatMoney(value));
  // One small table per period (the month, the year to date), so each fits a card on a phone.
  const periods = [
    { key: 'month', label: t('management.results.month'), p: r.mes },
    { key: 'year', label: t('management.results.year'), p: r.anio },
  ] as const;
  const links = [
    { id: 'income', href: r.enlaceIngresos },
    { id: 'expenses', href: r.enlaceEgresos },
    { id: 'budget', href: r.enlacePresupuesto },
  ].filter((l) => l.href !== null);
  return (
    <FigureCard title={t('management.results.title')} link={null} testId="card-results">
      {periods.map(({ key, label, p }) => (
        <Stack key={key} gap={4}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <FigureTable
            hidden={false}
            caption={`${t('management.results.title')}: ${label}`}
            head={[t('management.results.concept'), t('management.results.actual'), t('management.results.budget')]}
            rows={[
              { key: 'income', cells: [t('management.results.income'), formatMoney(p.ingresos), budget(p.presupuestoIngresos)] },
              {
                key: 'expenses',
                cells: [t('management.results.expenses'), formatMoney(p.egresos), budget(p.presupuestoEgresos)],
              },
              { key: 'balance', cells: [t('management.results.balance'), formatMoney(p.ingresos - p.egresos), ''] },
            ]}
          />
        </Stack>
      ))}
      {links.length > 0 ? (
        <Group gap="md">
          {links.map((l) => (
            <Anchor key={l.id} component={Link} href={l.href!} size="sm">
              <FormattedMessage id={`management.results.${l.id}.link`} />
            </Anchor>
          ))}
        </Group>
      ) : null}
    </FigureCard>
  );
}

function BalanceList({ title, balances, empty, testId }: { title: string; balances: Balances; empty: string; testId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <FigureCard title={title} link={balances.enlace} testId={testId}>
      {balances.filas.length === 0 ? (
        <Empty id={empty} />
      ) : (
        <Table fz="sm">
          <Table.Tbody>
            {balances.filas.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  {b.nombre}
                  {b.tipo === 'caja' || b.tipo === 'banco' ? (
                    <Text span size="xs" c="dimmed">
                      {' · '}
                      {t(b.tipo === 'caja' ? 'management.balances.cash' : 'management.balances.bank')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(b.saldo)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('management.balances.total')}</Table.Th>
              <Table.Th ta="right" data-testid={`${testId}-total`}>
                {formatMoney(balances.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </FigureCard>
  );
}

function Traffic({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const weeks = s.visitas.semanas.map((w) => ({
    ...w,
    label: intl.formatMessage({ id: 'management.traffic.weekRange' }, { from: displayDate(w.desde), to: displayDate(w.hasta) }),
  }));
  const none = weeks.every((w) => w.pases + w.registros === 0);
  return (
    <FigureCard title={t('management.traffic.title')} link={s.visitas.enlace} testId="card-traffic">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="management.traffic.subtitle" />
      </Text>
      {none ? (
        <Empty id="management.traffic.empty" />
      ) : (
        <>
          <BarChart
            bars={weeks.map((w) => ({ label: w.label, value: w.pases + w.registros }))}
            money={false}
            title={t('management.traffic.chart')}
          />
          <FigureTable
            hidden={false}
            caption={t('management.traffic.chart')}
            head={[t('management.traffic.week'), t('management.traffic.passes'), t('management.traffic.registrations')]}
            rows={weeks.map((w) => ({ key: w.desde, cells: [w.label, String(w.pases), String(w.registros)] }))}
          />
        </>
      )}
    </FigureCard>
  );
}

function Requests({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const r = s.solicitudes;
  const bars = r.rangos.map((b) => ({ label: t(`management.requests.bucket.${b.rango}`), value: b.total }));
  return (
    <FigureCard title={t('management.requests.title')} link={r.enlace} testId="card-requests">
      {r.total === 0 ? (
        <Empty id="management.requests.empty" />
      ) : (
        <>
          <Text fw={700}>
            <FormattedMessage id="management.requests.total" values={{ count: r.total }} />
          </Text>
          <BarChart bars={bars} money={false} title={t('management.requests.chart')} />
          <FigureTable
            hidden
            caption={t('management.requests.chart')}
            head={[t('management.requests.age'), t('management.requests.count')]}
            rows={bars.map((b) => ({ key: b.label, cells: [b.label, String(b.value)] }))}
          />
        </>
      )}
    </FigureCard>
  );
}

function Reservations({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const r = s.reservaciones;
  return (
    <FigureCard title={intl.formatMessage({ id: 'management.reservations.title' })} link={r.enlace} testId="card-reservations">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="management.reservations.range" values={{ from: displayDate(r.desde), to: displayDate(r.hasta) }} />
      </Text>
      {r.confirmadas + r.pendientes === 0 ? (
        <Empty id="management.reservations.empty" />
      ) : (
        <Group gap="xl">
          {(
            [
              ['confirmed', r.confirmadas],
              ['pending', r.pendientes],
            ] as const
          ).map(([key, value]) => (
            <Stack key={key} gap={0}>
              <Text size="xl" fw={700} data-testid={`reservations-${key}`}>
                {value}
              </Text>
              <Text size="sm">
                <FormattedMessage id={`management.reservations.${key}`} />
              </Text>
            </Stack>
          ))}
        </Group>
      )}
    </FigureCard>
  );
}

function Polls({ s }: { s: ManagementSummary }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  // The poll's own words and figures (polls.results.participation.*, src/api/polls.ts participationOf).
  const percent = (basisPoints: number) =>
    intl.formatNumber(basisPoints / BASIS_POINTS, { style: 'percent', maximumFractionDigits: 2 });
  const unit = (conteo: PollCounting) => (conteo === 'indiviso' ? 'indiviso' : conteo === 'persona' ? 'personas' : 'viviendas');
  return (
    <FigureCard title={intl.formatMessage({ id: 'management.polls.title' })} link={null} testId="card-polls">
      {s.encuestas.length === 0 ? (
        <Empty id="management.polls.empty" />
      ) : (
        <Stack gap="md">
          {s.encuestas.map((p) => (
            <Stack key={p.id} gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                {p.enlace ? (
                  <Anchor component={Link} href={p.enlace} fw={600} size="sm">
                    {p.titulo}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {p.titulo}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  <FormattedMessage
                    id={p.fase === 'abierta' ? 'management.polls.closes' : 'management.polls.closedOn'}
                    values={{ date: intl.formatDate(p.cierra, { dateStyle: 'medium', timeZone }) }}
                  />
                </Text>
              </Group>
              <Progress value={p.participacion / 100} aria-label={`${p.titulo}: ${percent(p.participacion)}`} />
              <Text size="sm">
                <FormattedMessage
                  id={`polls.results.participation.${unit(p.conteo)}`}
                  values={{ share: percent(p.participacion), voters: p.votantes, electorate: p.electorado }}
                />
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </FigureCard>
  );
}

/** The condominium's additional modules (today Factura Comunidad): a link for those who invoice (canInvoice). */
function Modules({ invoicing }: { invoicing: boolean }) {
  const intl = useIntl();
  const name = <FormattedMessage id="invoicing.module.title" />;
  return (
    <FigureCard title={intl.formatMessage({ id: 'management.modules.title' })} link={null} testId="card-modules">
      <Stack gap={2}>
        {invoicing ? (
          <Anchor component={Link} href={SCREENS.invoicing} fw={600} size="sm">
            {name}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {name}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <FormattedMessage id="invoicing.module.description" />
        </Text>
      </Stack>
    </FigureCard>
  );
}

export function ManagementCards({ summary, invoicing }: { summary: ManagementSummary; invoicing: boolean }) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Collection s={summary} />
      <Arrears s={summary} />
      <Results s={summary} />
      <BalanceList
        title={intl.formatMessage({ id: 'management.banks.title' })}
        balances={summary.bancos}
        empty="management.banks.empty"
        testId="card-banks"
      />
      <BalanceList
        title={intl.formatMessage({ id: 'management.funds.title' })}
        balances={summary.fondos}
        empty="management.funds.empty"
        testId="card-funds"
      />
      <Traffic s={summary} />
      <Requests s={summary} />
      <Reservations s={summary} />
      <Polls s={summary} />
      <Modules invoicing={invoicing} />
    </SimpleGrid>
  );
}
