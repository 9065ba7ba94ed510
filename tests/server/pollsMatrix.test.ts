// Who may call what in surveys and votes (issue 14): every demo account of DESIGN.md §6 and a caller without a
// session, against every path of src/api/polls.ts, on Las Palmas's polls and on one of Torres del Bosque (404:
// nothing says it exists), and then Torres del Bosque's administrator against Las Palmas's polls. Each cell that
// changes something starts from a poll of its own. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_POLLS } from '../../server/db/seed/demoFacts';
import { POLLS_PATHS, type PollDraft, type VoteChoice } from '../../src/api/polls';
import { api } from '../support/http';
import { dwellingOf, enSection, localAt, single, voteDraft } from '../support/pollServerFixtures';
import { ADMIN_ONLY, type Expected, PNG_1X1, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

/** Readers of the EN section: not employees (no Comunicación), not the guard (no active COM-ENC). */
const READERS: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** One poll of the section: the guard is told it does not exist. */
const POLL_READERS: Expected = [200, 200, 200, 403, 404, 403, 401, 401];
/** Another condominium's poll or section: not found for everyone past the employees' refusal. */
const ELSEWHERE: Expected = [404, 404, 404, 403, 404, 403, 401, 401];
/** Readers may look, only administrators may act (the lifecycle refuses the others with 409). */
const ADMIN_ACTS: Expected = [200, 409, 409, 403, 404, 403, 401, 401];

const fixtures = {
  section: 0,
  notices: 0,
  bosqueSection: 0,
  bosquePoll: 0,
  openVote: 0,
  /** residente's proposal. */
  proposal: 0,
  receipt: '',
  link: '',
  admin: '',
  bosqueAdmin: '',
  dwellings: {} as Record<string, number | null>,
};

/** Still: a poll opening "now" opens at the clock's minute, whenever each cell runs. */
const clock = testClock();

const openDraft = (overrides: Partial<PollDraft> = {}) => voteDraft(clock, fixtures.section, overrides);
const upcomingDraft = (overrides: Partial<PollDraft> = {}) =>
  openDraft({ abre: localAt(clock, 24 * 60), cierra: localAt(clock, 3 * 24 * 60), ...overrides });
const surveyDraft = (overrides: Partial<PollDraft> = {}) =>
  openDraft({ tipo: 'encuesta', conteo: 'persona', preguntas: [single('¿Cuál?', ['Una', 'Otra'])], ...overrides });

/** A poll of the administrator's, published. */
async function freshPoll(t: TestApp, draft: PollDraft, token = fixtures.admin): Promise<number> {
  return (await expectOk<{ PollId: number }>(call(t.app, 'POST', api(POLLS_PATHS.create), { token, payload: draft }))).PollId;
}

async function firstChoice(t: TestApp, pollId: number): Promise<VoteChoice[]> {
  const poll = await expectOk<{ poll: { preguntas: { id: number; opciones: { id: number }[] }[] } }>(
    call(t.app, 'GET', api(POLLS_PATHS.poll(pollId)), { token: fixtures.admin }),
  );
  return poll.poll.preguntas.map((q) => ({ preguntaId: q.id, opciones: [q.opciones[0]!.id] }));
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: POLLS_PATHS.home,
    variant: 'the EN sections read',
    expected: READERS,
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.home),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.list,
    variant: 'every EN section read',
    expected: READERS,
    run: (t, c) => status(t, c, 'GET', `${POLLS_PATHS.list}?fase=abiertas`),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.list,
    variant: 'a section that is not EN',
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', `${POLLS_PATHS.list}?sectionId=${fixtures.notices}`),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.list,
    variant: "another condominium's EN section",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', `${POLLS_PATHS.list}?sectionId=${fixtures.bosqueSection}`),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.poll(':pollId'),
    variant: 'the open votación',
    expected: POLL_READERS,
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.poll(fixtures.openVote)),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.poll(':pollId'),
    variant: "residente's proposal",
    expected: [200, 404, 200, 403, 404, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.poll(fixtures.proposal)),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.poll(':pollId'),
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.poll(fixtures.bosquePoll)),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.create,
    variant: 'a survey in the EN section (administrators publish, residents propose)',
    expected: READERS,
    run: (t, c) =>
      status(t, c, 'POST', POLLS_PATHS.create, upcomingDraft({ Titulo: `De ${c.row}`, tipo: 'encuesta', conteo: 'persona' })),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.create,
    variant: "another condominium's section",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', POLLS_PATHS.create, upcomingDraft({ sectionId: fixtures.bosqueSection })),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.update,
    variant: 'an upcoming poll',
    expected: ADMIN_ACTS,
    run: async (t, c) =>
      status(t, c, 'POST', POLLS_PATHS.update, {
        ...upcomingDraft({ Titulo: 'Editada' }),
        pollId: await freshPoll(t, upcomingDraft()),
        version: 1,
      }),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.update,
    variant: "another condominium's poll",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', POLLS_PATHS.update, { ...upcomingDraft(), pollId: fixtures.bosquePoll, version: 1 }),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.change,
    variant: 'cerrar an open votación',
    expected: ADMIN_ACTS,
    run: async (t, c) =>
      status(t, c, 'POST', POLLS_PATHS.change, { pollId: await freshPoll(t, openDraft()), version: 1, action: 'cerrar' }),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.change,
    variant: "another condominium's poll",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', POLLS_PATHS.change, { pollId: fixtures.bosquePoll, version: 1, action: 'cerrar' }),
  },
  {
    method: 'POST',
    path: POLLS_PATHS.vote,
    variant: 'an open survey',
    expected: POLL_READERS,
    run: async (t, c) => {
      const pollId = await freshPoll(t, surveyDraft());
      return status(t, c, 'POST', POLLS_PATHS.vote, { pollId, ApmtId: null, respuestas: await firstChoice(t, pollId) });
    },
  },
  {
    method: 'POST',
    path: POLLS_PATHS.vote,
    variant: 'an open votación, for the caller’s dwelling',
    expected: POLL_READERS,
    run: async (t, c) => {
      const pollId = await freshPoll(t, openDraft({ conteo: 'vivienda' }));
      const ApmtId = fixtures.dwellings[c.row] ?? fixtures.dwellings.residente!;
      return status(t, c, 'POST', POLLS_PATHS.vote, { pollId, ApmtId, respuestas: await firstChoice(t, pollId) });
    },
  },
  {
    method: 'POST',
    path: POLLS_PATHS.vote,
    variant: "another condominium's poll",
    expected: ELSEWHERE,
    run: async (t, c) =>
      status(t, c, 'POST', POLLS_PATHS.vote, {
        pollId: fixtures.bosquePoll,
        ApmtId: null,
        respuestas: [{ preguntaId: 1, opciones: [1] }],
      }),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.receipt,
    variant: 'a receipt of the open votación',
    expected: POLL_READERS,
    run: (t, c) => status(t, c, 'GET', `${POLLS_PATHS.receipt}?pollId=${fixtures.openVote}&codigo=${fixtures.receipt}`),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.receipt,
    variant: "another condominium's poll",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', `${POLLS_PATHS.receipt}?pollId=${fixtures.bosquePoll}&codigo=0000-0000-0000`),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.csv(':pollId'),
    variant: 'the open votación',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.csv(fixtures.openVote)),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.csv(':pollId'),
    variant: "another condominium's poll",
    expected: [404, 403, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.csv(fixtures.bosquePoll)),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.acta(':pollId'),
    variant: 'the open votación',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.acta(fixtures.openVote)),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.acta(':pollId'),
    variant: "another condominium's poll",
    expected: [404, 403, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', POLLS_PATHS.acta(fixtures.bosquePoll)),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.attachmentFile(':attachmentId'),
    variant: 'signed link',
    // The link is the permission, as for requests' files.
    expected: [200, 200, 200, 200, 200, 200, 200, 200],
    run: (t, c) => status(t, c, 'GET', fixtures.link.replace(/^\/api/, '')),
  },
  {
    method: 'GET',
    path: POLLS_PATHS.attachmentFile(':attachmentId'),
    variant: 'forged link',
    expected: [403, 403, 403, 403, 403, 403, 403, 403],
    run: (t, c) =>
      status(
        t,
        c,
        'GET',
        fixtures.link.replace(/^\/api/, '').replace(/sig=(.)/, (_, d) => `sig=${d === '0' ? '1' : '0'}`),
      ),
  },
];

