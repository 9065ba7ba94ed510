// The money screens in happy-dom, against stubbed answers: a report with its title, rows, totals and
// chart; the §6 guard sending a resident without the Clave's permission to the communication area; the
// bulk statements form showing the §5 messages and offering e-mail only with the high ADEUDOS level.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { Report } from '../../src/api/finance';
import CondominioRoutes from '../../src/views/app/CondominioRoutes';
import FinancePanelPage from '../../src/views/finance/FinancePanelPage';
import { json } from '../support/http';
import { type Role, sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

/** The lazy pages load their chunk first: more than findBy's default second on a busy machine. */
const SLOW = { timeout: 10_000 };

const MOROSOS: Report = {
  Clave: 'Morosos',
  Titulo: 'Morosos',
  fechaInicio: '2026-01-01',
  fechaFin: '2026-03-15',
  columnas: [
    { clave: 'adeudo', nombre: 'Adeudo', tipo: 'dinero' },
    { clave: 'antiguedad', nombre: 'Antigüedad (días)', tipo: 'numero' },
  ],
  filas: [
    { etiqueta: 'Torre A - 104', valores: [740_000, 95] },
    { etiqueta: 'Casa 46', valores: [520_000, 40] },
  ],
  totales: [1_260_000, null],
};

function open(role: Role, path: string, answers: Record<string, () => Response> = {}, language?: 'en' | 'fr') {
  useViewport('desktop');
  const api = stubApi(sessionFor(role), answers);
  const view = signedIn(
    <Route path="/condominio" nest>
      <CondominioRoutes />
    </Route>,
    path,
    language,
  );
  return { api, view };
}

describe('ver-reporte', () => {
  it('shows the report’s title, rows, totals and chart to the board', async () => {
    const { api } = open('board', '/condominio/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos', {
      '/api/--financiero/reporte': () => json({ success: true, data: MOROSOS }),
    });
    expect(await screen.findByRole('heading', { name: 'Morosos', level: 1 }, SLOW)).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Torre A - 104' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Antigüedad (días)' })).toBeTruthy();
    expect(screen.getByTestId('total-0').textContent).toBe('$12,600.00');
    expect(screen.getByTestId('total-1').textContent).toBe('');
    expect(screen.getByRole('img', { name: 'Morosos: Adeudo' })).toBeTruthy();
    const asked = api.calls.find((c) => c.path === '/api/--financiero/reporte');
    expect(asked).toBeDefined();
  });

  it('names the report and its columns in the reader’s language, not the server’s Spanish (issue 28 #7)', async () => {
    open(
      'board',
      '/condominio/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos',
      { '/api/--financiero/reporte': () => json({ success: true, data: MOROSOS }) },
      'en',
    );
    expect(await screen.findByRole('heading', { name: 'Arrears', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Age (days)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Owed' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Adeudo' })).toBeNull();
  });

  it('sends a resident without Morosos to the communication area, asking the server nothing', async () => {
    const { api, view } = open('resident', '/condominio/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/condominio/comunicacion?sinPermiso=1'), SLOW);
    expect(api.calls.some((c) => c.path.startsWith('/api/--financiero/'))).toBe(false);
  });

  it('sends an employee to the employee panel', async () => {
    // A stand-in route shows where the guard sends them (the panel itself: EmployeePanel.test.tsx).
    useViewport('desktop');
    stubApi(sessionFor('employee'));
    signedIn(
      <Route path="/condominio" nest>
        <Switch>
          <Route path="/panel-del-empleado">Panel del empleado</Route>
          <Route path="/panel-financiero" component={FinancePanelPage} />
        </Switch>
      </Route>,
      '/condominio/panel-financiero',
    );
    expect(await screen.findByText('Panel del empleado', undefined, SLOW)).toBeTruthy();
  });
});

describe('estado-cuenta-masivo', () => {
  const answers = {
    '/api/--financiero/obtainDateMovs': () => json({ success: true, data: [{ anio: 2026 }, { anio: 2025 }] }),
    '/api/--financiero/viviendas': () =>
      json({
        success: true,
        data: [
          { ApartmentId: 1, AptName: '101', TorreName: 'Torre A', Residentes: ['Rosa Hernández Díaz'] },
          { ApartmentId: 2, AptName: 'Casa 1', TorreName: null, Residentes: [] },
        ],
      }),
  };

  it('shows the §5 messages on a submit with nothing chosen', async () => {
    open('admin', '/condominio/estado-cuenta-masivo', answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Generar' }, SLOW));
    expect(await screen.findByText('Selecciona un tipo', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Elige una opción')).toBeTruthy();
    expect(screen.getByText('Selecciona al menos una vivienda')).toBeTruthy();
    fireEvent.click(screen.getByText('Por año'));
    expect(await screen.findByText('Seleccione el año', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByText('Por rango de fechas'));
    expect(await screen.findByText('Seleccione una fecha inicio', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Seleccione una fecha fin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Todas (2)' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 viviendas seleccionadas');
  });

  it('says what to pick in the empty Tipo and Año, and shows Todas chosen only with every dwelling counted', async () => {
    open('admin', '/condominio/estado-cuenta-masivo', answers);
    const tipo = await screen.findByRole('combobox', { name: 'Tipo' }, SLOW);
    expect(tipo.getAttribute('placeholder')).toBe('Elige un tipo');
    expect((tipo as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByText('Por año'));
    expect((await screen.findByRole('combobox', { name: 'Año' }, SLOW)).getAttribute('placeholder')).toBe('Elige un año');

    const all = screen.getByRole('button', { name: 'Todas (2)' });
    expect(all.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('selected-count').textContent).toBe('0 viviendas seleccionadas');
    fireEvent.click(all);
    await waitFor(() => expect(all.getAttribute('aria-pressed')).toBe('true'), SLOW);
    expect(screen.getByTestId('selected-count').textContent).toBe('2 viviendas seleccionadas');
  });

  it('offers sending by e-mail to the administrator (high ADEUDOS) and not to the board', async () => {
    open('admin', '/condominio/estado-cuenta-masivo', answers);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Tipo' }, SLOW));
    expect(await screen.findByRole('option', { name: 'Enviar por correo' }, SLOW)).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    open('board', '/condominio/estado-cuenta-masivo', answers);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Tipo' }, SLOW));
    expect(await screen.findByRole('option', { name: 'Descargar archivos' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Enviar por correo' })).toBeNull();
  });

  it('keeps residents out', async () => {
    const { view } = open('resident', '/condominio/estado-cuenta-masivo', answers);
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/condominio/comunicacion?sinPermiso=1'), SLOW);
  });
});
