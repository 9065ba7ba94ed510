// Where the session token lives in the browser: localStorage when the user asked to be remembered,
// sessionStorage (gone with the tab) otherwise. The http client reads it for every request.
//
// `known` is the token this tab last saw or set. When storage holds something else at the next request,
// another tab changed the session (spec §4, token-change rule).
const KEY = 'app-token';

let known: string | null | undefined;

function storages(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

function stored(): string | null {
  for (const storage of storages()) {
    const token = storage.getItem(KEY);
    if (token) return token;
  }
  return null;
}

export function readToken(): string | null {
  const token = stored();
  if (known === undefined) known = token;
  return token;
}

/** True once per change made by another tab since this tab last read or wrote the token. */
export function tokenChangedElsewhere(): boolean {
  const token = stored();
  if (known === undefined) {
    known = token;
    return false;
  }
  if (token === known) return false;
  known = token;
  return true;
}

export function saveToken(token: string, remember: boolean): void {
  if (typeof window === 'undefined') return;
  for (const storage of storages()) storage.removeItem(KEY);
  (remember ? window.localStorage : window.sessionStorage).setItem(KEY, token);
  known = token;
}

export function clearToken(): void {
  for (const storage of storages()) storage.removeItem(KEY);
  known = null;
}
