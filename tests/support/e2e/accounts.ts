// The signed-in states the setup project (tests/e2e/auth.setup.ts) saves once per run, before any spec: one per
// account (and condominium) that specs use as "a signed-in X", each a Playwright storageState file with the
// session token where the app keeps it (src/services/tokenStore.ts: localStorage, as with 'Recordarme').
// A spec takes one with `test.use({ storageState: signedIn('consejo@demo.mx') })` instead of signing in.
//
// Sharing a saved session is safe for what only reads or changes data; a spec that signs out, revokes
// sessions, accepts the privacy notice or changes the language signs in on its own (sessionTokens() in
// tests/e2e/fixtures.ts) or uses an account no other spec uses. Who uses which account: docs/decisions.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request, type TestInfo } from '@playwright/test';
import { sessionTokens } from '../../e2e/fixtures';

/** Where the app keeps its session token (src/services/tokenStore.ts). */
export const TOKEN_KEY = 'app-token';

const STATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/.auth');

/**
 * Every account signed in by the setup project: [e-mail, condominium (the first one when not named)].
 * A spec that changes a neighbour's data takes neighbours no one else uses. Taken already: vecino001… by
 * privacyGateMachine's walk and vecino040… by sessionMachine's (one per path, counting up), vecino070 and
 * vecino074… by recurringChargeMachine's walk (one per path), vecino027 by pollVoteMachine's walk (through the
 * API, its poll answered by the model's fixtures), vecino067…069 and vecino071…073 by reservationMachine's walk
 * (through the API: 067 reads, the others book and cancel, one per path), vecino009 and vecino015 by polls.spec
 * (through the API), vecino036 by parcels.spec (through the API: a parcel for their dwelling), vecino021 and vecino022
 * by noticeReads.spec (through the API: Enterado on a Torre A notice), vecino081 by live.spec (through the API:
 * consejo writes to them), vecino084 by assemblyMinutes.spec (through the API: their door code), and the ones below.
 * memberPermissions.spec signs the guards vigilante1 (desktop) and
 * vigilante2 (phone) in on its own and gives them 'Verificar pase' as admin@demo.mx (never changing the
 * administrator's own roles).
 */
export const SIGNED_IN: readonly (readonly [email: string, condo?: string])[] = [
  ['consejo@demo.mx'],
  ['guardia@demo.mx'],
  ['empleado@demo.mx'],
  ['admin@demo.mx', 'Residencial Las Palmas'],
  // dwellings.spec.ts imports dwellings into Torres del Bosque as its administrator (a new tower per project and run).
  ['admin@demo.mx', 'Torres del Bosque'],
  // shell.spec.ts switches its language (and back): no other spec uses it.
  ['supervisor@demo.mx'],
  // finance.spec.ts: a resident's statement, read only.
  ['vecino020@demo.mx'],
  // account.spec.ts changes their name, photo and language (and puts them back): one per project.
  ['vecino030@demo.mx'],
  ['vecino031@demo.mx'],
  // myGuests.spec.ts creates and revokes their passes and events: one per project.
  ['vecino034@demo.mx'],
  ['vecino035@demo.mx'],
  // communication.spec.ts posts and comments as them (one per project), and reads the notices as 082 (read
  // only; the counts it expects are those of 082's tower; recurringChargeMachine's walk edits 082's charges).
  // tickets.spec.ts files, and rates, a request as them (one per project); conversations.spec.ts writes as 012
  // to 013.
  ['vecino010@demo.mx'],
  ['vecino011@demo.mx'],
  ['vecino012@demo.mx'],
  ['vecino013@demo.mx'],
  // polls.spec.ts votes as them in the open votación (consejo and 006 desktop, 007 and 008 phone; a dwelling
  // votes once) and reads the refusal of 086, the demo's dwelling in arrears.
  ['vecino006@demo.mx'],
  ['vecino007@demo.mx'],
  ['vecino008@demo.mx'],
  ['vecino086@demo.mx'],
  ['vecino036@demo.mx'],
  ['vecino037@demo.mx'],
  ['vecino082@demo.mx'],
  // reservations.spec.ts: the demo's two pending Salón requests are 028's and 029's (the administrator approves
  // 028's; 028 reads the fee on their statement); 032 books the pádel court and 038 races for the same hour on
  // desktop, 033 and 039 on the phone.
  ['vecino028@demo.mx'],
  ['vecino029@demo.mx'],
  ['vecino032@demo.mx'],
  ['vecino033@demo.mx'],
  ['vecino038@demo.mx'],
  ['vecino039@demo.mx'],
  // calendar.spec.ts books the pool and creates a calendar feed as 016 (desktop) and 017 (phone).
  // (No account of its own.) invitations.spec.ts, as admin@demo.mx in Las Palmas, approves and rejects the seeded
  // access requests (server/db/seed/accessRequests.ts: Lucía and Mateo on desktop, Paula and Diego on the phone;
  // Elena and Héctor stay for people), and walks an invitation on a server of its own with a real SMTP listener.
  ['vecino016@demo.mx'],
  ['vecino017@demo.mx'],
  // directory.spec.ts reads the residents' directory as 056 (desktop) and 057 (phone); condoSettings.spec.ts
  // signs bosque.residente@demo.mx in on its own (the new privacy notice asks them again).
  ['vecino056@demo.mx'],
  ['vecino057@demo.mx'],
  // checkout.spec.ts pays online (issue 27) as 085: an amount ahead, then reads it on their statement.
  ['vecino085@demo.mx'],
  // proofs.spec.ts sends a proof of payment (issue 27) as 064, which admin@demo.mx accepts; 064 reads its receipt.
  ['vecino064@demo.mx'],
  // management.spec.ts: a resident sent away from control-gerencial (read only).
  ['vecino018@demo.mx'],
  // globalSearch.spec.ts searches as 058 (desktop) and 059 (phone): read only.
  ['vecino058@demo.mx'],
  ['vecino059@demo.mx'],
];

