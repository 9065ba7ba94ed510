// The addresses of the visitor routes' API calls, apart from their contracts (guests.ts, passes.ts): the
// entry bundle needs them to start a visitor page's call before the page's own chunk arrives
// (src/views/routes.tsx), and should not carry the contracts' structs to do it.

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
} as const;

/** What a pass's address may hold; anything else is simply not found (no call needed). */
export const PASS_CONDO_ID = /^\d{1,10}$/;
export const PASS_QR = /^[A-Za-z0-9_-]{1,64}$/;
