// Interpersonal messages in Chromium (issue 13): one neighbour writes privately to another's dwelling, picked
// by tower and dwelling; the other sees the unread count in the menu and on the home, opens the message from
// the bell, reads it and answers; the first sees the answer and the read receipt within 15 s without reloading.
// Both sides run at once in two browser contexts. Screenshots go to /tmp/messages-shots for a person to look at.
//
// vecino012 writes to vecino013: accounts no other spec uses (accounts.ts lists who uses which).
import type { Browser } from '@playwright/test';
import type { SessionData } from '../../src/api/sessions';
import { savedToken, signedIn } from '../support/e2e/accounts';
import { expect, shotsIn, test } from './fixtures';

const SHOTS = '/tmp/messages-shots';
const WRITER = 'vecino012@demo.mx';
const READER = 'vecino013@demo.mx';

const shot = shotsIn(SHOTS);

async function pageAs(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ storageState: signedIn(email), viewport, locale: 'es-MX' });
  return context.newPage();
}

test(
  'two neighbours exchange private messages with read receipts, live',
  { tag: '@desktop-only' },
  async ({ browser, request }, testInfo) => {
    test.setTimeout(90_000);
    // The reader's dwelling, as the session data names it (the writer picks it by tower and dwelling).
    const data = (await (
      await request.get('/api/--sesiones/session-data', { headers: { 'app-token': savedToken(READER) } })
    ).json()) as { data: SessionData };
    const dwelling = data.data.usuario.apartments[0]!;
    const writer = await pageAs(browser, WRITER, { width: 1440, height: 900 });
    const reader = await pageAs(browser, READER, { width: 390, height: 844 });
    const text = `Hola vecino, ¿es tuya la bicicleta azul? (${Date.now()})`;

    await writer.goto('/condominio/comunicacion');
    await writer.getByRole('navigation').getByRole('link', { name: 'Comunicación entre vecinos' }).click();
    await expect(writer.getByRole('heading', { name: 'Comunicación entre vecinos', level: 1 })).toBeVisible();
    await writer.getByRole('button', { name: 'Nueva conversación' }).click();
    const form = writer.getByRole('form', { name: 'Nueva conversación' });
    // Never anyone's e-mail or phone: only dwellings.
    await expect(form.getByText(/nunca el correo ni el teléfono/)).toBeVisible();
    await form.getByRole('radio', { name: 'Una vivienda' }).check();
    await form.getByLabel('Torre', { exact: true }).selectOption({ label: dwelling.TorreName ?? 'Casas sin torre' });
    const dwellingName = dwelling.TorreName ? `${dwelling.TorreName} - ${dwelling.AptName}` : dwelling.AptName;
    await form.getByLabel('Vivienda', { exact: true }).selectOption({ label: dwellingName });
    await form.getByLabel('Mensaje').fill(text);
    await shot(writer, testInfo, 'new-conversation');
    await form.getByRole('button', { name: 'Enviar' }).click();
    const thread = writer.getByRole('list', { name: `Mensajes con ${dwellingName}` });
    const mine = thread.getByRole('listitem').filter({ hasText: text });
    await expect(mine.getByText(/^Enviado /)).toBeVisible();
    await expect(mine.getByText(/^Leído /)).toHaveCount(0);

    // The reader: the unread count on the home and in the menu (the drawer on a phone), then the bell.
    await reader.goto('/condominio/comunicacion');
    const home = reader.getByRole('list', { name: 'Secciones de tu condominio' });
    await expect(home.getByRole('listitem').filter({ hasText: 'Comunicación entre vecinos' })).toContainText(
      '1 mensaje sin leer',
    );
    await shot(reader, testInfo, 'home-unread');
    await reader.getByRole('button', { name: /^Notificaciones, / }).click();
    const bell = reader.getByRole('dialog', { name: 'Notificaciones' });
    await bell
      .getByRole('listitem', { name: /^Nuevo mensaje de / })
      .filter({ hasText: 'bicicleta azul' })
      .first()
      .click();
    await expect(reader).toHaveURL(/comunicacion-interpersonal\/\d+\?conversacion=\d+/);
    const readerThread = reader.getByRole('list', { name: /^Mensajes con / });
    await expect(readerThread.getByText(text)).toBeVisible();
    await reader.getByRole('textbox', { name: 'Escribe un mensaje' }).fill('¡Sí! Gracias por avisar.');
    await reader.getByRole('button', { name: 'Enviar' }).click();
    await expect(readerThread.getByText('¡Sí! Gracias por avisar.')).toBeVisible();
    await shot(reader, testInfo, 'conversation-phone');

    // The writer, without reloading: the answer and the read receipt arrive within 15 s.
    await expect(thread.getByText('¡Sí! Gracias por avisar.')).toBeVisible({ timeout: 20_000 });
    await expect(mine.getByText(/^Leído /)).toBeVisible({ timeout: 20_000 });
    await shot(writer, testInfo, 'conversation-read');
    await writer.context().close();
    await reader.context().close();
  },
);
