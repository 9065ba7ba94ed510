// Proxies and the agenda's votes on the assembly's screen at phone size, the network stubbed at fetch: an owner gives
// Torre A - 101's proxy to a resident with the signed PDF (the request carries the dwelling, the holder and the file);
// the administrator's accept over the holder's limit shows the server's words; the attendance list says who attends
// by proxy; a voter votes from the phone and sees "Voto registrado"; the administrator opens an item as secret and
// sees which seats voted, never how.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assembly } from '../../src/api/assemblies';
import AssembliesPage from '../../src/views/assemblies/AssembliesPage';
import { CALLED_RESIDENT, OPEN, WAITING_MET } from '../support/assembliesFixtures';
import { GIVEN_BOARD, M_OPEN, M_PENDING, MANAGER_BOARD, OWNER_BOARD, V_OPEN, V_VOTED } from '../support/assemblyVotesFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const DETAIL = `/api/--asambleas/${WAITING_MET.id}`;
const PROXIES = `${DETAIL}/cartas-poder`;
const GIVE = `${PROXIES}/dar`;
const DECIDE = `${PROXIES}/40/decidir`;
const VOTING = `${DETAIL}/votaciones`;
const APARTMENT = { AptId: 11, AptName: '101', TorreName: 'Torre A' };
const resident = () => sessionFor('resident', { usuario: { apartments: [APARTMENT] } });
const page = () => signedIn(<AssembliesPage />, `/asambleas?id=${WAITING_MET.id}`);

