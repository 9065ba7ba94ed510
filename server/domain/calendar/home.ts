// The calendar screen's start (GET home) and its items (GET items): for whoever reads an EV section of the
// condominium (403 for anyone else), the items of a range of local days the caller may see (items.ts).
import type { Kysely } from 'kysely';
import { type CalendarHomeAnswer, type CalendarItemsAnswer, type CalendarQuery, validRange } from '../../../src/api/calendar';
import { ErrorCodes } from '../../../src/api/errors';
import { canPublishEvents } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { endOfLocalDay, startOfLocalDay, timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { requireCalendarReader } from './access';
import { hasFeed } from './feed';
import { calendarItem, gatherItems } from './items';

/**
 * feedUrl is always null here: only the SHA-256 of a feed's secret is stored (like sessions), so its URL can be
 * shown only by the call that makes it (feedRotate). tieneFeed says whether one exists (to offer revoking it).
 */
export async function calendarHome(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<CalendarHomeAnswer> {
  const viewer = await loadViewer(db, auth);
  const sections = await requireCalendarReader(db, auth, viewer);
  const timeZone = await timeZoneOf(db, auth.condoId);
  return {
    success: true,
    secciones: sections.map((s) => ({ SectId: s.section.id, SectName: s.section.name })),
    zonaHoraria: timeZone,
    ahoraLocal: utcToLocal(clock.now(), timeZone),
    puedePublicar: canPublishEvents(viewer),
    feedUrl: null,
    tieneFeed: await hasFeed(db, auth),
  };
}

export async function calendarItems(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  query: CalendarQuery,
): Promise<CalendarItemsAnswer> {
  const viewer = await loadViewer(db, auth);
  const sections = await requireCalendarReader(db, auth, viewer);
  if (!validRange(query.desde, query.hasta)) {
    throw new AppError(400, ErrorCodes.badRequest, 'calendarNotices.refusal.range', 'hasta');
  }
  const timeZone = await timeZoneOf(db, auth.condoId);
  // Local days in the condominium's zone: from the first day's midnight to the midnight after the last.
  const window = {
    from: startOfLocalDay(query.desde, timeZone),
    to: endOfLocalDay(query.hasta, timeZone),
  };
  const items = await gatherItems(db, clock, auth, viewer, {
    timeZone,
    window,
    calendarSectionIds: sections.map((s) => s.section.id),
    tipos: query.tipos,
  });
  return { success: true, items: items.map(calendarItem) };
}
