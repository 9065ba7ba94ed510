// The history in Chromium (issue 16): the administrator makes a change through the API (a new, inactive
// request category of this project's own, which no resident's form offers, so no other spec sees it), finds
// it in historial with the kind filter, and exports the filtered set as a CSV whose rows say it.
//
// Accounts (accounts.ts lists who uses which): admin@demo.mx in Las Palmas, the saved session.
import fs from 'node:fs';
import { TICKETS_PATHS } from '../../src/api/tickets';
import { savedToken, signedIn } from '../support/e2e/accounts';
import { expect, test } from './fixtures';

const ADMIN = ['admin@demo.mx', 'Residencial Las Palmas'] as const;

test.use({ storageState: signedIn(...ADMIN), locale: 'es-MX', timezoneId: 'America/Mexico_City' });

test(
  'a change made by the administrator shows in historial, filtered by kind, and in its CSV',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    const name = `Historial e2e ${testInfo.project.name} ${Date.now()}`;
    const saved = await request.post(`/api${TICKETS_PATHS.saveCategory}`, {
      headers: { 'app-token': savedToken(...ADMIN) },
      data: { nombre: name, activa: false },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto('/condominio/historial');
    await expect(page.getByRole('heading', { name: 'Historial', level: 1 })).toBeVisible();
    await page.getByLabel('Tipo').selectOption({ label: 'Categoría de solicitudes' });
    // A table on the desktop, cards on the phone: the row or card of this change says who and what.
    const phone = testInfo.project.name === 'phone';
    const log = page.getByRole(phone ? 'list' : 'table', { name: 'Historial' });
    const entry = log
      .locator(phone ? 'li' : 'tr')
      .filter({ hasText: `${name} (#` })
      .first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Ana Martínez Ruiz');
    await expect(entry).toContainText('Creó');
    await expect(entry).toContainText('Categoría de solicitudes');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^historial.*\.csv$/);
    const text = fs.readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Fecha,Quién,Tipo,Id del objeto,Objeto,Acción,Campo,Antes,Después');
    const ours = lines.filter((line) => line.includes(name));
    expect(ours.length).toBeGreaterThan(0);
    for (const line of ours) expect(line).toContain(',Ana Martínez Ruiz,Categoría de solicitudes,');
    // Only the filtered kind.
    for (const line of lines.slice(1).filter(Boolean)) expect(line).toContain(',Categoría de solicitudes,');
    await expect(page.getByText('Se descargó el CSV.')).toBeVisible();
  },
);
