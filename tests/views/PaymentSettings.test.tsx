// Pagos en línea, the administrators' settings (issue 27), over paymentSettingsMachine with the network stubbed at
// fetch: the settings as saved, on a phone; a commission out of range refused under its field before anything is
// sent; a save sending the draft and saying so; the server's refusals said (on the field it names, and above);
// no provider offered; residents sent away; the card on the financial panel for administrators only.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import CondominioRoutes from '../../src/views/app/CondominioRoutes';
import PaymentSettingsPage from '../../src/views/checkout/PaymentSettingsPage';
import { json } from '../support/http';
import { CHANGED, DRAFT, VIEW } from '../support/paymentSettingsFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 10_000 };
const PATH = '/api/--pagos-en-linea/ajustes';
const SCREEN = '/panel-financiero/pagos-en-linea';

function open(post?: (body: unknown) => Response, view = VIEW) {
  const api = stubApi(sessionFor('admin'), {
    [PATH]: () => {
      const last = api.calls.at(-1)!;
      if (last.method === 'GET') return json({ success: true, data: view });
      return post ? post(last.body) : json({ success: true, data: { ...view, settings: last.body } });
    },
  });
  signedIn(<PaymentSettingsPage />, SCREEN);
  return api;
}
const posts = (api: ReturnType<typeof open>) => api.calls.filter((c) => c.path === PATH && c.method === 'POST');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
const refusal = (status: number, code: string, message: string, field?: string) => () =>
  json({ success: false, code, message, ...(field ? { field } : {}) }, status);

describe('Pagos en línea (settings)', { timeout: 20_000 }, () => {
  it('sends a resident back to comunicación, asking nothing', async () => {
    const api = stubApi(sessionFor('resident'));
    const { location } = signedIn(<PaymentSettingsPage />, SCREEN);
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path === PATH)).toBe(false);
  });

  it('shows the settings as saved on a phone', async () => {
    useViewport('phone');
    open();
    expect(await screen.findByRole('heading', { name: 'Pagos en línea', level: 1 })).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Recibir pagos en línea/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Proveedor de pagos')).toHaveProperty('value', 'sandbox');
    expect(screen.getByRole('radio', { name: /^El residente/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Tarjeta de crédito o débito: porcentaje')).toHaveProperty('value', '3.6');
    expect(screen.getByLabelText('Tarjeta de crédito o débito: monto fijo')).toHaveProperty('value', '3.00');
    expect(screen.getByLabelText('Transferencia SPEI: monto fijo')).toHaveProperty('value', '8.00');
    expect(screen.getByLabelText('Efectivo en OXXO: porcentaje')).toHaveProperty('value', '3.6');
    expect(screen.getByLabelText(/Cuenta donde entra el dinero/)).toHaveProperty('value', '11');
    expect(screen.getByText(/El sandbox simula los pagos/)).toBeTruthy();
  });

  it('refuses a commission out of range under its field, sending nothing; then saves the draft and says so', async () => {
    const api = open();
    const percent = await screen.findByLabelText('Tarjeta de crédito o débito: porcentaje');
    fireEvent.change(percent, { target: { value: '25' } });
    save();
    expect(await screen.findByText('Escribe un porcentaje entre 0 y 20, con hasta dos decimales.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Efectivo en OXXO: monto fijo'), { target: { value: '1000.01' } });
    save();
    expect(await screen.findByText('Escribe un monto entre 0 y 1000.00.')).toBeTruthy();
    expect(posts(api)).toEqual([]);

    fireEvent.change(percent, { target: { value: '3,6' } });
    fireEvent.change(screen.getByLabelText('Efectivo en OXXO: monto fijo'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('radio', { name: /^El condominio/ }));
    fireEvent.change(screen.getByLabelText(/Cuenta donde entra el dinero/), { target: { value: '12' } });
    save();
    expect(await screen.findByText('Guardamos los ajustes de pagos en línea.')).toBeTruthy();
    expect(posts(api).map((c) => c.body)).toEqual([CHANGED]);
  });

  it('asks for an account before taking payments, sending nothing', async () => {
    const api = open();
    const account = await screen.findByLabelText(/Cuenta donde entra el dinero/);
    fireEvent.change(account, { target: { value: '' } });
    save();
    expect(await screen.findByText('Elige la cuenta donde entra el dinero para recibir pagos en línea.')).toBeTruthy();
    expect(posts(api)).toEqual([]);
    // Off, no account is needed.
    fireEvent.click(screen.getByRole('switch', { name: /Recibir pagos en línea/ }));
    save();
    await screen.findByText('Guardamos los ajustes de pagos en línea.');
    expect(posts(api).map((c) => c.body)).toEqual([{ ...DRAFT, enabled: false, accountId: null }]);
  });

  it('says the server’s refusal on the field it names, and above the form', async () => {
    open(refusal(400, 'BAD_REQUEST', 'fees.tarjeta.bp: debe estar entre 0 y 2000', 'fees.tarjeta.bp'));
    await screen.findByLabelText('Tarjeta de crédito o débito: porcentaje');
    save();
    expect(await screen.findByText('No guardamos los ajustes')).toBeTruthy();
    // Above the form and under the field.
    expect(await screen.findAllByText('fees.tarjeta.bp: debe estar entre 0 y 2000')).toHaveLength(2);
    // Changing a field again clears them.
    fireEvent.change(screen.getByLabelText('Tarjeta de crédito o débito: porcentaje'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByText('fees.tarjeta.bp: debe estar entre 0 y 2000')).toBeNull());
  });

  it('says why an account or a provider is refused', async () => {
    open(refusal(404, 'NOT_FOUND', 'La cuenta no existe.'));
    await screen.findByLabelText('Tarjeta de crédito o débito: porcentaje');
    save();
    expect(await screen.findByText('La cuenta no existe.')).toBeTruthy();
  });

  it('says so when the server offers no provider, and saves nothing', async () => {
    const api = open(undefined, { ...VIEW, providers: [] });
    expect(await screen.findByText(/Este servidor todavía no ofrece un proveedor de pagos real/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveProperty('disabled', true);
    expect(screen.queryByText(/El sandbox simula los pagos/)).toBeNull();
    expect(posts(api)).toEqual([]);
  });

  it('is linked from the financial panel for administrators only', async () => {
    const reports = { '/api/--financiero/reports-list': () => json({ success: true, data: [] }) };
    stubApi(sessionFor('admin'), reports);
    const admin = signedIn(
      <Route path="/condominio" nest>
        <CondominioRoutes />
      </Route>,
      '/condominio/panel-financiero',
    );
    const link = await screen.findByRole('link', { name: /Pagos en línea/ }, SLOW);
    expect(link.getAttribute('href')).toBe('/condominio/panel-financiero/pagos-en-linea');
    admin.unmount();
    stubApi(sessionFor('board'), reports);
    signedIn(
      <Route path="/condominio" nest>
        <CondominioRoutes />
      </Route>,
      '/condominio/panel-financiero',
    );
    expect(await screen.findByRole('heading', { name: 'Reportes Financieros', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Pagos en línea/ })).toBeNull();
  });
});
