// Demo surveys and votes (issue 14). Every dwelling of every demo condominium gets its indiviso share (by size:
// Torre B's dwellings are larger than Torre A's, the houses larger still; exactly INDIVISO_WHOLE per
// condominium), and Residencial Las Palmas's EN section bars dwellings more than 60 days in arrears, shows
// results to those who voted and mails receipts. Its polls, relative to the seed clock: an open votación weighted
// by indiviso (secret, quorum 51 %) with ballots from some neighbours, a closed votación counted by dwelling
// (public ballot) with its acta, an open encuesta and an upcoming one. Each is written as the server would have:
// the electorate fixed at its opening by the same function (so arrears come from the ledger seed), its jobs
// scheduled. Deterministic: receipt codes are derived from the poll and the seat, not drawn.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INDIVISO_WHOLE, type QuestionDraft, type VoteChoice } from '../../../src/api/polls';
import { writeChoices } from '../../domain/polls/ballots';
import { fixElectorate } from '../../domain/polls/electorate';
import { questionsOf, saveQuestions } from '../../domain/polls/questions';
import { scheduleClosing, schedulePollJobs } from '../../domain/polls/schedule';
import { recordAudit } from '../../domain/shared/audit';
import { dwellingSeat, personSeat } from '../../domain/shared/electorate';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_POLL_SECTION, DEMO_POLLS } from './demoFacts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Dwellings' sizes in m², by where they are: what the shares are proportional to. */
function sizeOf(tower: string | null, name: string): number {
  const unit = Number(name.replace(/\D/g, '')) || 0;
  if (tower === null) return unit % 2 === 0 ? 180 : 160;
  const large = unit % 100 > 5;
  if (tower === 'Torre A' || tower === 'Torre Norte') return large ? 95 : 85;
  return large ? 120 : 105;
}

/**
 * Shares in parts per million proportional to `sizes`, summing to exactly INDIVISO_WHOLE: each its floor, then
 * the units left over one each to the largest remainders (ties to the earlier dwelling).
 */
