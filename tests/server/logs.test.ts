// Logs (DESIGN.md §4): pino JSON, a line per request, and no password or token in any of them, even at
// the most verbose level and even when a line logs the request's headers or body.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

interface Secrets {
  password: string;
  tokens: string[];
  requests: number;
}

/** A whole session: sign-in, condo login, session data, sign-out, and the usual mistakes. */
async function walkThrough(app: FastifyInstance): Promise<Secrets> {
  const password = DEMO_PASSWORD;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/--sesiones/sign-in',
    payload: { username: 'admin@demo.mx', password, rememberMe: true },
  });
  const { token: signInToken, condos } = signIn.json() as { token: string; condos: { CondoId: number; UserId: number }[] };
  const login = await app.inject({
    method: 'POST',
    url: '/api/--sesiones/condo-login',
    payload: { CondoId: condos[0]!.CondoId, UserId: condos[0]!.UserId, token: signInToken },
  });
  const { token, productToken } = login.json() as { token: string; productToken: string };
  const headers = { 'app-token': token, cookie: `session=${token}`, authorization: `Bearer ${token}` };
  expect((await app.inject({ method: 'GET', url: '/api/--sesiones/session-data', headers })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/api/nope', headers })).statusCode).toBe(404);
  // A wrong password close to the real one, and a body that is not JSON, carrying the password.
  await app.inject({
    method: 'POST',
    url: '/api/--sesiones/sign-in',
    payload: { username: 'admin@demo.mx', password: `${password}x` },
  });
  await app.inject({
    method: 'POST',
    url: '/api/--sesiones/sign-in',
    payload: `{"username":"admin@demo.mx","password":"${password}"`,
    headers: { 'content-type': 'application/json' },
  });
  expect((await app.inject({ method: 'POST', url: '/api/--sesiones/sign-out', headers })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/api/--sesiones/session-data', headers })).statusCode).toBe(401);
  return { password, tokens: [signInToken, token, productToken], requests: 8 };
}

/** The account calls of issue 3 that carry secrets: reset links, bridge tokens, current and new passwords. */
async function accountWalkThrough(app: FastifyInstance): Promise<Secrets> {
  const password = 'Secreto-Nuevo-2025';
  const signIn = (
    await app.inject({
      method: 'POST',
      url: '/api/--sesiones/sign-in',
      payload: { username: 'consejo@demo.mx', password: DEMO_PASSWORD },
    })
  ).json() as { token: string; condos: { CondoId: number; UserId: number }[] };
  const login = (
    await app.inject({
      method: 'POST',
      url: '/api/--sesiones/condo-login',
      payload: { CondoId: signIn.condos[0]!.CondoId, UserId: signIn.condos[0]!.UserId, token: signIn.token },
    })
  ).json() as { token: string; productToken: string };
  const headers = { 'app-token': login.token };
  const bridge = (await app.inject({ method: 'POST', url: '/api/--sesiones/bridge-token', headers })).json() as { token: string };
  const changed = (
    await app.inject({
      method: 'POST',
      url: '/api/--sesiones/change-condo-session',
      payload: { antkn: bridge.token },
    })
  ).json() as { token: string; productToken: string };
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/--perfil/change-password',
        headers,
        payload: { currentPassword: DEMO_PASSWORD, newPassword: password },
      })
    ).statusCode,
  ).toBe(200);
  await app.inject({ method: 'POST', url: '/api/--sesiones/forgot-password', payload: { email: 'consejo@demo.mx' } });
  await app.tasks.drain();
  const mail = await app.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', 'consejo@demo.mx')
    .executeTakeFirstOrThrow();
  const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/--sesiones/reset-password',
        payload: { token: resetToken, password: DEMO_PASSWORD },
      })
    ).statusCode,
  ).toBe(200);
  return {
    password,
    tokens: [signIn.token, login.token, login.productToken, bridge.token, changed.token, changed.productToken, resetToken],
    requests: 7,
  };
}

function expectNoSecret(lines: string[], secrets: Secrets): void {
  const all = lines.join('\n');
  expect(all).not.toContain(secrets.password);
  for (const token of secrets.tokens) {
    expect(token.length).toBeGreaterThan(20);
    expect(all).not.toContain(token);
  }
}

describe(`logs (${dialect})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (line) => lines.push(line) } });
  });

  it('writes one JSON line when a request completes, and keeps every secret out', async () => {
    lines.length = 0;
    const secrets = await walkThrough(t.app);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed).toHaveLength(secrets.requests);
    for (const entry of completed)
      expect(entry).toMatchObject({ reqId: expect.any(String), res: { statusCode: expect.any(Number) } });
    expect(new Set(completed.map((e) => e.reqId)).size).toBe(secrets.requests);
    expectNoSecret(lines, secrets);
  });

  it('keeps the signature of a signed link out of the request lines', async () => {
    lines.length = 0;
    const sig = 'f00dfeedcafebabe0123456789abcdef';
    await t.app.inject({ method: 'GET', url: `/api/--perfil/photo-file/1?v=1&exp=4102444800&sig=${sig}` });
    const requestLines = lines.filter((line) => line.includes('photo-file'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join('\n')).toContain('sig=[Redacted]');
    expect(lines.join('\n')).not.toContain(sig);
  });
});

describe(`logs of a route that logs its request (${dialect})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => lines.push(line) } });
    // What a developer chasing a bug might add: the headers and the body, in the usual shapes.
    t.app.addHook('preHandler', async (request) => {
      request.log.debug({ headers: request.headers, body: request.body }, 'debugging');
      request.log.debug({ request: { headers: request.headers, body: request.body } }, 'debugging nested');
    });
    t.app.addHook('onSend', async (request, _reply, payload) => {
      if (typeof payload === 'string' && payload.startsWith('{')) request.log.debug({ answer: JSON.parse(payload) }, 'answer');
      return payload;
    });
  });

  it('redacts the app-token, cookie and authorization headers, passwords and tokens', async () => {
    lines.length = 0;
    const secrets = await walkThrough(t.app);
    // The debugging lines were written, with the secrets masked rather than dropped.
    const debugging = lines.filter((line) => line.includes('"msg":"debugging"'));
    expect(debugging.length).toBeGreaterThanOrEqual(secrets.requests - 1);
    expect(lines.join('\n')).toContain('"app-token":"[Redacted]"');
    expect(lines.join('\n')).toContain('"password":"[Redacted]"');
    expect(lines.join('\n')).toContain('"productToken":"[Redacted]"');
    expectNoSecret(lines, secrets);
  });

  it('redacts the secrets of the account calls: antkn, reset tokens, current and new passwords', async () => {
    lines.length = 0;
    const secrets = await accountWalkThrough(t.app);
    const all = lines.join('\n');
    for (const field of ['antkn', 'currentPassword', 'newPassword', 'token', 'password']) {
      expect(all).toContain(`"${field}":"[Redacted]"`);
    }
    expectNoSecret(lines, secrets);
    expect(all).not.toContain(DEMO_PASSWORD);
  });
});
