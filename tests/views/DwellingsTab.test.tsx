// configuracion ?tab=viviendas over its machines: the share warning, the towers, the dwellings page with its
// search (sent after typing stops) and pages, editing a dwelling's share (sent in parts per million, the dialog
// closing and the page read again), a refusal kept in its dialog, and the import: a file with a bad row (the row
// highlighted with its message, Importar disabled), then the fixed file confirmed. The network is stubbed at
// fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dwelling, DwellingListAnswer, ImportPreview } from '../../src/api/dwellings';
import DwellingsTab from '../../src/views/dwellings/DwellingsTab';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  useViewport('desktop');
});

const dwelling = (ApmtId: number, Nombre: string, extra: Partial<Dwelling> = {}): Dwelling => ({
  ApmtId,
  Nombre,
  TowerId: 1,
  Torre: 'Torre A',
  indiviso: 4000,
  activa: true,
  residentes: 0,
  ...extra,
});

const LIST: DwellingListAnswer = {
  success: true,
  viviendas: [
    dwelling(1, '101', { residentes: 2 }),
    dwelling(2, '102'),
    dwelling(3, 'Casa Jardín', { TowerId: null, Torre: null }),
  ],
  total: 60,
  torres: [
    { TowerId: 1, Nombre: 'Torre A', activa: true, viviendas: 40 },
    { TowerId: 2, Nombre: 'Torre Vieja', activa: false, viviendas: 0 },
  ],
  indivisoActivo: 999_000,
  activas: 60,
};

const preview = (problem: boolean): ImportPreview => ({
  success: true,
  filas: [
    {
      fila: 2,
      torre: 'Torre Oriente',
      vivienda: '1',
      indiviso: 5000,
      estado: 'nueva',
      torreNueva: true,
      anterior: null,
      problema: null,
      mensaje: null,
    },
    problem
      ? {
          fila: 3,
          torre: 'Torre Oriente',
          vivienda: '2',
          indiviso: null,
          estado: 'problema',
          torreNueva: false,
          anterior: null,
          problema: 'indivisoInvalido',
          mensaje: 'Indiviso no válido («abc»): escribe un porcentaje de 0 a 100 con hasta 4 decimales.',
        }
      : {
          fila: 3,
          torre: 'Torre Oriente',
          vivienda: '2',
          indiviso: 5000,
          estado: 'nueva',
          torreNueva: true,
          anterior: null,
          problema: null,
          mensaje: null,
        },
  ],
  resumen: problem
    ? { nuevas: 1, actualizadas: 0, iguales: 0, problemas: 1, torresNuevas: 1 }
    : { nuevas: 2, actualizadas: 0, iguales: 0, problemas: 0, torresNuevas: 1 },
  huella: problem ? 'h1' : 'h2',
});

function api(overrides: Record<string, () => Response> = {}) {
  let previews = 0;
  return stubApi(sessionFor('admin'), {
    '/api/--configuracion/viviendas/lista': () => json(LIST),
    '/api/--configuracion/viviendas/vivienda': () => json({ success: true, vivienda: dwelling(1, '101', { indiviso: 4167 }) }),
    '/api/--configuracion/viviendas/importar/vista-previa': () => json(preview(previews++ === 0)),
    '/api/--configuracion/viviendas/importar/confirmar': () =>
      json({ success: true, resumen: { nuevas: 2, actualizadas: 0, iguales: 0, problemas: 0, torresNuevas: 1 } }),
    ...overrides,
  });
}

const listCalls = (stub: ReturnType<typeof api>) => stub.calls.filter((c) => c.path.endsWith('/viviendas/lista'));
const dwellingsTable = () => screen.getByRole('table', { name: 'Viviendas' });

async function open(stub = api()) {
  const view = signedIn(<DwellingsTab />, '/condominio/configuracion?tab=viviendas');
  await screen.findByRole('table', { name: 'Viviendas' });
  return { ...view, stub };
}

