// Paying online in the browser (issue 27), the network stubbed at fetch (the edge of these tests). Pagar: the open
// charges ticked, the methods, the total the server will ask, and what is sent; a card leaves for the provider's
// page, a reference for the result page; a condominium without online payments says so; a refusal in the
// server's words. The result page in each state. The sandbox provider's page: marked as one, only its test cards
// pay, and the resident is sent back. estado-cta offers "Pagar en línea" to a resident of the dwelling only.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { type CheckoutOptions, checkoutFee, type SandboxCheckout } from '../../src/api/checkout';
import type { Statement } from '../../src/api/finance';
import { formatMoney } from '../../src/api/finance';
import CheckoutResultPage from '../../src/views/checkout/CheckoutResultPage';
import PayPage from '../../src/views/checkout/PayPage';
import SandboxCheckoutPage from '../../src/views/checkout/SandboxCheckoutPage';
import StatementPage from '../../src/views/finance/StatementPage';
import { APARTMENT_ID, CHECKOUTS, DISABLED, OPTIONS, SANDBOX } from '../support/checkoutFixtures';
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
const OPTIONS_PATH = '/api/--pagos-en-linea/opciones';
const CREATE_PATH = '/api/--pagos-en-linea/checkout';
const resident = () =>
  sessionFor('resident', { usuario: { apartments: [{ AptId: APARTMENT_ID, AptName: '101', TorreName: 'Torre A' }] } });

/** Leaving for another page (the provider's) is caught here, so the test stays on the page. */
function catchLeaving() {
  const left: string[] = [];
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void left.push(String(url)));
  return left;
}

function openPay(options: CheckoutOptions, create: () => Response = () => json({ success: true, data: CHECKOUTS.created }, 201)) {
  const stub = stubApi(resident(), { [OPTIONS_PATH]: () => json({ success: true, data: options }), [CREATE_PATH]: create });
  const { location } = signedIn(
    <Route path="/condominio" nest>
      <Route path="/financiero/pagar">
        <PayPage />
      </Route>
    </Route>,
    `/condominio/financiero/pagar?ApartmentId=${APARTMENT_ID}`,
  );
  return Object.assign(stub, { location });
}

const card = OPTIONS.methods[0]!;
const totalFor = (amount: number) => amount + checkoutFee(card, amount, 'residente');

