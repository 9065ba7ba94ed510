// The document library screen (condominio/others) at phone size, the network stubbed at fetch: a resident reads the
// folders and the documents with who sees each, opens the reglamento's versions and has nothing to change; an empty
// folder says so; the administrator uploads a PDF for the owners (the request carries the folder, the name, the
// audience and the file) and archives a document from its versions; a file of another type is refused before it
// travels.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DocumentsPage from '../../src/views/documents/DocumentsPage';
import { FOLDERS, INSURANCE, PAGE, RULES, RULES_ARCHIVED, RULES_OPEN } from '../support/documentsFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/--documentos/lista';
const FOLDER_LIST = '/api/--documentos/carpetas';
const UPLOAD = '/api/--documentos/nuevo';

function page(role: 'admin' | 'resident', answers: Record<string, () => Response> = {}) {
  useViewport('phone');
  const api = stubApi(sessionFor(role), {
    [LIST]: () => json(PAGE),
    [FOLDER_LIST]: () => json({ success: true, items: FOLDERS }),
    [`/api/--documentos/${RULES.id}`]: () => json({ success: true, data: RULES_OPEN }),
    ...answers,
  });
  signedIn(<DocumentsPage />, '/others');
  return api;
}

describe('document library screen', () => {
  it('shows a resident the documents with who sees each, and the reglamento’s versions, nothing to change', async () => {
    page('resident');
    const rules = await screen.findByTestId(`document-${RULES.id}`);
    expect(within(rules).getByText('Todos')).toBeTruthy();
    expect(within(rules).getByText('Versión 2 · Ana Martínez Ruiz · 2025-11-01 09:30')).toBeTruthy();
    expect(within(screen.getByTestId(`document-${INSURANCE.id}`)).getByText('Propietarios')).toBeTruthy();
    expect(screen.getByText('2 documentos')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Carpeta' }).textContent).toContain('Libro de actas (1)');
    expect(screen.queryByRole('button', { name: 'Subir documento' })).toBeNull();
    fireEvent.click(within(rules).getByRole('button', { name: 'Versiones' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'reglamento-2023.pdf' })).toBeTruthy();
    expect(within(dialog).getByText('Reforma aprobada en asamblea.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Archivar' })).toBeNull();
  });

  it('says a folder is empty', async () => {
    page('resident', { [LIST]: () => json({ success: true, items: [], total: 0 }) });
    expect(await screen.findByText('No hay documentos en esta carpeta.')).toBeTruthy();
  });

  it('lets the administrator upload a PDF for the owners, and refuses another type before it travels', async () => {
    const api = page('admin', { [UPLOAD]: () => json({ success: true, data: INSURANCE }) });
    await screen.findByTestId(`document-${RULES.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Subir documento' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Carpeta' }), { target: { value: 'seguros' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Póliza 2026' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Quién lo ve' }), { target: { value: 'owners' } });
    const input = within(dialog).getByLabelText('Archivo (PDF o imagen)');
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'hoja.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Solo PDF o imágenes (PNG, JPEG, WebP).')).toBeTruthy();
    expect(api.calls.some((c) => c.path === UPLOAD)).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'poliza.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Documento guardado.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === UPLOAD).map((c) => c.body)).toEqual([
      {
        folder: 'seguros',
        name: 'Póliza 2026',
        audience: 'owners',
        file: { name: 'poliza.pdf', dataUrl: `data:application/pdf;base64,${btoa('%PDF-1.4')}` },
      },
    ]);
  });

  it('lets the administrator archive a document from its versions', async () => {
    const api = page('admin', {
      [`/api/--documentos/${RULES.id}/archivar`]: () => json({ success: true, data: RULES_ARCHIVED }),
    });
    fireEvent.click(within(await screen.findByTestId(`document-${RULES.id}`)).getByRole('button', { name: 'Versiones' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archivar' }));
    expect(await screen.findByText('Documento archivado.')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.endsWith('/archivar')).map((c) => c.body)).toEqual([{ archived: true }]),
    );
    expect(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Restaurar' })).toBeTruthy();
  });
});
