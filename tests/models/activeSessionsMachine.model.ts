// "Sesiones activas" of mi-perfil as a test model: 11 sessions in pages of 10, this one first; the second
// page emptied once its session ends; this one alone once all the others end. The words its scenarios are
// told in: docs/scenarios/activeSessionsMachine.md.
import { ACTIVE_SESSIONS_PAGE_SIZE, type ActiveSession } from '../../src/api/sessions';
import { activeSessionsMachine, type RevokeOutcome } from '../../src/machines/activeSessionsMachine';
import type { ActiveSessionsPage } from '../../src/services/activeSessionsService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const session = (id: number, current = false): ActiveSession => ({
  id,
  current,
  device: { browser: 'Chrome', os: 'Android', kind: 'mobile' },
  address: '201.141.3.4',
  condoName: 'Residencial Las Palmas',
  rememberMe: false,
  signedInAt: '2025-06-02T18:00:00.000Z',
  lastUsedAt: '2025-06-02T18:30:00.000Z',
});

export const CURRENT = session(1, true);
const TOTAL = ACTIVE_SESSIONS_PAGE_SIZE + 1;
/** This session and nine others. */
export const FIRST_PAGE: ActiveSessionsPage = {
  items: [CURRENT, ...Array.from({ length: ACTIVE_SESSIONS_PAGE_SIZE - 1 }, (_, i) => session(i + 2))],
  total: TOTAL,
};
/** The eleventh session, alone on page 2. */
export const SECOND_PAGE: ActiveSessionsPage = { items: [session(11)], total: TOTAL };
/** Page 2 after its session ended. */
export const EMPTIED: ActiveSessionsPage = { items: [], total: ACTIVE_SESSIONS_PAGE_SIZE };
/** After "all the others": this one alone. */
export const ALONE: ActiveSessionsPage = { items: [CURRENT], total: 1 };

const OUTCOMES: Record<RevokeOutcome, string> = {
  revoked: 'ended that session',
  gone: 'that session had already ended',
  revokedOthers: 'ended all the others',
};

export const activeSessionsModel = defineModel({
  machine: activeSessionsMachine,
  payloads: {
    retry: BARE,
    goToPage: [{ page: 1 }, { page: 2 }],
    // The first session shown that is not this one (this one is never offered: see the list's check).
    askRevoke: (s) =>
      s.context.items
        .filter((i) => !i.current)
        .slice(0, 1)
        .map((i) => ({ id: i.id })),
    askRevokeOthers: BARE,
    confirm: BARE,
    cancel: BARE,
    // The server's answer for the page asked, after what the last ending did.
    'xstate.done.actor.loadPage': (s) => {
      const { page, outcome } = s.context;
      if (page === 1) return [{ output: outcome === 'revokedOthers' ? ALONE : FIRST_PAGE }];
      return [{ output: outcome === 'revoked' || outcome === 'gone' ? EMPTIED : SECOND_PAGE }];
    },
    'xstate.error.actor.loadPage': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.revoke': (s) =>
      (s.context.pending?.kind === 'others' ? ['revokedOthers'] : ['revoked', 'gone']).map((output) => ({ output })),
    'xstate.error.actor.revoke': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  // Which answer: `done revoke:gone`, `done loadPage:0/10`.
  label: (e) => {
    const { output } = e as { output?: unknown };
    if (e.type === 'xstate.done.actor.revoke') return `done revoke:${output}`;
    if (e.type === 'xstate.done.actor.loadPage') {
      const answer = output as ActiveSessionsPage;
      return `done loadPage:${answer.items.length}/${answer.total}`;
    }
    return eventLabel(e);
  },
  words: {
    states: {
      loading: 'Cargando tus sesiones… (or the list dimmed while the page loads); the pages cannot be changed.',
      loadFailed: 'No pudimos cargar tus sesiones., with Reintentar.',
      list: 'The sessions of the page, this one first marked Esta sesión; every other has Cerrar sesión; Cerrar las demás sesiones while others are open, else Solo esta sesión está abierta.',
      confirming: 'A dialog asks ¿Cerrar la sesión de …? (or ¿Cerrar las demás sesiones?) with Cerrar sesión and Cancelar.',
      revoking: 'The dialog shows it is ending the session(s).',
    },
    events: {
      retry: () => 'presses Reintentar',
      goToPage: (e) => `opens Página ${e.page}`,
      askRevoke: (e) => `presses Cerrar sesión on session ${e.id}`,
      askRevokeOthers: () => 'presses Cerrar las demás sesiones',
      confirm: () => 'confirms in the dialog',
      cancel: () => 'presses Cancelar',
      'xstate.done.actor.loadPage': (e) => {
        const answer = e.output as ActiveSessionsPage;
        return `the server answers ${answer.items.length} of ${answer.total} sessions`;
      },
      'xstate.error.actor.loadPage': () => 'the connection fails',
      'xstate.done.actor.revoke': (e) => `the server answers: ${OUTCOMES[e.output as RevokeOutcome]}`,
      'xstate.error.actor.revoke': () => 'the connection fails',
    },
  },
});
