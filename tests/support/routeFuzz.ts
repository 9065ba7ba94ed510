// Every route of the built app (app.inputRoutes, so a new route is fuzzed without touching this file) gets
// generated params, querystrings and bodies (tests/support/structArbitrary.ts: shaped by the route's own
// structs, mixed with NUL, half surrogates, impossible dates, huge numbers, wrong types, deep nesting, bytes
// that are not UTF-8), sent by an administrator, a resident and an anonymous caller. Whatever arrives:
// - never a 5xx;
// - never a 2xx when the request holds a NUL, half a surrogate pair or bytes that are not UTF-8 anywhere;
// - every 4xx is the one error shape { success: false, code, message }, and every 400 names a field;
// - a refused request writes nothing (row triggers count every write: tests/support/writeCounter.ts).
// The seed is fixed so a run is repeatable; FUZZ_SEED and FUZZ_RUNS (runs per route for the administrator)
// change it locally. The figures (requests sent, 5xx seen) are printed at the end of each part.
//
// The routes are fuzzed in parts, a file each (tests/server/fuzzRoutes.<n>.test.ts), so the workers share them:
// one file of 8,000 requests was the server layers' last minute and a half on PostgreSQL, alone on one worker.
// A route gets the same inputs whatever part it falls in (its seed follows its index among all routes).
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { is } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '../../server/plugins/validation';
import { ErrorAnswer } from '../../src/api/errors';
import { anyJson, anyText, encodePart, sendsUnstorable, textFor, textsIn, valueFor } from './structArbitrary';
import { createTestApp, dialect, getSessionData, signInAs, type TestApp, testClock } from './testApp';
import { countWrites, type WriteCounter } from './writeCounter';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const ADMIN_RUNS = Number(process.env.FUZZ_RUNS ?? 24);
/** Runs per route for each caller: the administrator reaches the most code; the others mostly get 401/403. */
const RUNS = { admin: ADMIN_RUNS, resident: Math.ceil(ADMIN_RUNS / 2), anonymous: Math.ceil(ADMIN_RUNS / 4) };
type Caller = keyof typeof RUNS;
const ACCOUNTS: Record<Exclude<Caller, 'anonymous'>, string> = { admin: 'admin@demo.mx', resident: 'vecino050@demo.mx' };

/**
 * Not data a request asks to write: sessions are touched by signed-in requests (their last use), and the
 * server's signing keys (app_secrets) are created the first time any request needs one.
 */
const NOT_DATA = ['sessions', 'app_secrets'];

interface Generated {
  params: Record<string, string>;
  query: [string, string][];
  body: { json: unknown } | { raw: Buffer; type: string } | null;
}

interface Failure {
  caller: Caller;
  method: string;
  url: string;
  status: number;
  why: string;
  /** What was sent and what came back, cut short. */
  sent: string;
  body: string;
}

/** Bytes that are not UTF-8: half a surrogate pair written out (WTF-8), a lone continuation byte, 0xFF. */
const NOT_UTF8 = [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0x80]), Buffer.from([0xff])];

function requestFor(route: RouteInput): fc.Arbitrary<Generated> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchema = (route.params?.schema ?? {}) as Record<string, RouteInput['params']>;
  const params = fc.record(Object.fromEntries(names.map((name) => [name, textFor(paramSchema[name])])));
  const querySchema = (route.querystring?.schema ?? {}) as Record<string, RouteInput['querystring']>;
  const queryKeys = Object.keys(querySchema);
  const query = fc
    .tuple(
      fc.record(Object.fromEntries(queryKeys.map((key) => [key, textFor(querySchema[key])])), { requiredKeys: [] }),
      fc.option(fc.tuple(anyText, anyText), { freq: 3 }),
    )
    .map(([known, extra]) => [...Object.entries(known), ...(extra ? [extra] : [])] as [string, string][]);
  const json = route.body ? valueFor(route.body) : fc.oneof(fc.constant({}), anyJson);
  const body =
    route.method === 'GET'
      ? fc.constant(null)
      : fc.oneof(
          { weight: 10, arbitrary: json.map((value) => ({ json: value })) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(...NOT_UTF8).map((bytes) => ({
              raw: Buffer.concat([Buffer.from('{"x":"a'), bytes, Buffer.from('"}')]),
              type: 'application/json',
            })),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              raw: anyText.map((text) => Buffer.from(text)),
              type: fc.constantFrom('application/json', 'application/json; charset=latin1', 'text/plain', 'text/csv'),
            }),
          },
        );
  return fc.record({ params, query, body });
}

function urlOf(route: RouteInput, generated: Generated): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodePart(generated.params[name] ?? ''));
  const query = generated.query.map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** How many parts (files) the routes are fuzzed in. */
