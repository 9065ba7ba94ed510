// The employee panel over its machine, the network stubbed at fetch: who and where, the role; the guard's
// 'Verificar pase' with each answer (valid, not valid today, unknown, the rate limit, a failure and its
// retry) and a new check; plain employees without it; residents and the board sent to their home, and
// employees sent from communication to the panel.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PassCheck } from '../../src/api/passCheck';
import EmployeePanelPage from '../../src/views/app/EmployeePanelPage';
import { mainMenu } from '../../src/views/common/menuModel';
import { CommunicationHome } from '../../src/views/communication/CommunicationHome';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const CHECK_PATH = '/api/--empleados/verificar-pase';

const DEMO_CHECK: PassCheck = {
  verdict: 'valid',
  reason: null,
  checkedAt: { date: '2025-06-02', time: '12:05' },
  pass: {
    Tipo: 'domestico',
    Nombre: 'Laura Gómez Pineda',
    ClaveManual: 'PALMAS01',
    NombreInfante: null,
    TorreName: 'Torre A',
    AptName: '101',
    UserName: 'Rosa Hernández Díaz',
    Evento: null,
    DiasAcceso: ['lunes', 'miercoles', 'viernes'],
    FechaInicio: '2025-06-02',
    FechaFin: '2025-07-02',
    HoraInicio: '08:00',
    HoraFin: '17:30',
    NotaVisitante: 'Presenta una identificación oficial en la caseta.',
    Acompanantes: 0,
    FormaDeAcceso: 'pie',
    Placas: null,
  },
};

const field = () => screen.findByRole('textbox', { name: 'Clave manual o QR' });
const verify = () => screen.getByRole('button', { name: 'Verificar' });
const detail = (list: HTMLElement, term: string) => {
  const dt = within(list)
    .getAllByRole('term')
    .find((t) => t.textContent === term);
  return dt?.nextElementSibling?.textContent;
};

async function check(code: string) {
  fireEvent.change(await field(), { target: { value: code } });
  fireEvent.click(verify());
}

