// Supervisor rounds (issue 31) in Chromium: as admin@demo.mx (through the API) a plan over three of the demo's
// printed checkpoints is made with a round open now; guardia@demo.mx walks it on her phone, each checkpoint read by
// Chromium's fake camera showing that checkpoint's QR code (tests/support/e2e/qrVideo.ts; one browser per code, as
// the fake camera shows one file), the second while the phone is offline (kept in the offline queue, sent when the
// network is back), and ends it. supervisor@demo.mx's panel then shows the round done and the demo's missed round
// as missed. Desktop only: it changes shared data (a plan and its rounds).
import { type Browser, chromium } from '@playwright/test';
import { launchOptions } from '../../playwright.config';
import type { PanelAnswer, Round } from '../../src/api/rounds';
import { savedToken, signedIn } from '../support/e2e/accounts';
import { qrVideoFile } from '../support/e2e/qrVideo';
import { expect, test } from './fixtures';

const CODES = ['RC-DEMO-PALMAS-1', 'RC-DEMO-PALMAS-2', 'RC-DEMO-PALMAS-3'] as const;
const NAMES = ['Caseta principal', 'Estacionamiento Torre A', 'Alberca'] as const;

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

test('a round walked over three checkpoints, one offline, shows done on the supervisor’s panel beside the missed one @desktop-only', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = { 'app-token': savedToken('admin@demo.mx', 'Residencial Las Palmas') };
  const guard = { 'app-token': savedToken('guardia@demo.mx') };
  const checkpoints = (await (await request.get('/api/--recorridos/puntos', { headers: admin })).json()) as {
    items: { id: number; code: string }[];
  };
  const ids = CODES.map((code) => checkpoints.items.find((c) => c.code === code)!.id);
  // A plan whose round of this hour is open now (two hours to walk each checkpoint).
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'America/Mexico_City' }).format(new Date()),
  );
  const wall = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const name = `Recorrido e2e ${Date.now()}`;
  const saved = await request.post('/api/--recorridos/planes/guardar', {
    headers: admin,
    data: {
      name,
      ordered: true,
      everyHours: 1,
      from: wall(hour),
      to: wall(hour + 2),
      stops: ids.map((id) => ({ checkpointId: id, toleranceMinutes: 120 })),
    },
  });
  expect(saved.status()).toBe(200);
  const open = (await (await request.get('/api/--recorridos/por-recorrer', { headers: guard })).json()) as { items: Round[] };
  const round = open.items.find((r) => r.planName === name && r.slotAt.endsWith(wall(hour)))!;
  expect(round).toBeTruthy();

  for (const [index, code] of CODES.entries()) {
    const browser = await cameraOn(code);
    try {
      const context = await browser.newContext({
        baseURL,
        storageState: signedIn('guardia@demo.mx'),
        locale: 'es-MX',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto('/condominio/recorridos');
      // The walk fetches the QR decoder ahead, so the camera reads offline too.
      const decoder = page.waitForResponse((response) => /jsQR/i.test(response.url()));
      await page.getByTestId(`round-${round.id}`).getByRole('button', { name: 'Recorrer' }).click();
      await decoder;
      await expect(page.getByTestId('round-progress')).toHaveText(`${index} de 3 puntos`);
      const offline = index === 1;
      if (offline) await context.setOffline(true);
      await page.getByRole('button', { name: 'Escanear punto' }).click();
      await expect(page.getByTestId('scan-result')).toHaveText(
        offline ? `Guardado sin conexión: ${NAMES[index]}. Se enviará al volver la red.` : `Punto registrado: ${NAMES[index]}.`,
      );
      await expect(page.getByTestId('round-progress')).toHaveText(`${index + 1} de 3 puntos`);
      if (offline) {
        await expect(page.getByTestId('offline-banner')).toBeVisible();
        await context.setOffline(false);
        await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 15_000 });
      }
      if (index === 2) {
        await page.getByRole('button', { name: 'Terminar recorrido' }).click();
        await expect(page.getByText('Recorrido terminado.')).toBeVisible();
      }
      await context.close();
    } finally {
      await browser.close();
    }
  }

  // The supervisor's panel: the round done, and the demo's latest closed night round missed.
  const supervisor = { 'app-token': savedToken('supervisor@demo.mx') };
  const panel = (await (await request.get('/api/--recorridos/panel', { headers: supervisor })).json()) as PanelAnswer;
  const missed = panel.rounds.filter((r) => r.planName === 'Recorrido nocturno' && r.status === 'missed').at(-1)!;
  expect(missed).toBeTruthy();
  const browser = await chromium.launch(launchOptions);
  try {
    const context = await browser.newContext({
      baseURL,
      storageState: signedIn('supervisor@demo.mx'),
      locale: 'es-MX',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/condominio/recorridos-supervisor');
    const walked = page.getByTestId(`panel-round-${round.id}`);
    await expect(walked).toHaveAttribute('data-status', 'done');
    await expect(walked.getByText('Realizado')).toBeVisible();
    const missedCard = page.getByTestId(`panel-round-${missed.id}`);
    await expect(missedCard).toHaveAttribute('data-status', 'missed');
    await expect(missedCard.getByText('No realizado')).toBeVisible();
    // The missed round's notice reached the supervisor's bell.
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(page.getByText('Recorrido no realizado').first()).toBeVisible();
    await context.close();
  } finally {
    await browser.close();
  }
});
