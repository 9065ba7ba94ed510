// The assemblies screen at phone size, the network stubbed at fetch: the administrator, with the assembly waiting
// at its second call, sees the quorum, marks a dwelling's owner present (the request carries the dwelling, kind and
// mode) and opens it; a 409 below the quorum shows the server's words and the assembly as it is; a resident answers
// ahead and sees their answer; those who do not see assemblies are sent away.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssembliesPage from '../../src/views/assemblies/AssembliesPage';
import { CALLED_RESIDENT, NO_QUORUM, OPEN, WAITING_MET } from '../support/assembliesFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const DETAIL = `/api/--asambleas/${WAITING_MET.id}`;
const CHANGE = `${DETAIL}/cambiar`;
const ATTEND = `${DETAIL}/asistencia`;
const CONFIRM = `${DETAIL}/confirmar`;
const APARTMENT = { AptId: 11, AptName: '101', TorreName: 'Torre A' };

describe('assemblies screen', () => {
  it('shows the administrator the live quorum, records attendance and opens the assembly', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('admin'), {
      [DETAIL]: () => json({ success: true, data: WAITING_MET }),
      [ATTEND]: () => json({ success: true, data: WAITING_MET }),
      [CHANGE]: () => json({ success: true, data: OPEN }),
    });
    signedIn(<AssembliesPage />, `/asambleas?id=${WAITING_MET.id}`);
    expect(await screen.findByText('Presente: 60 % del indiviso (1 de 2 viviendas)')).toBeTruthy();
    expect(screen.getByText('Convocatoria 2: se requiere más del 50 % del indiviso')).toBeTruthy();
    expect(screen.getByText('Quórum alcanzado')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Torre A - 102 Propietario' }), { target: { value: 'online' } });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === ATTEND).map((c) => c.body)).toEqual([
        { apartmentId: 12, kind: 'owner', mode: 'online' },
      ]),
    );
    const opening = (await screen.findByRole('button', { name: 'Abrir la asamblea' })) as HTMLButtonElement;
    await waitFor(() => expect(opening.disabled).toBe(false));
    fireEvent.click(opening);
    expect(await screen.findByText('Abierta')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === CHANGE).map((c) => c.body)).toEqual([{ action: 'open', version: 4 }]);
  });

  it('shows the server’s words when the quorum is not met', async () => {
    useViewport('phone');
    stubApi(sessionFor('admin'), {
      [DETAIL]: () => json({ success: true, data: WAITING_MET }),
      [CHANGE]: () => json({ success: false, code: 'CONFLICT', ...NO_QUORUM }, 409),
    });
    signedIn(<AssembliesPage />, `/asambleas?id=${WAITING_MET.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir la asamblea' }));
    expect(await screen.findByText('No se ha alcanzado el quórum de la convocatoria en curso.')).toBeTruthy();
    expect(screen.getByText('Sin quórum')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Abrir la asamblea' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets a resident answer ahead', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('resident', { usuario: { apartments: [APARTMENT] } }), {
      [DETAIL]: () => json({ success: true, data: CALLED_RESIDENT }),
      [CONFIRM]: () => json({ success: true, data: { ...CALLED_RESIDENT, myAnswer: 'online' } }),
    });
    signedIn(<AssembliesPage />, `/asambleas?id=${WAITING_MET.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Asistiré en línea' }));
    expect(await screen.findByText('Su respuesta: Asistiré en línea')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === CONFIRM).map((c) => c.body)).toEqual([{ answer: 'online' }]);
    expect(screen.queryByRole('button', { name: 'Abrir la asamblea' })).toBeNull();
  });

  it('sends away those who do not see assemblies', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('guard'), {
      '/api/--asambleas/lista': () => json({ success: true, items: [], manages: false }),
    });
    const { location } = signedIn(<AssembliesPage />, '/asambleas');
    await waitFor(() => expect(location.history.at(-1)).toBe('/comunicacion'));
    expect(api.calls.filter((c) => c.path.startsWith('/api/--asambleas'))).toEqual([]);
  });
});
