// Renders /condominio with a signed-in session: the session data comes from a stubbed fetch (the edge
// of these tests), and the viewport is a desktop or a phone as far as CSS media queries go.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { SessionData } from '../../../src/api/sessions';
import { saveToken } from '../../../src/services/tokenStore';
import { json } from '../http';
import { PUSH_SETTINGS } from '../pushFixtures';
import { fakeMatchMedia } from './matchMedia';
import { renderWithApp } from './renderWithApp';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const THIS_SESSION = {
  id: 1,
  current: true,
  device: { browser: 'Chrome', os: 'Android', kind: 'mobile' },
  address: '201.141.3.4',
  condoName: 'Residencial Las Palmas',
  rememberMe: false,
  signedInAt: '2025-06-02T18:00:00.000Z',
  lastUsedAt: '2025-06-02T18:30:00.000Z',
};

/** Answers session-data with `data` (and anything in `answers` by path); records every call. */
export function stubApi(data: SessionData, answers: Record<string, () => Response | Promise<Response>> = {}) {
  const calls: Call[] = [];
  let current = data;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const text = request.method === 'GET' ? '' : await request.clone().text();
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
      const answer = answers[path];
      if (answer) return answer();
      if (path === '/api/--sesiones/session-data') return json({ success: true, data: current });
      // mi-perfil lists the sessions: by default this one alone.
      if (path === '/api/--sesiones/active-sessions') return json({ success: true, items: [THIS_SESSION], total: 1 });
      // …and the directory choices (issue 16): no phone, nothing shown.
      if (path === '/api/--directorio/mi-contacto')
        return json({ success: true, contact: { phone: '', showPhone: false, showEmail: false } });
      // …and the employee panel asks gate staff whether they have a shift PIN (issue 26): they do.
      if (path === '/api/--dispositivos/pin' && request.method === 'GET') return json({ success: true, hasPin: true });
      // …and mi-perfil's notifications on this device (issue 30): the server's key, every kind on.
      if (path === '/api/--push/settings') return json(PUSH_SETTINGS);
      return json({ success: false, code: 'NOT_FOUND', message: 'not stubbed' }, 404);
    }),
  );
  return {
    calls,
    /** What the next session-data answer carries. */
    setData(next: SessionData) {
      current = next;
    },
  };
}

/** Makes `(min-width: …)` queries match on a desktop and fail on a phone. */
export function useViewport(kind: 'desktop' | 'phone') {
  window.matchMedia = fakeMatchMedia((query) => kind === 'desktop' && query.includes('min-width'));
}

export function signedIn(ui: ReactNode, path: string, language?: 'es' | 'en' | 'fr') {
  saveToken('a-valid-session-token', true);
  return renderWithApp(ui, { path, ...(language ? { language } : {}) });
}
