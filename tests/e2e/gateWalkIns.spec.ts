// A walk-in at the caseta (issue 26), two people in Chromium: the guard asks a dwelling about a delivery without a
// pass; the resident, on their phone, sees it in "Visitas en la caseta" and approves; the caseta shows the answer
// without reloading, and the guard lets them in (recorded in the log). The resident is vecino036 (parcels.spec uses
// it too, through its own parcel; nothing here changes what that spec reads); residente@demo.mx must keep the privacy
// notice unaccepted for signIn.spec. Once, on the phone: the walk-in is shared data.
import { apiToken } from '../support/e2e/apiSignIn';
import { expect, test } from './fixtures';

const RESIDENT = 'vecino036@demo.mx';

test.use({ viewport: { width: 390, height: 844 } });

test('a walk-in approved by the resident on their phone is let in at the caseta @phone-only', async ({
  browser,
  page,
  request,
}) => {
  const visitor = `Repartidor ${Date.now() % 100000}`;
  const resident = await apiToken(request, RESIDENT);
  const data = await (await request.get('/api/--sesiones/session-data', { headers: { 'app-token': resident } })).json();
  const apartment = (data as { data: { usuario: { apartments: { AptName: string; TorreName: string | null }[] } } }).data.usuario
    .apartments[0]!;
  const dwelling = apartment.TorreName ? `${apartment.TorreName} - ${apartment.AptName}` : apartment.AptName;

  // The guard asks the dwelling.
  const guard = await apiToken(request, 'guardia@demo.mx');
  await page.addInitScript((token) => window.localStorage.setItem('app-token', token), guard);
  await page.goto('/condominio/caseta');
  await page.getByRole('button', { name: 'Sin pase' }).click();
  const form = page.getByRole('form', { name: 'Visita sin pase' });
  await form.getByRole('combobox', { name: 'Vivienda' }).fill(dwelling);
  await page.getByRole('option', { name: dwelling, exact: true }).click();
  await form.getByRole('textbox', { name: 'Nombre del visitante' }).fill(visitor);
  await form.getByRole('combobox', { name: 'Motivo' }).selectOption({ label: 'Entrega' });
  await form.getByRole('button', { name: 'Preguntar a la vivienda' }).click();
  await expect(page.getByText(`Esperando respuesta de ${dwelling}`)).toBeVisible();

  // The resident approves from their phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX' });
  const theirs = await phone.newPage();
  await theirs.addInitScript((token) => window.localStorage.setItem('app-token', token), resident);
  await theirs.goto('/condominio/visitas');
  const item = theirs.getByRole('article', { name: visitor });
  await item.getByRole('button', { name: 'Aprobar' }).click();
  await expect(theirs.getByText('Respuesta enviada a la caseta.')).toBeVisible();
  await phone.close();

  // The caseta hears it without a reload, and the guard lets them in.
  await expect(page.getByText('Aprobada', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Dejar pasar', exact: true }).click();
  await expect(page.getByText(`Entrada registrada: ${visitor}`)).toBeVisible();
  const admin = await apiToken(request, 'admin@demo.mx', 'Residencial Las Palmas');
  const log = await request.get(`/api/--bitacora/movimientos?q=${encodeURIComponent(visitor)}`, {
    headers: { 'app-token': admin },
  });
  const rows = ((await log.json()) as { items: { kind: string; note: string | null }[] }).items;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: 'entry' });
  expect(rows[0]!.note).toContain('aprobada por');
});
