// Recargos moratorios (issue 27) over its two machines, the network stubbed at fetch: the rule's form as saved, a
// value out of range refused under its field before anything is sent; exemptions; the fees applied as cards with
// Condonar asking the reason first; Aplicar recargos ahora reloading the list; the empty list; residents sent away;
// the legacy automatic/penalties link landing here.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import CondominioRoutes from '../../src/views/app/CondominioRoutes';
import LateFeesPage from '../../src/views/lateFees/LateFeesPage';
import { json } from '../support/http';
import { EXEMPTION, FEE, FEE_WAIVED, FEES_PAGE, NEW_EXEMPTION, RULE, SETTINGS } from '../support/lateFeeFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 10_000 };
const RULE_PATH = '/api/--financiero/recargos/regla';
const LIST_PATH = '/api/--financiero/recargos';
const WAIVE_PATH = `/api/--financiero/recargos/${FEE.id}/condonar`;

function open(answers: Record<string, () => Response> = {}, page = FEES_PAGE) {
  // GET regla answers the settings, POST regla the rule saved (what was sent).
  const api = stubApi(sessionFor('admin'), {
    [RULE_PATH]: () => {
      const last = api.calls.at(-1)!;
      return last.method === 'GET' ? json({ success: true, ...SETTINGS }) : json({ success: true, rule: last.body });
    },
    [LIST_PATH]: () => json({ success: true, ...page }),
    ...answers,
  });
  signedIn(<LateFeesPage />, '/panel-financiero/recargos');
  return api;
}

