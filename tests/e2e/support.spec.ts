// The support chat in Chromium (issue 30, "Done when"): the administrator of Las Palmas finds the launcher at the
// bottom-right, drags it, reloads and finds it where it was, and writes to support; an agent of the desk, in a second
// browser context, signs in at /soporte, finds the conversation among the open ones and answers it; the
// administrator, without reloading, gets the badge on the closed launcher and reads the answer in the panel.
// Desktop only: the launcher's corner and the drag are measured on the desktop's 1440 × 900.
import type { Page } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const ADMIN = 'admin@demo.mx';
const CONDO = 'Residencial Las Palmas';
const VIEWPORT = { width: 1440, height: 900 };

async function launcherBox(page: Page) {
  const box = await page.getByTestId('support-launcher').boundingBox();
  if (!box) throw new Error('the launcher is not laid out');
  return box;
}

test('an administrator writes to support and the desk answers, live', { tag: '@desktop-only' }, async ({ browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ storageState: signedIn(ADMIN, CONDO), viewport: VIEWPORT, locale: 'es-MX' });
  const admin = await adminContext.newPage();
  await admin.goto('/condominio/welcome');
  const launcher = admin.getByTestId('support-launcher');
  await expect(launcher).toBeVisible();

  // Bottom-right by default: 45 px, 60 px from the right and bottom edges.
  const corner = await launcherBox(admin);
  expect(corner).toMatchObject({ x: 1440 - 60 - 45, y: 900 - 60 - 45, width: 45, height: 45 });

  // Dragged with the mouse to the middle of the screen; the panel stays closed.
  await admin.mouse.move(corner.x + 20, corner.y + 20);
  await admin.mouse.down();
  await admin.mouse.move(900, 500, { steps: 8 });
  await admin.mouse.move(700, 400, { steps: 8 });
  await admin.mouse.up();
  const dropped = await launcherBox(admin);
  expect(dropped).toMatchObject({ x: 680, y: 380 });
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');

  // Where it was left, after a reload.
  await admin.reload();
  await expect(launcher).toBeVisible();
  expect(await launcherBox(admin)).toMatchObject({ x: 680, y: 380 });

  // Opened with a click: the chat, and a message to support.
  const question = `¿Cómo importo viviendas desde Excel? (${Date.now()})`;
  await launcher.click();
  const panel = admin.getByRole('dialog', { name: 'Soporte' });
  await expect(panel).toBeVisible();
  await panel.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill(question);
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await expect(panel.getByRole('list', { name: 'Mensajes con soporte' }).getByText(question)).toBeVisible();
  await panel.getByRole('button', { name: 'Cerrar el chat de soporte' }).click();
  await expect(panel).toHaveCount(0);
  await expect(launcher).toHaveAttribute('aria-label', 'Abrir el chat de soporte');

  // The desk, in its own browser context: its own sign-in, the conversation among the open ones, an answer.
  const deskContext = await browser.newContext({ viewport: VIEWPORT, locale: 'es-MX' });
  const desk = await deskContext.newPage();
  await desk.goto('/soporte');
  const signIn = desk.getByRole('form', { name: 'Inicia sesión en la mesa de soporte' });
  await signIn.getByLabel('Correo').fill('soporte@demo.mx');
  await signIn.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Iniciar sesión' }).click();
  await desk.getByRole('button', { name: new RegExp(`^${CONDO}, 1 sin leer`) }).click();
  const conversation = desk.getByRole('region', { name: CONDO });
  await expect(conversation.getByText(question)).toBeVisible();
  await expect(conversation.getByText(/^Ana Martínez Ruiz · admin@demo\.mx · .* · verificado/)).toBeVisible();
  const answer = 'Hola, Ana: en Configuración > Viviendas, botón Importar. Te dejo la guía.';
  await conversation.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill(answer);
  await conversation.getByRole('button', { name: 'Enviar' }).click();
  await expect(conversation.getByText(answer)).toBeVisible();
  await expect(conversation.getByText('En espera')).toBeVisible();

  // The administrator, without reloading: the badge on the closed launcher, then the answer in the panel.
  await expect(launcher).toHaveAttribute('aria-label', 'Abrir el chat de soporte, 1 mensaje sin leer', { timeout: 15_000 });
  await expect(admin.getByTestId('support-badge')).toHaveText('1');
  await launcher.click();
  await expect(panel.getByRole('list', { name: 'Mensajes con soporte' }).getByText(answer)).toBeVisible();
  await expect(launcher).toHaveAttribute('aria-label', 'Abrir el chat de soporte');

  // The desk sees the administrator read it.
  await expect(
    conversation
      .getByRole('listitem')
      .filter({ hasText: answer })
      .getByText(/^Leído /),
  ).toBeVisible({ timeout: 20_000 });

  await adminContext.close();
  await deskContext.close();
});
