import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4310';
const file = '/tmp/qr-REVNTy1QQVNFLTAwMQ.y4m';
const post = async (path, body, token) => {
  const r = await fetch(base + '/api' + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'app-token': token } : {}) }, body: JSON.stringify(body) });
  const j = await r.json(); if (!r.ok) throw new Error(path + ' ' + r.status + JSON.stringify(j)); return j;
};
const s = await post('/--sesiones/sign-in', { username: 'admin@demo.mx', password: 'Demo1234!' });
const c = s.condos.find((x) => x.CondoName === 'Residencial Las Palmas');
const { token } = await post('/--sesiones/condo-login', { CondoId: c.CondoId, UserId: c.UserId, token: s.token });
const reg = await post('/--dispositivos/registrar', { name: 'Tableta entrada norte', accessPoint: 'Caseta principal' }, token);
console.log(reg.device.id, reg.code);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--use-fake-device-for-media-stream',`--use-file-for-fake-video-capture=${file}`,'--use-fake-ui-for-media-stream'] });
for (const [name, viewport] of [['tablet', { width: 1024, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', isMobile: name === 'phone', hasTouch: true });
  const page = await ctx.newPage();
  let code = reg.code;
  if (name === 'phone') code = (await post(`/--dispositivos/${reg.device.id}/codigo`, {}, token)).code;
  await page.goto(`${base}/condominio/dispositivos/register/${reg.device.id}`);
  await page.getByRole('textbox', { name: 'Código de vinculación' }).fill(code);
  await page.screenshot({ path: `/tmp/shot-pair-${name}.png` });
  await page.getByRole('button', { name: 'Vincular' }).click();
  await page.getByText('¿Quién está de turno?').waitFor();
  await page.screenshot({ path: `/tmp/shot-shift-${name}.png` });
  await page.getByRole('textbox', { name: 'PIN' }).or(page.getByLabel('PIN')).first().fill('1234');
  await page.screenshot({ path: `/tmp/shot-shift2-${name}.png` });
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shot-caseta-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Escanear QR' }).click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/tmp/shot-verdict-${name}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