describe('Recargos moratorios', { timeout: 20_000 }, () => {
  it('sends a resident back to comunicación, asking nothing', async () => {
    const api = stubApi(sessionFor('resident'));
    const { location } = signedIn(<LateFeesPage />, '/panel-financiero/recargos');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--financiero/recargos'))).toBe(false);
  });

  it('shows the rule, the exemptions and the fees applied as cards on a phone', async () => {
    useViewport('phone');
    open();
    expect(await screen.findByRole('heading', { name: 'Recargos moratorios', level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('Porcentaje (%)')).toHaveProperty('value', '2');
    expect(screen.getByLabelText(/Días de gracia/)).toHaveProperty('value', '10');
    expect(screen.getByLabelText(/Tope por recargo/)).toHaveProperty('value', '500.00');
    expect(screen.getByRole('switch', { name: 'Aplicar recargos' })).toHaveProperty('checked', true);
    const exempt = screen.getByRole('list', { name: 'Viviendas exentas' });
    expect(within(exempt).getByText(EXEMPTION.vivienda)).toBeTruthy();
    expect(within(exempt).getByText(EXEMPTION.reason)).toBeTruthy();
    const fee = await screen.findByLabelText('Casa 57 11/2026');
    expect(within(fee).getByText('$208.00')).toBeTruthy();
    expect(within(fee).getByText('Adeudo vencido: $10,400.00')).toBeTruthy();
    expect(within(fee).getByRole('button', { name: 'Condonar' })).toBeTruthy();
    const waived = screen.getByLabelText('Torre A - 101 11/2026');
    expect(within(waived).getByText('Condonado')).toBeTruthy();
    expect(within(waived).getByText(/Condonado por Ana Martínez Ruiz .*: Pagó a tiempo en ventanilla/)).toBeTruthy();
    expect(within(waived).queryByRole('button', { name: 'Condonar' })).toBeNull();
    expect(screen.getByText('2 recargos')).toBeTruthy();
  });

  it('says so when no fee has been applied', async () => {
    open({}, { items: [], total: 0 });
    expect(await screen.findByText('Todavía no hay recargos aplicados.')).toBeTruthy();
  });

  it('saves the rule as typed, and refuses a percentage out of range under its field, sending nothing', async () => {
    const api = open();
    const percent = await screen.findByLabelText('Porcentaje (%)');
    fireEvent.change(percent, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByText('Escribe un porcentaje de 0 a 100, con hasta 2 decimales.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === RULE_PATH && c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Porcentaje (%)'), { target: { value: '2,5' } });
    fireEvent.change(screen.getByLabelText(/Días de gracia/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/Tope por recargo/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByText('Regla guardada.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === RULE_PATH && c.method === 'POST').map((c) => c.body)).toEqual([
      { ...RULE, percentBp: 250, graceDays: 5, capCents: null },
    ]);
  });

  it('asks an active fixed fee for an amount above 0', async () => {
    const api = open();
    await screen.findByLabelText('Porcentaje (%)');
    fireEvent.click(screen.getByRole('radio', { name: 'Monto fijo' }));
    fireEvent.change(await screen.findByLabelText('Monto (MXN)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByText('Un recargo fijo activo necesita un monto mayor a 0.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Monto (MXN)'), { target: { value: '350' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    await screen.findByText('Regla guardada.');
    expect(api.calls.filter((c) => c.path === RULE_PATH && c.method === 'POST').map((c) => c.body)).toEqual([
      { ...RULE, kind: 'fijo', amountCents: 35_000 },
    ]);
  });

  it('exempts a dwelling with a reason, and removes an exemption', async () => {
    const api = open({
      '/api/--financiero/recargos/exenciones': () => json({ success: true, exemption: NEW_EXEMPTION }, 201),
      [`/api/--financiero/recargos/exenciones/${EXEMPTION.id}/quitar`]: () => json({ success: true }),
    });
    await screen.findByRole('list', { name: 'Viviendas exentas' });
    // The exemption's dwelling (the list's filter, further down, is labelled alike).
    fireEvent.change(screen.getAllByLabelText('Vivienda')[0]!, { target: { value: '101' } });
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exentar vivienda' }));
    expect(await screen.findByText('Escribe un motivo de 3 a 500 caracteres.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: '  Vivienda en litigio ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exentar vivienda' }));
    const list = screen.getByRole('list', { name: 'Viviendas exentas' });
    await waitFor(() => expect(within(list).getByText('Vivienda en litigio')).toBeTruthy());
    expect(api.calls.filter((c) => c.path.endsWith('/exenciones')).map((c) => c.body)).toEqual([
      { apartmentId: 101, reason: 'Vivienda en litigio' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: `Quitar la exención de ${EXEMPTION.vivienda}` }));
    await waitFor(() => expect(within(list).queryByText(EXEMPTION.reason)).toBeNull());
    expect(api.calls.filter((c) => c.path.endsWith('/quitar'))).toHaveLength(1);
  });

  it('waives a fee only once the reason is given', async () => {
    const api = open({ [WAIVE_PATH]: () => json({ success: true, fee: FEE_WAIVED }) });
    const card = await screen.findByLabelText('Casa 57 11/2026');
    fireEvent.click(within(card).getByRole('button', { name: 'Condonar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Condonar recargo' });
    expect(within(dialog).getByText(/Casa 57, 11\/2026: \$208\.00/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: ' ab ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Condonar recargo' }));
    expect(await within(dialog).findByText('Escribe un motivo de 3 a 500 caracteres.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === WAIVE_PATH)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Error en la cuota' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Condonar recargo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Condonar recargo' })).toBeNull());
    expect(api.calls.filter((c) => c.path === WAIVE_PATH).map((c) => c.body)).toEqual([{ reason: 'Error en la cuota' }]);
    const waived = screen.getByLabelText('Casa 57 11/2026');
    expect(within(waived).getByText(/Condonado por Ana Martínez Ruiz .*: Error en la cuota/)).toBeTruthy();
  });

  it('shows a refused waive in the dialog (waived meanwhile)', async () => {
    open({
      [WAIVE_PATH]: () =>
        json(
          {
            success: false,
            code: 'CONFLICT',
            message: 'Este recargo ya fue condonado.',
            messageId: 'lateFees.error.alreadyWaived',
          },
          409,
        ),
    });
    const card = await screen.findByLabelText('Casa 57 11/2026');
    fireEvent.click(within(card).getByRole('button', { name: 'Condonar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Condonar recargo' });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Error en la cuota' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Condonar recargo' }));
    expect(await within(dialog).findByText('Este recargo ya fue condonado.')).toBeTruthy();
  });

  it('applies this period’s fees now, says how many, and reloads the list', async () => {
    const api = open({ '/api/--financiero/recargos/aplicar': () => json({ success: true, period: '2026-11', applied: 12 }) });
    await screen.findByLabelText('Casa 57 11/2026');
    const lists = () => api.calls.filter((c) => c.path === LIST_PATH).length;
    expect(lists()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar recargos ahora' }));
    expect(await screen.findByText('Recargos aplicados en 11/2026: 12.')).toBeTruthy();
    await waitFor(() => expect(lists()).toBe(2));
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
    const link = await screen.findByRole('link', { name: /Recargos moratorios/ }, SLOW);
    expect(link.getAttribute('href')).toBe('/condominio/panel-financiero/recargos');
    admin.unmount();
    stubApi(sessionFor('board'), reports);
    signedIn(
      <Route path="/condominio" nest>
        <CondominioRoutes />
      </Route>,
      '/condominio/panel-financiero',
    );
    expect(await screen.findByRole('heading', { name: 'Reportes Financieros', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Recargos moratorios/ })).toBeNull();
  });

  it('takes the legacy automatic/penalties?id link to the screen', async () => {
    stubApi(sessionFor('admin'), {
      [RULE_PATH]: () => json({ success: true, ...SETTINGS }),
      [LIST_PATH]: () => json({ success: true, ...FEES_PAGE }),
    });
    const { location } = signedIn(
      <Route path="/condominio" nest>
        <CondominioRoutes />
      </Route>,
      '/condominio/automatic/penalties?id=1',
    );
    expect(await screen.findByRole('heading', { name: 'Recargos moratorios', level: 1 }, SLOW)).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/condominio/panel-financiero/recargos'), SLOW);
  });
});
