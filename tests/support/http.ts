// The two shapes of HTTP every kind of test speaks: an API path as the server mounts it, and a fetch answer
// with a JSON body (what view tests stub fetch with). No test-runner import: any project may use it.

/** The path under the server's API prefix: api('/--sesiones/sign-in') is '/api/--sesiones/sign-in'. */
export const api = (path: string) => `/api${path}`;

/** A fetch Response with `body` as JSON (status 200 unless given, and any extra headers). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
