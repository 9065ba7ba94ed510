// The directories' pages (issue 16) and mi-perfil's directory card: dwellings by tower as cards with tel: and
// mailto: links only for what each person shows, the search sent to the server, the staff with their roles,
// a member the setting does not let in sent back to comunicacion, and the phone rule in mi-perfil. Network
// stubbed at fetch.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResidentsDirectoryPage from '../../src/views/directory/ResidentsDirectoryPage';
import StaffDirectoryPage from '../../src/views/directory/StaffDirectoryPage';
import { DirectoryContactCard } from '../../src/views/profile/DirectoryContactCard';
import { RESIDENTS } from '../models/directoryMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const TWO = {
  ...RESIDENTS,
  total: 2,
  dwellings: [
    RESIDENTS.dwellings[0]!,
    {
      aptId: 11,
      aptName: 'Casa 3',
      torreId: null,
      torreName: null,
      residents: [
        {
          membershipId: 6,
          name: 'Lucía Ramírez Navarro',
          photoUrl: null,
          phone: null,
          email: 'lucia@demo.mx',
          kind: 'tenant' as const,
        },
      ],
    },
  ],
};

describe('ResidentsDirectoryPage', () => {
  it('shows each dwelling with its residents and only the contacts they show, as links; searches on the server', async () => {
    const api = stubApi(sessionFor('resident'), { '/api/--directorio/residentes': () => json(TWO) });
    signedIn(<ResidentsDirectoryPage />, '/directorio-principal');
    expect(await screen.findByRole('heading', { name: 'Directorio de residentes' })).toBeTruthy();
    const call = await screen.findByRole('link', { name: 'Llamar a Andrés Navarro Aguilar' });
    expect(call.getAttribute('href')).toBe('tel:3311112222');
    expect(screen.getByRole('link', { name: 'Escribir a Lucía Ramírez Navarro' }).getAttribute('href')).toBe(
      'mailto:lucia@demo.mx',
    );
    expect(screen.queryByRole('link', { name: 'Llamar a Lucía Ramírez Navarro' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Torre A · 603' })).toBeTruthy();
    expect(screen.getByText('Inquilino')).toBeTruthy();
    expect(screen.getByText('Propietario')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar por nombre o vivienda'), { target: { value: 'lucia' } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/--directorio/residentes' && c.method === 'GET')).toBe(true),
    );
    await waitFor(
      () => {
        const searched = (globalThis.fetch as ReturnType<typeof vi.fn>).mock.calls
          .map(([request]) => new URL((request as Request).url))
          .filter((url) => url.pathname === '/api/--directorio/residentes');
        expect(searched.at(-1)!.searchParams.get('q')).toBe('lucia');
      },
      { timeout: 2000 },
    );
  });

  it('sends a member the setting does not let in back to comunicacion', async () => {
    stubApi(sessionFor('resident', { condo: { displaydirectory: 'E' } }));
    const view = signedIn(<StaffDirectoryPage />, '/directorio-empleados');
    await screen.findByRole('heading', { name: 'Directorio de empleados' });
    view.unmount();
    stubApi(sessionFor('resident', { condo: { displaydirectory: 'E' } }));
    const refused = signedIn(<ResidentsDirectoryPage />, '/directorio-principal');
    await waitFor(() => expect(refused.location.history.at(-1)).toBe('/comunicacion'));
  });
});

describe('StaffDirectoryPage', () => {
  it('lists the staff with their roles', async () => {
    stubApi(sessionFor('admin'), {
      '/api/--directorio/empleados': () =>
        json({
          success: true,
          staff: [
            { membershipId: 1, name: 'Ana Martínez Ruiz', photoUrl: null, phone: '3310000001', email: null, roles: ['admin'] },
            { membershipId: 2, name: 'Gabriel Flores Luna', photoUrl: null, phone: null, email: null, roles: ['guard'] },
          ],
        }),
    });
    signedIn(<StaffDirectoryPage />, '/directorio-empleados');
    expect(await screen.findByText('Administración')).toBeTruthy();
    expect(screen.getByText('Guardia')).toBeTruthy();
    expect(screen.getByText('Sin datos de contacto públicos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Llamar a Ana Martínez Ruiz' }).getAttribute('href')).toBe('tel:3310000001');
  });
});

describe('DirectoryContactCard', () => {
  it('refuses a phone that is not 10 digits or +country, then saves the choices', async () => {
    const api = stubApi(sessionFor('resident'), {
      '/api/--directorio/mi-contacto/guardar': () =>
        json({ success: true, contact: { phone: '3312345678', showPhone: true, showEmail: false } }),
    });
    signedIn(<DirectoryContactCard />, '/mi-perfil');
    const phone = await screen.findByLabelText('Mi teléfono');
    await waitFor(() => expect((phone as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi contacto' }));
    expect(await screen.findByText('Escribe 10 dígitos, o + con la lada del país y el número.')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '33 1234 5678' } });
    fireEvent.click(screen.getByLabelText('Mostrar mi teléfono en el directorio'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi contacto' }));
    expect(await screen.findByText('Tus datos de contacto se guardaron.')).toBeTruthy();
    const sent = api.calls.find((c) => c.path === '/api/--directorio/mi-contacto/guardar');
    expect(sent?.body).toEqual({ phone: '33 1234 5678', showPhone: true, showEmail: false });
  });
});
