// Every route of the built app (app.inputRoutes, so a new route is fuzzed without touching this file) gets
// generated params, querystrings and bodies (tests/support/structArbitrary.ts: shaped by the route's own
// structs, mixed with NUL, half surrogates, impossible dates, huge numbers, wrong types, deep nesting, bytes
// that are not UTF-8), sent by an administrator, a resident and an anonymous caller. Whatever arrives:
// - never a 5xx;
// - never a 2xx when the request holds a NUL, half a surrogate pair or bytes that are not UTF-8 anywhere;
// - never a 2xx when a whole-number field holds what no INTEGER column keeps (2^31, 2^53+1, 1e308, -1…) or a
//   date field a day no calendar has (2027-02-30, 2027-02-31T10:00, 2026-02-29, 2100-13-01…): every such
//   field of every route gets each of them once, the rest of the request valid (meaningCasesFor);
// - every upload field (a data URL, a file in base64 beside its name: found by its struct, hostileFiles.ts)
//   gets a few hostile files, the rest of the request valid (hostileCasesFor): a 5xx or a hang to any is a
//   failure, and a 2xx to one the server must refuse (a type that lies, an empty file, a zip bomb…);
// - every 4xx is the one error shape { success: false, code, message }, and every 400 names a field;
// - a refused request writes nothing (row triggers count every write: tests/support/writeCounter.ts);
// - every request is answered within ANSWER_MS (a stream that never ends is named, not waited for).
// The seed is fixed so a run is repeatable; FUZZ_SEED and FUZZ_RUNS (runs per route for the administrator)
// change it locally. The figures (requests sent, 5xx seen) are printed at the end of each part.
//
// The routes are fuzzed in parts, a file each (tests/server/fuzzRoutes.<n>.test.ts), so the workers share them:
// one file of 8,000 requests was the server layers' last minute and a half on PostgreSQL, alone on one worker.
// A route gets the same inputs whatever part it falls in (its seed follows its index among all routes).
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { is, type Struct, string } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '../../server/plugins/validation';
import { ErrorAnswer } from '../../src/api/errors';
import { LIVE_PATHS } from '../../src/api/live';
import { type HostileFile, hostileFilesFor, uploadFieldsOf, uploadValue } from './hostileFiles';
import {
  anyJson,
  anyText,
  boundAboveAColumn,
  encodePart,
  leavesOf,
  meaninglessFor,
  meaningOf,
  sendsUnstorable,
  setAt,
  textFor,
  textsIn,
  validValue,
  valueFor,
} from './structArbitrary';
import { createTestApp, dialect, getSessionData, signInAs, type TestApp, testClock } from './testApp';
import { countWrites, type WriteCounter } from './writeCounter';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
// 20 random runs (24 before the meaning cases came: they cost about what the four did).
const ADMIN_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Hostile files per upload field (drawn from its kind's: hostileFiles.ts); FUZZ_HOSTILE=all sends every one. */
const HOSTILE_PER_FIELD = process.env.FUZZ_HOSTILE === 'all' ? Number.POSITIVE_INFINITY : Number(process.env.FUZZ_HOSTILE ?? 3);
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
  /** The field holding a number no column keeps or a date no calendar has (a 2xx is then a failure). */
  meaningless?: string;
  /** A hostile file it holds that the server may take (only a 5xx or a hang to it is a failure). */
  hostile?: string;
  /** The path of the upload field holding a hostile file. */
  upload?: string;
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

/** A path parameter without a struct: any text. */
const ANY_TEXT = string() as Struct<unknown>;

/** A request to the route that its structs accept, as far as known values make one (every optional field there). */
function validRequestFor(route: RouteInput): fc.Arbitrary<Generated> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchema = (route.params?.schema ?? {}) as Record<string, RouteInput['params']>;
  const querySchema = (route.querystring?.schema ?? {}) as Record<string, RouteInput['querystring']>;
  const textOf = (struct: RouteInput['params']) => validValue(struct ?? ANY_TEXT).map(String);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, textOf(paramSchema[name])])));
  const query = fc
    .record(Object.fromEntries(Object.keys(querySchema).map((key) => [key, textOf(querySchema[key])])))
    .map((known) => Object.entries(known) as [string, string][]);
  const body = route.method === 'GET' || !route.body ? fc.constant(null) : validValue(route.body, true).map((json) => ({ json }));
  return fc.record({ params, query, body });
}

