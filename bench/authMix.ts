// The authenticated read mix of the bench (issue 29): what a signed-in resident's screens ask for most, in the
// order a visit asks for it: the session data, the notifications panel, the communication home, the requests
// list, the polls list and their own account statement. Each load connection is one person's session (a demo
// neighbour of Las Palmas, every tenth one the administrator), so the server resolves a different token,
// membership and dwelling on every connection, as it would with that many people signed in.
import { json, request } from './benchHttp';

const PASSWORD = 'Demo1234!';
/** vecino001…005 have not accepted the privacy notice (server/db/seed/demoFacts.ts): their calls answer 403. */
const FIRST_NEIGHBOUR = 6;
/** Every tenth session is the administrator's (another session of the same person, as on a second device). */
const ADMIN_EVERY = 10;

export interface MixUser {
  email: string;
  token: string;
  /** The mix's paths for this person, with the API prefix, in the order one visit asks for them. */
  paths: string[];
}

export const MIX_LABELS = [
  'session data',
  'notifications panel',
  'communication home',
  'ticket list',
  'poll list',
  'account statement',
] as const;

function mixPaths(apartmentId: number, today: Date): string[] {
  const end = today.toISOString().slice(0, 10);
  const start = `${today.getUTCFullYear() - 1}-01-01`;
  return [
    '/api/--sesiones/session-data',
    '/api/--notificaciones/latest',
    '/api/--comunicacion/home-summary',
    '/api/--tickets/list',
    '/api/--encuestas/list',
    `/api/--financiero/estado-cuenta?ApartmentId=${apartmentId}&fechaInicio=${start}&fechaFin=${end}`,
  ];
}

const emailOf = (index: number) =>
  index % ADMIN_EVERY === ADMIN_EVERY - 1 ? 'admin@demo.mx' : `vecino${String(FIRST_NEIGHBOUR + index).padStart(3, '0')}@demo.mx`;

/** Signs one person in to Las Palmas, the two steps the browser takes; null when the e-mail is no account. */
async function signIn(origin: string, email: string): Promise<string | null> {
  const first = await request(origin, 'POST', '/api/--sesiones/sign-in', undefined, { username: email, password: PASSWORD });
  if (first.status === 401) return null;
  if (first.status !== 200)
    throw new Error(`sign-in of ${email} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
  const { token, condos } = JSON.parse(first.body.toString()) as {
    token: string;
    condos: { CondoId: number; UserId: number; CondoName: string }[];
  };
  const palmas = condos.find((condo) => condo.CondoName === 'Residencial Las Palmas');
  if (!palmas) throw new Error(`${email} is no member of Residencial Las Palmas`);
  const chosen = await json<{ token: string }>(origin, 'POST', '/api/--sesiones/condo-login', undefined, {
    CondoId: palmas.CondoId,
    UserId: palmas.UserId,
    token,
  });
  return chosen.token;
}

async function ownDwelling(origin: string, email: string, token: string): Promise<number> {
  const session = await json<{ data: { usuario: { apartments: { AptId: number }[] } } }>(
    origin,
    'GET',
    '/api/--sesiones/session-data',
    token,
  );
  const own = session.data.usuario.apartments[0]?.AptId;
  if (own === undefined) throw new Error(`${email} has no dwelling for the statement`);
  return own;
}

/**
 * `count` sessions, one per load connection. There are fewer demo neighbours than 200: past the last one
 * the people already signed in are signed in again, each extra session another device of theirs.
 * The server must run with RATE_LIMIT_FACTOR raised: this is the bench signing in, not a guesser.
 */
export async function signInMixUsers(origin: string, count: number, today = new Date()): Promise<MixUser[]> {
  const people = new Map<string, number>();
  const users: MixUser[] = [];
  let next = 0;
  let morePeople = true;
  while (users.length < count) {
    let email = morePeople ? emailOf(next++) : [...people.keys()][users.length % people.size]!;
    let token = await signIn(origin, email);
    if (token === null) {
      // Past the last neighbour: from here on, people already signed in open another session.
      if (people.size === 0) throw new Error(`${email}: no demo neighbour to sign in`);
      morePeople = false;
      email = [...people.keys()][users.length % people.size]!;
      token = await signIn(origin, email);
      if (token === null) throw new Error(`${email} could sign in once but not twice`);
    }
    if (!people.has(email)) people.set(email, await ownDwelling(origin, email, token));
    users.push({ email, token, paths: mixPaths(people.get(email)!, today) });
  }
  return users;
}
