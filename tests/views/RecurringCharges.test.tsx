// The Cargos automáticos dialog and the administrator panel's provider contact dialog, rendered over their
// machines with the network stubbed at fetch: amounts in MXN, the §5 typing and blur rules, the alert on
// 0, the saved amount, the cancellation question; the contact form's disabled Enviar, what it sends and
// the 'Éxito' dialog; and the redirects for those the rules leave out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecurringCharge } from '../../src/api/recurringCharges';
import AdminPanelPage from '../../src/views/charges/AdminPanelPage';
import RecurringChargesPage from '../../src/views/charges/RecurringChargesPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const CHARGES: RecurringCharge[] = [
  {
    id: 7,
    descripcion: 'Cuota de mantenimiento Torre A - 101',
    monto: '1850.00',
    frecuencia: 'Mensual',
    metodoPago: 'Visa •••• 4242',
    fechaCreacion: '2026-05-01',
    tarjeta: { marca: 'visa', ultimos4: '4242', vencimiento: '12/30' },
    proximoCargo: { fecha: '2026-07-01', monto: '1850.00' },
    intentos: [
      { fecha: '2026-06-02', monto: '1850.00', resultado: 'pagado', motivo: null },
      { fecha: '2026-06-01', monto: '1850.00', resultado: 'rechazado', motivo: 'Fondos insuficientes.' },
    ],
  },
  {
    id: 8,
    descripcion: 'Fondo de reserva Torre A - 101',
    monto: '350.00',
    frecuencia: 'Mensual',
    metodoPago: 'Tarjeta de crédito •••• 4242',
    fechaCreacion: '2026-05-01',
    tarjeta: null,
    proximoCargo: null,
    intentos: [],
  },
];

const row = (name: string) => screen.getByRole('article', { name });

