// A paired gate device's shift session data, kept on the device (issue 26, "Offline": the caseta's shell opens
// without network). The caseta reopened during a network cut still knows who is on shift and where, and works
// from the offline queue and the signed snapshot of today's passes. Only a shift's session data is kept (it names
// the device, the guard and the condominium, nothing personal of residents), only for the token that loaded it,
// and it is dropped when that session ends or signs out.
import { is } from 'superstruct';
import { SessionData } from '../api/sessions';
import { readToken } from './tokenStore';

const KEY = 'gate-shift-session';

interface Kept {
  token: string;
  data: SessionData;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps a shift's session data for the current token; any other session's data is never kept. */
export function keepShiftSession(data: SessionData): void {
  const store = storage();
  const token = readToken();
  if (!store) return;
  if (!data.dispositivo || !token) {
    store.removeItem(KEY);
    return;
  }
  try {
    store.setItem(KEY, JSON.stringify({ token, data } satisfies Kept));
  } catch {
    // A full storage: the caseta then needs the network to reopen, as before.
  }
}

/** The kept shift session data, when it was kept for the token in use now. */
export function keptShiftSession(): SessionData | null {
  const store = storage();
  const token = readToken();
  if (!store || !token) return null;
  try {
    const kept = JSON.parse(store.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    return kept?.token === token && is(kept.data, SessionData) && kept.data.dispositivo ? kept.data : null;
  } catch {
    return null;
  }
}

export function forgetShiftSession(): void {
  storage()?.removeItem(KEY);
}