/**
 * For every whole-number and date field of the route (body, params, querystring), one request per value the
 * field must refuse (OUT_OF_RANGE_NUMBERS, impossible dates of its kind), the rest of it valid: a 2xx to any
 * of them is a failure, as a 5xx is (the number reached a column that cannot hold it). The rest is a request
 * the route accepted from the administrator earlier in the run when there is one (`good`: known values rarely
 * make a body every rule of a route accepts); else each case draws its own, so they do not all stop at the
 * same unknown id.
 */
function meaningCasesFor(route: RouteInput, seed: number, good: Generated | undefined): Generated[] {
  const parts = (['params', 'querystring', 'body'] as const).filter(
    (part) => route[part] && (part !== 'body' || route.method !== 'GET'),
  );
  const targets = parts.flatMap((part) =>
    leavesOf(route[part]).flatMap((leaf) => {
      const meaning = meaningOf(leaf.struct);
      if (!meaning) return [];
      // A field bounded above a column on purpose may take 2^31: sent all the same, only a 5xx to it fails.
      const mayTake = (bad: unknown) => bad === 2 ** 31 && boundAboveAColumn(leaf.struct);
      return meaninglessFor(meaning).map((bad) => ({ part, path: leaf.path, bad, refuse: !mayTake(bad) }));
    }),
  );
  if (!targets.length) return [];
  const bases = good
    ? targets.map(() => structuredClone(good))
    : fc.sample(validRequestFor(route), { seed, numRuns: targets.length });
  return targets.map(({ part, path, bad, refuse }, i) => {
    const request = bases[i]!;
    const [name] = path as [string];
    if (part === 'body') {
      const json = request.body && 'json' in request.body ? request.body.json : {};
      request.body = { json: setAt(json, path, bad) };
    } else if (part === 'params') request.params = { ...request.params, [name]: String(bad) };
    else request.query = [...request.query.filter(([key]) => key !== name), [name, String(bad)]];
    return refuse ? { ...request, meaningless: `${part}.${path.join('.')} = ${String(bad)}` } : request;
  });
}

/**
 * For every upload field of the route's body, HOSTILE_PER_FIELD hostile files drawn for it (its seed), each in a
 * request otherwise like meaningCasesFor's. A file the server must refuse is marked as meaningless is.
 */
function hostileCasesFor(route: RouteInput, seed: number, good: Generated | undefined): Generated[] {
  if (!route.body || route.method === 'GET') return [];
  const targets = uploadFieldsOf(route.body).flatMap((field, i) => {
    const files = hostileFilesFor(field);
    const count = Math.min(files.length, HOSTILE_PER_FIELD);
    const [drawn] = fc.sample(fc.shuffledSubarray(files, { minLength: count, maxLength: count }), {
      seed: seed + i,
      numRuns: 1,
    });
    return drawn!.map((file: HostileFile) => ({ field, file }));
  });
  if (!targets.length) return [];
  const bases = good
    ? targets.map(() => structuredClone(good))
    : fc.sample(validRequestFor(route), { seed, numRuns: targets.length });
  return targets.map(({ field, file }, i) => {
    const request = bases[i]!;
    let json = request.body && 'json' in request.body ? request.body.json : {};
    json = setAt(json, field.path, uploadValue(field, file));
    if (field.shape === 'base64') json = setAt(json, field.namePath, file.name);
    request.body = { json };
    const label = `body.${field.path.join('.')} = hostile file (${file.kind})`;
    const upload = field.path.join('.');
    return file.refuse ? { ...request, meaningless: label, upload } : { ...request, hostile: label, upload };
  });
}

function urlOf(route: RouteInput, generated: Generated): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodePart(generated.params[name] ?? ''));
  const query = generated.query.map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** How long a request may take to be answered: far longer than any answer of the app takes. */