describe('assembly proxies and votes', () => {
  it('lets an owner give the dwelling’s proxy with the signed document', async () => {
    useViewport('phone');
    const api = stubApi(resident(), {
      [DETAIL]: () => json({ success: true, data: CALLED_RESIDENT }),
      [PROXIES]: () => json({ success: true, data: OWNER_BOARD }),
      [GIVE]: () => json({ success: true, data: GIVEN_BOARD }),
    });
    page();
    const form = await screen.findByRole('form', { name: 'Dar carta poder' });
    expect(within(form).getByText('Torre A - 101')).toBeTruthy();
    fireEvent.change(within(form).getByRole('combobox', { name: 'Residente' }), { target: { value: '5' } });
    const pdf = new File(['%PDF-1.4\n%%EOF\n'], 'carta.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByLabelText('Carta poder firmada (PDF o imagen)'), { target: { files: [pdf] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar carta poder' }));
    expect(await screen.findByText('Pendiente')).toBeTruthy();
    const [sent] = api.calls.filter((c) => c.path === GIVE).map((c) => c.body as { file: { dataUrl: string } });
    expect(sent).toMatchObject({ apartmentId: 11, holderUserId: 5, holderName: '', file: { name: 'carta.pdf' } });
    expect(sent?.file.dataUrl).toMatch(/^data:application\/pdf;base64,/);
    expect(screen.getByText('Torre A - 101 → Vecina Once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeTruthy();
  });

  it('shows the administrator the server’s words when the holder’s limit is reached, and who attends by proxy', async () => {
    useViewport('phone');
    const withProxy: Assembly = {
      ...WAITING_MET,
      attendance: [{ ...WAITING_MET.attendance![0]!, proxyHolder: 'Vecina Once' }, WAITING_MET.attendance![1]!],
    };
    const api = stubApi(sessionFor('admin'), {
      [DETAIL]: () => json({ success: true, data: withProxy }),
      [PROXIES]: () => json({ success: true, data: MANAGER_BOARD }),
      [DECIDE]: () =>
        json(
          { success: false, code: 'CONFLICT', message: 'Vecina Once ya representa 3 viviendas, el límite del condominio.' },
          409,
        ),
    });
    page();
    expect(await screen.findByText('por carta poder: Vecina Once')).toBeTruthy();
    expect(await screen.findByText('Otorgada por Vecino Diez')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Vecina Once ya representa 3 viviendas, el límite del condominio.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === DECIDE).map((c) => c.body)).toEqual([{ accept: true, reason: '' }]);
    // The proxy holder attends as the owner, by name.
    fireEvent.change(screen.getByRole('combobox', { name: 'Torre A - 101 Propietario' }), { target: { value: 'online' } });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === `${DETAIL}/asistencia`).map((c) => c.body)).toEqual([
        { apartmentId: 11, kind: 'owner', mode: 'online', name: 'Vecina Once' },
      ]),
    );
  });

  it('lets a voter vote from the phone once', async () => {
    useViewport('phone');
    const api = stubApi(resident(), {
      [DETAIL]: () =>
        json({ success: true, data: { ...OPEN, manages: false, actions: [], attendance: null, mayConfirm: false } }),
      [PROXIES]: () => json({ success: true, data: { ...OWNER_BOARD, mayGive: [] } }),
      [VOTING]: () => json({ success: true, data: V_OPEN }),
      [`${VOTING}/1/votar`]: () => json({ success: true, data: V_VOTED }),
    });
    page();
    const ballot = await screen.findByTestId('seat-ballot');
    fireEvent.click(within(ballot).getByRole('button', { name: 'A favor' }));
    expect(await screen.findByText('Voto registrado: A favor')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === `${VOTING}/1/votar`).map((c) => c.body)).toEqual([
      { apartmentId: 11, choice: 'yes' },
    ]);
    expect(screen.queryByRole('button', { name: 'En contra' })).toBeNull();
    expect(screen.getByText('A favor 58.33 % · En contra 0 % · Abstención 0 %')).toBeTruthy();
  });

  it('lets the administrator open an item as secret and see which seats voted, not how', async () => {
    useViewport('phone');
    const secretOpen = {
      ...M_OPEN,
      items: [
        { ...M_OPEN.items[0]!, secret: true, seats: M_OPEN.items[0]!.seats!.map((s) => ({ ...s, choice: null })) },
        M_OPEN.items[1]!,
      ],
    };
    const api = stubApi(sessionFor('admin'), {
      [DETAIL]: () => json({ success: true, data: OPEN }),
      [PROXIES]: () => json({ success: true, data: { ...MANAGER_BOARD, proxies: [] } }),
      [VOTING]: () => json({ success: true, data: M_PENDING }),
      [`${VOTING}/1/abrir`]: () => json({ success: true, data: secretOpen }),
    });
    page();
    const control = await screen.findByTestId('item-vote-control');
    const [first] = within(control).getAllByTestId('item-control');
    fireEvent.click(within(first!).getByRole('checkbox', { name: 'Votación secreta' }));
    fireEvent.click(within(first!).getByRole('button', { name: 'Abrir votación' }));
    expect(await within(control).findByText('Secreta')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === `${VOTING}/1/abrir`).map((c) => c.body)).toEqual([{ secret: true }]);
    const rows = within(control).getAllByTestId('seat-row');
    expect(within(rows[0]!).getByText('Votó')).toBeTruthy();
    expect(within(rows[0]!).queryByText('A favor')).toBeNull();
    expect(within(rows[1]!).getByRole('combobox', { name: 'Torre A - 102 Mano alzada' })).toBeTruthy();
    expect(within(rows[1]!).getByText('por carta poder: Vecina Once')).toBeTruthy();
  });

  it('keeps a closed item’s seats folded until asked for', async () => {
    useViewport('phone');
    const closed = {
      ...M_OPEN,
      items: [{ ...M_OPEN.items[0]!, state: 'closed' as const, outcome: 'approved' as const }, M_OPEN.items[1]!],
    };
    stubApi(sessionFor('admin'), {
      [DETAIL]: () => json({ success: true, data: OPEN }),
      [PROXIES]: () => json({ success: true, data: { ...MANAGER_BOARD, proxies: [] } }),
      [VOTING]: () => json({ success: true, data: closed }),
    });
    page();
    const control = await screen.findByTestId('item-vote-control');
    const [first] = within(control).getAllByTestId('item-control');
    expect(within(first!).queryAllByTestId('seat-row')).toHaveLength(0);
    const show = within(first!).getByRole('button', { name: 'Ver las viviendas (2)' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(within(first!).getAllByTestId('seat-row')).toHaveLength(2);
    fireEvent.click(within(first!).getByRole('button', { name: 'Ocultar las viviendas' }));
    expect(within(first!).queryAllByTestId('seat-row')).toHaveLength(0);
  });
});
