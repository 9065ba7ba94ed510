// The communication home's counts (GET /--comunicacion/home-summary), on the demo data: who may ask, and that
// each count is what the section's own screen would show the caller: the open requests of the list, the
// unread messages of the conversations, the open polls not answered, the posts of the last 7 days by others that the section shows. A new
// message and a new post move them.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BARRED_VOTER, DEMO_RESERVATIONS } from '../../server/db/seed/demoFacts';
import { CALENDAR_PATHS, type CalendarItemsAnswer } from '../../src/api/calendar';
import {
  COMMUNICATION_HOME_PATHS,
  type HomeSummaryAnswer,
  NEW_POSTS_DAYS,
  UPCOMING_EVENT_DAYS,
} from '../../src/api/communicationHome';
import { CONVERSATIONS_PATHS, type ConversationListAnswer, type UnreadAnswer } from '../../src/api/conversations';
import { POLLS_PATHS, type PollAnswer, type PollListAnswer } from '../../src/api/polls';
import { POSTS_PATHS, type SectionPostsAnswer } from '../../src/api/posts';
import { RESERVATIONS_PATHS, type ReservationPage } from '../../src/api/reservations';
import type { SessionData } from '../../src/api/sessions';
import { OPEN_STATES } from '../../src/api/ticketLifecycle';
import { TICKETS_PATHS, type TicketListAnswer } from '../../src/api/tickets';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const WHO = ['admin', 'consejo', 'residente'] as const;

