// Management control in happy-dom against stubbed answers: the figures in cards with their charts and the
// tables screen readers read, links only where the server gave one, the failure with its retry, a new
// condominium's empty states, Módulos adicionales naming Factura Comunidad (a link only for those who invoice), and a resident sent away before
// anything is asked of the server.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { ManagementSummary } from '../../src/api/management';
import CondominioRoutes from '../../src/views/app/CondominioRoutes';
import { summary } from '../models/managementMachine.model';
import { json } from '../support/http';
import { type Role, sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 10_000 };
const PATH = '/api/--control-gerencial/resumen';
const answer = (data: ManagementSummary) => () => json({ success: true, data });

function open(role: Role, answers: Record<string, () => Response>, viewport: 'desktop' | 'phone' = 'desktop') {
  useViewport(viewport);
  const api = stubApi(sessionFor(role), answers);
  const view = signedIn(
    <Route path="/condominio" nest>
      <CondominioRoutes />
    </Route>,
    '/condominio/control-gerencial',
  );
  return { api, view };
}

const card = (id: string) => screen.getByTestId(id);
/** Text whatever spaces the locale puts around a percent sign. */
const spaced = (text: string) => (content: string) => content.replace(/\s/g, '') === text.replace(/\s/g, '');

describe('control-gerencial', () => {
  it('shows each figure in its card, with charts and the tables behind them', async () => {
    open('admin', { [PATH]: answer(summary()) });
    expect(await screen.findByRole('heading', { name: 'Control gerencial', level: 1 }, SLOW)).toBeTruthy();
    expect((await screen.findByTestId('collection-month', undefined, SLOW)).textContent).toBe('$900.00');
    expect(within(card('card-collection')).getByText(spaced('90% del presupuesto del mes'))).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Cobranza: este mes, mes anterior y presupuesto' })).toBeTruthy();
    // The chart's figures as a table for screen readers.
    const collection = screen.getByRole('table', { name: 'Cobranza: este mes, mes anterior y presupuesto' });
    expect(within(collection).getByRole('row', { name: 'Mes anterior $300.00' })).toBeTruthy();

    expect(screen.getByTestId('arrears-total').textContent).toBe('$1,200.00 en 3 viviendas');
    const arrears = screen.getByRole('table', { name: 'Adeudo vencido por antigüedad' });
    expect(within(arrears).getByRole('row', { name: 'Más de 90 días $500.00 1' })).toBeTruthy();
    expect(within(arrears).getByRole('row', { name: '31 a 60 días $0.00 0' })).toBeTruthy();

    const month = screen.getByRole('table', { name: 'Ingresos y egresos contra presupuesto: Mes' });
    expect(within(month).getByRole('row', { name: 'Ingresos $920.00 $1,010.00' })).toBeTruthy();
    expect(within(month).getByRole('row', { name: 'Resultado $470.00' })).toBeTruthy();
    const year = screen.getByRole('table', { name: 'Ingresos y egresos contra presupuesto: Año a la fecha' });
    expect(within(year).getByRole('row', { name: 'Egresos $1,000.00 $1,500.00' })).toBeTruthy();

    expect(screen.getByTestId('card-banks-total').textContent).toBe('$1,270.00');
    expect(screen.getByRole('img', { name: 'Visitas por semana' })).toBeTruthy();
    expect(within(card('card-traffic')).getByRole('row', { name: '12/03/2026 – 18/03/2026 2 0' })).toBeTruthy();
    expect(screen.getByText('4 solicitudes abiertas')).toBeTruthy();
    expect(screen.getByTestId('reservations-confirmed').textContent).toBe('2');
    expect(screen.getByTestId('reservations-pending').textContent).toBe('1');
    // The poll's own words and figures (polls.results.participation.viviendas).
    expect(screen.getByText(spaced('Participación: 66.67% (2 de 3 viviendas).'))).toBeTruthy();
  });

  it('links each figure to its detail screen only when the server gave a link', async () => {
    open('board', { [PATH]: answer(summary()) });
    const morosos = await screen.findByRole('link', { name: 'Ver detalle: Morosidad por antigüedad' }, SLOW);
    expect(morosos.getAttribute('href')).toBe('/condominio/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
    expect(screen.getByRole('link', { name: 'Ver detalle: Bancos y cajas' }).getAttribute('href')).toBe(
      '/condominio/panel-financiero/listado-de-bancos',
    );
    expect(screen.getByRole('link', { name: 'Pintura de fachadas' }).getAttribute('href')).toBe(
      '/condominio/comunicacion/encuestas?PollId=7',
    );
    // No link for requests (no COM-REP) nor funds in this answer: the figure shows without one.
    expect(screen.queryByRole('link', { name: 'Ver detalle: Solicitudes abiertas' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver detalle: Fondos' })).toBeNull();
    expect(within(card('card-requests')).getByText('4 solicitudes abiertas')).toBeTruthy();
    // Additional modules: Factura Comunidad named, without a link for the board (it does not invoice).
    expect(within(card('card-modules')).queryByRole('link')).toBeNull();
    expect(within(card('card-modules')).getByText('Factura Comunidad')).toBeTruthy();
    expect(within(card('card-modules')).queryByText(/llegará con su propia entrega/)).toBeNull();
  });

  it('opens a figure’s detail screen', async () => {
    const { view } = open('admin', { [PATH]: answer(summary()) });
    fireEvent.click(await screen.findByRole('link', { name: 'Ver detalle: Bancos y cajas' }, SLOW));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/condominio/panel-financiero/listado-de-bancos'), SLOW);
  });

  it('shows a skeleton while loading, then a failure with its retry', async () => {
    let fail = true;
    const { api } = open('admin', {
      [PATH]: () => (fail ? json({ success: false, code: 'INTERNAL', message: 'x' }, 500) : answer(summary())()),
    });
    expect(await screen.findByRole('status', { name: 'Cargando el control gerencial…' }, SLOW)).toBeTruthy();
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(alert.textContent).toContain('No pudimos cargar el control gerencial');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByTestId('collection-month', undefined, SLOW)).textContent).toBe('$900.00');
    expect(api.calls.filter((c) => c.path === PATH)).toHaveLength(2);
  });

  it('refreshes with Actualizar, keeping the figures while it asks', async () => {
    let mes = 90_000;
    const { api } = open('admin', { [PATH]: () => answer(summary({ cobranza: { ...summary().cobranza, mes } }))() });
    expect((await screen.findByTestId('collection-month', undefined, SLOW)).textContent).toBe('$900.00');
    mes = 140_000;
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.getByTestId('collection-month').textContent).toBe('$1,400.00'), SLOW);
    expect(api.calls.filter((c) => c.path === PATH)).toHaveLength(2);
  });

  it('says what is missing in a new condominium with no data (phone, one column)', async () => {
    const zeroWeeks = summary().visitas.semanas.map((w) => ({ ...w, pases: 0, registros: 0 }));
    const empty = summary({
      cobranza: { mes: 0, mesAnterior: 0, presupuesto: null, enlace: null },
      morosidad: {
        rangos: summary().morosidad.rangos.map((r) => ({ ...r, monto: 0, viviendas: 0 })),
        monto: 0,
        viviendas: 0,
        enlace: null,
      },
      bancos: { filas: [], total: 0, enlace: null },
      fondos: { filas: [], total: 0, enlace: null },
      visitas: { semanas: zeroWeeks, enlace: null },
      solicitudes: { rangos: summary().solicitudes.rangos.map((r) => ({ ...r, total: 0 })), total: 0, enlace: null },
      reservaciones: { ...summary().reservaciones, confirmadas: 0, pendientes: 0 },
      encuestas: [],
    });
    open('admin', { [PATH]: answer(empty) }, 'phone');
    expect(await screen.findByText('Aún no hay pagos registrados.', undefined, SLOW)).toBeTruthy();
    for (const text of [
      'Ninguna vivienda tiene adeudo vencido.',
      'No hay cuentas registradas.',
      'No hay fondos registrados.',
      'Sin pases ni registros en las últimas 4 semanas.',
      'No hay solicitudes abiertas.',
      'No hay reservaciones esta semana.',
      'No hay encuestas abiertas ni cerradas en los últimos 30 días.',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('sends a resident to the communication area, asking the server nothing', async () => {
    const { api, view } = open('resident', {});
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/condominio/comunicacion?sinPermiso=1'), SLOW);
    expect(api.calls.some((c) => c.path === PATH)).toBe(false);
  });
});
