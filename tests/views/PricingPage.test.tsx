// The pricing page renders its machine: the plans priced in MXN with the Mexican locale, monthly or
// yearly, "Contratar" as a mailto to sales naming the plan (and an administrator's condominium), the trial
// banner for an administrator of a condominium in trial, and a failure with retry. The network is stubbed
// at fetch, the edge of this test. Also: the shell's trial countdown links here.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Plan } from '../../src/api/pricing';
import { TrialCountdown } from '../../src/views/app/shell/TrialCountdown';
import PricingPage from '../../src/views/pricing/PricingPage';
import { json } from '../support/http';
import { PLAN_CHECKOUTS } from '../support/planCheckoutFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useViewport('desktop');
});

const plan = (code: string, name: string, monthlyPrice: number, features: string[]): Plan => ({
  code,
  name,
  description: `Descripción de ${name}`,
  monthlyPrice,
  yearlyPrice: monthlyPrice * 10,
  currency: 'MXN',
  maxDwellings: null,
  features,
});

const PLANS = [
  { ...plan('basico', 'Básico', 99_000, ['communication', 'emailSupport']), maxDwellings: 50 },
  { ...plan('profesional', 'Profesional', 249_000, ['everythingBasic', 'Capacitación presencial']), maxDwellings: 300 },
  plan('corporativo', 'Corporativo', 1_234_567, ['invoicing']),
];
const PLANS_PATH = '/api/--planes/list';
const answerPlans = () => json({ success: true, plans: PLANS });

const cards = () => screen.getAllByRole('article');
const card = (name: string) => screen.getByRole('article', { name });
const subjectOf = (link: HTMLElement) =>
  decodeURIComponent(new URL(link.getAttribute('href')!).searchParams.get('subject') ?? '');

