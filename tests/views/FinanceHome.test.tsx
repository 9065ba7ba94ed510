// The money home, /condominio/financiero (issue 27), the network stubbed at fetch (the edge of these tests): a
// resident's dwelling with what it owes, what is overdue and what comes next, Pagar, the OXXO reference waiting,
// the open charges and the last payments with their receipts; a dwelling up to date; the staff choose a dwelling;
// a failure with Reintentar; those without 'Estado de cuenta' are sent away.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { formatMoney } from '../../src/api/finance';
import type { DwellingMoney, FinanceHome } from '../../src/api/financeHome';
import FinanceHomePage from '../../src/views/finance/FinanceHomePage';
import { APARTMENT_ID } from '../support/checkoutFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useViewport('desktop');
});

const SLOW = { timeout: 10_000 };
const HOME_PATH = '/api/--financiero/inicio';
const DWELLINGS_PATH = '/api/--financiero/viviendas';

const OWING: DwellingMoney = {
  ApartmentId: APARTMENT_ID,
  AptName: '101',
  TorreName: 'Torre A',
  owedCents: 370_000,
  overdueCents: 185_000,
  creditCents: 0,
  nextDue: { dueOn: '2026-12-10', concept: 'Cuota de mantenimiento diciembre', openCents: 185_000 },
  open: [
    {
      chargeId: 11,
      concept: 'Cuota de mantenimiento noviembre',
      chargedOn: '2026-11-01',
      dueOn: '2026-11-10',
      openCents: 185_000,
    },
    {
      chargeId: 12,
      concept: 'Cuota de mantenimiento diciembre',
      chargedOn: '2026-12-01',
      dueOn: '2026-12-10',
      openCents: 185_000,
    },
  ],
  payments: [
    { paymentId: 501, paidOn: '2026-10-05', amountCents: 185_000, method: 'tarjeta', folio: 42, cancelled: false },
    { paymentId: 400, paidOn: '2026-09-03', amountCents: 185_000, method: 'registrado', folio: 17, cancelled: true },
  ],
  waiting: [{ id: 77, method: 'oxxo', state: 'pendiente', totalCents: 191_660, expiresAt: '2026-12-03T18:00:00.000Z' }],
  canPay: true,
};
const UP_TO_DATE: DwellingMoney = {
  ...OWING,
  ApartmentId: 20,
  AptName: '020',
  owedCents: 0,
  overdueCents: 0,
  creditCents: 5_000,
  nextDue: null,
  open: [],
  waiting: [],
  payments: [],
};
const home = (dwellings: DwellingMoney[], seesAll = false): FinanceHome => ({ today: '2026-11-30', dwellings, seesAll });

const resident = () =>
  sessionFor('resident', { usuario: { apartments: [{ AptId: APARTMENT_ID, AptName: '101', TorreName: 'Torre A' }] } });

function open(session = resident(), answers: Record<string, () => Response> = {}) {
  const stub = stubApi(session, answers);
  const { location } = signedIn(
    <Route path="/condominio" nest>
      <Route path="/financiero">
        <FinanceHomePage />
      </Route>
      <Route path="/comunicacion">
        <p>communication</p>
      </Route>
    </Route>,
    '/condominio/financiero',
  );
  return Object.assign(stub, { location });
}

describe('the money home', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows what the dwelling owes, what is overdue and next, Pagar, the reference waiting and the payments (${viewport})`, async () => {
      useViewport(viewport);
      open(resident(), { [HOME_PATH]: () => json({ success: true, data: home([OWING]) }) });
      const card = await screen.findByRole('region', { name: 'Torre A - 101' }, SLOW);
      expect(within(screen.getByTestId('home-owed')).getByText(formatMoney(370_000))).toBeTruthy();
      expect(within(screen.getByTestId('home-overdue')).getByText(formatMoney(185_000))).toBeTruthy();
      expect(screen.getByTestId('home-next').textContent).toBe(
        `Próximo vencimiento: Cuota de mantenimiento diciembre, ${formatMoney(185_000)} el 10/12/2026.`,
      );
      expect(within(card).getByRole('link', { name: 'Pagar' }).getAttribute('href')).toBe(
        `/condominio/financiero/pagar?ApartmentId=${APARTMENT_ID}`,
      );
      expect(within(card).getByRole('link', { name: 'Estado de cuenta' }).getAttribute('href')).toBe(
        `/condominio/estado-cta?ApartmentId=${APARTMENT_ID}`,
      );
      // The OXXO reference still waiting, with a way back to it.
      expect(within(card).getByText(/Efectivo en OXXO por/)).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'Ver referencia' }).getAttribute('href')).toBe(
        '/condominio/financiero/pago/77',
      );
      // The open charges, the overdue one marked.
      expect(within(card).getByText('Cuota de mantenimiento noviembre')).toBeTruthy();
      expect(within(card).getByText('Vence el 10/11/2026')).toBeTruthy();
      expect(within(card).getAllByText('Vencido').length).toBeGreaterThanOrEqual(1);
      // The payments, each with its receipt; a cancelled one says so.
      expect(within(card).getByText('05/10/2026 · Tarjeta')).toBeTruthy();
      expect(within(card).getByText('Recibo 42')).toBeTruthy();
      expect(within(card).getByText('Cancelado')).toBeTruthy();
      expect(within(card).getAllByRole('button', { name: /Descargar el recibo|recibo/i })).toHaveLength(2);
    });
  }

  it('says a dwelling is up to date, shows its credit, and offers no Pagar', async () => {
    open(resident(), { [HOME_PATH]: () => json({ success: true, data: home([UP_TO_DATE]) }) });
    expect(await screen.findByText('Al corriente: no hay nada pendiente de pago.', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByTestId('home-credit')).getByText(formatMoney(5_000))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pagar' })).toBeNull();
    expect(screen.getByText('Aún no hay pagos registrados.')).toBeTruthy();
  });

  it('says when the member has no dwelling', async () => {
    open(resident(), { [HOME_PATH]: () => json({ success: true, data: home([]) }) });
    expect(await screen.findByText('No tienes viviendas asignadas.', {}, SLOW)).toBeTruthy();
  });

  it('lets the administration choose any dwelling, and asks for that one', async () => {
    const stub = open(sessionFor('admin'), {
      [HOME_PATH]: () => json({ success: true, data: home([], true) }),
      [DWELLINGS_PATH]: () =>
        json({
          success: true,
          data: [
            { ApartmentId: APARTMENT_ID, AptName: '101', TorreName: 'Torre A', Residentes: ['Ana'] },
            { ApartmentId: 20, AptName: '020', TorreName: null, Residentes: [] },
          ],
        }),
    });
    expect(await screen.findByText('Elige una vivienda para ver lo que debe y sus pagos.', {}, SLOW)).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Vivienda' });
    await waitFor(() => expect(picker).not.toHaveProperty('disabled', true));
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Torre A - 101' }, SLOW));
    await waitFor(() => expect(stub.calls.filter((c) => c.path === HOME_PATH)).toHaveLength(2));
  });

  it('says why it could not load, and Reintentar asks again', async () => {
    let attempts = 0;
    open(resident(), {
      [HOME_PATH]: () =>
        ++attempts === 1
          ? json({ success: false, code: 'INTERNAL', message: 'boom' }, 500)
          : json({ success: true, data: home([OWING]) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }, SLOW));
    expect(await screen.findByRole('region', { name: 'Torre A - 101' }, SLOW)).toBeTruthy();
  });

  it('sends a member without the statement to the communication area', async () => {
    open(sessionFor('employee'));
    expect(await screen.findByText('communication', {}, SLOW)).toBeTruthy();
  });
});
