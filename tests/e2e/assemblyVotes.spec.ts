// Proxies and votes on the agenda (issue 32) in Chromium: an assembly of Las Palmas is called and convened through
// the API (the first slice's spec walks that on screen); vecino010@demo.mx gives the proxy of the dwelling to
// vecino011@demo.mx with the signed PDF; admin@demo.mx accepts it; at the assembly the proxy's holder is recorded
// present for the dwelling (the attendance list says "por carta poder") and the assembly opens; the administrator
// opens the first item; vecino011 (for two dwellings: their own and the one by proxy) and vecino012 vote from their
// own browsers; the administrator closes the item and the weighted result shows.
import type { APIRequestContext } from '@playwright/test';
import { apiToken, openSignedIn } from '../support/e2e/apiSignIn';
import { expect, test } from './fixtures';

const CONDO = 'Residencial Las Palmas';

async function whoAmI(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': token } });
  const { usuario } = (await answer.json()).data as { usuario: { UserId: number; UserName: string } };
  return usuario;
}

/** The dwelling an owner may give a proxy for at this assembly (their first). */
async function ownDwelling(request: APIRequestContext, token: string, id: number): Promise<number> {
  const answer = await request.get(`/api/--asambleas/${id}/cartas-poder`, { headers: { 'app-token': token } });
  const board = (await answer.json()).data as { mayGive: { apartmentId: number }[] };
  return board.mayGive[0]!.apartmentId;
}