describe(`surveys and votes permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.app.db;
    fixtures.section = await enSection(db);
    fixtures.bosqueSection = await enSection(db, 'bosque');
    fixtures.notices = (
      await db.selectFrom('sections').select('id').where('condo_id', '=', 1).where('code', '=', '').executeTakeFirstOrThrow()
    ).id;
    fixtures.openVote = (
      await db.selectFrom('polls').select('id').where('title', '=', DEMO_POLLS.openVote).executeTakeFirstOrThrow()
    ).id;
    fixtures.receipt = (
      await db.selectFrom('poll_ballots').select('receipt').where('poll_id', '=', fixtures.openVote).executeTakeFirstOrThrow()
    ).receipt;
    for (const who of ['admin', 'consejo', 'residente'] as const)
      fixtures.dwellings[who] = await dwellingOf(db, `${who}@demo.mx`);
    fixtures.admin = await signInAs(t.app, 'admin@demo.mx');
    const resident = await signInAs(t.app, 'residente@demo.mx');
    fixtures.proposal = await freshPoll(t, upcomingDraft({ Titulo: 'Propuesta', tipo: 'encuesta', conteo: 'persona' }), resident);

    // Torres del Bosque's administrator (the same person, in the other condominium) publishes a poll there.
    fixtures.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    fixtures.bosquePoll = await freshPoll(
      t,
      openDraft({ sectionId: fixtures.bosqueSection, Titulo: 'En el Bosque' }),
      fixtures.bosqueAdmin,
    );

    const withPhoto = await freshPoll(
      t,
      upcomingDraft({ Titulo: 'Con foto', adjuntos: [{ name: 'plano.png', dataUrl: PNG_1X1 }] }),
    );
    const shown = await call(t.app, 'GET', api(POLLS_PATHS.poll(withPhoto)), { token: fixtures.admin });
    fixtures.link = (shown.json() as { poll: { adjuntos: { url: string }[] } }).poll.adjuntos[0]!.url;
    expect(fixtures.link).toMatch(/^\/api\/--encuestas\/file\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the polls contract, and each exists', () => {
    const contractPaths = Object.values(POLLS_PATHS).map((path) =>
      typeof path === 'function' ? path(path === POLLS_PATHS.attachmentFile ? ':attachmentId' : ':pollId') : path,
    );
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(contractPaths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('gives another condominium’s administrator nothing of Las Palmas’s polls', async () => {
    const as = (method: 'GET' | 'POST', path: string, payload?: object) =>
      call(t.app, method, api(path), { token: fixtures.bosqueAdmin, ...(payload ? { payload } : {}) });
    const id = fixtures.openVote;
    const answers = [
      await as('GET', POLLS_PATHS.poll(id)),
      await as('GET', `${POLLS_PATHS.list}?sectionId=${fixtures.section}`),
      await as('GET', `${POLLS_PATHS.receipt}?pollId=${id}&codigo=${fixtures.receipt}`),
      await as('GET', POLLS_PATHS.csv(id)),
      await as('GET', POLLS_PATHS.acta(id)),
      await as('POST', POLLS_PATHS.change, { pollId: id, version: 1, action: 'cancelar', motivo: 'No' }),
      await as('POST', POLLS_PATHS.update, { ...upcomingDraft(), pollId: id, version: 1 }),
      await as('POST', POLLS_PATHS.vote, { pollId: id, ApmtId: fixtures.dwellings.admin, respuestas: await firstChoice(t, id) }),
      await as('POST', POLLS_PATHS.create, upcomingDraft()),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404]);
    const list = await as('GET', POLLS_PATHS.list);
    expect((list.json() as { items: { PollId: number }[] }).items.map((p) => p.PollId)).toEqual([fixtures.bosquePoll]);
  });
});
