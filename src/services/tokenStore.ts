// Where the session token lives in the browser: localStorage when the user asked to be remembered,
// sessionStorage (gone with the tab) otherwise. The http client reads it for every request.
const KEY = 'app-token';

function storages(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

export function readToken(): string | null {
  for (const storage of storages()) {
    const token = storage.getItem(KEY);
    if (token) return token;
  }
  return null;
}

export function saveToken(token: string, remember: boolean): void {
  if (typeof window === 'undefined') return;
  clearToken();
  (remember ? window.localStorage : window.sessionStorage).setItem(KEY, token);
}

export function clearToken(): void {
  for (const storage of storages()) storage.removeItem(KEY);
}