// Mantine's modals and calendar are slow to render in happy-dom on a busy machine.
describe('Cargos automáticos', { timeout: 20_000 }, () => {
  it('lists the charges in MXN and saves a new limit typed with a comma, shown with 2 decimals', async () => {
    const api = stubApi(sessionFor('resident'), {
      '/api/--cargos-automaticos/list': () => json({ success: true, data: CHARGES }),
      '/api/--cargos-automaticos/update-amount': () => json({ success: true, data: { ...CHARGES[0], monto: '1500.50' } }),
    });
    signedIn(<RecurringChargesPage />, '/cargos-automaticos');
    const dialog = await screen.findByRole('dialog', { name: 'Cargos automáticos' });
    await waitFor(() => expect(within(dialog).getAllByRole('article')).toHaveLength(2));
    expect(within(row('Cuota de mantenimiento Torre A - 101')).getByText('$1,850.00')).toBeTruthy();
    expect(within(row('Fondo de reserva Torre A - 101')).getByText('$350.00')).toBeTruthy();
    expect(within(row('Fondo de reserva Torre A - 101')).getByText('Alta: 01/05/2026')).toBeTruthy();
    expect(document.title).toBe('Residencial Las Palmas > Cargos automáticos | Comunidad');

    fireEvent.click(screen.getByRole('button', { name: 'Editar monto de Cuota de mantenimiento Torre A - 101' }));
    const field = screen.getByRole('textbox', { name: 'Nuevo límite mensual de Cuota de mantenimiento Torre A - 101' });
    expect((field as HTMLInputElement).value).toBe('1850.00');
    fireEvent.change(field, { target: { value: '15' } });
    fireEvent.change(field, { target: { value: '15a' } });
    fireEvent.change(field, { target: { value: '15.555' } });
    expect((field as HTMLInputElement).value).toBe('15');
    fireEvent.change(field, { target: { value: '1500,5' } });
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe('1500.50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(row('Cuota de mantenimiento Torre A - 101')).getByText('$1,500.50')).toBeTruthy());
    expect(api.calls.find((c) => c.path === '/api/--cargos-automaticos/update-amount')?.body).toEqual({
      id: 7,
      monto: '1500.50',
    });
  });

  it('alerts on 0, restores the amount when the edit is cancelled, and asks before cancelling a charge', async () => {
    const api = stubApi(sessionFor('resident'), {
      '/api/--cargos-automaticos/list': () => json({ success: true, data: CHARGES }),
      '/api/--cargos-automaticos/cancel': () => json({ success: true }),
    });
    signedIn(<RecurringChargesPage />, '/cargos-automaticos');
    await screen.findByRole('article', { name: 'Fondo de reserva Torre A - 101' });
    fireEvent.click(screen.getByRole('button', { name: 'Editar monto de Fondo de reserva Torre A - 101' }));
    const field = screen.getByRole('textbox', { name: 'Nuevo límite mensual de Fondo de reserva Torre A - 101' });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('alert').textContent).toBe('Ingresa un monto válido mayor a 0');
    expect(api.calls.some((c) => c.path === '/api/--cargos-automaticos/update-amount')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(within(row('Fondo de reserva Torre A - 101')).getByText('$350.00')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar domiciliación de Fondo de reserva Torre A - 101' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancelar domiciliación' });
    expect(within(confirm).getByText('Deseas cancelar esta domiciliación?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sí, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Fondo de reserva Torre A - 101' })).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/--cargos-automaticos/cancel')?.body).toEqual({ id: 8 });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the card, the next charge and the attempts, and takes the card off once confirmed (${viewport})`, async () => {
      useViewport(viewport);
      const api = stubApi(sessionFor('resident'), {
        '/api/--cargos-automaticos/list': () => json({ success: true, data: CHARGES }),
        '/api/--cargos-automaticos/remove-card': () =>
          json({ success: true, data: { ...CHARGES[0], tarjeta: null, proximoCargo: null } }),
      });
      signedIn(<RecurringChargesPage />, '/cargos-automaticos');
      const fee = await screen.findByRole('article', { name: 'Cuota de mantenimiento Torre A - 101' });
      expect(within(fee).getByText('Tarjeta Visa •••• 4242 · vence 12/30')).toBeTruthy();
      expect(within(fee).getByText('Próximo cargo: $1,850.00 el 01/07/2026')).toBeTruthy();
      expect(within(fee).getByText('Últimos intentos')).toBeTruthy();
      expect(within(fee).getByText('02/06/2026: $1,850.00, pagado')).toBeTruthy();
      expect(within(fee).getByText('01/06/2026: $1,850.00, rechazado (Fondos insuficientes.)')).toBeTruthy();
      const fund = row('Fondo de reserva Torre A - 101');
      expect(
        within(fund).getByText('Sin tarjeta guardada: no se carga nada automáticamente. Guarda una al pagar con tarjeta.'),
      ).toBeTruthy();
      expect(within(fund).queryByRole('button', { name: /Quitar tarjeta/ })).toBeNull();

      // Asked first; No leaves the card.
      fireEvent.click(within(fee).getByRole('button', { name: 'Quitar tarjeta de Cuota de mantenimiento Torre A - 101' }));
      let confirm = screen.getByRole('dialog', { name: 'Quitar tarjeta' });
      expect(within(confirm).getByText(/^¿Quitar la tarjeta de esta domiciliación\?/)).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quitar tarjeta' })).toBeNull());
      expect(api.calls.some((c) => c.path === '/api/--cargos-automaticos/remove-card')).toBe(false);

      fireEvent.click(within(fee).getByRole('button', { name: 'Quitar tarjeta de Cuota de mantenimiento Torre A - 101' }));
      confirm = screen.getByRole('dialog', { name: 'Quitar tarjeta' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Sí, quitar' }));
      await waitFor(() =>
        expect(
          within(row('Cuota de mantenimiento Torre A - 101')).getByText(
            'Sin tarjeta guardada: no se carga nada automáticamente. Guarda una al pagar con tarjeta.',
          ),
        ).toBeTruthy(),
      );
      expect(api.calls.find((c) => c.path === '/api/--cargos-automaticos/remove-card')?.body).toEqual({ id: 7 });
      // The charge stays, with its amount and its attempts.
      expect(within(row('Cuota de mantenimiento Torre A - 101')).getByText('$1,850.00')).toBeTruthy();
      expect(within(row('Cuota de mantenimiento Torre A - 101')).queryByText(/Próximo cargo/)).toBeNull();
    });
  }

  it('is not offered in other condominiums: the page goes back to the communication area', async () => {
    const api = stubApi(sessionFor('resident', { condo: { CondoId: 2 } }));
    const { location } = signedIn(<RecurringChargesPage />, '/cargos-automaticos');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/comunicacion'));
    expect(api.calls.some((c) => c.path.startsWith('/api/--cargos-automaticos'))).toBe(false);
  });
});

