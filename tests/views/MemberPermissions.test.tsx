// configuracion, tab 'permisos', over its machines with the network stubbed at fetch: the members list (staff
// first as the server sends it, roles as badges, the search sent after typing), the editor opened on a guard
// (switches named by key and meaning for screen readers), 'Verificar pase' given and saved with the version it
// was read at; a stale save showing the fresh set; the last administrator's refusal in the server's words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_PERMISSIONS_PATHS, type MemberPermissions, type PermissionSet } from '../../src/api/memberPermissions';
import PermissionsTab from '../../src/views/permissions/PermissionsTab';
import { api, json } from '../support/http';
import {
  ADMIN_SELF,
  GUARD,
  GUARD_FRESH,
  GUARD_SAVED,
  LAST_ADMIN_MESSAGE,
  RESIDENT_ROW,
  row,
  STALE_MESSAGE,
} from '../support/memberPermissionsFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const LIST = { success: true, miembros: [row(ADMIN_SELF), row(GUARD), RESIDENT_ROW], total: 3, limit: 25, offset: 0 };
const conflict = (motivo: 'stale' | 'lastAdmin', message: string, miembro: MemberPermissions) =>
  json({ success: false, code: 'CONFLICT', message, motivo, miembro }, 409);

function stub(member: MemberPermissions, save: () => Response) {
  return stubApi(sessionFor('admin'), {
    [api(MEMBER_PERMISSIONS_PATHS.list)]: () => json(LIST),
    [api(MEMBER_PERMISSIONS_PATHS.member(member.membershipId))]: () => json({ success: true, miembro: member }),
    [api(MEMBER_PERMISSIONS_PATHS.save)]: save,
  });
}

async function openMember(name: RegExp) {
  const list = await screen.findByRole('list', { name: 'Personal y permisos' });
  fireEvent.click(within(list).getByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('Personal y permisos', { timeout: 20_000 }, () => {
  it('lists the members with their roles and gives a guard Verificar pase', async () => {
    useViewport('phone');
    const calls = stub(GUARD, () => json({ success: true, miembro: GUARD_SAVED }));
    signedIn(<PermissionsTab />, '/configuracion');
    const list = await screen.findByRole('list', { name: 'Personal y permisos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Ana Martínez RuizAdministrador'),
      expect.stringContaining('Víctor Navarro RíosGuardia'),
      expect.stringContaining('Rosa Hernández DíazResidente'),
    ]);
    expect(items[2]!.textContent).toContain('Torre A - 101');
    expect(screen.getByText('3 personas')).toBeTruthy();

    const dialog = await openMember(/Víctor Navarro Ríos/);
    const pass = await within(dialog).findByRole('switch', { name: 'ACC-PAS · Verificar pase' });
    expect((pass as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByRole('switch', { name: 'COM-EDO · Estado de cuenta' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Nivel de ADEUDOS · Adeudos' })).toBeTruthy();
    expect((within(dialog).getByRole('switch', { name: 'Guardia' }) as HTMLInputElement).checked).toBe(true);
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(pass);
    expect(within(dialog).getByText('Tienes cambios sin guardar.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Bancos' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/Permisos guardados/)).toBeTruthy();
    const sent = calls.calls.find((c) => c.path === api(MEMBER_PERMISSIONS_PATHS.save))!.body as {
      membershipId: number;
      version: string;
      set: PermissionSet;
    };
    expect(sent.membershipId).toBe(GUARD.membershipId);
    expect(sent.version).toBe(GUARD.version);
    expect(sent.set.permisos.find((p) => p.clave === 'ACC-PAS')!.activa).toBe(true);
    expect(sent.set.funciones.find((f) => f.funcion === 'Bancos')!.tipo).toBe(2);
    // The list is read again after the save.
    await waitFor(() => expect(calls.calls.filter((c) => c.path === api(MEMBER_PERMISSIONS_PATHS.list))).toHaveLength(2));
  });

  it('shows the fresh set when someone else changed it, to redo the change', async () => {
    useViewport('desktop');
    stub(GUARD, () => conflict('stale', STALE_MESSAGE, GUARD_FRESH));
    signedIn(<PermissionsTab />, '/configuracion');
    const dialog = await openMember(/Víctor Navarro Ríos/);
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'ACC-PAS · Verificar pase' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Los permisos cambiaron');
    expect(alert.textContent).toContain(STALE_MESSAGE);
    expect((within(dialog).getByRole('switch', { name: 'ACC-PAS · Verificar pase' }) as HTMLInputElement).checked).toBe(false);
    expect(
      (within(dialog).getByRole('switch', { name: 'COM-SOL · Solicitudes al administrador' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("says the server's refusal when the last administrator takes their own flag away", async () => {
    useViewport('desktop');
    stub(ADMIN_SELF, () => conflict('lastAdmin', LAST_ADMIN_MESSAGE, ADMIN_SELF));
    signedIn(<PermissionsTab />, '/configuracion');
    const dialog = await openMember(/Ana Martínez Ruiz/);
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'Administrador' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Se necesita un administrador');
    expect(alert.textContent).toContain(LAST_ADMIN_MESSAGE);
    // The change stays, to be undone.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar cambios' }));
    expect((within(dialog).getByRole('switch', { name: 'Administrador' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends the search after typing, and the role filter at once', async () => {
    useViewport('desktop');
    stub(GUARD, () => json({}));
    const listQueries = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([request]) => new URL((request as Request).url))
        .filter((url) => url.pathname === api(MEMBER_PERMISSIONS_PATHS.list))
        .map((url) => Object.fromEntries(url.searchParams));
    signedIn(<PermissionsTab />, '/configuracion');
    await screen.findByRole('list', { name: 'Personal y permisos' });
    expect(listQueries()).toEqual([{ limit: '25', offset: '0' }]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Rol' }), { target: { value: 'guard' } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ rol: 'guard', limit: '25', offset: '0' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }), { target: { value: ' víctor ' } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'víctor', rol: 'guard', limit: '25', offset: '0' }));
    expect(listQueries()).toHaveLength(3);
  });
});
