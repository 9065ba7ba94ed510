// The assemblies demo (issue 32) in Residencial Las Palmas: the condominium's settings (Mexico City's rule set, the
// legal text the call prints), an upcoming extraordinary assembly with its call sent (the important notice in the
// notices section, the calendar's 'asamblea' event, two residents' answers ahead), and a past ordinary one, closed,
// opened at its second call with the owners present above half the indiviso. Deterministic for a given seed clock.
import type { Kysely } from 'kysely';
import { isNoticeSection } from '../../../src/api/noticeReads';
import { INDIVISO_WHOLE } from '../../../src/api/polls';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { seedAssemblyMinutes } from './assemblyMinutes';

const DAY = 86_400_000;
const MINUTE = 60_000;

export const DEMO_UPCOMING_ASSEMBLY = 'Cambio de impermeabilizante de azoteas';
export const DEMO_PAST_ASSEMBLY = 'Asamblea ordinaria anual';
export const DEMO_LEGAL_TEXT =
  'Convocatoria conforme a los artículos 30 a 34 de la Ley de Propiedad en Condominio de Inmuebles para la Ciudad de México y al reglamento interno del condominio.';

/** 19:00 in Mexico City (UTC-6) `days` from the seed clock's day. */
function evening(now: Date, days: number): Date {
  const day = new Date(now.getTime() + days * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 25, 0));
}

export async function seedAssemblies(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const at = now.toISOString();
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const admin = (await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('assembly_settings')
    .values({ condo_id: condo.id, board_may_call: 0, rule_set: 'cdmx', legal_text: DEMO_LEGAL_TEXT, updated_at: at })
    .execute();

  const sections = await db
    .selectFrom('sections')
    .select(['id', 'code', 'posting'])
    .where('condo_id', '=', condo.id)
    .where('status', '=', 'A')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const notices = sections.find((s) => isNoticeSection({ SectPosting: s.posting, SectCode: s.code }));
  const calendar = sections.find((s) => s.code === 'EV');

  async function assembly(values: {
    kind: string;
    title: string;
    state: string;
    currentCall: number;
    firstCall: Date;
    items: { title: string; kind: string; majority: string; qualified?: number }[];
  }) {
    const calledAt = new Date(values.firstCall.getTime() - 15 * DAY).toISOString();
    const { id } = await db
      .insertInto('assemblies')
      .values({
        condo_id: condo.id,
        kind: values.kind,
        title: values.title,
        place: 'Salón de usos múltiples',
        video_link: '',
        state: values.state,
        current_call: values.currentCall,
        created_by: admin,
        called_at: calledAt,
        opened_at: values.state === 'closed' ? new Date(values.firstCall.getTime() + 30 * MINUTE).toISOString() : null,
        closed_at: values.state === 'closed' ? new Date(values.firstCall.getTime() + 150 * MINUTE).toISOString() : null,
        version: values.state === 'closed' ? 6 : 2,
        created_at: calledAt,
        updated_at: calledAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, item] of values.items.entries()) {
      await db
        .insertInto('assembly_items')
        .values({
          assembly_id: id,
          position,
          title: item.title,
          description: '',
          kind: item.kind,
          majority: item.majority,
          qualified_percent: item.qualified ?? null,
        })
        .execute();
    }
    const rules = [
      { percent: 75, strict: 0 as const },
      { percent: 50, strict: 1 as const },
      { percent: 0, strict: 1 as const },
    ];
    for (const [index, rule] of rules.entries()) {
      await db
        .insertInto('assembly_calls')
        .values({
          assembly_id: id,
          number: index + 1,
          starts_at: new Date(values.firstCall.getTime() + index * 30 * MINUTE).toISOString(),
          ...rule,
        })
        .execute();
    }
    return { id, calledAt };
  }

  // The upcoming extraordinary one, its call sent.
  const upcomingAt = evening(now, 12);
  const upcoming = await assembly({
    kind: 'extraordinary',
    title: DEMO_UPCOMING_ASSEMBLY,
    state: 'called',
    currentCall: 0,
    firstCall: upcomingAt,
    items: [
      { title: 'Informe del estado de las azoteas', kind: 'informative', majority: 'simple' },
      { title: 'Aprobación del presupuesto de impermeabilización', kind: 'voted', majority: 'qualified', qualified: 75 },
      { title: 'Cuota extraordinaria para la obra', kind: 'voted', majority: 'simple' },
    ],
  });
  const title = `Asamblea Extraordinaria: ${DEMO_UPCOMING_ASSEMBLY}`;
  const text =
    'Se convoca a los condóminos a la asamblea extraordinaria. Consulte el orden del día y las convocatorias en Asambleas.';
  const postId = notices
    ? (
        await db
          .insertInto('posts')
          .values({
            condo_id: condo.id,
            section_id: notices.id,
            author_user_id: admin,
            title,
            body: text,
            tower_id: null,
            is_private: 0,
            status: 'A',
            reviewed_by_user_id: null,
            reviewed_at: null,
            review_note: null,
            created_at: upcoming.calledAt,
            is_important: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : null;
  const eventId = calendar
    ? (
        await db
          .insertInto('calendar_events')
          .values({
            condo_id: condo.id,
            section_id: calendar.id,
            kind: 'asamblea',
            title,
            description: text,
            place: 'Salón de usos múltiples',
            starts_at: upcomingAt.toISOString(),
            ends_at: new Date(upcomingAt.getTime() + 120 * MINUTE).toISOString(),
            guest_event_id: null,
            reason: null,
            created_by: admin,
            created_at: upcoming.calledAt,
            updated_at: upcoming.calledAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : null;
  await db.updateTable('assemblies').set({ post_id: postId, calendar_event_id: eventId }).where('id', '=', upcoming.id).execute();
  const residents = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'in', ['residente@demo.mx', 'consejo@demo.mx'])
    .orderBy('email')
    .execute();
  for (const [i, resident] of residents.entries()) {
    await db
      .insertInto('assembly_confirmations')
      .values({ assembly_id: upcoming.id, user_id: resident.id, answer: i === 0 ? 'online' : 'in_person', answered_at: at })
      .execute();
  }

  // The past ordinary one: closed, opened at its second call.
  const past = await assembly({
    kind: 'ordinary',
    title: DEMO_PAST_ASSEMBLY,
    state: 'closed',
    currentCall: 2,
    firstCall: evening(now, -60),
    items: [
      { title: 'Informe de la administración', kind: 'informative', majority: 'simple' },
      { title: 'Aprobación del presupuesto anual', kind: 'voted', majority: 'simple' },
    ],
  });
  const dwellings = await db
    .selectFrom('apartments')
    .select(['id', 'indiviso'])
    .where('condo_id', '=', condo.id)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  let present = 0;
  const recordedAt = new Date(evening(now, -60).getTime() + 20 * MINUTE).toISOString();
  for (const [i, d] of dwellings.entries()) {
    if (present * 100 > 55 * INDIVISO_WHOLE) break;
    present += Number(d.indiviso);
    await db
      .insertInto('assembly_attendance')
      .values({
        assembly_id: past.id,
        apartment_id: d.id,
        kind: 'owner',
        mode: i % 4 === 3 ? 'online' : 'in_person',
        name: null,
        recorded_by: admin,
        recorded_at: recordedAt,
      })
      .execute();
  }
  // Its proxy, its voted item's votes and outcome, and its signed acta in the book of minutes.
  await seedAssemblyMinutes(db, clock, past.id, admin);
}