describe('Pagar', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`ticks every open charge, shows the total with the commission, and opens a card checkout (${viewport})`, async () => {
      useViewport(viewport);
      const left = catchLeaving();
      const stub = openPay(OPTIONS);
      const october = await screen.findByRole('checkbox', { name: /Cuota de mantenimiento octubre/ }, SLOW);
      const november = screen.getByRole('checkbox', { name: /Cuota de mantenimiento noviembre/ });
      expect((october as HTMLInputElement).checked).toBe(true);
      expect((november as HTMLInputElement).checked).toBe(true);
      expect(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' })).toHaveProperty('checked', true);
      const pay = screen.getByRole('button', { name: `Pagar ${formatMoney(totalFor(370_000))}` });

      fireEvent.click(november);
      expect(await screen.findByRole('button', { name: `Pagar ${formatMoney(totalFor(185_000))}` })).toBeTruthy();
      expect(pay).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: `Pagar ${formatMoney(totalFor(185_000))}` }));
      await waitFor(() => expect(left).toEqual([CHECKOUTS.created.redirectUrl]));
      const sent = stub.calls.find((c) => c.path === CREATE_PATH)!.body as Record<string, unknown>;
      expect(sent).toMatchObject({ ApartmentId: APARTMENT_ID, method: 'tarjeta', chargeIds: [501] });
      expect(sent.clientId).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent).not.toHaveProperty('amountCents');
    });
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`keeps the card for Cargos automáticos with its monthly limit, by card only (${viewport})`, async () => {
      useViewport(viewport);
      const left = catchLeaving();
      const stub = openPay(OPTIONS);
      const keep = await screen.findByRole('checkbox', { name: /Guardar esta tarjeta para cargos automáticos/ }, SLOW);
      expect((keep as HTMLInputElement).checked).toBe(false);
      expect(screen.queryByRole('textbox', { name: 'Límite mensual' })).toBeNull();
      fireEvent.click(keep);
      const limit = screen.getByRole('textbox', { name: 'Límite mensual' }) as HTMLInputElement;
      // The options' limit by default (the dwelling's fee).
      expect(limit.value).toBe('1850.00');
      fireEvent.change(limit, { target: { value: '0' } });
      expect(screen.getByRole('button', { name: /^Pagar/ })).toHaveProperty('disabled', true);
      fireEvent.change(limit, { target: { value: '2000,5' } });
      // Not offered for another method.
      fireEvent.click(screen.getByRole('radio', { name: 'Efectivo en OXXO' }));
      expect(screen.queryByRole('checkbox', { name: /Guardar esta tarjeta/ })).toBeNull();
      fireEvent.click(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' }));
      fireEvent.click(await screen.findByRole('button', { name: `Pagar ${formatMoney(totalFor(370_000))}` }));
      await waitFor(() => expect(left).toEqual([CHECKOUTS.created.redirectUrl]));
      expect(stub.calls.find((c) => c.path === CREATE_PATH)!.body).toMatchObject({
        method: 'tarjeta',
        chargeIds: [501, 502],
        saveCard: { monto: '2000.50' },
      });
    });
  }

  it('offers no card to keep where the options do not offer it', async () => {
    const left = catchLeaving();
    const stub = openPay({ ...OPTIONS, saveCard: null });
    fireEvent.click(await screen.findByRole('button', { name: `Pagar ${formatMoney(totalFor(370_000))}` }, SLOW));
    await waitFor(() => expect(left).toEqual([CHECKOUTS.created.redirectUrl]));
    expect(screen.queryByRole('checkbox', { name: /Guardar esta tarjeta/ })).toBeNull();
    expect(stub.calls.find((c) => c.path === CREATE_PATH)!.body).not.toHaveProperty('saveCard');
  });

  it('pays another amount at an OXXO and goes to the result page for the reference', async () => {
    const left = catchLeaving();
    const stub = openPay(OPTIONS, () => json({ success: true, data: CHECKOUTS.pending }, 201));
    fireEvent.click(await screen.findByRole('radio', { name: 'Otro monto' }, SLOW));
    fireEvent.change(screen.getByRole('textbox', { name: /Monto a pagar/ }), { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Efectivo en OXXO' }));
    const oxxo = OPTIONS.methods[2]!;
    const total = 250_000 + checkoutFee(oxxo, 250_000, 'residente');
    fireEvent.click(await screen.findByRole('button', { name: `Pagar ${formatMoney(total)}` }));
    await waitFor(() => expect(stub.location.history.at(-1)).toBe(`/condominio/financiero/pago/${CHECKOUTS.pending.id}`));
    expect(left).toEqual([]);
    expect(stub.calls.find((c) => c.path === CREATE_PATH)!.body).toMatchObject({ method: 'oxxo', amountCents: 250_000 });
  });

  it('says a condominium takes no payments online, and offers nothing to pay', async () => {
    openPay(DISABLED);
    expect(await screen.findByText('Este condominio todavía no recibe pagos en línea.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al estado de cuenta' })).toBeTruthy();
  });

  it('shows a refusal in the server’s words, and reads what is owed again on Volver a elegir', async () => {
    const message = 'Uno de los cargos elegidos ya está pagado o no es de esta vivienda. Vuelve a cargar la lista.';
    const stub = openPay(OPTIONS, () => json({ success: false, code: 'BAD_REQUEST', message, field: 'chargeIds' }, 400));
    fireEvent.click(await screen.findByRole('button', { name: `Pagar ${formatMoney(totalFor(370_000))}` }, SLOW));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    fireEvent.click(screen.getByRole('button', { name: 'Volver a elegir' }));
    await waitFor(() => expect(stub.calls.filter((c) => c.path === OPTIONS_PATH)).toHaveLength(2));
  });
});

function openResult(checkout: object) {
  const stub = stubApi(resident(), {
    [`/api/--pagos-en-linea/checkout/${CHECKOUTS.created.id}`]: () => json({ success: true, data: checkout }),
  });
  signedIn(
    <Route path="/condominio" nest>
      <Route path="/financiero/pago/:id">
        <CheckoutResultPage />
      </Route>
    </Route>,
    `/condominio/financiero/pago/${CHECKOUTS.created.id}`,
  );
  return stub;
}

describe('the result of a payment', () => {
  it('says it was received, and downloads its receipt', async () => {
    const stub = openResult(CHECKOUTS.paid);
    expect(await screen.findByText('¡Pago recibido!', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(`Registramos ${formatMoney(CHECKOUTS.paid.amountCents)} en tu estado de cuenta.`)).toBeTruthy();
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar recibo' }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === '/api/--financiero/recibos/7001/pdf')).toBe(true));
  });

  it('shows an OXXO reference with its total and until when it can be paid', async () => {
    openResult(CHECKOUTS.pending);
    expect((await screen.findByTestId('pay-reference', undefined, SLOW)).textContent).toBe('91234567890123');
    expect(screen.getByText('Paga en cualquier OXXO con esta referencia')).toBeTruthy();
    expect(screen.getByText(`Total: ${formatMoney(CHECKOUTS.pending.totalCents)}`)).toBeTruthy();
  });

  it('says a refused payment in the provider’s words, with the way to pay again', async () => {
    openResult(CHECKOUTS.failed);
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(alert.textContent).toContain('El pago no se completó.');
    expect(alert.textContent).toContain(CHECKOUTS.failed.failure!);
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' }).getAttribute('href')).toBe(
      `/condominio/financiero/pagar?ApartmentId=${APARTMENT_ID}`,
    );
  });

  it('waits for the provider while the checkout is open', async () => {
    openResult(CHECKOUTS.created);
    expect(await screen.findByText('Esperando la respuesta del proveedor de pagos…', undefined, SLOW)).toBeTruthy();
  });
});

