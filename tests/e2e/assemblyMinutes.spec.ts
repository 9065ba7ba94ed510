// The minutes of assemblies (issue 32) in Chromium. The demo's book of minutes lists the signed acta of Las Palmas'
// past assembly, and its integrity check says "Íntegra". Then, on an assembly set up through the API (called,
// attendance taken, moved to its third call), admin@demo.mx at the door reads vecino084's access code with
// Chromium's fake camera (tests/support/e2e/qrVideo.ts) and their dwelling is recorded present; the assembly is
// opened and closed through the API, the acta downloaded, and the signed copy uploaded from the screen lands in the
// book with the next number. Desktop only: it changes shared data (an assembly and the book).
import { type Browser, chromium } from '@playwright/test';
import { launchOptions } from '../../playwright.config';
import { signedIn } from '../support/e2e/accounts';
import { apiToken, openSignedIn } from '../support/e2e/apiSignIn';
import { qrVideoFile } from '../support/e2e/qrVideo';
import { expect, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const OWNER = 'vecino084@demo.mx';

/** A browser whose camera shows `code`'s QR. */
const cameraOn = (code: string): Promise<Browser> =>
  chromium.launch({
    ...launchOptions,
    args: [
      ...launchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideoFile(code)}`,
    ],
  });

test('the book lists the demo’s acta; a door code read by the camera; a signed acta filed in the book @desktop-only', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The demo's book: acta 1, the past ordinary assembly, intact.
  const admin = {
    'app-token': await openSignedIn(page, 'admin@demo.mx', '/condominio/asambleas?libro=1', 'Residencial Las Palmas'),
  };
  const demo = page.getByTestId('minutes-entry').filter({ hasText: 'Acta 1' });
  await expect(demo.getByRole('link', { name: 'Asamblea ordinaria anual' })).toBeVisible();
  await demo.getByRole('button', { name: 'Verificar integridad' }).click();
  await expect(demo.getByTestId('minutes-check')).toHaveText('Íntegra');

  // An assembly of its own, waiting at its third call (any attendance).
  const title = `Acta e2e ${Date.now().toString(36)}`;
  const created = await request.post('/api/--asambleas/nueva', {
    headers: admin,
    data: {
      kind: 'ordinary',
      title,
      place: 'Lobby',
      videoLink: '',
      items: [{ title: 'Informe', description: '', kind: 'informative', majority: 'simple' }],
      calls: [
        { at: '2031-03-10T19:00', percent: 75, strict: false },
        { at: '2031-03-10T19:30', percent: 50, strict: true },
        { at: '2031-03-10T20:00', percent: 0, strict: true },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  let version = 1;
  const act = async (action: string) => {
    const changed = await request.post(`/api/--asambleas/${id}/cambiar`, { headers: admin, data: { version, action } });
    expect(changed.status(), action).toBe(200);
    version = ((await changed.json()) as { data: { version: number } }).data.version;
  };
  for (const action of ['call', 'convene', 'nextCall', 'nextCall']) await act(action);

  // The owner's door code, read by the camera at the door.
  const owner = { 'app-token': await apiToken(request, OWNER, 'Residencial Las Palmas') };
  const mine = (await (await request.get(`/api/--asambleas/${id}/mi-codigo`, { headers: owner })).json()) as {
    code: string;
    dwellings: string[];
  };
  expect(mine.dwellings).toHaveLength(1);
  const browser = await cameraOn(mine.code);
  try {
    const context = await browser.newContext({
      baseURL,
      storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas'),
      locale: 'es-MX',
      serviceWorkers: 'block',
    });
    const door = await context.newPage();
    await door.goto(`/condominio/asambleas?id=${id}`);
    await door.getByRole('button', { name: 'Registrar en la puerta' }).click();
    await door.getByRole('button', { name: 'Escanear' }).click();
    await expect(door.getByTestId('check-in-result')).toContainText(`registrada la asistencia de ${mine.dwellings[0]}`);
    await expect(door.getByTestId('quorum-present')).toContainText('(1 de');
    await context.close();
  } finally {
    await browser.close();
  }

  // Opened and closed; the acta downloaded, the signed copy filed from the screen.
  for (const action of ['open', 'close']) await act(action);
  await page.goto(`/condominio/asambleas?id=${id}`);
  await expect(page.getByTestId('assembly-state')).toHaveText('Cerrada');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar el acta (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toBe(`acta-${id}.pdf`);
  await page
    .getByLabel('Acta firmada (PDF o imagen)')
    .setInputFiles({ name: 'acta-firmada.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Archivar en el libro de actas' }).click();
  const filed = page.getByTestId('minutes-filed');
  await expect(filed).toContainText('El acta firmada está en el libro de actas');
  const number = /\(acta (\d+)\)/.exec((await filed.textContent()) ?? '')?.[1];

  await page.getByRole('link', { name: 'Libro de actas' }).click();
  const entry = page.getByTestId('minutes-entry').filter({ hasText: title });
  await expect(entry.getByRole('heading', { name: `Acta ${number}` })).toBeVisible();
  await entry.getByRole('button', { name: 'Verificar integridad' }).click();
  await expect(entry.getByTestId('minutes-check')).toHaveText('Íntegra');
});