test('a proxy is given and accepted, and an item is voted from phones with a weighted result', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Votos ${Date.now().toString(36)}`;
  const admin = await apiToken(page.request, 'admin@demo.mx', CONDO);
  const headers = { 'app-token': admin };
  const draft = {
    kind: 'extraordinary',
    title,
    place: 'Salón de usos múltiples',
    videoLink: '',
    items: [
      { title: 'Pintura de fachadas', description: '', kind: 'voted', majority: 'simple' },
      { title: 'Horario de la alberca', description: '', kind: 'voted', majority: 'simple' },
    ],
    calls: [
      { at: '2031-03-10T19:00', percent: 75, strict: false },
      { at: '2031-03-10T19:30', percent: 50, strict: true },
      { at: '2031-03-10T20:00', percent: 0, strict: true },
    ],
  };
  const created = await page.request.post('/api/--asambleas/nueva', { headers, data: draft });
  expect(created.status()).toBe(200);
  let assembly = (await created.json()).data as { id: number; version: number };
  const id = assembly.id;
  const act = async (action: string) => {
    const changed = await page.request.post(`/api/--asambleas/${id}/cambiar`, {
      headers,
      data: { version: assembly.version, action },
    });
    expect(changed.status(), action).toBe(200);
    assembly = (await changed.json()).data;
  };
  await act('call');

  // vecino010 gives the dwelling's proxy to vecino011, with the signed carta poder.
  const holderToken = await apiToken(page.request, 'vecino011@demo.mx', CONDO);
  const holder = await whoAmI(page.request, holderToken);
  const grantorContext = await browser.newContext({ locale: 'es-MX' });
  const grantorPage = await grantorContext.newPage();
  const grantorToken = await openSignedIn(grantorPage, 'vecino010@demo.mx', `/condominio/asambleas?id=${id}`, CONDO);
  const proxied = await ownDwelling(page.request, grantorToken, id);
  const form = grantorPage.getByRole('form', { name: 'Dar carta poder' });
  await form.getByRole('combobox', { name: 'Residente' }).selectOption({ value: String(holder.UserId) });
  await form.getByLabel('Carta poder firmada (PDF o imagen)').setInputFiles({
    name: 'carta-poder.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await form.getByRole('button', { name: 'Enviar carta poder' }).click();
  const given = grantorPage.getByTestId('proxy-row');
  await expect(given).toContainText(holder.UserName);
  await expect(given).toContainText('Pendiente');

  // The administrator accepts it; the grantor's screen follows live.
  await page.addInitScript((value) => window.localStorage.setItem('app-token', value), admin);
  await page.goto(`/condominio/asambleas?id=${id}`);
  const row = page.getByTestId('proxy-row').filter({ hasText: holder.UserName });
  await row.getByRole('button', { name: 'Aceptar' }).click();
  await expect(row).toContainText('Aceptada');
  await expect(given).toContainText('Aceptada');
  await grantorContext.close();

  // At the assembly: the third call (whoever attends); the holder attends for the proxied dwelling, recorded on the
  // screen; vecino011's and vecino012's own dwellings at the door through the API.
  const otherToken = await apiToken(page.request, 'vecino012@demo.mx', CONDO);
  const holderDwelling = await ownDwelling(page.request, holderToken, id);
  const otherDwelling = await ownDwelling(page.request, otherToken, id);
  await act('convene');
  await act('nextCall');
  await act('nextCall');
  await page.reload();
  const attendance = page.getByTestId('attendance-row').filter({ has: page.getByTestId('attendance-proxy') });
  await expect(attendance).toContainText(`por carta poder: ${holder.UserName}`);
  await attendance.getByRole('combobox').first().selectOption('in_person');
  await expect(page.getByText('Quórum alcanzado')).toBeVisible();
  for (const apartmentId of [holderDwelling, otherDwelling]) {
    const recorded = await page.request.post(`/api/--asambleas/${id}/asistencia`, {
      headers,
      data: { apartmentId, kind: 'owner', mode: 'in_person' },
    });
    expect(recorded.status()).toBe(200);
  }
  const detail = (await (await page.request.get(`/api/--asambleas/${id}`, { headers })).json()).data as {
    attendance: { apartmentId: number; indiviso: number; owner: { name: string | null } | null }[];
  };
  expect(detail.attendance.find((r) => r.apartmentId === proxied)!.owner).toEqual({ mode: 'in_person', name: holder.UserName });
  await page.getByRole('button', { name: 'Abrir la asamblea' }).click();
  await expect(page.getByTestId('assembly-state')).toHaveText('Abierta');

  // The administrator opens the first item (public).
  const control = page.getByTestId('item-vote-control');
  await control.getByTestId('item-control').first().getByRole('button', { name: 'Abrir votación' }).click();
  await expect(control.getByTestId('item-control').first()).toContainText('En votación');

  // Two voters from their own browsers: vecino011 for both of their seats, vecino012 against.
  const voters = [];
  for (const [email, choice, seats] of [
    ['vecino011@demo.mx', 'A favor', 2],
    ['vecino012@demo.mx', 'En contra', 1],
  ] as const) {
    const context = await browser.newContext({ locale: 'es-MX' });
    const phone = await context.newPage();
    await openSignedIn(phone, email, `/condominio/asambleas?id=${id}`, CONDO);
    const ballots = phone.getByTestId('seat-ballot');
    await expect(ballots).toHaveCount(seats);
    for (let i = 0; i < seats; i++) await ballots.nth(i).getByRole('button', { name: choice }).click();
    await expect(phone.getByTestId('seat-voted')).toHaveCount(seats);
    voters.push(context);
  }
  const weight = (apartmentId: number) => detail.attendance.find((r) => r.apartmentId === apartmentId)!.indiviso;
  const yes = weight(proxied) + weight(holderDwelling);
  const electorate = yes + weight(otherDwelling);
  const percent = (w: number) =>
    (Math.round((w * 10_000) / electorate) / 100).toLocaleString('es-MX', { maximumFractionDigits: 2 });
  const first = control.getByTestId('item-control').first();
  await expect(first).toContainText('Votaron 3 de 3 viviendas');
  await expect(first).toContainText(`A favor ${percent(yes)} % · En contra ${percent(weight(otherDwelling))} %`);

  // The administrator closes it: the outcome by the weights.
  await first.getByRole('button', { name: 'Cerrar votación' }).click();
  await expect(first.getByTestId('item-outcome')).toHaveText(yes * 2 > electorate ? 'Aprobado' : 'Rechazado');
  // The voters' screens follow live.
  const [holderContext] = voters;
  await expect(holderContext!.pages()[0]!.getByTestId('closed-item').first().getByTestId('item-outcome')).toHaveText(
    yes * 2 > electorate ? 'Aprobado' : 'Rechazado',
  );
  for (const context of voters) await context.close();
});
