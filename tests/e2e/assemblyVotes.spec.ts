// Issue 32's "done when" in Chromium: an extraordinary assembly of Las Palmas with two voted items is called and
// convened through the API (the first slice's spec walks that on screen); vecino010@demo.mx gives the proxy of the
// dwelling to vecino011@demo.mx with the signed PDF; admin@demo.mx accepts it; at the second call the proxy's holder
// is recorded present for the dwelling on screen (the attendance list says "por carta poder") and enough owners at
// the door (the API) for more than half of the indiviso; the assembly opens; each item is opened by the
// administrator, vecino011 (for two dwellings: their own and the one by proxy) and vecino012 vote from their own
// phones (the others present do not vote), and the weighted result shows; the assembly closes, its
// acta PDF shows the attendance with the proxy, the quorum and both results, and once filed the book lists it.
import type { APIRequestContext } from '@playwright/test';
import { apiToken, openSignedIn } from '../support/e2e/apiSignIn';
import { pdfText } from '../support/pdfText';
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

test('an assembly: a proxy accepted, the second call reached, two items voted from phones, the acta and the book @desktop-only', async ({
  page,
  browser,
}) => {
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

  // At the assembly's second call (more than half of the indiviso): the holder attends for the proxied dwelling,
  // recorded on the screen; vecino011's and vecino012's own dwellings and enough others at the door (the API).
  const otherToken = await apiToken(page.request, 'vecino012@demo.mx', CONDO);
  const holderDwelling = await ownDwelling(page.request, holderToken, id);
  const otherDwelling = await ownDwelling(page.request, otherToken, id);
  await act('convene');
  await act('nextCall');
  await page.reload();
  const attendance = page.getByTestId('attendance-row').filter({ has: page.getByTestId('attendance-proxy') });
  await expect(attendance).toContainText(`por carta poder: ${holder.UserName}`);
  await attendance.getByRole('combobox').first().selectOption('in_person');
  const present = async (apartmentId: number) => {
    const recorded = await page.request.post(`/api/--asambleas/${id}/asistencia`, {
      headers,
      data: { apartmentId, kind: 'owner', mode: 'in_person' },
    });
    expect(recorded.status()).toBe(200);
    return (await recorded.json()).data as {
      quorum: { present: number; total: number; met: boolean };
      attendance: { apartmentId: number; indiviso: number; owner: { mode: string; name: string | null } | null }[];
    };
  };
  let detail = await present(holderDwelling);
  detail = await present(otherDwelling);
  const atTheDoor: number[] = [];
  for (const row of detail.attendance) {
    if (detail.quorum.present * 2 > detail.quorum.total) break;
    if (row.owner || [proxied, holderDwelling, otherDwelling].includes(row.apartmentId)) continue;
    detail = await present(row.apartmentId);
    atTheDoor.push(row.apartmentId);
  }
  expect(detail.quorum.met).toBe(true);
  expect(detail.attendance.find((r) => r.apartmentId === proxied)!.owner).toEqual({ mode: 'in_person', name: holder.UserName });
  await page.reload();
  await expect(page.getByText('Quórum alcanzado')).toBeVisible();
  await page.getByRole('button', { name: 'Abrir la asamblea' }).click();
  await expect(page.getByTestId('assembly-state')).toHaveText('Abierta');

  // Both items, one after the other: opened on the screen, the phones vote.
  const weight = (apartmentId: number) => detail.attendance.find((r) => r.apartmentId === apartmentId)!.indiviso;
  const sum = (ids: number[]) => ids.reduce((total, apartmentId) => total + weight(apartmentId), 0);
  const seats = [proxied, holderDwelling, otherDwelling, ...atTheDoor];
  const electorate = sum(seats);
  const percent = (w: number) =>
    (Math.round((w * 10_000) / electorate) / 100).toLocaleString('es-MX', { maximumFractionDigits: 2 });
  const plans = [
    { holderChoice: 'A favor', otherChoice: 'En contra' },
    { holderChoice: 'En contra', otherChoice: 'A favor' },
  ] as const;
  const control = page.getByTestId('item-vote-control');
  const phones = new Map<string, import('@playwright/test').Page>();
  for (const [index, plan] of plans.entries()) {
    const item = control.getByTestId('item-control').nth(index);
    await item.getByRole('button', { name: 'Abrir votación' }).click();
    await expect(item).toContainText('En votación');
    for (const [email, choice, count] of [
      ['vecino011@demo.mx', plan.holderChoice, 2],
      ['vecino012@demo.mx', plan.otherChoice, 1],
    ] as const) {
      let phone = phones.get(email);
      if (!phone) {
        const context = await browser.newContext({
          locale: 'es-MX',
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        phone = await context.newPage();
        await openSignedIn(phone, email, `/condominio/asambleas?id=${id}`, CONDO);
        phones.set(email, phone);
      }
      const ballots = phone.getByTestId('seat-ballot');
      await expect(ballots).toHaveCount(count);
      for (let i = 0; i < count; i++) await ballots.nth(i).getByRole('button', { name: choice }).click();
      await expect(phone.getByTestId('seat-voted')).toHaveCount(count);
    }
    const yes = plan.holderChoice === 'A favor' ? sum([proxied, holderDwelling]) : weight(otherDwelling);
    const no = plan.holderChoice === 'A favor' ? weight(otherDwelling) : sum([proxied, holderDwelling]);
    await expect(item).toContainText(`Votaron 3 de ${seats.length} viviendas`);
    await expect(item).toContainText(`A favor ${percent(yes)} % · En contra ${percent(no)} %`);
    await item.getByRole('button', { name: 'Cerrar votación' }).click();
    const outcome = yes * 2 > electorate ? 'Aprobado' : 'Rechazado';
    await expect(item.getByTestId('item-outcome')).toHaveText(outcome);
    // The voters' phones follow live.
    await expect(phones.get('vecino011@demo.mx')!.getByTestId('closed-item').nth(index).getByTestId('item-outcome')).toHaveText(
      outcome,
    );
  }
  for (const phone of phones.values()) await phone.context().close();

  // Closed: the acta shows the attendance with the proxy, the quorum of the second call and both results.
  // (Opened on the screen: the version to close from is read again.)
  assembly = (await (await page.request.get(`/api/--asambleas/${id}`, { headers })).json()).data;
  await act('close');
  const acta = await page.request.get(`/api/--asambleas/${id}/acta.pdf`, { headers });
  expect(acta.status()).toBe(200);
  const text = pdfText(await acta.body());
  expect(text).toContain(`por carta poder: ${holder.UserName}`);
  expect(text).toContain('Se instaló en la convocatoria 2');
  for (const item of draft.items) expect(text).toContain(item.title);
  // Three of the dwellings present voted: neither item reached more than half of the present indiviso.
  expect(text.match(/Resultado: rechazado/g)).toHaveLength(2);
  // Filed signed, the book of minutes lists it.
  const filed = await page.request.post(`/api/--asambleas/${id}/acta/firmada`, {
    headers,
    data: {
      file: { name: 'acta-firmada.pdf', dataUrl: `data:application/pdf;base64,${(await acta.body()).toString('base64')}` },
    },
  });
  expect(filed.status()).toBe(200);
  await page.goto('/condominio/asambleas');
  await page.getByRole('link', { name: 'Libro de actas' }).click();
  await expect(page.getByTestId('minutes-entry').filter({ hasText: title })).toBeVisible();
});
