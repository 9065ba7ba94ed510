// Demo requests to the administrator of Residencial Las Palmas (issue 13): the categories, forty requests in
// the SA section across every state and age (hours to about three months, relative to the seed clock), some
// overdue, several of residente@demo.mx (Torre A - 101), many worked by empleado@demo.mx. Each history is
// walked through the lifecycle table (src/api/ticketLifecycle.ts), so every timeline is one the server would
// have written; the jobs due later (overdue notices, automatic closes) are scheduled as filing would.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { ticketRolesOf } from '../../../src/api/permissions';
import { foldForSearch } from '../../../src/api/search';
import {
  autoCloseAt,
  DEFAULT_DUE_HOURS,
  isOpenState,
  RESOLUTION_ANSWER_DAYS,
  type TicketAction,
  type TicketRole,
  type TicketState,
  ticketTransition,
} from '../../../src/api/ticketLifecycle';
import type { MessageId } from '../../../src/i18n/messages';
import { notify } from '../../domain/shared/notify';
import { TICKET_AUTOCLOSE_JOB, TICKET_OVERDUE_JOB } from '../../domain/tickets/schedule';
import type { Clock } from '../../infra/clock';
import { wordsIn } from '../../messages';
import type { Database } from '../schema';
import {
  DEMO_TICKET_CATEGORIES,
  DEMO_TICKET_CONFIRMATION,
  DEMO_TICKETS,
  RESIDENTE,
  type Step,
  type Who,
  type Worker,
} from './ticketsDemo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const es = wordsIn('es');

interface People {
  id(email: string): number;
  name(email: string): string;
}

interface Walked {
  state: TicketState;
  assignee: string | null;
  version: number;
  resolvedAt: string | null;
  closedAt: string | null;
  firstReplyAt: string | null;
}

async function peopleOf(db: Kysely<Database>): Promise<People> {
  const rows = await db.selectFrom('users').select(['id', 'email', 'name']).execute();
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const get = (email: string) => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`demo requests: no user ${email}`);
    return user;
  };
  return { id: (email) => get(email).id, name: (email) => get(email).name };
}