function fileName(email: string, condo?: string): string {
  const slug = condo ? `-${condo.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : '';
  return path.join(STATES_DIR, `${email}${slug}.json`);
}

/** The storageState file of a saved account; the account must be in SIGNED_IN. */
export function signedIn(email: string, condo?: string): string {
  if (!SIGNED_IN.some(([e, c]) => e === email && c === condo)) {
    throw new Error(`${email}${condo ? ` in ${condo}` : ''} is not signed in by auth.setup.ts: add it to SIGNED_IN`);
  }
  return fileName(email, condo);
}

/**
 * A storageState option that takes the saved session by project, for a spec whose desktop and phone runs
 * change data of their own: `test.use({ storageState: signedInByProject({ desktop: [...], phone: [...] }) })`.
 */
export function signedInByProject(byProject: Record<string, readonly [email: string, condo?: string]>) {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  return async ({}, use: (file: string) => Promise<void>, testInfo: TestInfo) => {
    const account = byProject[testInfo.project.name];
    if (!account) throw new Error(`no saved session for the project ${testInfo.project.name}`);
    await use(signedIn(...account));
  };
}

/** A storageState with the session token in the app's origin's localStorage. */
function stateOf(baseURL: string, token: string) {
  return {
    cookies: [],
    origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: TOKEN_KEY, value: token }] }],
  };
}

/** Writes the storageState file of a saved account. */
export function saveSignedIn(baseURL: string, email: string, condo: string | undefined, token: string): void {
  fs.mkdirSync(STATES_DIR, { recursive: true });
  fs.writeFileSync(fileName(email, condo), JSON.stringify(stateOf(baseURL, token), null, 2));
}

/**
 * A storageState option with a session of the test's own, signed in through the API for it alone: for a
 * test that ends its session (sign-out, the bridge), which would revoke a saved one under other tests.
 */
export function signedInAfresh(email: string, condo?: string) {
  return async ({ baseURL }: { baseURL: string | undefined }, use: (state: ReturnType<typeof stateOf>) => Promise<void>) => {
    const api = await request.newContext({ baseURL });
    const token = await sessionTokens()(api, email, condo).finally(() => api.dispose());
    await use(stateOf(baseURL!, token));
  };
}

/** The session token of a saved account, for a spec's own API calls as that person. */
export function savedToken(email: string, condo?: string): string {
  const state = JSON.parse(fs.readFileSync(signedIn(email, condo), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const token = state.origins[0]?.localStorage.find((item) => item.name === TOKEN_KEY)?.value;
  if (!token) throw new Error(`no saved session for ${email}`);
  return token;
}