export function indivisoShares(sizes: readonly number[]): number[] {
  const total = sizes.reduce((a, b) => a + b, 0);
  const shares = sizes.map((s) => Math.floor((s * INDIVISO_WHOLE) / total));
  const left = INDIVISO_WHOLE - shares.reduce((a, b) => a + b, 0);
  const order = sizes.map((s, i) => ({ i, rest: (s * INDIVISO_WHOLE) % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; k < left; k++) shares[order[k]!.i]! += 1;
  return shares;
}

async function seedShares(db: Kysely<Database>): Promise<void> {
  const condos = await db.selectFrom('condominiums').select('id').orderBy('id').execute();
  for (const condo of condos) {
    const dwellings = await db
      .selectFrom('apartments as a')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['a.id', 'a.name', 't.name as tower'])
      .where('a.condo_id', '=', condo.id)
      .orderBy('a.id')
      .execute();
    const shares = indivisoShares(dwellings.map((d) => sizeOf(d.tower, d.name)));
    for (const [i, d] of dwellings.entries()) {
      await db.updateTable('apartments').set({ indiviso: shares[i]! }).where('id', '=', d.id).execute();
    }
  }
}

/** A receipt code of the Crockford alphabet, from the poll and seat (the server draws them at random). */
function demoReceipt(pollId: number, seatKey: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = createHash('sha256').update(`demo-receipt:${pollId}:${seatKey}`).digest();
  const chars = [...bytes.subarray(0, 12)].map((b) => alphabet[b & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

interface DemoPoll {
  title: string;
  description: string;
  kind: 'encuesta' | 'votacion';
  counting: 'persona' | 'vivienda' | 'indiviso';
  secret: boolean;
  changeable: boolean;
  quorum: number | null;
  /** Relative to the seed clock, rounded to the minute. */
  opensIn: number;
  closesIn: number;
  questions: QuestionDraft[];
}

const q = (Texto: string, tipo: QuestionDraft['tipo'], opciones: string[] = [], maximo: number | null = null): QuestionDraft => ({
  Texto,
  tipo,
  opciones,
  maximo,
});

const OPEN_VOTE: DemoPoll = {
  title: DEMO_POLLS.openVote,
  description:
    'Propuesta del consejo para impermeabilizar las azoteas de Torre A y Torre B antes de la temporada de lluvias, con cargo al fondo de obras. Se adjuntaron las cotizaciones en la asamblea de marzo.',
  kind: 'votacion',
  counting: 'indiviso',
  secret: true,
  changeable: false,
  quorum: 51,
  opensIn: -DEMO_POLLS.openVoteOpenedHoursAgo * HOUR,
  closesIn: 6 * DAY,
  questions: [
    q('¿Aprueban la impermeabilización de las azoteas de Torre A y Torre B con cargo al fondo de obras?', 'sino'),
    q('¿Qué cotización prefieren?', 'unica', [
      'Impermeabilizantes de Occidente: $385,000, garantía de 10 años',
      'Techos Jalisco: $342,000, garantía de 7 años',
    ]),
  ],
};

const CLOSED_VOTE: DemoPoll = {
  title: DEMO_POLLS.closedVote,
  description: 'Ampliar el horario de la alberca durante junio, julio y agosto.',
  kind: 'votacion',
  counting: 'vivienda',
  secret: false,
  changeable: false,
  quorum: 15,
  opensIn: -20 * DAY,
  closesIn: -13 * DAY,
  questions: [
    q('¿Aprueban abrir la alberca hasta las 22:00 en verano?', 'sino'),
    q('¿Qué día debe cerrar para mantenimiento?', 'unica', ['Lunes', 'Martes', 'Miércoles']),
  ],
};

const OPEN_SURVEY: DemoPoll = {
  title: DEMO_POLLS.openSurvey,
  description: 'Queremos saber cómo ves los servicios y qué mejorar este año.',
  kind: 'encuesta',
  counting: 'persona',
  secret: true,
  changeable: true,
  quorum: null,
  opensIn: -2 * DAY,
  closesIn: 10 * DAY,
  questions: [
    q('¿Cómo calificas la limpieza de las áreas comunes?', 'unica', ['Excelente', 'Buena', 'Regular', 'Mala']),
    q(
      '¿Qué mejoras deberían ir primero? (elige hasta dos)',
      'multiple',
      ['Gimnasio', 'Juegos infantiles', 'Iluminación exterior', 'Estacionamiento de visitas'],
      2,
    ),
    q('¿Algún comentario para la administración?', 'abierta'),
  ],
};

const UPCOMING_SURVEY: DemoPoll = {
  title: DEMO_POLLS.upcomingSurvey,
  description: 'El gimnasio abrirá de nuevo tras su remodelación: ¿en qué horario lo usarías más?',
  kind: 'encuesta',
  counting: 'persona',
  secret: false,
  changeable: true,
  quorum: null,
  opensIn: 3 * DAY,
  closesIn: 10 * DAY,
  questions: [q('¿Qué horario prefieres?', 'unica', ['6:00 a 14:00', '10:00 a 18:00', '14:00 a 22:00'])],
};

/** Neighbours who voted in the open votación and answered the survey: none of the accounts browser tests sign
 * in with (tests/support/e2e/accounts.ts), nor residente, consejo or the barred one. */
const OPEN_VOTERS = [14, 16, 17, 18, 19, 21, 22, 23, 24].map((n) => `vecino${String(n).padStart(3, '0')}@demo.mx`);

/** The closed votación's voters: every neighbour from vecino038 on that could vote. */
const CLOSED_VOTERS = Array.from({ length: 49 }, (_, i) => `vecino${String(i + 38).padStart(3, '0')}@demo.mx`);

interface Context {
  db: Kysely<Database>;
  now: number;
  condoId: number;
  sectionId: number;
  adminId: number;
}

const minute = (at: number) => new Date(Math.floor(at / MINUTE) * MINUTE).toISOString();

async function insertPoll(ctx: Context, poll: DemoPoll, state: 'publicada' | 'cerrada'): Promise<number> {
  const opens = minute(ctx.now + poll.opensIn);
  const closes = minute(ctx.now + poll.closesIn);
  const created = minute(ctx.now + Math.min(poll.opensIn, 0) - 2 * DAY);
  const { id } = await ctx.db
    .insertInto('polls')
    .values({
      condo_id: ctx.condoId,
      section_id: ctx.sectionId,
      title: poll.title,
      description: poll.description,
      kind: poll.kind,
      counting: poll.counting,
      secret: poll.secret ? 1 : 0,
      changeable: poll.changeable ? 1 : 0,
      quorum: poll.quorum,
      opens_at: opens,
      closes_at: closes,
      state,
      reason: null,
      proposer_id: null,
      created_by: ctx.adminId,
      fixed_at: null,
      closed_at: state === 'cerrada' ? closes : null,
      results_notified: state === 'cerrada' ? 1 : 0,
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveQuestions(ctx.db, id, poll.questions);
  await recordAudit(ctx.db, {
    condoId: ctx.condoId,
    actorUserId: ctx.adminId,
    entity: 'poll',
    entityId: id,
    action: 'create',
    after: { state: 'publicada', kind: poll.kind, counting: poll.counting, opens, closes },
    at: created,
  });
  // Opened before the data was loaded: its electorate fixed at the opening, as the poll-open job does.
  if (Date.parse(opens) <= ctx.now) await fixElectorate(ctx.db, id, new Date(opens));
  return id;
}

/** The seat a neighbour votes from: their dwelling (votación) or themselves (encuesta), if they may vote. */
async function seatOf(ctx: Context, pollId: number, kind: DemoPoll['kind'], email: string) {
  const user = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (!user) return null;
  let seatKey = personSeat(user.id);
  let apartmentId: number | null = null;
  if (kind === 'votacion') {
    const home = await ctx.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .select('r.apartment_id')
      .where('m.user_id', '=', user.id)
      .where('m.condo_id', '=', ctx.condoId)
      .executeTakeFirst();
    if (!home) return null;
    apartmentId = home.apartment_id;
    seatKey = dwellingSeat(apartmentId);
  }
  const seat = await ctx.db
    .selectFrom('poll_electorate')
    .select('barred')
    .where('poll_id', '=', pollId)
    .where('seat_key', '=', seatKey)
    .executeTakeFirst();
  return seat && seat.barred === 0 ? { userId: user.id, seatKey, apartmentId } : null;
}

/** Ballots of these voters, the n-th choosing what `choose(n)` says, cast one every few hours after opening. */
async function castBallots(
  ctx: Context,
  pollId: number,
  kind: DemoPoll['kind'],
  voters: readonly string[],
  choose: (n: number, questions: Awaited<ReturnType<typeof questionsOf>>) => VoteChoice[],
) {
  const poll = await ctx.db
    .selectFrom('polls')
    .select(['opens_at', 'closes_at'])
    .where('id', '=', pollId)
    .executeTakeFirstOrThrow();
  const questions = await questionsOf(ctx.db, pollId);
  const last = Math.min(ctx.now, Date.parse(poll.closes_at)) - MINUTE;
  let n = 0;
  for (const email of voters) {
    const seat = await seatOf(ctx, pollId, kind, email);
    if (!seat) continue;
    const at = minute(Math.min(last, Date.parse(poll.opens_at) + (n + 1) * 37 * MINUTE));
    const { id } = await ctx.db
      .insertInto('poll_ballots')
      .values({
        poll_id: pollId,
        seat_key: seat.seatKey,
        apartment_id: seat.apartmentId,
        cast_by: seat.userId,
        receipt: demoReceipt(pollId, seat.seatKey),
        cast_at: at,
        changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeChoices(ctx.db, id, choose(n, questions));
    await ctx.db.insertInto('poll_ballot_history').values({ ballot_id: id, user_id: seat.userId, kind: 'voto', at }).execute();
    n++;
  }
}

const pick = (question: { id: number; opciones: { id: number }[] }, index: number): VoteChoice => ({
  preguntaId: question.id,
  opciones: [question.opciones[index % question.opciones.length]!.id],
});

export async function seedPolls(db: Kysely<Database>, clock: Clock): Promise<void> {
  await seedShares(db);
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirst();
  if (!condo) return;
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('code', '=', 'EN')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sections')
    .set({
      tiempo_moroso: DEMO_POLL_SECTION.tiempoMoroso,
      ver_resultados: DEMO_POLL_SECTION.verResultados,
      enviar_copia: DEMO_POLL_SECTION.enviarCopia,
    })
    .where('id', '=', section.id)
    .execute();
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
  const now = clock.now();
  const ctx: Context = { db, now: now.getTime(), condoId: condo.id, sectionId: section.id, adminId: admin.id };

  const closed = await insertPoll(ctx, CLOSED_VOTE, 'cerrada');
  // Most for; Martes the favourite day.
  await castBallots(ctx, closed, 'votacion', CLOSED_VOTERS, (n, [yesNo, day]) => [
    pick(yesNo!, n % 4 === 3 ? 1 : n % 11 === 5 ? 2 : 0),
    pick(day!, n % 3 === 0 ? 0 : 1),
  ]);
  const closedRow = await db.selectFrom('polls').select('closes_at').where('id', '=', closed).executeTakeFirstOrThrow();
  await recordAudit(db, {
    condoId: condo.id,
    actorUserId: null,
    entity: 'poll',
    entityId: closed,
    action: 'cerrar',
    before: { state: 'publicada' },
    after: { state: 'cerrada' },
    at: closedRow.closes_at,
  });

  const openVote = await insertPoll(ctx, OPEN_VOTE, 'publicada');
  await castBallots(ctx, openVote, 'votacion', OPEN_VOTERS, (n, [yesNo, quote]) => [
    pick(yesNo!, n % 4 === 3 ? 1 : 0),
    pick(quote!, n % 3 === 1 ? 1 : 0),
  ]);
  await scheduleClosing(db, { id: openVote, ...(await times(db, openVote)) }, now);

  const survey = await insertPoll(ctx, OPEN_SURVEY, 'publicada');
  await castBallots(ctx, survey, 'encuesta', OPEN_VOTERS.slice(0, 6), (n, [cleaning, improvements, comment]) => [
    pick(cleaning!, n % 3),
    { preguntaId: improvements!.id, opciones: [improvements!.opciones[n % 4]!.id, improvements!.opciones[(n + 1) % 4]!.id] },
    ...(n % 2 === 0
      ? [{ preguntaId: comment!.id, opciones: [], texto: 'Más iluminación en el estacionamiento, por favor.' }]
      : []),
  ]);
  await scheduleClosing(db, { id: survey, ...(await times(db, survey)) }, now);

  const upcoming = await insertPoll(ctx, UPCOMING_SURVEY, 'publicada');
  await schedulePollJobs(db, { id: upcoming, ...(await times(db, upcoming)) }, now);
}

const times = (db: Kysely<Database>, pollId: number) =>
  db.selectFrom('polls').select(['opens_at', 'closes_at']).where('id', '=', pollId).executeTakeFirstOrThrow();