describe('DwellingsTab', () => {
  it('shows towers and dwellings as cards on a phone, every column and its actions within the screen (issue 28 #6)', {
    timeout: 15_000,
  }, async () => {
    useViewport('phone');
    api();
    signedIn(<DwellingsTab />, '/condominio/configuracion?tab=viviendas');
    const dwellings = await screen.findByRole('list', { name: 'Viviendas' }, { timeout: 10_000 });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(dwellings).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.textContent).toMatch(/^Torre A · 101/);
    expect(cards[0]!.textContent).toContain('Estado:Activa');
    expect(cards[0]!.textContent).toContain('Residentes:2');
    expect(within(cards[0]!).getByRole('button', { name: 'Editar Torre A - 101' })).toBeTruthy();
    const towers = within(screen.getByRole('list', { name: 'Torres' })).getAllByRole('listitem');
    expect(towers.map((t) => within(t).getByRole('button', { name: /Desactivar|Reactivar/ }).textContent)).toEqual([
      'Desactivar',
      'Reactivar',
    ]);
  });

  it('warns that the shares do not make 100 %, lists towers and a page of dwellings, searches and pages', async () => {
    const { stub } = await open();
    expect(screen.getByText('Los indivisos de las 60 viviendas activas suman 99.9 %, no 100 %.')).toBeTruthy();
    const towers = within(screen.getByRole('table', { name: 'Torres' })).getAllByRole('row');
    expect(towers.map((r) => r.textContent)).toEqual([
      'TorreViviendas activasEstadoAcciones',
      'Torre A40ActivaEditarDesactivar',
      'Torre Vieja0DesactivadaEditarReactivar',
    ]);
    const rows = within(dwellingsTable()).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Torre A', '101', '0.4 %', '2', 'Activa'],
      ['Torre A', '102', '0.4 %', '0', 'Activa'],
      ['Sin torre', 'Casa Jardín', '0.4 %', '0', 'Activa'],
    ]);
    expect(screen.getByText('1–25 de 60')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar torre o vivienda'), { target: { value: 'jardín' } });
    await waitFor(() => expect(listCalls(stub).length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listCalls(stub).length).toBe(3));
    expect(screen.getByText('26–50 de 60')).toBeTruthy();
  });

  it('edits a dwelling’s share as a percentage and sends parts per million; the dialog closes and the page is read again', async () => {
    const { stub } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Torre A - 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar vivienda' });
    const share = within(dialog).getByLabelText(/Indiviso/);
    expect(share).toHaveProperty('value', '0.4');
    fireEvent.change(share, { target: { value: '0.41675' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe un porcentaje de 0 a 100 con hasta 4 decimales.')).toBeTruthy();
    fireEvent.change(share, { target: { value: '0,4167' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.find((c) => c.path.endsWith('/viviendas/vivienda'))?.body).toEqual({
      ApmtId: 1,
      Nombre: '101',
      TowerId: 1,
      indiviso: 4167,
    });
    await waitFor(() => expect(listCalls(stub).length).toBe(2));
  });

  it('keeps a refusal in its dialog', async () => {
    await open(
      api({
        '/api/--configuracion/viviendas/torre': () =>
          json({ success: false, code: 'CONFLICT', message: 'Ya existe una torre con ese nombre.', field: 'Nombre' }, 409),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Nueva torre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva torre' });
    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: 'Torre A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya existe una torre con ese nombre.')).toBeTruthy();
  });

  it('asks before deactivating a dwelling, saying how many live there', async () => {
    const { stub } = await open(
      api({
        '/api/--configuracion/viviendas/vivienda/estado': () =>
          json({ success: true, vivienda: dwelling(1, '101', { activa: false }) }),
      }),
    );
    const row = within(dwellingsTable()).getAllByRole('row')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar la vivienda Torre A - 101?' });
    expect(within(dialog).getByText('Tiene 2 residentes.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.find((c) => c.path.endsWith('/vivienda/estado'))?.body).toEqual({ ApmtId: 1, activa: false });
  });

  it('imports: a bad row is shown with its message and cannot be confirmed; the fixed file is', async () => {
    const { stub, container } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Importar archivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar viviendas' });
    const choose = (text: string) => {
      const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File([text], 'viviendas.csv', { type: 'text/csv' })] } });
    };
    choose('Torre,Vivienda,Indiviso\nTorre Oriente,1,0.5\nTorre Oriente,2,abc\n');
    const table = await within(dialog).findByRole('table', { name: 'Importar viviendas' });
    const bad = within(table).getAllByRole('row')[2]!;
    expect(bad.getAttribute('data-problem')).toBe('true');
    expect(within(bad).getByText(/Indiviso no válido/)).toBeTruthy();
    expect(within(dialog).getByText(/1 fila tiene un problema/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Importar 1 fila' })).toHaveProperty('disabled', true);
    const sent = stub.calls.find((c) => c.path.endsWith('/vista-previa'))?.body as { nombre: string; datos: string };
    expect(sent.nombre).toBe('viviendas.csv');
    expect(atob(sent.datos)).toContain('Torre Oriente,2,abc');
    choose('Torre,Vivienda,Indiviso\nTorre Oriente,1,0.5\nTorre Oriente,2,0.5\n');
    const confirm = await within(dialog).findByRole('button', { name: 'Importar 2 filas' });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Listo: 2 viviendas creadas y 0 actualizadas.')).toBeTruthy();
    expect(stub.calls.find((c) => c.path.endsWith('/confirmar'))?.body).toMatchObject({ huella: 'h2', nombre: 'viviendas.csv' });
    await waitFor(() => expect(listCalls(stub).length).toBe(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
