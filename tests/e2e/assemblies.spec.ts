// Assemblies (issue 32) in Chromium: admin@demo.mx creates an extraordinary assembly with two voted items and sends
// its call; vecino011@demo.mx finds it and answers ahead; the administrator takes attendance and moves to the second
// call; owners are recorded present (through the API, as a second recorder at the door would) until just below its
// quorum, which the screen follows live; the last owner recorded on the screen reaches it (more than half the
// indiviso), and the administrator opens the assembly.
import { openSignedIn } from '../support/e2e/apiSignIn';
import { expect, test } from './fixtures';

test('an assembly is called, answered ahead and opened at its second call’s quorum', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Elevador ${Date.now().toString(36)}`;
  const token = await openSignedIn(page, 'admin@demo.mx', '/condominio/asambleas?nueva=1', 'Residencial Las Palmas');
  await page.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption({ label: 'Extraordinaria' });
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByRole('textbox', { name: 'Lugar' }).fill('Salón de usos múltiples');
  await page.getByRole('textbox', { name: 'Punto 1' }).fill('Presupuesto de reparación');
  await page.getByRole('button', { name: 'Agregar punto' }).click();
  await page.getByRole('textbox', { name: 'Punto 2' }).fill('Calendario de la obra');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Borrador guardado.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar convocatoria' }).click();
  await expect(page.getByText('Asamblea actualizada.')).toBeVisible();

  const resident = await browser.newContext({ locale: 'es-MX' });
  const theirs = await resident.newPage();
  await openSignedIn(theirs, 'vecino011@demo.mx', '/condominio/asambleas', 'Residencial Las Palmas');
  await theirs.getByRole('link', { name: title }).click();
  await theirs.getByRole('button', { name: 'Asistiré en persona' }).click();
  await expect(theirs.getByText('Su respuesta: Asistiré en persona')).toBeVisible();
  await resident.close();

  await page.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('assembly-state')).toHaveText('Convocada');
  await page.getByRole('button', { name: 'Iniciar registro de asistencia' }).click();
  await expect(page.getByTestId('assembly-state')).toHaveText('Esperando quórum');
  await page.getByRole('button', { name: 'Pasar a la siguiente convocatoria' }).click();
  await expect(page.getByTestId('quorum-call')).toContainText('Convocatoria 2');
  const opening = page.getByRole('button', { name: 'Abrir la asamblea' });
  await expect(opening).toBeDisabled();
  // Las Palmas has 260 dwellings: the owners at the door are recorded through the API (as a second recorder would)
  // until just below the quorum, and the screen follows them live; the last owner is recorded on the screen.
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const headers = { 'app-token': token };
  const detail = await page.request.get(`/api/--asambleas/${id}`, { headers });
  const assembly = (await detail.json()).data as {
    quorum: { total: number };
    attendance: { apartmentId: number; indiviso: number }[];
  };
  const total = assembly.quorum.total;
  let present = 0;
  let last = 0;
  for (const [index, row] of assembly.attendance.entries()) {
    if ((present + row.indiviso) * 100 > 50 * total) {
      last = index;
      break;
    }
    present += row.indiviso;
    const recorded = await page.request.post(`/api/--asambleas/${id}/asistencia`, {
      headers,
      data: { apartmentId: row.apartmentId, kind: 'owner', mode: 'in_person' },
    });
    expect(recorded.status()).toBe(200);
  }
  await expect(page.getByTestId('quorum-present')).toContainText(`(${last} de ${assembly.attendance.length} viviendas)`);
  await expect(page.getByText('Sin quórum')).toBeVisible();
  await page.getByTestId('attendance-row').nth(last).getByRole('combobox').first().selectOption('in_person');
  await expect(page.getByText('Quórum alcanzado')).toBeVisible();
  await opening.click();
  await expect(page.getByTestId('assembly-state')).toHaveText('Abierta');
});
