// Residents, invitations and the access-request inbox in Chromium (issue 16).
//
// The invitation walked end to end: this spec starts its own server (tests/support/serverProcess.ts) with
// SMTP_URL pointing at a real SMTP listener (tests/support/mailbox.ts), since the shared e2e server keeps its mail
// in the outbox. The administrator (admin@demo.mx, Las Palmas) invites a new, unique e-mail to a dwelling from
// configuracion › Residentes; the e-mail arrives; its link is opened in a fresh browser; the person sets a
// password and lands in the condominium, where the privacy notice asks first. Desktop only: it is one walk of
// the flow, and the phone's layout of the same screens is walked by the inbox tests below.
//
// The inbox (on the shared server, as admin@demo.mx): each project approves one seeded access request (the
// dwelling prefilled from what the person wrote) and rejects another with a message — desktop Lucía and Mateo,
// phone Paula and Diego (server/db/seed/accessRequests.ts; accounts.ts lists who uses what).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCESS_REQUESTS } from '../../server/db/seed/accessRequests';
import { signedIn, TOKEN_KEY } from '../support/e2e/accounts';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { REPO_ROOT, type ServerProcess, startServer } from '../support/serverProcess';
import { DEMO_PASSWORD, expect, shotsIn, test } from './fixtures';

const SHOTS = '/tmp/invitations-shots';
const shot = shotsIn(SHOTS);

