// The support chat (issue 30) on a test app: the desk's calls with a desk session (the support-token header), an
// administrator's boot with their own session data, and a message to support. Calls that expect to succeed throw
// with the answer's body otherwise.
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { DEMO_SUPPORT_AGENT } from '../../server/db/seed/support';
import type { SessionData } from '../../src/api/sessions';
import { SUPPORT_PATHS, SUPPORT_TOKEN_HEADER, type SupportSendAnswer, supportBootData } from '../../src/api/support';
import { api } from './http';
import { call, getSessionData } from './testApp';

/** A desk session of the demo agent (or another agent's e-mail). */
export async function deskSignIn(
  app: FastifyInstance,
  email: string = DEMO_SUPPORT_AGENT.email,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await call(app, 'POST', api(SUPPORT_PATHS.deskSignIn), { payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`desk sign-in of ${email} failed: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A call of the desk with its session token (none when undefined). */
export function deskCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  token: string | undefined,
  payload?: object,
) {
  return call(app, method, api(path), {
    ...(payload ? { payload } : {}),
    headers: token === undefined ? {} : { [SUPPORT_TOKEN_HEADER]: token },
  });
}

export async function sessionDataOf(app: FastifyInstance, token: string): Promise<SessionData> {
  return ((await getSessionData(app, token)).json() as { data: SessionData }).data;
}

/** The administrator's chat started with their own session data (spec §7); answers the boot's answer. */
export async function bootChat(app: FastifyInstance, token: string) {
  const res = await call(app, 'POST', api(SUPPORT_PATHS.boot), {
    token,
    payload: supportBootData(await sessionDataOf(app, token)),
  });
  if (res.statusCode !== 200) throw new Error(`boot failed: ${res.body}`);
  return res.json() as { noLeidos: number; horario: { disponible: boolean; mensajeAusencia: string | null } };
}

export async function writeToSupport(app: FastifyInstance, token: string, Texto: string, adjuntos: object[] = []) {
  const res = await call(app, 'POST', api(SUPPORT_PATHS.send), { token, payload: { Texto, adjuntos } });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  return (res.json() as SupportSendAnswer).message;
}

/** The condominium's conversation id (written by its first message). */
export async function conversationOf(app: FastifyInstance, subdomain: string): Promise<number> {
  const row = await app.db
    .selectFrom('support_conversations as sc')
    .innerJoin('condominiums as c', 'c.id', 'sc.condo_id')
    .select('sc.id')
    .where('c.subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}