describe('PricingPage', () => {
  it('shows a visitor the plans in pesos, monthly then yearly, each with a mailto to sales', async () => {
    const api = stubApi(sessionFor('admin'), { [PLANS_PATH]: answerPlans });
    renderWithApp(<PricingPage />, { path: '/precios-y-planes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Precios y planes' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Cargando los planes…' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(document.title).toBe('Precios y planes | Comunidad');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Básico', 'Profesional', 'Corporativo']);

    const basico = card('Básico');
    expect(within(basico).getByText('$990.00')).toBeTruthy();
    expect(within(basico).getByText('MXN al mes')).toBeTruthy();
    // Feature codes in the reader's words, the dwellings the plan covers first; an operator's own text as written.
    expect(within(basico).getByText('Soporte por correo')).toBeTruthy();
    expect(within(basico).getByText('Hasta 50 viviendas')).toBeTruthy();
    expect(within(card('Profesional')).getByText('Todo lo del plan Básico')).toBeTruthy();
    expect(within(card('Profesional')).getByText('Capacitación presencial')).toBeTruthy();
    expect(within(card('Corporativo')).getByText('Viviendas ilimitadas')).toBeTruthy();
    expect(within(card('Corporativo')).getByText('$12,345.67')).toBeTruthy();
    const contract = within(basico).getByRole('link', { name: 'Contratar el plan Básico' });
    expect(contract.textContent).toBe('Contratar');
    expect(contract.getAttribute('href')).toMatch(/^mailto:ventas@comunidad\.mx\?subject=/);
    expect(subjectOf(contract)).toBe('Contratar el plan Básico (mensual)');
    expect(screen.queryByText(/periodo de prueba/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/sessions/signin');

    fireEvent.click(screen.getByText('Anual'));
    await waitFor(() => expect(within(card('Básico')).getByText('$9,900.00')).toBeTruthy());
    expect(within(card('Básico')).getByText('MXN al año')).toBeTruthy();
    expect(within(card('Básico')).getByText('Equivale a $825.00 al mes')).toBeTruthy();
    expect(within(card('Básico')).getByText('Ahorras $1,980.00 al año')).toBeTruthy();
    expect(subjectOf(within(card('Profesional')).getByRole('link', { name: /^Contratar/ }))).toBe(
      'Contratar el plan Profesional (anual)',
    );
    // A visitor has no session: nothing but the plans was asked for.
    expect(api.calls.map((c) => c.path)).toEqual([PLANS_PATH]);
  });

  it('words the demo plans’ descriptions in the reader’s language; an operator’s own plan reads as written', async () => {
    stubApi(sessionFor('admin'), {
      [PLANS_PATH]: () => json({ success: true, plans: [...PLANS, plan('a-medida', 'A medida', 100_000, [])] }),
    });
    renderWithApp(<PricingPage />, { path: '/precios-y-planes', language: 'en' });
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(within(card('Básico')).getByText(/^For gated streets and small buildings/)).toBeTruthy();
    expect(within(card('A medida')).getByText('Descripción de A medida')).toBeTruthy();
  });

  it('tells an administrator of a condominium in trial how many days are left, and names it in the subject', async () => {
    const trial = {
      CondoName: 'Torres del Bosque',
      CondoStatus: 'P',
      endsubscription: dayjs().add(12, 'day').format('YYYY-MM-DD'),
    };
    stubApi(sessionFor('admin', { condo: trial }), { [PLANS_PATH]: answerPlans });
    signedIn(<PricingPage />, '/precios-y-planes');
    expect(await screen.findByText('Tu periodo de prueba termina en 12 días')).toBeTruthy();
    expect(screen.getByText('Elige un plan para Torres del Bosque y conserva todo lo que ya registraste.')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(subjectOf(within(card('Profesional')).getByRole('link', { name: /^Contratar/ }))).toBe(
      'Contratar el plan Profesional (mensual) para Torres del Bosque',
    );
    expect(screen.getByRole('link', { name: 'Volver a mi condominio' }).getAttribute('href')).toBe('/condominio');
  });

  it('says "1 día" on the last day but one', async () => {
    const trial = { CondoStatus: 'P', endsubscription: dayjs().add(1, 'day').format('YYYY-MM-DD') };
    stubApi(sessionFor('admin', { condo: trial }), { [PLANS_PATH]: answerPlans });
    signedIn(<PricingPage />, '/precios-y-planes');
    expect(await screen.findByText('Tu periodo de prueba termina en 1 día')).toBeTruthy();
  });

  it('says "hoy" on the last day', async () => {
    const trial = { CondoStatus: 'P', endsubscription: dayjs().format('YYYY-MM-DD') };
    stubApi(sessionFor('admin', { condo: trial }), { [PLANS_PATH]: answerPlans });
    signedIn(<PricingPage />, '/precios-y-planes');
    expect(await screen.findByText('Tu periodo de prueba termina hoy')).toBeTruthy();
  });

  it('shows a board member of the same condominium no banner and no condominium in the subject', async () => {
    const trial = { CondoStatus: 'P', endsubscription: dayjs().add(12, 'day').format('YYYY-MM-DD') };
    stubApi(sessionFor('board', { condo: trial }), { [PLANS_PATH]: answerPlans });
    signedIn(<PricingPage />, '/precios-y-planes');
    expect(await screen.findByRole('link', { name: 'Volver a mi condominio' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByText(/periodo de prueba/)).toBeNull();
    expect(subjectOf(within(card('Básico')).getByRole('link', { name: /^Contratar/ }))).toBe(
      'Contratar el plan Básico (mensual)',
    );
  });

  it('shows a failure and tries again', async () => {
    let attempts = 0;
    stubApi(sessionFor('admin'), {
      [PLANS_PATH]: () => {
        attempts++;
        return attempts === 1
          ? json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500)
          : answerPlans();
      },
    });
    renderWithApp(<PricingPage />, { path: '/precios-y-planes' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar los planes');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('says so when no plan is on offer', async () => {
    stubApi(sessionFor('admin'), { [PLANS_PATH]: () => json({ success: true, plans: [] }) });
    renderWithApp(<PricingPage />, { path: '/precios-y-planes' });
    expect(await screen.findByText('No hay planes disponibles por ahora')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ventas@comunidad.mx' }).getAttribute('href')).toBe('mailto:ventas@comunidad.mx');
  });
});

describe('PricingPage: Contratar online (issue 28)', () => {
  const PURCHASE_PATH = '/api/--planes/contratar';
  const trialAdmin = () =>
    sessionFor('admin', {
      condo: { CondoName: 'Torres del Bosque', CondoStatus: 'P', endsubscription: dayjs().add(12, 'day').format('YYYY-MM-DD') },
    });
  const onlinePlans = () => json({ success: true, plans: PLANS, payOnline: true });
  /** Leaving for another page (the provider's) is caught here, so the test stays on the page. */
  function catchLeaving() {
    const left: string[] = [];
    vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void left.push(String(url)));
    return left;
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`opens the plan's checkout for the period chosen and leaves for the provider's page (${viewport})`, async () => {
      useViewport(viewport);
      const left = catchLeaving();
      const api = stubApi(trialAdmin(), {
        [PLANS_PATH]: onlinePlans,
        [PURCHASE_PATH]: () => json({ success: true, data: PLAN_CHECKOUTS.created }, 201),
      });
      signedIn(<PricingPage />, '/precios-y-planes');
      await waitFor(() => expect(cards()).toHaveLength(3));
      expect(
        screen.getByText(
          'Al contratar pagas con tarjeta en la página segura del proveedor de pagos; tu plan se activa en cuanto se confirma el pago.',
        ),
      ).toBeTruthy();
      fireEvent.click(screen.getByText('Anual'));
      await waitFor(() => expect(within(card('Básico')).getByText('$9,900.00')).toBeTruthy());
      const contract = within(card('Profesional')).getByRole('button', { name: 'Contratar el plan Profesional' });
      expect(within(card('Profesional')).queryByRole('link', { name: /^Contratar/ })).toBeNull();
      fireEvent.click(contract);
      await waitFor(() => expect(left).toEqual([PLAN_CHECKOUTS.created.redirectUrl]));
      const sent = api.calls.find((c) => c.path === PURCHASE_PATH)!;
      expect(sent.method).toBe('POST');
      // The plan and the period only: the total is the server's.
      expect(Object.keys(sent.body as object).sort()).toEqual(['clientId', 'period', 'plan']);
      expect(sent.body).toMatchObject({ plan: 'profesional', period: 'anual' });
    });
  }

  it('says a refusal in the server’s words, and a cut with Reintentar sends the same attempt', async () => {
    const left = catchLeaving();
    let attempts = 0;
    const api = stubApi(trialAdmin(), {
      [PLANS_PATH]: onlinePlans,
      [PURCHASE_PATH]: () => {
        attempts++;
        if (attempts === 1)
          return json(
            { success: false, code: 'CONFLICT', message: 'Solo un condominio en periodo de prueba puede contratar.' },
            409,
          );
        if (attempts === 2) return json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500);
        return json({ success: true, data: PLAN_CHECKOUTS.created }, 201);
      },
    });
    signedIn(<PricingPage />, '/precios-y-planes');
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(within(card('Básico')).getByRole('button', { name: 'Contratar el plan Básico' }));
    expect(await screen.findByText('Solo un condominio en periodo de prueba puede contratar.')).toBeTruthy();
    expect(left).toEqual([]);
    fireEvent.click(within(card('Básico')).getByRole('button', { name: 'Contratar el plan Básico' }));
    const failed = await screen.findByText('No pudimos abrir la página de pago');
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(left).toEqual([PLAN_CHECKOUTS.created.redirectUrl]));
    const sent = api.calls.filter((c) => c.path === PURCHASE_PATH).map((c) => c.body as { clientId: string; period: string });
    expect(sent).toHaveLength(3);
    expect(sent[0]!.period).toBe('mensual');
    // The refusal ended the first attempt; the retry after the cut is the same attempt.
    expect(sent[1]!.clientId).not.toBe(sent[0]!.clientId);
    expect(sent[2]!.clientId).toBe(sent[1]!.clientId);
  });

  it('keeps the mailto for a board member and a visitor even when plans are paid online', async () => {
    const trial = { CondoStatus: 'P', endsubscription: dayjs().add(12, 'day').format('YYYY-MM-DD') };
    stubApi(sessionFor('board', { condo: trial }), { [PLANS_PATH]: onlinePlans });
    signedIn(<PricingPage />, '/precios-y-planes');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(card('Básico')).getByRole('link', { name: 'Contratar el plan Básico' }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    expect(screen.getByText(/Al contratar se abre tu correo/)).toBeTruthy();
  });

  it('keeps the mailto for the trial’s administrator when plans are not paid online, and says so', async () => {
    stubApi(trialAdmin(), { [PLANS_PATH]: answerPlans });
    signedIn(<PricingPage />, '/precios-y-planes');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(card('Básico')).getByRole('link', { name: 'Contratar el plan Básico' }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    expect(screen.getByText(/El pago en línea de planes no está disponible por ahora/)).toBeTruthy();
  });
});

describe('TrialCountdown', () => {
  it('links from inside the /condominio nest to the top-level pricing page', () => {
    const { location } = renderWithApp(
      <Route path="/condominio" nest>
        <TrialCountdown days={30} />
      </Route>,
      { path: '/condominio/comunicacion' },
    );
    const link = screen.getByRole('link', { name: '30 días de prueba restantes' });
    expect(link.getAttribute('href')).toBe('/precios-y-planes');
    fireEvent.click(link);
    expect(location.history.at(-1)).toBe('/precios-y-planes');
  });
});