describe('Panel del empleado', { timeout: 20_000 }, () => {
  it("shows the guard who and where they are, and checks a pass's manual key", async () => {
    const api = stubApi(sessionFor('guard'), { [CHECK_PATH]: () => json({ success: true, data: DEMO_CHECK }) });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeTruthy();
    expect(screen.getByText('Gabriel Flores Luna · Residencial Las Palmas')).toBeTruthy();
    expect(screen.getByText('Guardia')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Verificar pase' })).toBeTruthy();
    expect(document.title).toBe('Residencial Las Palmas > Panel del empleado | Comunidad');

    expect(verify().hasAttribute('disabled')).toBe(true);
    await check('  palmas01 ');
    const verdict = await screen.findByRole('status', { name: 'Válido ahora' });
    expect(verdict.textContent).toContain('Puede pasar.');
    expect(verdict.textContent).toContain('Verificado el 02/06/2025 a las 12:05 PM, hora del condominio.');
    expect(api.calls.find((c) => c.path === CHECK_PATH)?.body).toEqual({ codigo: 'palmas01' });

    const list = screen.getByLabelText('Laura Gómez Pineda');
    expect(detail(list, 'Visitante')).toBe('Laura Gómez Pineda');
    expect(detail(list, 'Tipo de pase')).toBe('Servicio doméstico');
    expect(detail(list, 'Clave manual')).toBe('PALMAS01');
    expect(detail(list, 'Destino')).toBe('Torre A - 101');
    expect(detail(list, 'Invita')).toBe('Rosa Hernández Díaz');
    expect(detail(list, 'Fechas')).toBe('02/06/2025 – 02/07/2025');
    expect(detail(list, 'Horario')).toBe('8:00 AM – 5:30 PM');
    expect(detail(list, 'Días de acceso')).toBe('Lunes, Miércoles, Viernes');
    expect(detail(list, 'Acceso')).toBe('A pie');
    expect(detail(list, 'Nota para el visitante')).toBe('Presenta una identificación oficial en la caseta.');

    fireEvent.click(screen.getByRole('button', { name: 'Nueva consulta' }));
    expect(screen.queryByRole('status', { name: 'Válido ahora' })).toBeNull();
    expect(((await field()) as HTMLInputElement).value).toBe('');
  });

  it('says why a pass is not valid today, and what an event guest brings', async () => {
    const notToday: PassCheck = {
      ...DEMO_CHECK,
      verdict: 'notToday',
      reason: 'weekday',
      checkedAt: { date: '2025-06-03', time: '09:30' },
      pass: { ...DEMO_CHECK.pass, Tipo: 'evento', Evento: 'Posada', Acompanantes: 2, FormaDeAcceso: 'auto', Placas: 'JAL-123-A' },
    };
    stubApi(sessionFor('supervisor'), { [CHECK_PATH]: () => json({ success: true, data: notToday }) });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByText('Supervisor')).toBeTruthy();
    await check('PALMAS01');
    const verdict = await screen.findByRole('status', { name: 'No válido hoy' });
    expect(verdict.textContent).toContain('Hoy (Martes) no es uno de sus días de acceso.');
    const list = screen.getByLabelText('Laura Gómez Pineda');
    expect(detail(list, 'Evento')).toBe('Posada');
    expect(detail(list, 'Acompañantes')).toBe('2');
    expect(detail(list, 'Acceso')).toBe('En auto, placas JAL-123-A');
  });

  it('shows the pass page message for an unknown code', async () => {
    stubApi(sessionFor('guard'), {
      [CHECK_PATH]: () =>
        json({ success: false, code: 'NOT_FOUND', message: 'El pase de acceso no fue encontrado o no es válido.' }, 404),
    });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    await check('ZZZZ9999');
    expect(await screen.findByText('Pase desconocido')).toBeTruthy();
    expect(screen.getByText('El pase de acceso no fue encontrado o no es válido.')).toBeTruthy();
  });

  it('asks to wait past the rate limit, and retries a failed check', async () => {
    const answers = [
      () => json({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Demasiados intentos.' }, 429),
      () => json({ success: false, code: 'INTERNAL', message: 'boom' }, 500),
      () => json({ success: true, data: DEMO_CHECK }),
    ];
    const api = stubApi(sessionFor('guard'), { [CHECK_PATH]: () => answers.shift()!() });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    await check('PALMAS01');
    const limited = await screen.findByRole('alert');
    expect(limited.textContent).toContain('Demasiadas verificaciones');
    expect(limited.textContent).toContain('Espera un minuto y vuelve a intentarlo.');
    fireEvent.click(within(limited).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No pudimos verificar el pase'));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('status', { name: 'Válido ahora' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === CHECK_PATH)).toHaveLength(3);
  });

  it('gives a plain employee their shortcuts and no pass check', async () => {
    stubApi(sessionFor('employee'));
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByText('Empleado')).toBeTruthy();
    expect(screen.getByText('Emilio Torres Vega · Residencial Las Palmas')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Verificar pase' })).toBeNull();
    const shortcuts = screen.getByRole('region', { name: 'Tus accesos' });
    expect(within(shortcuts).getByRole('link', { name: 'Linea del tiempo' }).getAttribute('href')).toBe('/welcome');
    expect(within(shortcuts).getByRole('link', { name: 'Mi Perfil' }).getAttribute('href')).toBe('/mi-perfil');
  });

  it('gives a guard without the active ACC-PAS their shortcuts, not the pass check', async () => {
    const guard = sessionFor('guard');
    guard.usuarioPermisos = guard.usuarioPermisos.map((p) => (p.Clave === 'ACC-PAS' ? { ...p, Activa: 0 } : p));
    stubApi(guard);
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByText('Guardia')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Verificar pase' })).toBeNull();
    // What the guard's menu lists (issue 28 #8), this panel aside, and Mi Perfil.
    const shortcuts = screen.getByRole('region', { name: 'Tus accesos' });
    const listed = within(shortcuts)
      .getAllByRole('link')
      .map((link) => link.textContent);
    const menu = mainMenu(guard)
      .filter((entry) => entry.key !== 'employeePanel')
      .map((entry) => ('id' in entry.label ? null : entry.label.text));
    expect(listed).toHaveLength(menu.length + 1);
    expect(listed).toContain('Comunicación');
    expect(listed).toContain('Linea del tiempo');
    expect(listed.at(-1)).toBe('Mi Perfil');
    for (const text of menu) if (text) expect(listed).toContain(text);
  });

  it('lets an administrator check passes too', async () => {
    stubApi(sessionFor('admin'));
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByText('Administrador')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Verificar pase' })).toBeTruthy();
  });

  it.each(['resident', 'board'] as const)('sends the %s to communication', async (role) => {
    stubApi(sessionFor(role));
    const { location } = signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/comunicacion'));
  });

  it('sends an employee from communication to the panel, and leaves a guard there', async () => {
    stubApi(sessionFor('employee'));
    const employee = signedIn(<CommunicationHome />, '/comunicacion');
    await waitFor(() => expect(employee.location.history?.at(-1)).toBe('/panel-del-empleado'));
    employee.unmount();
    stubApi(sessionFor('guard'));
    const guard = signedIn(<CommunicationHome />, '/comunicacion');
    expect(await screen.findByRole('heading', { name: 'Hola, Gabriel' })).toBeTruthy();
    expect(guard.location.history).toEqual(['/comunicacion']);
  });
});
