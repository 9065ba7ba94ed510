// A gate device in the browser suite: registered by the administrator through the API, paired on the page with
// its one-time code, and the demo guard's shift opened with his PIN (gateOffline.spec.ts, pwa.spec.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const GUARD = 'Gabriel Flores Luna';
export const GUARD_PIN = '1234';

/** A device registered by the administrator, paired on the phone, with the guard's shift open on it. */
export async function pairedPhoneOnShift(page: Page, request: APIRequestContext, headers: Record<string, string>, name: string) {
  const registered = await request.post('/api/--dispositivos/registrar', {
    headers,
    data: { name, accessPoint: 'Caseta principal' },
  });
  expect(registered.status()).toBe(200);
  const { device, code } = (await registered.json()) as { device: { id: number }; code: string };
  await page.goto(`/condominio/dispositivos/register/${device.id}`);
  await page.getByRole('textbox', { name: 'Código de vinculación' }).fill(code);
  await page.getByRole('button', { name: 'Vincular' }).click();
  await page.getByRole('combobox', { name: '¿Quién está de turno?' }).selectOption({ label: GUARD });
  await page.getByLabel('PIN', { exact: true }).fill(GUARD_PIN);
  const opened = page.waitForResponse((response) => response.url().includes('/api/--dispositivos/turno/abrir'));
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  expect((await opened).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Caseta', level: 1 })).toBeVisible();
}

/** How many snapshots the phone keeps in its IndexedDB (services/gateSnapshot.ts: 'snapshot/<condo>' keys). */
export function keptSnapshots(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would create it without its store, and the app's own opening
    // (idb-keyval, which makes the store on creation) would then never find one: wait until the app made it.
    if (!(await indexedDB.databases()).some((found) => found.name === 'condominio-gate-snapshot')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('condominio-gate-snapshot');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('snapshot')) {
          db.close();
          resolve(0);
          return;
        }
        const keys = db.transaction('snapshot').objectStore('snapshot').getAllKeys();
        keys.onerror = () => reject(keys.error);
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.filter((key) => String(key).startsWith('snapshot/')).length);
        };
      };
    });
  });
}
