// The addresses of the visitor routes' API calls, apart from their contracts (guests.ts, passes.ts): the
// entry bundle needs them to start a visitor page's call before the page's own chunk arrives
// (src/views/app/routes.tsx), and should not carry the contracts' structs to do it.

export const GUEST_PATHS = {
  /** Public: GET, the form info of a link. */
  formInfo: (token: string) => `/--invitados/formulario/${token}`,
  /** Public: POST GuestSubmission, answer GuestRegistered. */
  register: (token: string) => `/--invitados/registrar/${token}`,
} as const;

export const PASS_PATHS = {
  /** Public: GET, the pass; 404 when it is unknown or revoked. */
  view: (condoId: number | string, qr: string) => `/--invitados/pase/${condoId}/${qr}`,
  /** Public: GET, the pass as application/pdf; 404 like the pass. */
  pdf: (condoId: number | string, qr: string) => `/--invitados/pase-pdf/${condoId}/${qr}`,
  /** The PDF's link from a page: in the page's language (its intl locale, 'es-MX' → es). */
  pdfLink: (condoId: number | string, qr: string, locale: string) =>
    `/--invitados/pase-pdf/${condoId}/${qr}?lang=${locale.split('-')[0]}`,
} as const;

/** What a pass's address may hold; anything else is simply not found (no call needed). */
export const PASS_CONDO_ID = /^\d{1,10}$/;
export const PASS_QR = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The element of a page the server painted that holds its first call's answer, { [contract path]: body }
 * (server/infra/visitorHints.ts writes it, src/services/earlyFetch.ts reads it).
 */
export const PAGE_ANSWERS_ID = 'page-answers';

/** The pages a visitor opens from a link, by name (the browser's route table and the server's hints). */
export type VisitorPageName = 'publicPage' | 'guestRegistration' | 'pass';

export interface VisitorPage {
  name: VisitorPageName;
  /** The page's route, as wouter matches it (src/views/app/routes.tsx, src/views/app/firstPaint.tsx). */
  route: string;
  /** The page's address; its groups are what `firstCall` needs. */
  pattern: RegExp;
  /** The page's first API call, from the address's captured parts. */
  firstCall?: (parts: string[]) => string;
}

// A link's token and a pass's QR as the pages' services accept them (guests.ts TokenParams, PASS_QR):
// URL-safe, so the early call's path is the one the page's own call would build.
const GUEST_TOKEN = '([A-Za-z0-9_-]{1,100})';
const PASS_ADDRESS = '(\\d{1,10})/([A-Za-z0-9_-]{1,64})';

/**
 * Whose chunk and first call a phone should not wait for: the browser starts them before its first render
 * (src/views/app/routes.tsx), and the server names them in the page's HTML so they start with the page itself
 * (server/infra/visitorHints.ts).
 */
export const VISITOR_PAGES: readonly VisitorPage[] = [
  { name: 'publicPage', route: '/pagina-publica', pattern: /^\/pagina-publica\/?$/ },
  {
    name: 'guestRegistration',
    route: '/registro-invitados/:token',
    pattern: new RegExp(`^/registro-invitados/${GUEST_TOKEN}/?$`),
    firstCall: ([token = '']) => GUEST_PATHS.formInfo(token),
  },
  {
    name: 'pass',
    route: '/invitacion/:condoId/:qr',
    pattern: new RegExp(`^/invitacion/${PASS_ADDRESS}/?$`),
    firstCall: ([condoId = '', qr = '']) => PASS_PATHS.view(condoId, qr),
  },
];

/** The visitor page called `name`. */
export function visitorPage(name: VisitorPageName): VisitorPage {
  const page = VISITOR_PAGES.find((candidate) => candidate.name === name);
  if (!page) throw new Error(`no visitor page ${name}`);
  return page;
}

/** The visitor page at `pathname` (no query), its address's parts and its first call's path; null for any other page. */
export function visitorPageAt(pathname: string): { page: VisitorPage; parts: string[]; firstCall: string | null } | null {
  for (const page of VISITOR_PAGES) {
    const match = page.pattern.exec(pathname);
    if (!match) continue;
    const parts = match.slice(1);
    return { page, parts, firstCall: page.firstCall ? page.firstCall(parts) : null };
  }
  return null;
}
