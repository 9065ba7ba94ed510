// Sending an assembly's call (convocatoria), once the lifecycle moved it to 'called' (change.ts): what the notice and
// the calendar's event say (callWording), and, once the route has posted the important notice through the posts'
// own way in and written the calendar's 'asamblea' event through the calendar's (reached through the route layer, as
// docs/architecture.md says), linkCall records both on the assembly and queues the call's mail to every owner in
// their language (queueMail: it leaves only if this transaction commits).
import type { Kysely } from 'kysely';
import { assemblyScreen } from '../../../src/api/assemblies';
import { addMinutes } from '../../../src/api/assemblyQuorum';
import { isNoticeSection } from '../../../src/api/noticeReads';
import { LANGUAGES, type Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { queueMail } from '../../infra/mail/outbox';
import type { Auth } from '../shared/auth';
import { documentWords } from '../shared/documentWords';
import { factsTable, mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { assemblyOf, callsOf } from './rows';

/** How long the calendar's event lasts after the first call. */
const EVENT_MINUTES = 120;

export interface CallWording {
  title: string;
  text: string;
  place: string;
  /** Wall clock of the first call, and the event's end. */
  startsAt: string;
  endsAt: string;
}

const localeOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'es');

/** The call's lines in a language: kind and title, each call with its time and quorum, the agenda. */
async function callLines(db: Kysely<Database>, condoId: number, id: number, language: Language) {
  const t = documentWords(language);
  const row = await assemblyOf(db, condoId, id);
  const timeZone = await timeZoneOf(db, condoId);
  const calls = await callsOf(db, id);
  const items = await db.selectFrom('assembly_items').selectAll().where('assembly_id', '=', id).orderBy('position').execute();
  const when = (at: string) => {
    const local = utcToLocal(at, timeZone);
    return `${t.date(local.slice(0, 10))} ${t.hour(local.slice(11, 16))}`;
  };
  const title = t.t('assemblies.mail.title', { kind: t.t(`assemblies.kind.${row.kind as 'ordinary'}`), title: row.title });
  const callsText = calls.map((c) =>
    t.t('assemblies.pdf.callLine', {
      number: c.number,
      at: when(c.starts_at),
      quorum: t.t(c.strict === 1 ? 'assemblies.quorum.moreThan' : 'assemblies.quorum.atLeast', { percent: c.percent }),
    }),
  );
  const agenda = items.map((item, i) => `${i + 1}. ${item.title}`);
  const place = [row.place, row.video_link].filter((p) => p !== '').join(' · ');
  return { row, t, title, callsText, agenda, place, first: calls[0] ? utcToLocal(calls[0].starts_at, timeZone) : '' };
}

/** What the notice and the calendar's event say, in `language`. */
export async function callWording(db: Kysely<Database>, auth: Auth, id: number, language: Language): Promise<CallWording> {
  const { t, title, callsText, agenda, place, first } = await callLines(db, auth.condoId, id, language);
  const text = [
    place ? `${t.t('assemblies.field.place')}: ${place}` : '',
    t.t('assemblies.pdf.calls'),
    ...callsText,
    '',
    t.t('assemblies.pdf.agenda'),
    ...agenda,
  ]
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n');
  return { title, text, place, startsAt: first, endsAt: first ? addMinutes(first, EVENT_MINUTES) : first };
}

/** The condominium's notices section (an important notice asks each reader for "Enterado"), if it has one. */
export async function noticeSectionOf(db: Kysely<Database>, condoId: number): Promise<number | null> {
  const sections = await db
    .selectFrom('sections')
    .select(['id', 'code', 'posting'])
    .where('condo_id', '=', condoId)
    .where('status', '=', 'A')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return sections.find((s) => isNoticeSection({ SectPosting: s.posting, SectCode: s.code }))?.id ?? null;
}

/** The condominium's events calendar section (EV), if it has one. */
export async function calendarSectionOf(db: Kysely<Database>, condoId: number): Promise<number | null> {
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('code', '=', 'EV')
    .where('status', '=', 'A')
    .orderBy('position')
    .executeTakeFirst();
  return section?.id ?? null;
}

/** The call was posted: the assembly keeps the notice and the event; every owner gets the call by mail. */
export async function linkCall(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  links: { postId: number | null; calendarEventId: number | null; baseUrl: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('assemblies')
      .set({ post_id: links.postId, calendar_event_id: links.calendarEventId })
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .execute();
    const owners = await trx
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'm.language'])
      .distinct()
      .where('m.condo_id', '=', auth.condoId)
      .where('m.active', '=', 1)
      .where('r.kind', '=', 'owner')
      .orderBy('u.email')
      .execute();
    const byLanguage = new Map<Language, Awaited<ReturnType<typeof callLines>>>();
    for (const owner of owners) {
      const language = localeOf(owner.language);
      let lines = byLanguage.get(language);
      if (!lines) {
        lines = await callLines(trx, auth.condoId, id, language);
        byLanguage.set(language, lines);
      }
      const { t, title, callsText, agenda, place } = lines;
      const link = links.baseUrl ? `${links.baseUrl}/condominio${assemblyScreen(id)}` : null;
      const text = [
        title,
        place,
        '',
        t.t('assemblies.pdf.calls'),
        ...callsText,
        '',
        t.t('assemblies.pdf.agenda'),
        ...agenda,
        '',
        link ?? '',
      ]
        .join('\n')
        .trim();
      const html = mailPage(language, [
        paragraph(title),
        factsTable([[t.t('assemblies.field.place'), place], ...callsText.map((c, i) => [String(i + 1), c] as const)]),
        paragraph(`${t.t('assemblies.pdf.agenda')}\n${agenda.join('\n')}`),
        ...(link ? [sentenceWithLink(t.t('assemblies.mail.follow'), link)] : []),
      ]);
      await queueMail(trx, clock, { to: owner.email, subject: mailSubject(title), text, html });
    }
  });
}