test.describe('the invitation, e-mailed through SMTP and accepted @desktop-only', () => {
  let mailbox: Mailbox;
  let server: ServerProcess;
  let dataDir: string;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mailbox = await startMailbox();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-e2e-invitations-'));
    server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'Residencial <avisos@condominio.test>',
      STATIC_DIR: path.join(REPO_ROOT, 'dist'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '100',
      SCRYPT_LOG_N: '14',
    });
    const [, url] = await server.waitForLine(/Condo app listening on (http:\/\/\S+)/, 150_000);
    base = url!;
  });

  test.afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the administrator invites a new e-mail; the person sets a password and lands on the privacy notice', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    // The administrator's session on this server, kept where the app keeps a remembered one.
    const signIn = await fetch(`${base}/api/--sesiones/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.mx', password: DEMO_PASSWORD, rememberMe: true }),
    });
    const { token, condos } = (await signIn.json()) as {
      token: string;
      condos: { CondoId: number; UserId: number; CondoName: string }[];
    };
    const palmas = condos.find((c) => c.CondoName === 'Residencial Las Palmas')!;
    const login = await fetch(`${base}/api/--sesiones/condo-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ CondoId: palmas.CondoId, UserId: palmas.UserId, token }),
    });
    const session = ((await login.json()) as { token: string }).token;

    const adminContext = await browser.newContext({ ...testInfo.project.use, baseURL: base });
    await adminContext.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, session]);
    const admin = await adminContext.newPage();
    await admin.goto('/condominio/configuracion?tab=residentes');
    await expect(admin.getByRole('heading', { name: 'Residentes', level: 2 })).toBeVisible();
    await admin.getByRole('button', { name: 'Invitar', exact: true }).click();

    const email = `invitada.${Date.now().toString(36)}@correo.test`;
    const dialog = admin.getByRole('dialog', { name: 'Invitar a una persona' });
    // Sending an empty form says what is missing.
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(dialog.getByText('Escribe un correo electrónico válido.')).toBeVisible();
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Nombre completo').fill('Lorena Invitada Ruiz');
    await dialog.getByRole('combobox', { name: 'Vivienda' }).fill('Torre B - 907');
    await admin.getByRole('option', { name: 'Torre B - 907' }).click();
    await dialog.getByText('Inquilino', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(dialog.getByText(`Enviamos la invitación a ${email}. El enlace vence en 7 días.`)).toBeVisible();
    await shot(admin, testInfo, 'invitation-sent');
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(
      admin.getByRole('list', { name: 'Invitaciones pendientes' }).getByRole('listitem', { name: email }),
    ).toBeVisible();

    // The e-mail reaches the SMTP listener with its one-time link.
    const mail = await mailbox.waitFor(1, 20_000);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Te invitan a Residencial Las Palmas');
    const link = /(http:\/\/\S+\/sessions\/aceptar-invitacion\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    // The invited person, in a browser of their own.
    const personContext = await browser.newContext({ ...testInfo.project.use, baseURL: base });
    const person = await personContext.newPage();
    await person.goto(link!);
    await expect(person.getByText('Lorena Invitada Ruiz, te invitan a Residencial Las Palmas.')).toBeVisible();
    await expect(person.getByText('Como inquilino de la vivienda Torre B - 907.')).toBeVisible();
    await person.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill('Lorena2026!');
    await person.getByRole('textbox', { name: 'Confirma la contraseña nueva', exact: true }).fill('Lorena2026!');
    await shot(person, testInfo, 'invitation-accept');
    await person.getByRole('button', { name: 'Aceptar invitación' }).click();

    // Signed in, in the condominium: the privacy notice asks before anything else.
    await expect(person).toHaveURL(/\/condominio\//);
    const notice = person.getByRole('dialog', { name: 'Aviso de privacidad' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Aceptar aviso de privacidad' })).toBeEnabled();
    await shot(person, testInfo, 'invitation-privacy-notice');

    // The link works once.
    await person.goto(link!);
    await expect(person.getByText('Esta invitación ya se aceptó. Inicia sesión con tu correo y contraseña.')).toBeVisible();

    // The administrator sees the new resident, found without accents.
    await admin.reload();
    await admin.getByLabel('Buscar por nombre, correo o vivienda').fill('lorena invitada');
    await expect(
      admin.getByRole('list', { name: 'Residentes' }).getByRole('listitem', { name: 'Lorena Invitada Ruiz, Torre B - 907' }),
    ).toBeVisible();
    await adminContext.close();
    await personContext.close();
  });
});

/** Per project: the seeded request approved and the one rejected. */
const INBOX: Record<
  string,
  { approve: (typeof DEMO_ACCESS_REQUESTS)[number]; dwelling: string; reject: (typeof DEMO_ACCESS_REQUESTS)[number] }
> = {
  desktop: { approve: DEMO_ACCESS_REQUESTS[0], dwelling: 'Torre B - 1003', reject: DEMO_ACCESS_REQUESTS[1] },
  phone: { approve: DEMO_ACCESS_REQUESTS[2], dwelling: 'Torre A - 905', reject: DEMO_ACCESS_REQUESTS[3] },
};

test.describe('the access-request inbox', () => {
  test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

  test(
    'approves one request to the dwelling the person named and rejects another with a message',
    { tag: '@desktop-only' },
    async ({ page }, testInfo) => {
      const { approve, dwelling, reject } = INBOX[testInfo.project.name]!;
      await page.goto('/condominio/configuracion?tab=solicitudes');
      const inbox = page.getByRole('list', { name: 'Solicitudes de acceso' });
      const approved = inbox.getByRole('listitem', { name: `${approve.nombre} (${approve.email})` });
      await expect(approved.getByText(`Vivienda que indicó: ${approve.vivienda}`)).toBeVisible();
      await approved.getByRole('button', { name: 'Aprobar' }).click();

      const approval = page.getByRole('dialog', { name: `Aprobar la solicitud de ${approve.nombre}` });
      // Prefilled from what the person wrote.
      await expect(approval.getByRole('combobox', { name: 'Vivienda' })).toHaveValue(dwelling);
      await approval.getByText('Inquilino', { exact: true }).click();
      await shot(page, testInfo, 'access-approve');
      await approval.getByRole('button', { name: 'Aprobar y enviar invitación' }).click();
      await expect(page.getByText(`Solicitud aprobada: enviamos la invitación a ${approve.email}.`)).toBeVisible();
      await expect(approved.getByText('Aprobada', { exact: true })).toBeVisible();
      await expect(approved.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);

      const rejected = inbox.getByRole('listitem', { name: `${reject.nombre} (${reject.email})` });
      await rejected.getByRole('button', { name: 'Rechazar' }).click();
      const rejection = page.getByRole('dialog', { name: `Rechazar la solicitud de ${reject.nombre}` });
      const confirm = rejection.getByRole('button', { name: 'Rechazar y enviar mensaje' });
      await expect(confirm).toBeDisabled();
      await rejection.getByLabel('Mensaje').fill('No encontramos tu nombre en el padrón de la vivienda.');
      await confirm.click();
      await expect(page.getByText(`Solicitud rechazada: enviamos tu mensaje a ${reject.email}.`)).toBeVisible();
      await expect(rejected.getByText('Mensaje enviado: No encontramos tu nombre en el padrón de la vivienda.')).toBeVisible();
      await shot(page, testInfo, 'access-decided');

      // The approval's invitation waits among the pending ones, marked as coming from the inbox.
      await page.goto('/condominio/configuracion?tab=residentes');
      const pending = page.getByRole('list', { name: 'Invitaciones pendientes' }).getByRole('listitem', { name: approve.email });
      await expect(pending.getByText('Solicitud de acceso')).toBeVisible();
      await expect(pending.getByText(dwelling)).toBeVisible();
    },
  );
});
