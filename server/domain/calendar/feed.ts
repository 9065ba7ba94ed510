// The personal ICS feed: a secret URL per person and condominium that calendar apps (Google, Apple) poll. The
// secret is 256 random bits shown once; only its SHA-256 is stored (server/infra/tokens.ts, like sessions), one
// per person and condominium: a new one replaces the old, which stops working at once. The feed holds exactly
// what items() would give that person from FEED_PAST_DAYS back to FEED_FUTURE_DAYS ahead, worded in the
// language of their membership, and stops (404) when the membership is no longer active or they no longer read
// an EV section.
import type { Kysely } from 'kysely';
import { CALENDAR_PATHS, FEED_FUTURE_DAYS, FEED_PAST_DAYS, type FeedAnswer } from '../../../src/api/calendar';
import { ErrorCodes } from '../../../src/api/errors';
import { LANGUAGES, type Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { hashToken, newToken } from '../../infra/tokens';
import { wordsIn } from '../../messages';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { timeZoneOf } from '../shared/zonedTime';
import { readableCalendarSections, requireCalendarReader } from './access';
import { type IcsEvent, type IcsStatus, writeIcs } from './ics';
import { CANCELLED, type GatheredItem, gatherItems } from './items';

const DAY_MS = 86_400_000;

/** The feed's absolute URL (the API is served under /api). */
export const feedUrlOf = (baseUrl: string, token: string) => `${baseUrl}/api${CALENDAR_PATHS.ics(token)}`;

export async function hasFeed(db: Kysely<Database>, auth: Auth): Promise<boolean> {
  return !!(await db
    .selectFrom('calendar_feeds')
    .select('id')
    .where('user_id', '=', auth.userId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst());
}

/** A new secret for the caller (a reader of an EV section); the old one, if any, is gone in the same step. */
export async function rotateFeed(db: Kysely<Database>, clock: Clock, auth: Auth, baseUrl: string | null): Promise<FeedAnswer> {
  await requireCalendarReader(db, auth, await loadViewer(db, auth));
  // Without an address to give, making a secret nobody can be told would only leave a dead feed behind.
  if (baseUrl === null) throw new AppError(400, ErrorCodes.badRequest, 'calendarNotices.refusal.noAddress');
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where('user_id', '=', auth.userId).where('condo_id', '=', auth.condoId).execute();
    await trx
      .insertInto('calendar_feeds')
      .values({
        condo_id: auth.condoId,
        user_id: auth.userId,
        token_hash: hashToken(token),
        created_at: clock.now().toISOString(),
        last_used_at: null,
      })
      .execute();
  });
  return { success: true, feedUrl: feedUrlOf(baseUrl, token) };
}

/** No feed any more (whether or not there was one; anyone may stop theirs, even after losing the calendar). */
export async function revokeFeed(db: Kysely<Database>, auth: Auth): Promise<FeedAnswer> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', auth.userId).where('condo_id', '=', auth.condoId).execute();
  return { success: true, feedUrl: null };
}

/** The owner of a feed secret as a signed-in member would be; null when unknown or no longer an active member. */
async function feedOwner(db: Kysely<Database>, token: string): Promise<(Auth & { feedId: number }) | null> {
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'f.user_id').onRef('m.condo_id', '=', 'f.condo_id'))
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id as feedId', 'f.user_id', 'f.condo_id', 'm.id as membershipId', 'm.language'])
    .where('f.token_hash', '=', hashToken(token))
    .where('m.active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const language = (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'es';
  // No session stands behind a feed: sessionId 0 is never a row's id.
  return {
    sessionId: 0,
    userId: row.user_id,
    condoId: row.condo_id,
    membershipId: row.membershipId,
    language,
    feedId: row.feedId,
  };
}

function statusOf(item: GatheredItem): IcsStatus {
  if (item.estado === CANCELLED) return 'CANCELLED';
  // A reservation nobody approved yet (or too late): it may not happen.
  if (item.estado === 'pendiente' || item.estado === 'vencida') return 'TENTATIVE';
  return 'CONFIRMED';
}

function summaryOf(item: GatheredItem, words: ReturnType<typeof wordsIn>): string {
  if (item.ocupado) return words('calendarNotices.feed.busy', { facility: item.Titulo });
  if (item.tipo === 'encuesta') {
    return words(item.pollKind === 'votacion' ? 'calendarNotices.feed.voteClosing' : 'calendarNotices.feed.surveyClosing', {
      title: item.Titulo,
    });
  }
  if (item.tipo === 'invitados') return words('calendarNotices.feed.guests', { title: item.Titulo });
  return item.Titulo;
}

/**
 * The feed of a secret as text/calendar, or null (404) when the secret is unknown, revoked, or its owner is no
 * longer an active member who reads an EV section. `baseUrl`: the app's address for the events' URL and UID.
 */
export async function feedCalendar(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  baseUrl: string | null,
): Promise<string | null> {
  const owner = await feedOwner(db, token);
  if (!owner) return null;
  const viewer = await loadViewer(db, owner);
  const sections = await readableCalendarSections(db, owner, viewer);
  if (sections.length === 0) return null;
  const now = clock.now();
  const timeZone = await timeZoneOf(db, owner.condoId);
  const items = await gatherItems(db, clock, owner, viewer, {
    timeZone,
    window: {
      from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString(),
      to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS).toISOString(),
    },
    calendarSectionIds: sections.map((s) => s.section.id),
    tipos: undefined,
  });
  const condo = await db.selectFrom('condominiums').select('name').where('id', '=', owner.condoId).executeTakeFirstOrThrow();
  const words = wordsIn(owner.language);
  const host = baseUrl ? new URL(baseUrl).host : 'calendario.invalid';
  const events = items.map(
    (item): IcsEvent => ({
      uid: `${item.clave}@${host}`,
      start: item.inicio,
      // A moment (a poll's closing) starts and ends at once.
      end: item.fin ?? item.inicio,
      summary: summaryOf(item, words),
      location: item.Lugar,
      description: item.descripcion,
      url: item.ruta && baseUrl ? `${baseUrl}/condominio${item.ruta}` : null,
      status: statusOf(item),
    }),
  );
  await db.updateTable('calendar_feeds').set({ last_used_at: now.toISOString() }).where('id', '=', owner.feedId).execute();
  return writeIcs({ name: condo.name, timeZone, stamp: now.toISOString(), events });
}
