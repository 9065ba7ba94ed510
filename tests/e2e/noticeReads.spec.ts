// Official notices with read receipts in Chromium (issue 30), desktop and phone: the administration publishes an
// important notice, a resident opens it and presses Enterado (the button then says it is done), and the
// administration sees the read and the acknowledgement under the notice. The notice is published through the API
// (setting it up is not the point) for Torre A only, so the other specs' notice counts (other towers' residents)
// stay as they are; the residents are this spec's own (vecino021 desktop, vecino022 phone: Torre A, no other spec
// uses them). Screenshots go to /tmp/notice-shots for a person to look at.
import type { APIRequestContext } from '@playwright/test';
import { DWELLINGS_PATHS, type DwellingListAnswer } from '../../src/api/dwellings';
import { POSTS_PATHS, type SummaryAnswer } from '../../src/api/posts';
import { apiToken, openSignedIn } from '../support/e2e/apiSignIn';
import { expect, isPhone, shotsIn, test } from './fixtures';

const shot = shotsIn('/tmp/notice-shots');
const PALMAS = 'Residencial Las Palmas';

/** The administrator publishes an important notice for Torre A: its post id. */
async function publishImportant(request: APIRequestContext, title: string): Promise<number> {
  const token = await apiToken(request, 'admin@demo.mx', PALMAS);
  const headers = { 'app-token': token };
  const summary = (await (await request.get(`/api${POSTS_PATHS.summary}`, { headers })).json()) as SummaryAnswer;
  const notices = summary.sections.find((s) => s.SectName === 'Avisos de la administración')!;
  const list = (await (await request.get(`/api${DWELLINGS_PATHS.list}?limit=1`, { headers })).json()) as DwellingListAnswer;
  const torreA = list.torres.find((t) => t.Nombre === 'Torre A')!;
  const created = await request.post(`/api${POSTS_PATHS.newPost}`, {
    headers,
    data: {
      sectionId: notices.SectId,
      Titulo: title,
      Texto: 'Mañana de 10:00 a 13:00 no habrá agua en Torre A. Confirma que lo leíste.',
      TorreId: torreA.TowerId,
      Importante: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { PostId: number }).PostId;
}

test('the administration publishes an important notice, a resident presses Enterado, and the administration sees both', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const resident = isPhone(testInfo) ? 'vecino022@demo.mx' : 'vecino021@demo.mx';
  const title = `Corte de agua en Torre A (${testInfo.project.name} ${Date.now()})`;
  const postId = await publishImportant(request, title);
  const path = `/condominio/comunicacion/ver-publicacion/${postId}`;

  // The resident opens it (their read is recorded) and presses Enterado.
  const residentToken = await openSignedIn(page, resident, path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('La administración te pide confirmar que leíste este aviso.')).toBeVisible();
  await shot(page, testInfo, 'resident-before');
  await page.getByRole('button', { name: 'Enterado', exact: true }).click();
  const done = page.getByRole('button', { name: /^Enterado el / });
  await expect(done).toBeVisible();
  await expect(done).toBeDisabled();
  // Nothing of others' reading on a resident's page.
  await expect(page.getByRole('region', { name: 'Lectura del aviso' })).toHaveCount(0);
  await shot(page, testInfo, 'resident-after');
  const session = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': residentToken } });
  const name = ((await session.json()) as { data: { usuario: { UserName: string } } }).data.usuario.UserName;

  // The administration sees the read and the acknowledgement, by dwelling and person.
  const admin = await browser.newContext({ ...testInfo.project.use, baseURL: process.env.E2E_BASE_URL });
  const adminPage = await admin.newPage();
  await openSignedIn(adminPage, 'admin@demo.mx', path, PALMAS);
  const panel = adminPage.getByRole('region', { name: 'Lectura del aviso' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/^Leído en 1 de 100 viviendas/)).toBeVisible();
  await expect(panel.getByText(/^1 de \d+ personas lo han leído$/)).toBeVisible();
  await expect(panel.getByText(/1 de \d+ confirmaron con «Enterado»/)).toBeVisible();
  // A table on a desk, cards on a phone: the resident's row either way.
  const readers = isPhone(testInfo)
    ? panel.getByRole('list', { name: 'Quién lo ha leído' }).getByRole('listitem')
    : panel.getByRole('table', { name: 'Quién lo ha leído' }).getByRole('row');
  const row = readers.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Torre A - ');
  await expect(row).not.toContainText('Aún no');
  // Keyboard: the filter is a radio group reached and chosen without a mouse.
  await panel.getByRole('radio', { name: 'Enterados' }).focus();
  await adminPage.keyboard.press('Space');
  await expect(panel.getByText('1 lectura')).toBeVisible();
  await shot(adminPage, testInfo, 'administration');
  await admin.close();
});
