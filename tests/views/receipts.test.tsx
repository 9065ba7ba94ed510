// Payment receipts in the browser (issue 27), the network stubbed at fetch (the edge of these tests).
// recibo/{token}: a genuine valid receipt with its facts and nothing personal, a cancelled one, a token that names
// none (no call for one that cannot be a token), and a failed check retried. estado-cta: every payment line has
// a receipt button named for its day, which downloads the payment's PDF under the server's file name; a failed
// download says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Statement } from '../../src/api/finance';
import type { ReceiptVerification } from '../../src/api/receipts';
import StatementPage from '../../src/views/finance/StatementPage';
import ReceiptVerifyPage from '../../src/views/receipts/ReceiptVerifyPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useViewport('desktop');
});

const SLOW = { timeout: 10_000 };
const TOKEN = 'q7Vh0s3XgJm2wPzK9bL4cN8dR1tY6uE5aF0iO3kS2jM';
const VERIFY = `/api/--recibos/verificar/${TOKEN}`;
const VERIFIED: ReceiptVerification = {
  folio: 123,
  condoName: 'Residencial Las Palmas',
  towerName: 'Torre A',
  dwellingName: '101',
  amountCents: 185_000,
  paidOn: '2026-11-05',
  state: 'vigente',
};

function openVerify(answers: (() => Response)[], token = TOKEN) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push(path);
      const answer = path === VERIFY ? answers.shift() : undefined;
      return answer ? answer() : json({ success: false, code: 'NOT_FOUND', message: 'No existe.' }, 404);
    }),
  );
  renderWithApp(
    <Route path="/recibo/:token">
      <ReceiptVerifyPage />
    </Route>,
    { path: `/recibo/${token}` },
  );
  return calls;
}

const fact = (testId: string) => screen.getByTestId(testId).textContent;

describe('recibo/{token}', () => {
  it('shows a valid receipt’s folio, condominium, dwelling, day, amount and state', async () => {
    openVerify([() => json({ success: true, data: VERIFIED })]);
    expect(screen.getByRole('heading', { level: 1, name: 'Verificación de recibo' })).toBeTruthy();
    expect(await screen.findByText('Este recibo es auténtico y está vigente.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Este recibo es auténtico y está vigente.');
    const card = screen.getByRole('article', { name: 'Recibo de pago' });
    expect(within(card).getByTestId('receipt-folio').textContent).toBe('Folio 000123');
    expect(fact('receipt-condo')).toBe('Residencial Las Palmas');
    expect(fact('receipt-dwelling')).toBe('Torre A - 101');
    expect(fact('receipt-paid-on')).toBe('05/11/2026');
    expect(fact('receipt-amount')).toBe('$1,850.00');
    expect(fact('receipt-state')).toBe('Vigente');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toContain('Verificación de recibo');
  });

  it('tells a cancelled receipt apart', async () => {
    openVerify([() => json({ success: true, data: { ...VERIFIED, state: 'cancelado' } })]);
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'Este recibo es auténtico, pero fue cancelado: ya no ampara el pago.',
    );
    expect(fact('receipt-state')).toBe('Cancelado');
    expect(fact('receipt-folio')).toBe('Folio 000123');
  });

  it('says a wrong token names no receipt, and asks nothing for what cannot be a token', async () => {
    openVerify([() => json({ success: false, code: 'NOT_FOUND', message: 'No encontramos el recibo.' }, 404)]);
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'No encontramos el recibo. Revisa el enlace o el código QR.',
    );
    expect(screen.queryByRole('article')).toBeNull();
    document.body.innerHTML = '';

    const calls = openVerify([], 'not-a-token');
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'No encontramos el recibo. Revisa el enlace o el código QR.',
    );
    expect(calls).toEqual([]);
  });

  it('says a failed check, and checks again on Reintentar', async () => {
    const calls = openVerify([
      () => json({ success: false, code: 'UNAVAILABLE', message: 'El servicio no está disponible.' }, 500),
      () => json({ success: true, data: VERIFIED }),
    ]);
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(alert.textContent).toContain('No pudimos verificar el recibo.');
    expect(alert.textContent).toContain('El servicio no está disponible.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Este recibo es auténtico y está vigente.', undefined, SLOW)).toBeTruthy();
    expect(calls.filter((path) => path === VERIFY)).toHaveLength(2);
  });
});

const STATEMENT: Statement = {
  ApartmentId: 12,
  AptName: '101',
  TorreName: 'Torre A',
  CondoName: 'Residencial Las Palmas',
  Residentes: ['Rosa Hernández Díaz'],
  fechaInicio: '2026-01-01',
  fechaFin: '2026-11-24',
  saldoInicial: 0,
  totalCargos: 370_000,
  totalAbonos: 185_000,
  saldoFinal: 185_000,
  vencido: 0,
  movimientos: [
    { fecha: '2026-10-01', concepto: 'Cuota de mantenimiento octubre', cargo: 185_000, abono: 0, saldo: 185_000 },
    { fecha: '2026-10-05', concepto: 'Pago SPEI 0042', cargo: 0, abono: 185_000, saldo: 0, paymentId: 41 },
    { fecha: '2026-11-01', concepto: 'Cuota de mantenimiento noviembre', cargo: 185_000, abono: 0, saldo: 185_000 },
  ],
};
const PDF = '/api/--financiero/recibos/41/pdf';

function openStatement(pdf: () => Response) {
  const stub = stubApi(sessionFor('resident'), {
    '/api/--financiero/viviendas': () =>
      json({ success: true, data: [{ ApartmentId: 12, AptName: '101', TorreName: 'Torre A', Residentes: [] }] }),
    '/api/--financiero/estado-cuenta': () => json({ success: true, data: STATEMENT }),
    [PDF]: pdf,
  });
  // Saving follows a download link: caught here, so the page stays where it is.
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:receipt');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  signedIn(<StatementPage />, '/condominio/estado-cta');
  return { stub, saved };
}

describe('estado-cta: a payment’s receipt', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`offers the receipt on payment lines only, and downloads its PDF (${viewport})`, async () => {
      useViewport(viewport);
      const { stub, saved } = openStatement(
        () =>
          new Response('%PDF-1.3', {
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="recibo-000123.pdf"' },
          }),
      );
      expect(await screen.findByText('Pago SPEI 0042', undefined, SLOW)).toBeTruthy();
      const buttons = screen.getAllByRole('button', { name: /^Descargar el recibo/ });
      expect(buttons).toHaveLength(1);
      expect(buttons[0]!.getAttribute('aria-label')).toBe('Descargar el recibo del pago del 05/10/2026');
      fireEvent.click(buttons[0]!);
      await waitFor(() => expect(saved).toEqual(['recibo-000123.pdf']));
      expect(stub.calls.filter((c) => c.path === PDF)).toHaveLength(1);
      expect(screen.queryByText('No pudimos descargar el recibo. Inténtalo de nuevo.')).toBeNull();
    });
  }

  it('says when the download fails', async () => {
    useViewport('desktop');
    const { saved } = openStatement(() => json({ success: false, code: 'NOT_FOUND', message: 'No encontramos el recibo.' }, 404));
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar el recibo del pago del 05/10/2026' }, SLOW));
    expect(await screen.findByText('No pudimos descargar el recibo. Inténtalo de nuevo.', undefined, SLOW)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