function openSandbox(outcome: () => Response = () => json({ success: true }), checkout: SandboxCheckout = SANDBOX) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push({ method: request.method, path });
      if (path === `/api/--pagos-en-linea/sandbox/${SANDBOX.ref}`) return json({ success: true, data: checkout });
      if (path.startsWith(`/api/--pagos-en-linea/sandbox/${SANDBOX.ref}/`)) return outcome();
      return json({ success: false, code: 'NOT_FOUND', message: 'No existe.' }, 404);
    }),
  );
  renderWithApp(
    <Route path="/pago-sandbox/:ref">
      <SandboxCheckoutPage />
    </Route>,
    { path: `/pago-sandbox/${SANDBOX.ref}` },
  );
  return calls;
}

describe('the sandbox provider’s page', () => {
  it('is marked as a sandbox, takes only its test cards, and sends the resident back after paying', async () => {
    const left = catchLeaving();
    const calls = openSandbox();
    expect((await screen.findByTestId('sandbox-banner', undefined, SLOW)).textContent).toContain('SANDBOX');
    expect(screen.getByTestId('sandbox-total').textContent).toBe(formatMoney(SANDBOX.totalCents));
    const number = screen.getByRole('textbox', { name: /Número de tarjeta de prueba/ });
    const pay = screen.getByRole('button', { name: `Pagar ${formatMoney(SANDBOX.totalCents)}` });
    fireEvent.change(number, { target: { value: '4111 1111 1111 1111' } });
    fireEvent.click(pay);
    expect(await screen.findByText('Usa una de las tarjetas de prueba.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(number, { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(pay);
    await waitFor(() => expect(left).toEqual([SANDBOX.returnPath]));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/--pagos-en-linea/sandbox/${SANDBOX.ref}/pagar`,
    ]);
    expect(screen.queryByText('Esta tarjeta se guardará para cargos automáticos.')).toBeNull();
  });

  it('says the card will be kept when the checkout asked to keep it', async () => {
    openSandbox(undefined, { ...SANDBOX, saveCard: true });
    expect(await screen.findByText('Esta tarjeta se guardará para cargos automáticos.', undefined, SLOW)).toBeTruthy();
  });
});

const STATEMENT: Statement = {
  ApartmentId: APARTMENT_ID,
  AptName: '101',
  TorreName: 'Torre A',
  CondoName: 'Residencial Las Palmas',
  Residentes: ['Rosa Hernández Díaz'],
  fechaInicio: '2026-01-01',
  fechaFin: '2026-11-24',
  saldoInicial: 0,
  totalCargos: 185_000,
  totalAbonos: 0,
  saldoFinal: 185_000,
  vencido: 185_000,
  movimientos: [{ fecha: '2026-10-01', concepto: 'Cuota de mantenimiento octubre', cargo: 185_000, abono: 0, saldo: 185_000 }],
};

describe('estado-cta: Pagar en línea', () => {
  const statementAnswers = {
    '/api/--financiero/viviendas': () =>
      json({ success: true, data: [{ ApartmentId: APARTMENT_ID, AptName: '101', TorreName: 'Torre A', Residentes: [] }] }),
    '/api/--financiero/estado-cuenta': () => json({ success: true, data: STATEMENT }),
  };

  it('is offered to a resident of the dwelling, and opens Pagar for it', async () => {
    stubApi(resident(), statementAnswers);
    signedIn(
      <Route path="/condominio" nest>
        <StatementPage />
      </Route>,
      '/condominio/estado-cta',
    );
    const link = await screen.findByRole('link', { name: 'Pagar en línea' }, SLOW);
    expect(link.getAttribute('href')).toBe(`/condominio/financiero/pagar?ApartmentId=${APARTMENT_ID}`);
  });

  it('is not offered to an administrator, who records payments instead', async () => {
    stubApi(sessionFor('admin'), statementAnswers);
    signedIn(<StatementPage />, '/condominio/estado-cta');
    expect(await screen.findByRole('button', { name: 'Registrar pago' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pagar en línea' })).toBeNull();
  });
});
