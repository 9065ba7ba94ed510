// Comprobantes de pago (issue 27) over its two machines, the network stubbed at fetch: the review queue as cards with
// the Posible duplicado flag, a proof opened and accepted into an account; the upload form refusing a day in the
// future under its field before anything is sent, then sending the proof as the contract carries it; staff without
// the statement sent away.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProofsPage from '../../src/views/proofs/ProofsPage';
import { json } from '../support/http';
import { ACCEPTED, DUPLICATE, OWN_PROOF, PROOF, QUEUE_PAGE, RESIDENT_OPTIONS, REVIEWER_OPTIONS } from '../support/proofsFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/--comprobantes-de-pago';
const OPTIONS = '/api/--comprobantes-de-pago/opciones';
const ACCEPT = `/api/--comprobantes-de-pago/${PROOF.id}/aceptar`;

describe('Comprobantes de pago', { timeout: 20_000 }, () => {
  it('shows the queue with the duplicate flagged, and accepts a proof into the account chosen', async () => {
    useViewport('desktop');
    const api = stubApi(sessionFor('admin'), {
      [OPTIONS]: () => json({ success: true, data: REVIEWER_OPTIONS }),
      [LIST]: () => json({ success: true, ...QUEUE_PAGE }),
      [ACCEPT]: () => json({ success: true, data: ACCEPTED }),
    });
    signedIn(<ProofsPage />, '/comprobantes-de-pago');
    expect(await screen.findByRole('heading', { name: 'Comprobantes de pago', level: 1 })).toBeTruthy();
    const duplicate = await screen.findByLabelText(`${DUPLICATE.vivienda} $1,850.00`);
    expect(within(duplicate).getByText('Posible duplicado')).toBeTruthy();
    const card = screen.getByLabelText(`${PROOF.vivienda} $1,850.00`);
    expect(within(card).queryByText('Posible duplicado')).toBeNull();
    expect(within(card).getByText('En revisión')).toBeTruthy();
    expect(api.calls.find((c) => c.path === LIST)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Revisar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Abrir el archivo del comprobante' }).getAttribute('href')).toBe(
      PROOF.fileUrl,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y registrar pago' }));
    expect(await within(dialog).findByText(/Comprobante aceptado/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === ACCEPT)?.body).toEqual({ accountId: REVIEWER_OPTIONS.accounts[0]!.id });
    expect(within(dialog).getByRole('button', { name: 'Descargar recibo' })).toBeTruthy();
  });

  it('refuses a rejection without a reason, sending nothing', async () => {
    useViewport('desktop');
    const api = stubApi(sessionFor('admin'), {
      [OPTIONS]: () => json({ success: true, data: REVIEWER_OPTIONS }),
      [LIST]: () => json({ success: true, ...QUEUE_PAGE }),
    });
    signedIn(<ProofsPage />, '/comprobantes-de-pago');
    const card = await screen.findByLabelText(`${PROOF.vivienda} $1,850.00`);
    fireEvent.click(within(card).getByRole('button', { name: 'Revisar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe el motivo, de 3 a 500 caracteres.')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/rechazar'))).toBe(false);
  });

  it('lets a resident send a proof: a day in the future is refused under its field, then it goes as typed', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('resident'), {
      [OPTIONS]: () => json({ success: true, data: RESIDENT_OPTIONS }),
      [LIST]: () => {
        const last = api.calls.at(-1)!;
        return last.method === 'GET'
          ? json({ success: true, items: [OWN_PROOF], total: 1 })
          : json({ success: true, data: { ...OWN_PROOF, id: 77 } }, 201);
      },
    });
    signedIn(<ProofsPage />, '/comprobantes-de-pago');
    expect(await screen.findByText(/envía aquí tu comprobante/)).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Estado de los comprobantes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'spei.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(dialog).findByText('Archivo: spei.png')).toBeTruthy();
    // Its one dwelling is chosen already, and the day paid starts as today.
    expect(within(dialog).getByLabelText('Vivienda')).toHaveProperty('value', '57');
    fireEvent.change(within(dialog).getByLabelText('Monto pagado ($)'), { target: { value: '1,850.00' } });
    fireEvent.change(within(dialog).getByLabelText('Fecha de pago'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(dialog).getByLabelText('Banco'), { target: { value: 'BBVA' } });
    fireEvent.change(within(dialog).getByLabelText('Referencia o folio'), { target: { value: 'SPEI 0048213' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar comprobante' }));
    expect(await within(dialog).findByText('La fecha de pago no puede ser posterior a hoy.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === LIST && c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Fecha de pago'), { target: { value: '2026-11-18' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar comprobante' }));
    expect(await within(dialog).findByText(/Tu comprobante se envió/)).toBeTruthy();
    const sent = api.calls.find((c) => c.path === LIST && c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      apartmentId: 57,
      method: 'transferencia',
      amountCents: 185_000,
      paidOn: '2026-11-18',
      bank: 'BBVA',
      reference: 'SPEI 0048213',
      file: { name: 'spei.png', dataUrl: expect.stringMatching(/^data:image\/png;base64,/) },
    });
  });

  it('sends a guard away, asking nothing', async () => {
    const api = stubApi(sessionFor('guard'));
    const { location } = signedIn(<ProofsPage />, '/comprobantes-de-pago');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith(LIST))).toBe(false);
  });
});
