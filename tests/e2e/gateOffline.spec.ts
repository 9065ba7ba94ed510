// The caseta through a network cut (issue 26 "Offline"), in Chromium: a paired phone with guardia@demo.mx on
// shift has two walk-ins inside (let in online through the API); the browser context goes offline, the guard
// lets both out from "Dentro ahora" and the banner counts "2 movimientos por enviar"; back online the offline
// queue sends them and the banner clears, and the administrator's log holds each exit exactly once. (Checking a
// pass offline needs the signed snapshot of today's passes: not built yet.)
import { apiToken } from '../support/e2e/apiSignIn';
import { expect, test } from './fixtures';

const GUARD = 'Gabriel Flores Luna';
const GUARD_PIN = '1234';
const DEVICE = 'Teléfono caseta offline e2e';

interface Movement {
  kind: string;
  visitorName: string;
  entryId: number | null;
  clientId: string;
}

test('exits recorded offline are kept, counted and sent once when the network is back @phone-only', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.mx', 'Residencial Las Palmas');
  const headers = { 'app-token': admin };
  const registered = await request.post('/api/--dispositivos/registrar', {
    headers,
    data: { name: DEVICE, accessPoint: 'Caseta principal' },
  });
  expect(registered.status()).toBe(200);
  const { device, code } = (await registered.json()) as { device: { id: number }; code: string };

  // Two walk-ins let in online (a dwelling of the condominium, names of this run).
  const today = await request.get('/api/--caseta/hoy', { headers });
  expect(today.status()).toBe(200);
  const { dwellings } = (await today.json()) as { dwellings: { id: number; name: string }[] };
  const run = Date.now().toString(36);
  const visitors = [`Visita sin red A ${run}`, `Visita sin red B ${run}`];
  for (const visitorName of visitors) {
    const entry = await request.post('/api/--caseta/entrada', {
      headers,
      data: { clientId: crypto.randomUUID(), passId: null, apartmentId: dwellings[0]!.id, visitorName, people: 1 },
    });
    expect(entry.ok()).toBe(true);
  }

  // On the phone: the pairing code, then the shift.
  await page.goto(`/condominio/dispositivos/register/${device.id}`);
  await page.getByRole('textbox', { name: 'Código de vinculación' }).fill(code);
  await page.getByRole('button', { name: 'Vincular' }).click();
  await page.getByRole('combobox', { name: '¿Quién está de turno?' }).selectOption({ label: GUARD });
  await page.getByLabel('PIN', { exact: true }).fill(GUARD_PIN);
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(page.getByRole('heading', { name: 'Caseta', level: 1 })).toBeVisible();
  for (const name of visitors) await expect(page.getByRole('button', { name: `Registrar la salida de ${name}` })).toBeVisible();

  // The network drops: the banner says so, and both exits are kept on the phone.
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Sin conexión');
  for (const name of visitors) {
    const exit = page.getByRole('button', { name: `Registrar la salida de ${name}` });
    await exit.click();
    await expect(exit).toBeDisabled();
  }
  await expect(banner).toContainText('Sin conexión — 2 movimientos por enviar');

  // Back online: the queue sends them and the banner clears.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });

  // The administrator's log: each exit exactly once, recorded offline.
  for (const name of visitors) {
    const log = await request.get('/api/--bitacora/movimientos', { headers, params: { q: name } });
    expect(log.status()).toBe(200);
    const { items } = (await log.json()) as { items: Movement[] };
    const exits = items.filter((movement) => movement.kind === 'exit' && movement.visitorName === name);
    expect(exits).toHaveLength(1);
    expect(items.filter((movement) => movement.kind === 'entry' && movement.visitorName === name)).toHaveLength(1);
  }
  // Nothing is waiting in the phone's queue any more.
  await expect(page.getByTestId('offline-rejected')).toHaveCount(0);
});
