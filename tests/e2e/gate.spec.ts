// The gate (issue 26) as its people use it, in Chromium: an administrator registers a tablet; on the tablet the
// pairing code is typed, guardia@demo.mx starts the shift with the PIN, and Chromium's fake camera shows the
// single-use demo pass's QR (tests/support/e2e/qrVideo.ts): the scan is checked, she is let in with her plates and
// let out, and the pass is used up. The administrator finds both movements in the log, exports it as CSV and
// revokes the tablet, whose next call is refused. The tablet at 1024×768 (the caseta's own size), once: it changes
// shared data (the pass's entries), so the phone project alone runs it.
import fs from 'node:fs';
import { launchOptions } from '../../playwright.config';
import { apiToken } from '../support/e2e/apiSignIn';
import { qrVideoFile } from '../support/e2e/qrVideo';
import { expect, test } from './fixtures';

/** The demo's single-use pass (server/db/seed/gate.ts): valid today for Torre A - 101, plates JLS-482-B. */
const PASS_QR = 'DEMO-PASE-UNICO';
const VISITOR = 'Jorge Ruiz Campos';
const GUARD = 'Gabriel Flores Luna';
const GUARD_PIN = '1234';
const DEVICE = 'Tableta caseta e2e';

test.use({
  viewport: { width: 1024, height: 768 },
  launchOptions: {
    ...launchOptions,
    args: [
      ...launchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideoFile(PASS_QR)}`,
    ],
  },
});

test('a paired tablet scans the pass, lets her in and out; the log has both, exported; the revoked tablet is refused @phone-only', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.mx', 'Residencial Las Palmas');
  const registered = await request.post('/api/--dispositivos/registrar', {
    headers: { 'app-token': admin },
    data: { name: DEVICE, accessPoint: 'Caseta principal' },
  });
  expect(registered.status()).toBe(200);
  const { device, code } = (await registered.json()) as { device: { id: number }; code: string };

  // On the tablet: the pairing code, then the shift.
  await page.goto(`/condominio/dispositivos/register/${device.id}`);
  await page.getByRole('textbox', { name: 'Código de vinculación' }).fill(code);
  await page.getByRole('button', { name: 'Vincular' }).click();
  await expect(page.getByText('¿Quién está de turno?')).toBeVisible();
  await page.getByRole('combobox', { name: '¿Quién está de turno?' }).selectOption({ label: GUARD });
  await page.getByLabel('PIN', { exact: true }).fill(GUARD_PIN);
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(page.getByRole('heading', { name: 'Caseta', level: 1 })).toBeVisible();
  await expect(page.getByText(`De turno: ${GUARD}`)).toBeVisible();

  // The camera reads the pass: she may come in, with the plates her pass expects.
  await page.getByRole('button', { name: 'Escanear QR' }).click();
  await expect(page.getByRole('status', { name: 'Puede pasar' })).toBeVisible();
  await expect(page.getByText(VISITOR).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Placas' })).toHaveValue('JLS-482-B');
  await page.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page.getByText(`Entrada registrada: ${VISITOR}`)).toBeVisible();
  const inside = page.getByRole('button', { name: `Registrar la salida de ${VISITOR}` });
  await inside.click();
  await expect(page.getByText(`Salida registrada: ${VISITOR}`)).toBeVisible();
  await expect(inside).toHaveCount(0);

  // A single-use pass does not open twice.
  await page.getByRole('button', { name: 'Escanear QR' }).click();
  await expect(page.getByRole('status', { name: 'Entradas agotadas' })).toBeVisible();

  // The administrator, at a desk: the log holds both movements, and exports them.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'es-MX' });
  const office = await desk.newPage();
  await office.addInitScript((token) => window.localStorage.setItem('app-token', token), admin);
  await office.goto('/condominio/bitacora-movimientos');
  await office.getByRole('region', { name: 'Filtros' }).getByLabel('Buscar').fill(VISITOR);
  await expect(office.getByText(VISITOR)).toHaveCount(2);
  const download = office.waitForEvent('download');
  await office.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  const ours = csv.split('\r\n').filter((line) => line.includes(VISITOR));
  expect(ours).toHaveLength(2);
  expect(ours.join('\n')).toContain(GUARD);

  // …and revokes the tablet: its next call is refused, and it is back at its pairing page.
  await office.goto('/condominio/dispositivos');
  const card = office.getByRole('listitem').filter({ hasText: DEVICE });
  await card.getByRole('button', { name: 'Revocar' }).click();
  await expect(card.getByText(`¿Revocar «${DEVICE}»?`, { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Revocar' }).click();
  await expect(card.getByText('Revocado', { exact: true })).toBeVisible();
  await desk.close();

  const shiftToken = await page.evaluate(() => window.localStorage.getItem('app-token'));
  const refused = await page.request.get('/api/--caseta/hoy', { headers: { 'app-token': shiftToken ?? '' } });
  expect(refused.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Código de vinculación' })).toBeVisible();
});
