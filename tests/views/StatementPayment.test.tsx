// estado-cta's "Registrar pago" over paymentMachine, the network stubbed at fetch (the edge of this test): the
// button only for those who may record a payment (canRecordPayment), the form's problems in words with the focus
// on the first, a payment recorded (what is sent, the toast by invoicing outcome, the statement read again with
// its new abono), the server's refusal in its words with the fields kept, and a condominium without accounts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Statement } from '../../src/api/finance';
import type { LedgerAccount, PaymentInvoicing } from '../../src/api/payments';
import { today } from '../../src/views/common/period';
import StatementPage from '../../src/views/finance/StatementPage';
import { json } from '../support/http';
import { type Role, sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  useViewport('desktop');
});

const SLOW = { timeout: 10_000 };

const ACCOUNTS: LedgerAccount[] = [
  { id: 3, nombre: 'BBVA Cuenta de mantenimiento', tipo: 'banco' },
  { id: 4, nombre: 'Caja de administración', tipo: 'caja' },
];
const STATEMENT: Statement = {
  ApartmentId: 12,
  AptName: '101',
  TorreName: 'Torre A',
  CondoName: 'Residencial Las Palmas',
  Residentes: ['Rosa Hernández Díaz'],
  fechaInicio: '2026-01-01',
  fechaFin: '2026-11-24',
  saldoInicial: 0,
  totalCargos: 245_000,
  totalAbonos: 0,
  saldoFinal: 245_000,
  vencido: 0,
  movimientos: [{ fecha: '2026-11-01', concepto: 'Cuota de mantenimiento noviembre', cargo: 245_000, abono: 0, saldo: 245_000 }],
};
const PAID: Statement = {
  ...STATEMENT,
  totalAbonos: 150_050,
  saldoFinal: 94_950,
  movimientos: [
    ...STATEMENT.movimientos,
    { fecha: today(), concepto: 'Pago SPEI 0042', cargo: 0, abono: 150_050, saldo: 94_950 },
  ],
};

function open(role: Role, answers: Record<string, () => Response> = {}) {
  useViewport('desktop');
  let statements = 0;
  const stub = stubApi(sessionFor(role), {
    '/api/--financiero/viviendas': () =>
      json({ success: true, data: [{ ApartmentId: 12, AptName: '101', TorreName: 'Torre A', Residentes: [] }] }),
    // The first read shows the charge alone; any later one, the payment too.
    '/api/--financiero/estado-cuenta': () => json({ success: true, data: statements++ === 0 ? STATEMENT : PAID }),
    '/api/--financiero/pagos/cuentas': () => json({ success: true, data: ACCOUNTS }),
    ...answers,
  });
  signedIn(<StatementPage />, '/condominio/estado-cta');
  return stub;
}

const recorded = (invoicing: PaymentInvoicing) => () =>
  json({ success: true, data: { id: 41, ApartmentId: 12, paidOn: today(), amountCents: 150_050, invoicing } }, 201);

/** Opens the dialog once the statement shows, and waits for the form. */
async function openDialog() {
  expect(await screen.findByText('Cuota de mantenimiento noviembre', undefined, SLOW)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar pago · Torre A - 101' }, SLOW);
  await within(dialog).findByRole('form', { name: 'Registrar pago' }, SLOW);
  return dialog;
}

function fill(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText(/Monto/), { target: { value: '1500.50' } });
  fireEvent.change(within(dialog).getByLabelText(/Cuenta/), { target: { value: '4' } });
  fireEvent.change(within(dialog).getByLabelText(/Referencia/), { target: { value: 'SPEI 0042' } });
}
const send = (dialog: HTMLElement) =>
  fireEvent.click(within(within(dialog).getByRole('form')).getByRole('button', { name: 'Registrar pago' }));