const ANSWER_MS = 15_000;
const unanswered = () => new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_MS).unref());

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
      // The live stream answers with a response that stays open for as long as the client listens: it has no
      // answer to wait for. tests/server/live.test.ts covers its refusals (signed out, bad last id).
      const routes = t.app.inputRoutes.filter(
        (route) => route.method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.endsWith(LIVE_PATHS.stream),
      );
      expect(routes.length).toBeGreaterThan(50);
      const mine = [...routes.entries()].filter(([index]) => index % FUZZ_PARTS === part);
      const failures: Failure[] = [];
      let sent = 0;
      let serverErrors = 0;
      let meaningCases = 0;
      let hostileCases = 0;
      /** Hostile files the route took, or refused naming the file's field (not stopped by another field first). */
      let hostileReached = 0;
      /** Per route, the first request the administrator had accepted: the rest of its meaning cases. */
      const good = new Map<RouteInput, Generated>();
      /** Routes a request of which was left unanswered. */
      const hung = new Set<RouteInput>();
      const statuses = new Map<number, number>();

      /**
       * Sends one request and checks the answer; `learn`: a 2xx to the administrator becomes the route's good one.
       * Returns the answer's status and the field a 400 names (null when unanswered or not sent).
       */
      async function send(
        caller: Caller,
        route: RouteInput,
        generated: Generated,
        learn = true,
      ): Promise<{ status: number; field?: string } | null> {
        if (hung.has(route)) return null;
        const url = urlOf(route, generated);
        const label = generated.hostile ?? generated.meaningless;
        const about = label ? ` to ${label}` : '';
        const headers: Record<string, string> = tokens[caller] ? { 'app-token': tokens[caller]! } : {};
        let payload: string | Buffer | undefined;
        if (generated.body) {
          const raw = 'raw' in generated.body ? generated.body : null;
          headers['content-type'] = raw ? raw.type : 'application/json';
          payload = raw ? raw.raw : JSON.stringify((generated.body as { json: unknown }).json);
        }
        let refusedField: string | undefined;
        const before = await writes.read();
        const answer = t.app.inject({ method: route.method, url, headers, ...(payload === undefined ? {} : { payload }) });
        const res = await Promise.race([answer, unanswered()]);
        if (res === null) {
          // A request left without an answer would hold the whole part until its time-out: named once, and the
          // route's other requests are not sent.
          hung.add(route);
          failures.push({
            caller,
            method: route.method,
            url,
            status: 0,
            why: `no answer within ${ANSWER_MS} ms${about}`,
            sent: '',
            body: '',
          });
          return null;
        }
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
        if (res.statusCode < 300 && generated.meaningless) fail(`accepted ${generated.meaningless}`);
        const plain = learn && !(generated.body && 'raw' in generated.body);
        if (res.statusCode < 300 && caller === 'admin' && plain && !good.has(route)) good.set(route, structuredClone(generated));
        if (res.statusCode >= 500) {
          serverErrors += 1;
          fail(`5xx${about}`);
        } else if (res.statusCode >= 400) {
          let answer: unknown;
          try {
            answer = res.json();
          } catch {
            answer = res.body;
          }
          if (!is(answer, ErrorAnswer)) fail('not the error shape');
          else if (res.statusCode === 400 && !answer.field) fail('400 without a field');
          else refusedField = answer.field;
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            fail(`refused, yet wrote ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
          }
        }
        await keepSignedIn(caller);
        return { status: res.statusCode, ...(refusedField ? { field: refusedField } : {}) };
      }

      for (const [index, route] of mine) {
        for (const caller of Object.keys(RUNS) as Caller[]) {
          const property = fc.asyncProperty(requestFor(route), async (generated) => {
            await send(caller, route, generated);
          });
          // A seed of its own per route and caller, so routes do not all draw the same sequence.
          await fc.assert(property, { seed: SEED + index * 3 + Object.keys(RUNS).indexOf(caller), numRuns: RUNS[caller] });
        }
        // Numbers and dates checked for what they mean, by the caller who reaches the most code.
        for (const generated of meaningCasesFor(route, SEED + index * 1000, good.get(route))) {
          meaningCases += 1;
          await send('admin', route, generated, false);
        }
        // Hostile files in every upload field, by the administrator too.
        for (const generated of hostileCasesFor(route, SEED + index * 1000 + 500, good.get(route))) {
          hostileCases += 1;
          const answer = await send('admin', route, generated, false);
          // A 400 naming the file's field (or its object: an attachment's index) refused the file itself.
          const field = answer?.field ?? '';
          const upload = generated.upload ?? '';
          if (answer && (answer.status < 300 || (field && (upload.startsWith(field) || field.startsWith(upload.split('.')[0]!)))))
            hostileReached += 1;
        }
      }

      const figures = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      console.log(
        `fuzz (${dialect}), part ${part + 1} of ${FUZZ_PARTS}: ${sent} requests (${meaningCases} of them numbers and dates to refuse, ${hostileCases} hostile files, ${hostileReached} of them taken or refused for the file) to ${mine.length} of ${routes.length} routes, ${serverErrors} answered 5xx; ${figures.join(' ')}`,
      );
      expect(failures).toEqual([]);
    });
  });
}