describe(`the communication home's counts (${dialect})`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const who of [...WHO, 'empleado', 'guardia']) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    tokens.barred = await signInAs(t.app, DEMO_BARRED_VOTER.email);
  });

  const get = async <T>(who: string, path: string) => {
    const res = await call(t.app, 'GET', api(path), { token: tokens[who] });
    expect(res.statusCode, `${who} ${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const summary = (who: string) => get<HomeSummaryAnswer>(who, COMMUNICATION_HOME_PATHS.summary);
  /** Open polls of the section in which one of the caller's seats may vote now, as each poll's screen says. */
  const pollsToAnswer = async (who: string, sectionId: number) => {
    const open = await get<PollListAnswer>(who, `${POLLS_PATHS.list}?fase=abiertas&sectionId=${sectionId}&limit=50`);
    expect(open.items.length).toBeGreaterThan(0);
    let count = 0;
    for (const item of open.items) {
      const poll = await get<PollAnswer>(who, POLLS_PATHS.poll(item.PollId));
      if (poll.asientos.some((seat) => seat.estado === 'puede')) count += 1;
    }
    return count;
  };

  it('answers members with Comunicación; employees have none, and nobody without a session', async () => {
    expect((await call(t.app, 'GET', api(COMMUNICATION_HOME_PATHS.summary), { token: tokens.empleado })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', api(COMMUNICATION_HOME_PATHS.summary))).statusCode).toBe(401);
    expect((await summary('guardia')).sections.length).toBeGreaterThan(0);
  });

  it.each(WHO)('gives the %s the counts each section’s own screen shows', async (who) => {
    const { data } = await get<{ data: SessionData }>(who, '/--sesiones/session-data');
    const answer = await summary(who);
    const byId = new Map(answer.sections.map((s) => [s.SectId, s]));
    const sa = data.secciones.find((s) => s.SectCode === 'SA')!;
    const ic = data.secciones.find((s) => s.SectCode === 'IC')!;
    const en = data.secciones.find((s) => s.SectCode === 'EN')!;
    // Open requests: the list's totals for the open states.
    let open = 0;
    for (const estado of OPEN_STATES) {
      const page = await get<TicketListAnswer>(who, `${TICKETS_PATHS.list}?sectionId=${sa.SectId}&estado=${estado}&limit=1`);
      open += page.total;
    }
    expect(byId.get(sa.SectId)?.abiertas).toBe(open);
    expect(open).toBeGreaterThan(0);
    // Unread messages: the conversations' own count.
    const unread = await get<UnreadAnswer>(who, CONVERSATIONS_PATHS.unread);
    expect(byId.get(ic.SectId)?.noLeidos).toBe(unread.porSeccion.find((s) => s.SectId === ic.SectId)?.noLeidos ?? 0);
    // Polls to answer: the open ones of the list where a seat of the caller may still vote (the demo has two open).
    expect(byId.get(en.SectId)?.porContestar).toBe(await pollsToAnswer(who, en.SectId));
    // New posts: what the section shows, published in the last days by someone else.
    const since = Date.now() - NEW_POSTS_DAYS * 24 * 60 * 60 * 1000;
    const own = new Set(data.secciones.filter((s) => ['SA', 'IC', 'EN', 'RI', 'EV'].includes(s.SectCode)).map((s) => s.SectId));
    for (const section of answer.sections.filter((s) => !own.has(s.SectId))) {
      const page = await get<SectionPostsAnswer>(who, `${POSTS_PATHS.sectionPosts(section.SectId)}?limit=50`);
      expect(page.total).toBeLessThanOrEqual(50);
      const mine = (await get<{ data: SessionData }>(who, '/--sesiones/session-data')).data.usuario.UserId;
      const fresh = page.posts.filter((p) => p.Estatus === 'A' && p.UserId !== mine && Date.parse(p.FechaCreada) >= since);
      expect(section.nuevas, `section ${section.SectId}`).toBe(fresh.length);
    }
  });

  it('counts requests to approve for administrators, one’s upcoming reservations for others, and the week’s events', async () => {
    const { data } = await get<{ data: SessionData }>('admin', '/--sesiones/session-data');
    const ri = data.secciones.find((s) => s.SectCode === 'RI')!;
    const ev = data.secciones.find((s) => s.SectCode === 'EV')!;
    const now = new Date().toISOString();
    const pending = await get<ReservationPage>('admin', `${RESERVATIONS_PATHS.adminList}?estado=pendiente&limit=50`);
    const waiting = pending.items.filter((r) => r.inicio > now).length;
    expect(waiting).toBeGreaterThan(0);
    const admin = new Map((await summary('admin')).sections.map((s) => [s.SectId, s]));
    expect(admin.get(ri.SectId)?.reservaciones).toBe(waiting);
    // The events of the next days: the calendar's own items, published and not cancelled.
    const until = new Date(Date.now() + UPCOMING_EVENT_DAYS * 24 * 60 * 60 * 1000);
    const range = `desde=${now.slice(0, 10)}&hasta=${until.toISOString().slice(0, 10)}&tipos=evento,asamblea`;
    const items = await get<CalendarItemsAnswer>('admin', `${CALENDAR_PATHS.items}?${range}`);
    const week = items.items.filter((i) => i.estado !== 'cancelado' && i.inicio >= now && i.inicio < until.toISOString());
    expect(week.length).toBeGreaterThan(0);
    expect(admin.get(ev.SectId)?.proximos).toBe(week.length);
    // A resident: their dwellings' upcoming reservations (the demo's Salón request of vecino028).
    tokens.salon = await signInAs(t.app, DEMO_RESERVATIONS.pendingSalon.email);
    const mine = await get<ReservationPage>('salon', `${RESERVATIONS_PATHS.mine}?fase=proximas&limit=50`);
    const upcoming = mine.items.filter((r) => ['pendiente', 'confirmada'].includes(r.estado)).length;
    expect(upcoming).toBeGreaterThan(0);
    const resident = (await summary('salon')).sections.find((s) => s.SectId === ri.SectId)!;
    expect(resident.reservaciones).toBe(upcoming);
    expect(resident.nuevas).toBe(0);
  });

  it('does not count a votación the caller’s dwelling may not vote in (arrears at opening)', async () => {
    const { data } = await get<{ data: SessionData }>('barred', '/--sesiones/session-data');
    const en = data.secciones.find((s) => s.SectCode === 'EN')!;
    const counts = (await summary('barred')).sections.find((s) => s.SectId === en.SectId)!;
    const open = await get<PollListAnswer>('barred', `${POLLS_PATHS.list}?fase=abiertas&sectionId=${en.SectId}&limit=50`);
    expect(counts.porContestar).toBe(await pollsToAnswer('barred', en.SectId));
    expect(counts.porContestar).toBeLessThan(open.items.filter((p) => !p.haVotado).length);
  });

  it('counts a new message to one’s side and a new post by someone else at once', async () => {
    const before = await summary('consejo');
    const { data } = await get<{ data: SessionData }>('consejo', '/--sesiones/session-data');
    const ic = data.secciones.find((s) => s.SectCode === 'IC')!;
    const notices = data.secciones.find((s) => s.SectCode === '' && s.SectName === 'Avisos de la administración')!;
    const conversations = await get<ConversationListAnswer>('residente', `${CONVERSATIONS_PATHS.list}?sectionId=${ic.SectId}`);
    const withBoard = conversations.items.find((c) => c.otro.ApmtId !== null)!;
    const sent = await call(t.app, 'POST', api(CONVERSATIONS_PATHS.send), {
      token: tokens.residente,
      payload: { conversationId: withBoard.ConversationId, Texto: 'Nos vemos en la junta.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const posted = await call(t.app, 'POST', api(POSTS_PATHS.newPost), {
      token: tokens.admin,
      payload: { sectionId: notices.SectId, Titulo: 'Corte de agua', Texto: 'El jueves de 9 a 12.' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = await summary('consejo');
    const count = (answer: HomeSummaryAnswer, id: number) => answer.sections.find((s) => s.SectId === id)!;
    // The conversation in the list is the board member's (the demo's residente ↔ consejo).
    expect(withBoard.otro.Nombre).toMatch(/Torre B - 502/);
    expect(count(after, ic.SectId).noLeidos).toBe(count(before, ic.SectId).noLeidos + 1);
    expect(count(after, notices.SectId).nuevas).toBe(count(before, notices.SectId).nuevas + 1);
  });
});