describe('the administrator panel and the provider contact dialog', { timeout: 20_000 }, () => {
  it('opens the dialog on llamar; Enviar is disabled until the form is valid; Éxito closes it', async () => {
    const api = stubApi(sessionFor('admin'), {
      '/api/--proveedor-pagos/contacto': () => json({ success: true, message: 'Información recibida con éxito' }),
    });
    signedIn(<AdminPanelPage />, '/panel-del-administrador');
    expect(await screen.findByRole('heading', { name: 'Cobra las cuotas en línea' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Que me contacten' }));
    const dialog = screen.getByRole('dialog', { name: 'Contacto con el proveedor de pagos' });
    const send = within(dialog).getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Teléfono/ }), { target: { value: '55 1234 567' } });
    expect(within(dialog).getByText('El teléfono debe tener exactamente 10 dígitos.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Teléfono/ }), { target: { value: '5512345678' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Llamada' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '11:00' }));
    expect(send.disabled).toBe(true);
    // The day, on the calendar of the 'agendar' tab (the common fields stay as typed).
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Agendar' }));
    const today = dayjs().date();
    const day = [...dialog.querySelectorAll('table button:not([data-outside]):not([disabled])')].find(
      (b) => b.textContent === String(today),
    )!;
    fireEvent.click(day);
    expect((within(dialog).getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'WhatsApp o llamada' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const result = await screen.findByRole('dialog', { name: 'Éxito' });
    expect(within(result).getByText('Información recibida con éxito')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Contacto con el proveedor de pagos' })).toBeNull();
    expect(api.calls.find((c) => c.path === '/api/--proveedor-pagos/contacto')?.body).toEqual({
      tab: 'llamar',
      nombre: 'Ana Martínez Ruiz',
      telefono: '5512345678',
      prefieresContacto: 'llamada',
      fechaContacto: dayjs().format('YYYY-MM-DD'),
      horarioTentativo: '11:00',
    });
  });

  it('shows Error with the spec’s words when the call fails', async () => {
    stubApi(sessionFor('admin'), {
      '/api/--proveedor-pagos/contacto': () => json({ success: false, code: 'INTERNAL', message: 'x' }, 500),
    });
    signedIn(<AdminPanelPage />, '/panel-del-administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Agendar una reunión' }));
    const dialog = screen.getByRole('dialog', { name: 'Contacto con el proveedor de pagos' });
    const day = [...dialog.querySelectorAll('table button:not([data-outside]):not([disabled])')].find(
      (b) => b.textContent === String(dayjs().date()),
    )!;
    fireEvent.click(day);
    fireEvent.click(within(dialog).getByRole('radio', { name: '9:00' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Teléfono/ }), { target: { value: '3312345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const result = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(result).getByText('Ocurrió un error inesperado')).toBeTruthy();
  });

  it('sends everyone but administrators to the communication area', async () => {
    stubApi(sessionFor('board'));
    const { location } = signedIn(<AdminPanelPage />, '/panel-del-administrador');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/comunicacion'));
  });
});
