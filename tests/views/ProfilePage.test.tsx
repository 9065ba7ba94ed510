// mi-perfil renders its machines over the session data: who the user is (photo or initials, name, e-mail,
// dwellings), and each change it sends, followed by a refresh of the session data. The network is
// stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../src/api/profile';
import ProfilePage from '../../src/views/profile/ProfilePage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const ok = () => json({ success: true });

const SOFIA = sessionFor('supervisor', {
  usuario: {
    UserEmail: 'supervisor@demo.mx',
    apartments: [
      { AptId: 7, AptName: '101', TorreName: 'Torre A' },
      { AptId: 9, AptName: 'Casa 3', TorreName: null },
    ],
  },
});
const PHOTO_URL = '/api/--perfil/photo-file/10?v=2&exp=1800000000&sig=ab';

const sessionLoads = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/--sesiones/session-data').length;
const fileInput = () => screen.getByLabelText('Elegir foto de perfil', { selector: 'input' }) as HTMLInputElement;

async function open(api = stubApi(SOFIA)) {
  const view = signedIn(<ProfilePage />, '/mi-perfil');
  await screen.findByRole('heading', { name: 'Mi Perfil' });
  return { ...view, api };
}

describe('ProfilePage', () => {
  it('shows the name, e-mail, initials without a photo, and the dwellings', async () => {
    await open();
    expect(screen.getByText('Sofía Vargas Peña')).toBeTruthy();
    expect(screen.getByText('supervisor@demo.mx')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('SV')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar foto' })).toBeNull();
    const dwellings = screen.getByRole('list', { name: 'Mis viviendas' });
    expect(
      within(dwellings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Torre A - 101', 'Casa 3']);
    expect(document.title).toBe('Residencial Las Palmas > Mi Perfil | Comunidad');
  });

  it('shows the photo with its alternative text, and removes it', async () => {
    const withPhoto = sessionFor('supervisor', { usuario: { fotoSignedUrl: PHOTO_URL } });
    const api = stubApi(withPhoto, { '/api/--perfil/delete-photo': () => json({ success: true, fotoSignedUrl: null }) });
    await open(api);
    const photo = screen.getByRole('img', { name: 'Foto de perfil de Sofía Vargas Peña' });
    expect(photo.getAttribute('src')).toBe(PHOTO_URL);
    api.setData(SOFIA);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar foto' }));
    await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/--perfil/delete-photo' && c.method === 'POST')).toBe(true);
    expect(sessionLoads(api.calls)).toBe(2);
  });

  it('edits the name, saves it trimmed and refreshes the session', async () => {
    const api = stubApi(SOFIA, { '/api/--perfil/update-name': ok });
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'Editar nombre' }));
    const field = screen.getByRole('textbox', { name: 'Nombre' });
    const save = () => screen.getByRole('button', { name: 'Guardar' });
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: '   ' } });
    expect(screen.getByText('El nombre es requerido.')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'x'.repeat(121) } });
    expect(screen.getByText('El nombre debe tener máximo 120 caracteres.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  Sofía Vargas  ' } });
    api.setData(sessionFor('supervisor', { usuario: { UserName: 'Sofía Vargas' } }));
    fireEvent.click(save());
    expect(await screen.findByText('Nombre actualizado.')).toBeTruthy();
    expect(screen.getByText('Sofía Vargas')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/--perfil/update-name')?.body).toEqual({ UserName: 'Sofía Vargas' });
    await waitFor(() => expect(sessionLoads(api.calls)).toBe(2));
  });

  it('refuses a photo that is too large or not an image, without sending it', async () => {
    const api = await open().then((v) => v.api);
    const big = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'grande.png', { type: 'image/png' });
    fireEvent.change(fileInput(), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('La foto pesa más de 1.5 MB. Elige una más ligera.');
    const gif = new File(['GIF89a'], 'animacion.gif', { type: 'image/gif' });
    fireEvent.change(fileInput(), { target: { files: [gif] } });
    expect(screen.getByRole('alert').textContent).toBe('Ese archivo no es una imagen PNG, JPG o WebP.');
    expect(api.calls.filter((c) => c.path.startsWith('/api/--perfil/'))).toEqual([]);
    expect(fileInput().getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
  });

  it('uploads a photo as a data URL, then refreshes the session', async () => {
    const api = stubApi(SOFIA, { '/api/--perfil/photo': () => json({ success: true, fotoSignedUrl: PHOTO_URL }) });
    await open(api);
    api.setData(sessionFor('supervisor', { usuario: { fotoSignedUrl: PHOTO_URL } }));
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'foto.png', { type: 'image/png' });
    fireEvent.change(fileInput(), { target: { files: [png] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Foto de perfil de Sofía Vargas Peña' })).toBeTruthy());
    const upload = api.calls.find((c) => c.path === '/api/--perfil/photo');
    expect(upload?.body).toEqual({ dataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(sessionLoads(api.calls)).toBe(2);
  });

  it('saves the language to the profile and refreshes the session', async () => {
    const api = stubApi(SOFIA, { '/api/--sesiones/language': ok });
    await open(api);
    const spanish = screen.getByRole('radio', { name: 'Español' }) as HTMLInputElement;
    expect(spanish.checked).toBe(true);
    api.setData(sessionFor('supervisor', { usuario: { language: 'en' } }));
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(sessionLoads(api.calls)).toBe(2));
    expect(api.calls.find((c) => c.path === '/api/--sesiones/language')?.body).toEqual({ language: 'en' });
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a wrong current password on that field', async () => {
    const api = stubApi(SOFIA, {
      '/api/--perfil/change-password': () =>
        json(
          {
            success: false,
            code: 'INVALID_CREDENTIALS',
            field: 'currentPassword',
            message: 'La contraseña actual es incorrecta.',
          },
          401,
        ),
    });
    await open(api);
    const submit = () => screen.getByRole('button', { name: 'Cambiar contraseña' });
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/^Contraseña actual/, { selector: 'input' }), { target: { value: 'equivocada' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/, { selector: 'input' }), { target: { value: 'Nueva1234' } });
    fireEvent.change(screen.getByLabelText(/^Confirma la contraseña nueva/, { selector: 'input' }), {
      target: { value: 'Nueva1234' },
    });
    fireEvent.click(submit());
    const current = screen.getByLabelText(/^Contraseña actual/, { selector: 'input' });
    const message = await screen.findByText('La contraseña actual es incorrecta.');
    expect(current.getAttribute('aria-describedby')).toContain(message.id);
    expect(api.calls.find((c) => c.path === '/api/--perfil/change-password')?.body).toEqual({
      currentPassword: 'equivocada',
      newPassword: 'Nueva1234',
    });
  });
});