describe('estado-cta: Registrar pago', () => {
  it('is not offered to a resident, nor to the board (ADEUDOS only to see)', async () => {
    for (const role of ['resident', 'board'] as const) {
      const stub = open(role);
      expect(await screen.findByText('Cuota de mantenimiento noviembre', undefined, SLOW)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Registrar pago' })).toBeNull();
      expect(stub.calls.some((c) => c.path.startsWith('/api/--financiero/pagos'))).toBe(false);
      vi.unstubAllGlobals();
      document.body.innerHTML = '';
    }
  });

  it('records a payment for an administrator: the problems first, then the toast and the statement read again', async () => {
    const stub = open('admin', { '/api/--financiero/pagos': recorded('scheduled') });
    const dialog = await openDialog();
    expect(dialog.getAttribute('data-full-screen')).toBeNull();
    const date = within(dialog).getByLabelText(/Fecha del pago/) as HTMLInputElement;
    expect(date.value).toBe(today());
    expect(date.max).toBe(today());

    // Sent empty: each problem in words, the focus on the first field that has one, nothing sent.
    send(dialog);
    expect(await within(dialog).findByText('Indica el monto del pago.')).toBeTruthy();
    expect(within(dialog).getByText('Elige la cuenta a la que entró el dinero.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Monto/));
    expect(stub.calls.some((c) => c.path === '/api/--financiero/pagos')).toBe(false);

    fill(dialog);
    send(dialog);
    const toast = await screen.findByText('Pago registrado', undefined, SLOW);
    const post = stub.calls.find((c) => c.path === '/api/--financiero/pagos');
    expect(post).toMatchObject({
      method: 'POST',
      body: { ApartmentId: 12, paidOn: today(), amountCents: 150_050, accountId: 4, reference: 'SPEI 0042' },
    });
    const notice = toast.closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByText('Se facturará automáticamente al cliente de la vivienda.')).toBeTruthy();
    expect(within(notice).getByText(/Se registró el pago de \$1,500\.50/)).toBeTruthy();
    // The dialog closed and the statement was asked for again: the new abono shows.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(await screen.findByText('Pago SPEI 0042', undefined, SLOW)).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === '/api/--financiero/estado-cuenta')).toHaveLength(2);
    fireEvent.click(within(notice).getByRole('button', { name: 'Cerrar aviso' }));
    await waitFor(() => expect(screen.queryByText('Pago registrado')).toBeNull());
  });

  it('warns that a dwelling without a client will not be invoiced, with the way to the client catalogue', async () => {
    open('admin', { '/api/--financiero/pagos': recorded('noClient') });
    const dialog = await openDialog();
    fill(dialog);
    send(dialog);
    expect(
      await screen.findByText(
        'La vivienda no tiene un cliente de facturación, así que este pago no se facturará.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Asigna un cliente en el Catálogo de clientes' });
    expect(link.getAttribute('href')).toBe(
      '/condominio/control-gerencial/modulos-adicionales/factura-comunidad/catalago-clientes',
    );
    expect(screen.queryByText('Se facturará automáticamente al cliente de la vivienda.')).toBeNull();
  });

  it('shows the server’s refusal in its words and keeps the fields', async () => {
    const refusal = 'La cuenta no pertenece a este condominio.';
    const stub = open('admin', {
      '/api/--financiero/pagos': () => json({ success: false, code: 'BAD_REQUEST', message: refusal, field: 'accountId' }, 400),
    });
    const dialog = await openDialog();
    fill(dialog);
    send(dialog);
    const alert = await within(dialog).findByRole('alert', undefined, SLOW);
    expect(within(alert).getByText('No se registró el pago')).toBeTruthy();
    expect(within(alert).getByText(refusal)).toBeTruthy();
    expect((within(dialog).getByLabelText(/Referencia/) as HTMLInputElement).value).toBe('SPEI 0042');
    expect((within(dialog).getByLabelText(/Cuenta/) as HTMLSelectElement).value).toBe('4');
    expect(screen.queryByText('Pago registrado')).toBeNull();
    expect(stub.calls.filter((c) => c.path === '/api/--financiero/estado-cuenta')).toHaveLength(1);
  });

  it('says so when the condominium has no account to record the payment in', async () => {
    open('admin', { '/api/--financiero/pagos/cuentas': () => json({ success: true, data: [] }) });
    expect(await screen.findByText('Cuota de mantenimiento noviembre', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    const dialog = await screen.findByRole('dialog', undefined, SLOW);
    expect(
      await within(dialog).findByText(
        'El condominio todavía no tiene cuentas de banco ni cajas registradas, así que no se pueden registrar pagos.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('form')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });

  it('fits a phone: the dialog takes the whole screen and the toast the screen’s width', async () => {
    open('admin', { '/api/--financiero/pagos': recorded('manual') });
    useViewport('phone');
    const dialog = await openDialog();
    expect(dialog.getAttribute('data-full-screen')).toBe('true');
    fill(dialog);
    send(dialog);
    const toast = await screen.findByText('Pago registrado', undefined, SLOW);
    const notice = toast.closest('[role="status"]') as HTMLElement;
    // In the shell's toasts' corner (@mantine/notifications): fixed at the bottom right, and on a phone as wide as
    // the screen less a margin (the library's own styles, which happy-dom does not apply: looked at in Chromium).
    const corner = notice.closest('[data-position="bottom-right"]') as HTMLElement;
    expect(corner).not.toBeNull();
    expect(corner.style.getPropertyValue('--notifications-container-width')).toContain('25rem');
    // Nothing is said about an invoice when none is made automatically.
    expect(screen.queryByText(/facturará/)).toBeNull();
  });
});
