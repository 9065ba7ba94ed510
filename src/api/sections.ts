// Sections by code (DESIGN.md §8): the one map from a section's SectCode to the screen that opens it. The
// menu, the communication home, notifications and search all navigate through it. A code whose screen is not
// built yet maps to null and stays out of the menu and the home (never a placeholder).

/** Route patterns under /condominio, by SectCode; codes not listed (plain blogs, AC) are generic sections. */
export const SECTION_SCREEN_BY_CODE: Readonly<Record<string, string | null>> = {
  SA: '/comunicacion/tickets-administrador/:sectionId',
  IC: '/comunicacion/comunicacion-interpersonal/:sectionId',
  // Surveys and votes (issue 14): one screen for every EN section (spec §2.2 encuestas?PollId=).
  EN: '/comunicacion/encuestas',
  // Facility reservations and the events calendar (issue 15): one screen each for every RI / EV section.
  RI: '/comunicacion/instalaciones',
  EV: '/comunicacion/calendario-eventos',
  // Works and repairs: hidden in the menu (spec §6).
  OR: null,
};

export const GENERIC_SECTION_SCREEN = '/comunicacion/seccion/:sectionId';

/** Codes whose sections have a flow of their own instead of posts: requests to the administrator (SA, tickets) and
 * conversations between neighbours (IC). Nobody posts in them (permissions.canPostInSection); the server refuses. */
export const CODES_WITHOUT_POSTS: readonly string[] = ['SA', 'IC'];

/** Whether a section of this code takes posts. */
export const sectionTakesPosts = (code: string) => !CODES_WITHOUT_POSTS.includes(code);

/** The route pattern a section of this code opens; null while its screen is not built. */
export function sectionScreen(code: string): string | null {
  return code in SECTION_SCREEN_BY_CODE ? (SECTION_SCREEN_BY_CODE[code] ?? null) : GENERIC_SECTION_SCREEN;
}

/** The /condominio path of a section; null while its code has no screen. */
export function sectionPath(section: { SectId: number; SectCode: string }): string | null {
  const screen = sectionScreen(section.SectCode);
  return screen ? screen.replace(':sectionId', String(section.SectId)) : null;
}

/** The path of one request in its SA section (?ticket=). */
export const ticketPath = (sectionId: number | string, ticketId: number | string) =>
  `/comunicacion/tickets-administrador/${sectionId}?ticket=${ticketId}`;

/** The path of one poll (?PollId=, spec §2.2). */
export const pollPath = (pollId: number | string) => `/comunicacion/encuestas?PollId=${pollId}`;

/** The path of one conversation in its IC section (?conversacion=). */
export const conversationPath = (sectionId: number | string, conversationId: number | string) =>
  `/comunicacion/comunicacion-interpersonal/${sectionId}?conversacion=${conversationId}`;

/** The path of one facility (spec §2.2 instalaciones/mostrar/{facilityID}); ?reservacion= opens one of its
 * reservations. */
export const facilityPath = (facilityId: number | string, reservationId?: number | string) =>
  `/comunicacion/instalaciones/mostrar/${facilityId}${reservationId === undefined ? '' : `?reservacion=${reservationId}`}`;

/** The path of one published event of the calendar (?evento=). */
export const calendarEventPath = (eventId: number | string) => `/comunicacion/calendario-eventos?evento=${eventId}`;