export async function seedTickets(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const nowIso = new Date(now).toISOString();
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('code', '=', 'SA')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sections')
    .set({ mensaje_confirmacion: DEMO_TICKET_CONFIRMATION, enviar_copia: 1 })
    .where('id', '=', section.id)
    .execute();
  const categories = new Map<string, number>();
  for (const [index, name] of DEMO_TICKET_CATEGORIES.entries()) {
    const { id } = await db
      .insertInto('ticket_categories')
      .values({ condo_id: condo.id, name, active: 1, position: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    categories.set(name, id);
  }
  const people = await peopleOf(db);
  const admin = 'admin@demo.mx';
  const workers: Record<Worker, string> = { empleado: 'empleado@demo.mx', supervisor: 'supervisor@demo.mx' };
  const dwellingOf = async (email: string) => {
    const row = await db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['a.id', 'a.name', 't.name as tower'])
      .where('m.user_id', '=', people.id(email))
      .where('m.condo_id', '=', condo.id)
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: dwellingName(row.tower, row.name) };
  };

  for (const demo of DEMO_TICKETS) {
    const created = now - demo.ago[0] * DAY - demo.ago[1] * HOUR;
    const at = (hours: number) => {
      const time = created + hours * HOUR;
      if (time >= now) throw new Error(`demo request «${demo.title}»: a step ${hours} h after filing is in the future`);
      return new Date(time).toISOString();
    };
    const createdAt = at(0);
    const dueAt = new Date(created + DEFAULT_DUE_HOURS[demo.priority] * HOUR).toISOString();
    const dwelling = demo.area ? null : await dwellingOf(demo.by);
    const { id } = await db
      .insertInto('tickets')
      .values({
        condo_id: condo.id,
        section_id: section.id,
        category_id: categories.get(demo.category)!,
        requester_user_id: people.id(demo.by),
        apartment_id: dwelling?.id ?? null,
        common_area: demo.area ?? null,
        title: demo.title,
        description: demo.description,
        priority: demo.priority,
        state: 'nuevo',
        assignee_user_id: null,
        due_at: dueAt,
        resolved_at: null,
        closed_at: null,
        first_reply_at: null,
        overdue_notified_at: null,
        search: foldForSearch(`${demo.title}\n${demo.description}`),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = (
      kind: string,
      when: string,
      user: string | null,
      values: { from?: string | null; to?: string | null; text?: string | null; internal?: boolean } = {},
    ) =>
      db
        .insertInto('ticket_events')
        .values({
          ticket_id: id,
          kind,
          from_value: values.from ?? null,
          to_value: values.to ?? null,
          text: values.text ?? null,
          internal: values.internal ? 1 : 0,
          user_id: user === null ? null : people.id(user),
          created_at: when,
        })
        .execute();
    await event('creada', createdAt, demo.by, { to: 'nuevo' });

    const walked: Walked = { state: 'nuevo', assignee: null, version: 1, resolvedAt: null, closedAt: null, firstReplyAt: null };
    const told: { to: string; when: string; title: string; text: string }[] = [];
    const tellRequester = (when: string, title: string, text: string) => {
      if (demo.by === RESIDENTE) told.push({ to: demo.by, when, title, text });
    };
    const actorOf = (who: Who) => (who === 'admin' ? admin : who === 'requester' ? demo.by : walked.assignee!);
    for (const step of demo.steps ?? []) {
      const when = at(step[1]);
      if (step[0] === 'respuesta' || step[0] === 'nota') {
        const [kind, , who, text] = step;
        await event(kind, when, actorOf(who), { text, internal: kind === 'nota' });
        if (kind === 'respuesta' && who !== 'requester') {
          walked.firstReplyAt ??= when;
          tellRequester(
            when,
            es('ticketsNotices.notify.reply.title'),
            es('ticketsNotices.notify.reply.text', { author: people.name(actorOf(who)), title: demo.title }),
          );
        }
        continue;
      }
      const system = step[0] === 'autocerrar';
      const action: TicketAction = system ? 'cerrar' : (step[0] as TicketAction);
      const actor = system ? null : actorOfStep(step, action, { requester: demo.by, assignee: walked.assignee, admin });
      const roles: TicketRole[] = system ? ['system'] : rolesOf(actor!, demo.by, walked.assignee, admin);
      const transition = ticketTransition({ state: walked.state, resolvedAt: walked.resolvedAt }, action, roles, new Date(when));
      if (!transition) throw new Error(`demo request «${demo.title}»: the lifecycle refuses ${action} from ${walked.state}`);
      const nota = step[0] === 'cancelar' ? step[3] : step[0] === 'asignar' ? undefined : (step[2] as string | undefined);
      if (step[0] === 'asignar') {
        const to = workers[step[2]];
        await event('asignacion', when, actor, { from: null, to: people.name(to) });
        walked.assignee = to;
      }
      await event('estado', when, actor, { from: walked.state, to: transition.to, text: nota ?? null });
      if (nota && actor !== null && actor !== demo.by) walked.firstReplyAt ??= when;
      walked.state = transition.to;
      walked.version += 1;
      if (transition.to === 'resuelto') walked.resolvedAt = when;
      if (action === 'reabrir') walked.resolvedAt = null;
      if (transition.to === 'cerrado' || transition.to === 'cancelado') walked.closedAt = when;
      if (actor !== demo.by) {
        const [title, text] = noticeOfState(transition.to, system);
        const values = {
          title: demo.title,
          days: RESOLUTION_ANSWER_DAYS,
          state: { id: `ticketsNotices.state.${transition.to}` as const },
        };
        tellRequester(when, es(title), es(text, values));
      }
    }
    if (demo.rating) {
      const [stars, comment] = demo.rating;
      const when = new Date(Math.min(Date.parse(walked.closedAt ?? walked.resolvedAt!) + 2 * HOUR, now - 60_000)).toISOString();
      await db.insertInto('ticket_ratings').values({ ticket_id: id, stars, comment, created_at: when }).execute();
      await event('calificacion', when, demo.by, { to: String(stars), text: comment });
    }

    const overdue = isOpenState(walked.state) && dueAt < nowIso;
    await db
      .updateTable('tickets')
      .set({
        state: walked.state,
        assignee_user_id: walked.assignee ? people.id(walked.assignee) : null,
        resolved_at: walked.resolvedAt,
        closed_at: walked.closedAt,
        first_reply_at: walked.firstReplyAt,
        // The overdue job ran at the due date and told the administrators.
        overdue_notified_at: overdue ? dueAt : null,
        version: walked.version,
        updated_at: createdAt,
      })
      .where('id', '=', id)
      .execute();
    if (isOpenState(walked.state) && !overdue) await scheduleAt(db, TICKET_OVERDUE_JOB, id, dueAt, createdAt);
    if (walked.state === 'resuelto') {
      await scheduleAt(db, TICKET_AUTOCLOSE_JOB, id, autoCloseAt(walked.resolvedAt!).toISOString(), createdAt);
    }

    const props = { taskID: id, classificationId: categories.get(demo.category)!, SectId: section.id };
    const place = demo.area ?? dwelling!.name;
    if (walked.state === 'nuevo') {
      told.push({
        to: admin,
        when: createdAt,
        title: es('ticketsNotices.notify.new.title'),
        text: es('ticketsNotices.notify.new.text', {
          requester: people.name(demo.by),
          title: demo.title,
          category: demo.category,
          place,
        }),
      });
    }
    if (overdue) {
      told.push({
        to: admin,
        when: dueAt,
        title: es('ticketsNotices.notify.overdue.title'),
        text: es('ticketsNotices.notify.overdue.text', { title: demo.title, category: demo.category }),
      });
    }
    for (const notice of told) {
      await notify(db, { now: () => new Date(notice.when) }, [people.id(notice.to)], {
        condoId: condo.id,
        titulo: notice.title,
        textoApp: notice.text,
        modulo: 'ticket',
        props,
      });
    }
  }
}

/** The words of the notice a requester gets for a move to this state (as domain/tickets/notices.ts). */
function noticeOfState(state: TicketState, system: boolean): [MessageId, MessageId] {
  if (system) return ['ticketsNotices.notify.autoclosed.title', 'ticketsNotices.notify.autoclosed.text'];
  if (state === 'resuelto') return ['ticketsNotices.notify.resolved.title', 'ticketsNotices.notify.resolved.text'];
  return ['ticketsNotices.notify.state.title', 'ticketsNotices.notify.state.text'];
}

/** Who takes an action in a demo history: the administrator assigns and closes, the requester answers a
 * resolution, the assignee does the work, and a cancellation says whose it is. */
function actorOfStep(step: Step, action: TicketAction, people: { requester: string; assignee: string | null; admin: string }) {
  if (action === 'asignar' || action === 'cerrar') return people.admin;
  if (action === 'cancelar') return step[2] === 'admin' ? people.admin : people.requester;
  if (action === 'confirmar' || action === 'reabrir') return people.requester;
  return people.assignee!;
}

/** The roles ticketRolesOf gives the actor on the request, from who they are in its history. */
function rolesOf(actor: string, requester: string, assignee: string | null, admin: string): TicketRole[] {
  const id = (email: string) => (email === actor ? 1 : 2);
  const usuario = { UserId: 1, UserIsAdmin: actor === admin ? ('Y' as const) : ('N' as const) };
  return ticketRolesOf(
    { usuario: { ...usuario, UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'N' } },
    {
      requesterId: id(requester),
      assigneeId: assignee === null ? null : id(assignee),
    },
  );
}

/** As scheduleJob does, with the seed's own creation time (the rows load the same on every run). */
async function scheduleAt(db: Kysely<Database>, kind: string, ticketId: number, dueAt: string, createdAt: string) {
  await db
    .insertInto('scheduled_jobs')
    .values({
      kind,
      key: String(ticketId),
      due_at: dueAt,
      claimed_by: null,
      claimed_until: null,
      attempts: 0,
      last_error: null,
      done_at: null,
      created_at: createdAt,
    })
    .execute();
}
