// A permission matrix of API routes: each route case is called as every demo role and as nobody, each cell
// from a fresh call, and its status compared with the row's expectation. The requests and the messages
// matrices share it.
import { describe, expect, it } from 'vitest';
import { api } from './http';
import { call, signInAs, signInStep, type TestApp } from './testApp';

export const ROWS = ['admin', 'consejo', 'residente', 'empleado', 'guardia', 'supervisor', 'inactivo', 'none'] as const;
export type Row = (typeof ROWS)[number];
/** The expected status for each of ROWS, in order. */
export type Expected = [number, number, number, number, number, number, number, number];

export interface Caller {
  row: Row;
  token: string | undefined;
}

export interface RouteCase {
  method: 'GET' | 'POST';
  path: string;
  variant: string;
  expected: Expected;
  run(t: TestApp, caller: Caller): Promise<number>;
}

/** The status a route answers `caller` (JSON payload when given): what a matrix cell compares. */
export const status = async (t: TestApp, c: Caller, method: 'GET' | 'POST', path: string, payload?: object) =>
  (await call(t.app, method, api(path), { token: c.token, ...(payload ? { payload } : {}) })).statusCode;

export const ADMIN_ONLY: Expected = [200, 403, 403, 403, 403, 403, 401, 401];

export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A row's caller: the demo account signed in (the inactive one only through its first step), or nobody. */
async function caller(t: TestApp, row: Row): Promise<Caller> {
  if (row === 'none') return { row, token: undefined };
  const email = `${row}@demo.mx`;
  const token = row === 'inactivo' ? (await signInStep(t.app, email)).token : await signInAs(t.app, email);
  return { row, token };
}

/** A test per route case and row; `app()` is the file's app, built in its beforeAll. */
export function walkMatrix(app: () => TestApp, routes: readonly RouteCase[]): void {
  describe.each(routes.map((r) => [`${r.method} ${r.path} (${r.variant})`, r] as const))('%s', (_, route) => {
    it.each(ROWS.map((row, index) => [row, route.expected[index]!] as const))('%s → %i', async (row, expected) => {
      expect(await route.run(app(), await caller(app(), row))).toBe(expected);
    });
  });
}
