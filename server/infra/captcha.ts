// Self-hosted ALTCHA captcha (DESIGN.md §4): altcha-lib v2 challenges signed with a key the server makes
// once and keeps in app_secrets, solved in the page, verified here. A solution counts once: its challenge's
// nonce goes into captcha_spent (unique) in the same step that accepts it, so a replay is refused by any
// server process until the challenge has expired anyway.
import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { type Infer, integer, number, object, optional, string, validate } from 'superstruct';
import { CaptchaParameters } from '../../src/api/publicPage';
import type { Database } from '../db/schema';
import type { Clock } from './clock';
import { appSecret } from './secrets';

/** How long a challenge may be solved and sent. */
export const CAPTCHA_MINUTES = 10;
/** The work: the page tries SHA-256 counters from 0 until it finds the server's (about 5 000–15 000). */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 15_000;
const ALGORITHM = 'SHA-256';

async function secrets(db: Kysely<Database>, clock: Clock) {
  const key = await appSecret(db, clock, 'altcha-hmac');
  return {
    hmacSignatureSecret: key.toString('base64url'),
    // A second key for the derived-key signatures, derived so there is one secret to keep.
    hmacKeySignatureSecret: createHmac('sha256', key).update('altcha-derived-key').digest('base64url'),
  };
}

export async function newCaptchaChallenge(db: Kysely<Database>, clock: Clock): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(clock.now().getTime() + CAPTCHA_MINUTES * 60_000),
    ...(await secrets(db, clock)),
  });
}

/** The solved payload the page sends in cf_capcha: base64 of this JSON. */
const CaptchaPayload = object({
  challenge: object({ parameters: CaptchaParameters, signature: optional(string()) }),
  solution: object({ counter: integer(), derivedKey: string(), time: optional(number()) }),
});
export type CaptchaPayload = Infer<typeof CaptchaPayload>;

export type CaptchaVerdict = 'ok' | 'missing' | 'malformed' | 'invalid' | 'expired' | 'replayed';

function decode(text: string): CaptchaPayload | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const [error, payload] = validate(json, CaptchaPayload);
  return error ? null : payload;
}

/**
 * Checks a solution and spends it: 'ok' only the first time a valid, unexpired solution is shown.
 * Nothing is spent for a refused one.
 */
export async function spendCaptcha(db: Kysely<Database>, clock: Clock, text: string | null | undefined): Promise<CaptchaVerdict> {
  if (!text?.trim()) return 'missing';
  if (text.length > 8_000) return 'malformed';
  const payload = decode(text.trim());
  if (!payload) return 'malformed';
  const { parameters } = payload.challenge;
  if (parameters.algorithm !== ALGORITHM || parameters.cost !== 1 || !parameters.expiresAt) return 'invalid';
  const nowSeconds = clock.now().getTime() / 1000;
  if (parameters.expiresAt < nowSeconds) return 'expired';
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: payload.challenge as Challenge,
      solution: payload.solution,
      deriveKey,
      ...(await secrets(db, clock)),
    });
    if (result.expired) return 'expired';
    verified = result.verified;
  } catch {
    return 'invalid';
  }
  if (!verified) return 'invalid';

  const now = clock.now().toISOString();
  await db.deleteFrom('captcha_spent').where('expires_at', '<', now).execute();
  const spent = await db
    .insertInto('captcha_spent')
    .values({ nonce: parameters.nonce, expires_at: new Date(parameters.expiresAt * 1000).toISOString() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('id')
    .executeTakeFirst();
  return spent ? 'ok' : 'replayed';
}
