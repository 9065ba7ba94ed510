// One poll as an administrator sees it, the network stubbed at fetch: the running results with who has not
// voted, the actions the answer lists (and only those), cancelling with a reason everyone then sees, extending
// with a new closing, a lost race, publishing a proposal, editing an upcoming poll, and the CSV and acta
// downloads with their failure.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollAnswer } from '../../src/api/polls';
import PollsPage from '../../src/views/polls/PollsPage';
import { EXISTING_DRAFT } from '../models/pollEditorMachine.model';
import { json } from '../support/http';
import { answer, NO_SEAT, UPCOMING } from '../support/pollFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

const POLL = '/api/--encuestas/poll/7';
const CHANGE = '/api/--encuestas/change';
const UPDATE = '/api/--encuestas/update';
const ACTA = '/api/--encuestas/acta/7';
const CSV = '/api/--encuestas/export/7';
const open = () => signedIn(<PollsPage />, '/comunicacion/encuestas?PollId=7');
/** Open now (its closing a week ahead of the real clock). */
const live = (a: PollAnswer): PollAnswer => ({
  ...a,
  poll: {
    ...a.poll,
    abre: new Date(Date.now() - 86_400_000).toISOString(),
    cierra: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  },
});
const buttons = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .map((b) => b.textContent);

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:poll', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('A poll for its administrator', { timeout: 20_000 }, () => {
  it('shows who has not voted and only the actions the answer lists; cancels with a reason everyone sees', async () => {
    const cancelled = {
      ...live(NO_SEAT),
      acciones: [],
      poll: {
        ...live(NO_SEAT).poll,
        estado: 'cancelada' as const,
        fase: 'cancelada' as const,
        motivo: 'Se pospone a enero.',
        version: 4,
      },
    };
    let reads = 0;
    const api = stubApi(sessionFor('admin'), {
      [POLL]: () => json(reads++ === 0 ? live(NO_SEAT) : cancelled),
      [CHANGE]: () => json(cancelled),
    });
    open();
    const card = await screen.findByRole('region', { name: 'Administración' });
    expect(buttons(card)).toEqual([
      'Cerrar ahora',
      'Extender cierre',
      'Cancelar votación',
      'Descargar CSV',
      'Descargar acta (PDF)',
    ]);
    // An administrator without a dwelling has no vote here.
    expect(screen.getByText('No tienes un voto en esta votación.')).toBeTruthy();
    const pending = screen.getByRole('region', { name: 'Aún no votan (2)' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Torre A - 103', 'Torre B - 201']);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar votación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la votación' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).getByText('Todos verán este motivo.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: ' Se pospone a enero. ' } });
    fireEvent.click(confirm);
    expect(await within(card).findByText('Votación cancelada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === CHANGE)?.body).toEqual({
      pollId: 7,
      version: 3,
      action: 'cancelar',
      motivo: 'Se pospone a enero.',
    });
    // The screen reads the poll again: the reason shows to everyone, prominently.
    expect(await screen.findByText('Motivo: Se pospone a enero.')).toBeTruthy();
    expect(screen.getByText('Votación cancelada')).toBeTruthy();
  });

  it('folds a long list of who has not voted under its count', async () => {
    const base = live(NO_SEAT);
    const names = Array.from({ length: 30 }, (_, i) => `Casa ${i + 1}`);
    stubApi(sessionFor('admin'), {
      [POLL]: () => json({ ...base, resultados: { ...base.resultados!, pendientes: names } }),
    });
    open();
    const pending = await screen.findByRole('region', { name: 'Aún no votan (30)' });
    const details = pending.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(pending).getByText('Ver la lista').tagName).toBe('SUMMARY');
    expect(within(pending).getAllByRole('listitem', { hidden: true })).toHaveLength(30);
  });

  it('extends to a new closing, and shows a lost race', async () => {
    const theirs = { ...live(NO_SEAT), poll: { ...live(NO_SEAT).poll, version: 4 } };
    const api = stubApi(sessionFor('admin'), {
      [POLL]: () => json(live(NO_SEAT)),
      [CHANGE]: () =>
        json(
          {
            success: false,
            code: 'CONFLICT',
            message: 'Alguien cambió esta votación antes que tú. Revisa cómo quedó.',
            motivo: null,
            poll: theirs,
          },
          409,
        ),
    });
    open();
    const card = await screen.findByRole('region', { name: 'Administración' });
    fireEvent.click(within(card).getByRole('button', { name: 'Extender cierre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extender el cierre' });
    fireEvent.change(within(dialog).getByLabelText(/^Nuevo cierre/), { target: { value: '2030-12-01T20:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('Alguien cambió esta votación antes que tú. Revisa cómo quedó.');
    expect(api.calls.find((c) => c.path === CHANGE)?.body).toEqual({
      pollId: 7,
      version: 3,
      action: 'extender',
      cierra: '2030-12-01T20:00',
    });
    fireEvent.click(within(alert).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
  });

  it('publishes a resident’s proposal', async () => {
    const proposal = answer(
      { asientos: [], acciones: ['publicar', 'rechazar', 'cancelar'] },
      { estado: 'propuesta', fase: 'propuesta', PropuestoPor: 'Rosa Hernández Díaz', fijadoEn: null },
    );
    const api = stubApi(sessionFor('admin'), {
      [POLL]: () => json(proposal),
      [CHANGE]: () =>
        json({ ...proposal, acciones: [], poll: { ...proposal.poll, estado: 'publicada', fase: 'proxima', version: 4 } }),
    });
    open();
    const card = await screen.findByRole('region', { name: 'Administración' });
    expect(screen.getByText('Rosa Hernández Díaz')).toBeTruthy();
    // No downloads before it opens.
    expect(buttons(card)).toEqual(['Publicar', 'Rechazar', 'Cancelar votación']);
    fireEvent.click(within(card).getByRole('button', { name: 'Publicar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Publicar esta propuesta?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(card).findByText('Propuesta publicada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === CHANGE)?.body).toEqual({ pollId: 7, version: 3, action: 'publicar' });
  });

  it('edits an upcoming poll with the version read', async () => {
    const upcoming = {
      ...UPCOMING,
      puedeEditar: true,
      borrador: { ...EXISTING_DRAFT, abre: '2030-11-25T09:00', cierra: '2030-11-27T23:59' },
      acciones: ['extender' as const, 'cancelar' as const],
    };
    const api = stubApi(sessionFor('admin'), {
      [POLL]: () => json(upcoming),
      // The server answers an edit with the poll as it is now.
      [UPDATE]: () => json({ ...upcoming, poll: { ...upcoming.poll, Titulo: 'Impermeabilización 2027', version: 4 } }),
    });
    open();
    const card = await screen.findByRole('region', { name: 'Administración' });
    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    const form = within(await screen.findByRole('dialog', { name: 'Editar votación' }));
    expect((form.getByLabelText(/^Título/) as HTMLInputElement).value).toBe('Impermeabilización de azoteas');
    fireEvent.change(form.getByLabelText(/^Título/), { target: { value: 'Impermeabilización 2027' } });
    fireEvent.click(form.getByRole('button', { name: 'Quitar cotizacion.pdf' }));
    fireEvent.click(form.getByRole('button', { name: 'Guardar cambios' }));
    expect(await form.findByText('Cambios guardados.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === UPDATE)?.body).toMatchObject({
      pollId: 7,
      version: 3,
      Titulo: 'Impermeabilización 2027',
      conservarAdjuntos: [],
    });
  });

  it('downloads the acta and the CSV, and says when a download fails', async () => {
    let csvCalls = 0;
    stubApi(sessionFor('admin'), {
      [POLL]: () => json(live(NO_SEAT)),
      [ACTA]: () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
      [CSV]: () =>
        csvCalls++ === 0
          ? json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500)
          : new Response('\uFEFFPregunta,Opción,Votos\n', { headers: { 'content-type': 'text/csv' } }),
    });
    open();
    const card = await screen.findByRole('region', { name: 'Administración' });
    fireEvent.click(within(card).getByRole('button', { name: 'Descargar acta (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['votacion-7-acta.pdf']));
    fireEvent.click(within(card).getByRole('button', { name: 'Descargar CSV' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('No pudimos descargar el archivo');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(saved).toEqual(['votacion-7-acta.pdf', 'votacion-7-resultados.csv']));
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