export const FUZZ_PARTS = 3;

/** Fuzzes every FUZZ_PARTS-th route, starting at `part` (0-based), on an app of its own. */
export function describeRouteFuzz(part: number) {
  describe(`every route under generated input, part ${part + 1} of ${FUZZ_PARTS} (${dialect})`, () => {
    // A part without its file would leave its routes unfuzzed, silently.
    if (part === 0) {
      it('every part has its file', () => {
        const files = fs
          .readdirSync(path.join(import.meta.dirname, '../server'))
          .filter((f) => /^fuzzRoutes\.\d+\.test\.ts$/.test(f));
        expect(files.sort()).toEqual(Array.from({ length: FUZZ_PARTS }, (_, i) => `fuzzRoutes.${i + 1}.test.ts`));
      });
    }

    let t: TestApp;
    let writes: WriteCounter;
    const tokens: Partial<Record<Caller, string>> = {};

    beforeAll(async () => {
      t = await createTestApp({ clock: testClock() });
      for (const [caller, email] of Object.entries(ACCOUNTS)) tokens[caller as Caller] = await signInAs(t.app, email);
      writes = await countWrites(t.app.db, dialect, NOT_DATA);
    });

    /** A generated call may sign its caller out (sign-out, a password change): sign in again when it did. */
    async function keepSignedIn(caller: Caller) {
      if (caller === 'anonymous') return;
      if ((await getSessionData(t.app, tokens[caller])).statusCode === 401)
        tokens[caller] = await signInAs(t.app, ACCOUNTS[caller]);
    }

    it('answers 4xx in the error shape, never 5xx, and writes nothing when it refuses', { timeout: 600_000 }, async () => {
      const routes = t.app.inputRoutes.filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(50);
      const mine = [...routes.entries()].filter(([index]) => index % FUZZ_PARTS === part);
      const failures: Failure[] = [];
      let sent = 0;
      let serverErrors = 0;
      const statuses = new Map<number, number>();

      for (const [index, route] of mine) {
        for (const caller of Object.keys(RUNS) as Caller[]) {
          const property = fc.asyncProperty(requestFor(route), async (generated) => {
            const url = urlOf(route, generated);
            const headers: Record<string, string> = tokens[caller] ? { 'app-token': tokens[caller]! } : {};
            let payload: string | Buffer | undefined;
            if (generated.body) {
              const raw = 'raw' in generated.body ? generated.body : null;
              headers['content-type'] = raw ? raw.type : 'application/json';
              payload = raw ? raw.raw : JSON.stringify((generated.body as { json: unknown }).json);
            }
            const before = await writes.read();
            const res = await t.app.inject({ method: route.method, url, headers, ...(payload === undefined ? {} : { payload }) });
            await t.app.tasks.drain();
            const after = await writes.read();
            sent += 1;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const fail = (why: string) =>
              failures.push({
                caller,
                method: route.method,
                url,
                status: res.statusCode,
                why,
                sent: String(payload ?? '').slice(0, 300),
                body: res.body.slice(0, 300),
              });
            const texts = [
              ...Object.values(generated.params),
              ...(generated.body && 'json' in generated.body ? textsIn(generated.body.json) : []),
            ];
            const raw = generated.body && 'raw' in generated.body ? generated.body.raw : null;
            // In a querystring, half a surrogate pair can only be sent as an escape that does not decode, which
            // the server reads as the literal text it is (%ED%A0%80); a NUL there decodes and must be refused.
            const queryNul = generated.query.flat().some((text) => text.includes('\u0000'));
            if (res.statusCode < 300 && (queryNul || sendsUnstorable(texts, raw))) fail('unstorable text accepted');
            if (res.statusCode >= 500) {
              serverErrors += 1;
              fail('5xx');
            } else if (res.statusCode >= 400) {
              let answer: unknown;
              try {
                answer = res.json();
              } catch {
                answer = res.body;
              }
              if (!is(answer, ErrorAnswer)) fail('not the error shape');
              else if (res.statusCode === 400 && !answer.field) fail('400 without a field');
              if (JSON.stringify(before) !== JSON.stringify(after)) {
                fail(`refused, yet wrote ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
              }
            }
            await keepSignedIn(caller);
          });
          // A seed of its own per route and caller, so routes do not all draw the same sequence.
          await fc.assert(property, { seed: SEED + index * 3 + Object.keys(RUNS).indexOf(caller), numRuns: RUNS[caller] });
        }
      }

      const figures = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      console.log(
        `fuzz (${dialect}), part ${part + 1} of ${FUZZ_PARTS}: ${sent} requests to ${mine.length} of ${routes.length} routes, ${serverErrors} answered 5xx; ${figures.join(' ')}`,
      );
      expect(failures).toEqual([]);
    });
  });
}
