// The caseta through a network cut (issue 26 "Offline"), in Chromium. First: a paired phone with guardia@demo.mx
// on shift has two walk-ins inside (let in online through the API); the browser context goes offline, the guard
// lets both out from "Dentro ahora" and the banner counts "2 movimientos por enviar"; back online the offline
// queue sends them and the banner clears, and the administrator's log holds each exit exactly once. Second: the
// caseta keeps the signed snapshot of today's passes when it opens; offline, two passes made today (by the
// administrator, who lives in Torre A - 1001) are checked by their typed keys against it, "verificado sin
// conexión", and let in; back online both entries reach the log exactly once.
import { apiToken } from '../support/e2e/apiSignIn';
import { keptSnapshots, pairedPhoneOnShift } from '../support/e2e/gateDevice';
import { expect, test } from './fixtures';

const DEVICE = 'Teléfono caseta offline e2e';

interface Movement {
  kind: string;
  visitorName: string;
  entryId: number | null;
  clientId: string;
  passId: number | null;
  conflict: string | null;
}

test('exits recorded offline are kept, counted and sent once when the network is back @phone-only', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.mx', 'Residencial Las Palmas');
  const headers = { 'app-token': admin };

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
  await pairedPhoneOnShift(page, request, headers, DEVICE);
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

test('passes checked offline against the kept snapshot are let in, and their entries reach the log once @phone-only', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.mx', 'Residencial Las Palmas');
  const headers = { 'app-token': admin };

  // Two passes valid all day today, made by the administrator for the dwelling they live in.
  const today = await request.get('/api/--caseta/hoy', { headers });
  expect(today.status()).toBe(200);
  const { today: date } = (await today.json()) as { today: string };
  const overview = await request.get('/api/--mis-invitados/resumen', { headers });
  expect(overview.status()).toBe(200);
  const { dwellings } = (await overview.json()) as { dwellings: { AptId: number }[] };
  const run = Date.now().toString(36);
  const passes: { id: number; name: string; key: string }[] = [];
  for (const name of [`Pase sin red A ${run}`, `Pase sin red B ${run}`]) {
    const created = await request.post('/api/--mis-invitados/crear-pase', {
      headers,
      data: {
        tipo: 'temporal',
        nombre: name,
        email: '',
        telefono: '',
        fechaInicio: date,
        fechaFin: date,
        horaInicio: '',
        horaFin: '',
        diasAcceso: [],
        notaVisitante: '',
        nombreInfante: '',
        apartmentId: dwellings[0]!.AptId,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { item } = (await created.json()) as { item: { id: number; ClaveManual: string } };
    passes.push({ id: item.id, name, key: item.ClaveManual });
  }

  // The caseta opens on the phone and keeps today's passes.
  const snapshotFetched = page.waitForResponse((response) => response.url().includes('/api/--caseta/pases-hoy'));
  await pairedPhoneOnShift(page, request, headers, `Teléfono pases sin red e2e ${run}`);
  expect((await snapshotFetched).status()).toBe(200);
  await expect.poll(() => keptSnapshots(page)).toBe(1);

  // The network drops: each pass is checked by its key against the kept list, and let in.
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Sin conexión');
  for (const [index, pass] of passes.entries()) {
    await page.getByRole('textbox', { name: 'Clave manual o QR' }).fill(pass.key.toLowerCase());
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Puede pasar' })).toBeVisible();
    await expect(page.getByText(/^Verificado sin conexión · lista de las \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: pass.name })).toBeVisible();
    await page.getByRole('button', { name: 'Registrar entrada', exact: true }).click();
    await expect(page.getByText('Guardado sin conexión: se enviará al volver la red')).toBeVisible();
    await expect(banner).toContainText(
      index === 0 ? 'Sin conexión — 1 movimiento por enviar' : 'Sin conexión — 2 movimientos por enviar',
    );
  }

  // Back online: the queue sends both and the banner clears.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });

  // The administrator's log: each entry exactly once, on its pass, recorded offline without a conflict.
  for (const pass of passes) {
    const log = await request.get('/api/--bitacora/movimientos', { headers, params: { q: pass.name } });
    expect(log.status()).toBe(200);
    const { items } = (await log.json()) as { items: Movement[] };
    const entries = items.filter((movement) => movement.kind === 'entry' && movement.visitorName === pass.name);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ passId: pass.id, conflict: null });
  }
});
