// The minutes of assemblies at phone size, the network stubbed at fetch: a resident reads the book of minutes and
// checks an acta ("Íntegra"); the administrator adds an addendum (the request carries its text); a reader the
// minutes' audience does not allow is told so; the administrator's settings save the proxy limit typed; at the door,
// a typed code records the owner's dwelling and a refused one shows the server's words; an owner sees their code.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssembliesPage from '../../src/views/assemblies/AssembliesPage';
import { CALLED_RESIDENT, OPEN } from '../support/assembliesFixtures';
import { BOOK, CHECKED_IN, CODE, READER_BOOK, SETTINGS, WITH_ADDENDUM } from '../support/assemblyMinutesFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const BOOK_PATH = '/api/--asambleas/libro-de-actas';
const CHECK = `${BOOK_PATH}/4/verificar`;
const ADDENDUM = `${BOOK_PATH}/4/adenda`;
const SETTINGS_PATH = '/api/--asambleas/ajustes';
const SAVE = '/api/--asambleas/ajustes/guardar';
const APARTMENT = { AptId: 11, AptName: '101', TorreName: 'Torre A' };

describe('the book of minutes, the settings and the door', () => {
  it('lets a resident read the book and check an acta', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident', { usuario: { apartments: [APARTMENT] } }), {
      [BOOK_PATH]: () => json(READER_BOOK),
      [CHECK]: () => json({ success: true, data: { intact: true, addenda: [] } }),
    });
    signedIn(<AssembliesPage />, '/asambleas?libro=1');
    expect(await screen.findByText('Acta 1')).toBeTruthy();
    expect(screen.getByText('Asamblea ordinaria anual')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir el acta' }).getAttribute('href')).toBe(BOOK.items[0]!.fileUrl);
    expect(screen.queryByRole('button', { name: 'Agregar adenda' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar integridad' }));
    expect(await screen.findByText('Íntegra')).toBeTruthy();
  });

  it('lets the administrator add an addendum', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('admin'), {
      [BOOK_PATH]: () => json(BOOK),
      [ADDENDUM]: () => json({ success: true, data: WITH_ADDENDUM }),
    });
    signedIn(<AssembliesPage />, '/asambleas?libro=1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Corrección' }), {
      target: { value: ' Se corrige el nombre del secretario. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar adenda' }));
    expect(await screen.findByText('Adenda 1: Se corrige el nombre del secretario.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === ADDENDUM).map((c) => c.body)).toEqual([
      { text: 'Se corrige el nombre del secretario.', file: null },
    ]);
  });

  it('tells a reader the audience does not allow', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident', { usuario: { apartments: [APARTMENT] } }), {
      [BOOK_PATH]: () => json({ success: false, code: 'FORBIDDEN', message: 'No tienes permiso.' }, 403),
    });
    signedIn(<AssembliesPage />, '/asambleas?libro=1');
    expect(await screen.findByText('El libro de actas no está disponible para ti.')).toBeTruthy();
  });

  it('saves the administrator’s settings', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('admin'), {
      [SETTINGS_PATH]: () => json({ success: true, data: SETTINGS }),
      [SAVE]: () => json({ success: true, data: { ...SETTINGS, proxyLimit: 5 } }),
    });
    signedIn(<AssembliesPage />, '/asambleas?ajustes=1');
    const limit = await screen.findByRole('textbox', { name: 'Cartas poder por persona' });
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(limit, { target: { value: '5' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Ajustes guardados.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === SAVE).map((c) => c.body)).toEqual([{ ...SETTINGS, proxyLimit: 5 }]);
  });

  it('checks an owner in at the door by a typed code, and shows a refusal', async () => {
    useViewport('phone');
    const DOOR = `/api/--asambleas/${OPEN.id}/puerta`;
    let refuse = false;
    const api = stubApi(sessionFor('admin'), {
      [`/api/--asambleas/${OPEN.id}`]: () => json({ success: true, data: OPEN }),
      [DOOR]: () =>
        refuse
          ? json({ success: false, code: 'BAD_REQUEST', message: 'El código es de otra asamblea.', field: 'code' }, 400)
          : json(CHECKED_IN),
    });
    signedIn(<AssembliesPage />, `/asambleas?id=${OPEN.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar en la puerta' }));
    const typed = screen.getByRole('textbox', { name: 'Código de acceso' });
    fireEvent.change(typed, { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Rosa Martínez: registrada la asistencia de Torre A - 101.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === DOOR).map((c) => c.body)).toEqual([{ code: CODE }]);
    refuse = true;
    fireEvent.change(typed, { target: { value: 'A8-12-0123456789ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('El código es de otra asamblea.')).toBeTruthy();
  });

  it('shows an owner their access code', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident', { usuario: { apartments: [APARTMENT] } }), {
      [`/api/--asambleas/${CALLED_RESIDENT.id}`]: () => json({ success: true, data: CALLED_RESIDENT }),
      [`/api/--asambleas/${CALLED_RESIDENT.id}/mi-codigo`]: () =>
        json({ success: true, code: CODE, dwellings: ['Torre A - 101'] }),
    });
    signedIn(<AssembliesPage />, `/asambleas?id=${CALLED_RESIDENT.id}`);
    expect(await screen.findByText(CODE)).toBeTruthy();
    expect(screen.getByText('Muéstralo en la puerta: registra tu asistencia por Torre A - 101.')).toBeTruthy();
  });
});
