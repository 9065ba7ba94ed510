// Recordatorios de pago in the browser (issue 27), the network stubbed at fetch (the edge of these tests): the days
// as saved, changed and sent; days that remind nothing say so and are not sent; today's sent now, the list back on
// its first page; each reminder with its WhatsApp message ready (to the resident's phone when there is one); the
// second page; a failure with Reintentar; anyone but an administrator sent away.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { formatMoney } from '../../src/api/finance';
import RemindersPage from '../../src/views/reminders/RemindersPage';
import { json } from '../support/http';
import { PAGE_TWO, SENT, SETTINGS, TOTAL } from '../support/remindersFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useViewport('desktop');
});

const SLOW = { timeout: 10_000 };
const SETTINGS_PATH = '/api/--recordatorios/ajustes';
const LIST_PATH = '/api/--recordatorios';
const RUN_PATH = '/api/--recordatorios/enviar';

function open(session = sessionFor('admin'), answers: Record<string, () => Response> = {}) {
  const stub = stubApi(session, {
    [SETTINGS_PATH]: () => json({ success: true, settings: SETTINGS }),
    [LIST_PATH]: () => json({ success: true, items: SENT, total: TOTAL }),
    ...answers,
  });
  signedIn(
    <Route path="/condominio" nest>
      <Route path="/panel-financiero/recordatorios">
        <RemindersPage />
      </Route>
      <Route path="/comunicacion">
        <p>communication</p>
      </Route>
    </Route>,
    '/condominio/panel-financiero/recordatorios',
  );
  return stub;
}

describe('Recordatorios de pago', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the days and who was reminded, each with a WhatsApp message ready (${viewport})`, async () => {
      useViewport(viewport);
      open();
      expect(await screen.findByRole('heading', { name: 'Recordatorios de pago', level: 1 }, SLOW)).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'Enviar recordatorios de pago' })).toHaveProperty('checked', true);
      expect(screen.getByRole('textbox', { name: /Días antes del vencimiento/ })).toHaveProperty('value', '3');
      expect(screen.getByRole('textbox', { name: /Días después del vencimiento/ })).toHaveProperty('value', '5');
      expect(screen.getByRole('checkbox', { name: 'El día que vence' })).toHaveProperty('checked', true);
      const list = screen.getByRole('list', { name: 'Recordatorios enviados' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(within(items[0]!).getByText('Casa 57')).toBeTruthy();
      expect(within(items[0]!).getByText('Vencido')).toBeTruthy();
      expect(within(items[0]!).getByText(new RegExp(formatMoney(1_300_000).replace('$', '\\$')))).toBeTruthy();
      const whatsapp = within(items[0]!).getByRole('link', { name: 'Enviar por WhatsApp a Casa 57' });
      const href = new URL(whatsapp.getAttribute('href')!);
      expect(href.origin + href.pathname).toBe('https://wa.me/525512345678');
      expect(href.searchParams.get('text')).toBe(
        `Hola, el pago de ${formatMoney(1_300_000)} de Casa 57 venció el 10/07/2026. Te pedimos ponerte al corriente para evitar recargos. ¡Gracias!`,
      );
      // Without a phone, WhatsApp asks whom to send it to.
      const second = within(items[1]!).getByRole('link', { name: 'Enviar por WhatsApp a Torre A - 101' });
      expect(second.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
      expect(within(items[1]!).getByText(/2 residentes/)).toBeTruthy();
    });
  }

  it('saves changed days, and says days that remind nothing cannot be saved', async () => {
    const stub = open(sessionFor('admin'), {
      [SETTINGS_PATH]: () => json({ success: true, settings: SETTINGS }),
    });
    const before = await screen.findByRole('textbox', { name: /Días antes del vencimiento/ }, SLOW);
    const after = screen.getByRole('textbox', { name: /Días después del vencimiento/ });
    const onDue = screen.getByRole('checkbox', { name: 'El día que vence' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    fireEvent.change(before, { target: { value: '' } });
    fireEvent.change(after, { target: { value: '' } });
    fireEvent.click(onDue);
    expect(await screen.findByText('Elige al menos un momento para recordar.')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(after, { target: { value: '10' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'POST' && c.path === SETTINGS_PATH)?.body).toEqual({
        enabled: true,
        daysBefore: null,
        onDue: false,
        daysAfter: 10,
      }),
    );
    expect(await screen.findByText('Recordatorios guardados.', {}, SLOW)).toBeTruthy();
  });

  it("sends today's now, says how many, and shows the list from its first page", async () => {
    let lists = 0;
    const stub = open(sessionFor('admin'), {
      [RUN_PATH]: () => json({ success: true, sent: 3 }),
      [LIST_PATH]: () => json({ success: true, items: ++lists === 1 ? SENT : [SENT[1]!, SENT[0]!], total: TOTAL }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar los de hoy' }, SLOW));
    expect(await screen.findByText('3 recordatorios enviados.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(lists).toBe(2));
    expect(stub.calls.filter((c) => c.path === RUN_PATH)).toHaveLength(1);
    const items = within(screen.getByRole('list', { name: 'Recordatorios enviados' })).getAllByRole('listitem');
    await waitFor(() => expect(within(items[0]!).queryByText('Torre A - 101')).toBeTruthy());
  });

  it('goes to the second page', async () => {
    open(sessionFor('admin'), {
      [LIST_PATH]: () => json({ success: true, items: SENT, total: TOTAL }),
    });
    await screen.findByRole('list', { name: 'Recordatorios enviados' }, SLOW);
    vi.unstubAllGlobals();
    const stub = stubApi(sessionFor('admin'), { [LIST_PATH]: () => json({ success: true, items: PAGE_TWO, total: TOTAL }) });
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Casa 3', {}, SLOW)).toBeTruthy();
    expect(stub.calls.find((c) => c.path === LIST_PATH)).toBeTruthy();
  });

  it('says why it could not load, and Reintentar asks again', async () => {
    let attempts = 0;
    open(sessionFor('admin'), {
      [SETTINGS_PATH]: () =>
        ++attempts === 1
          ? json({ success: false, code: 'INTERNAL', message: 'boom' }, 500)
          : json({ success: true, settings: SETTINGS }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Recordatorios de pago', level: 1 }, SLOW)).toBeTruthy();
  });

  it('sends anyone but an administrator to the communication area', async () => {
    open(sessionFor('resident'));
    expect(await screen.findByText('communication', {}, SLOW)).toBeTruthy();
  });
});
