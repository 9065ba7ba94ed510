// Who may call what in assemblies (issue 32): every demo account and a caller without a session against every path
// of src/api/assemblies.ts. Administrators, the board and residents with a dwelling see assemblies; administrators
// manage them (the board only where the settings allow it, off in the demo); only administrators change the
// settings; another condominium's assembly is not found. Each acting cell starts from an assembly of its own. A
// contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSEMBLY_PATHS,
  assemblyAttendancePath,
  assemblyChangePath,
  assemblyConfirmPath,
  assemblyPath,
  assemblyPdfPath,
} from '../../src/api/assemblies';
import {
  ASSEMBLY_VOTE_PATHS,
  closeItemPath,
  decideProxyPath,
  giveProxyPath,
  openItemPath,
  proxiesPath,
  proxyDocumentPath,
  recordVotePath,
  votePath,
  votingPath,
  withdrawProxyPath,
} from '../../src/api/assemblyVotes';
import { assemblyDraft, condoIdOf, dwellingsOf, freshAssembly } from '../support/assembliesServerFixtures';
import { MINUTES_MATRIX_PATHS, minutesRoutes } from '../support/assemblyMinutesMatrixRows';
import { itemOpenStraightIn, itemsOf, ownedBy, proxyRequest, proxyStraightIn } from '../support/assemblyVotesServerFixtures';
import { api } from '../support/http';
import { ADMIN_ONLY, type Caller, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

/** Administrators, the board and residents (canSeeAssemblies); staff without a dwelling are refused. */
const SEE: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** Answering ahead: whoever has a dwelling (the demo's administrator and board member live in Las Palmas too). */
const CONFIRM: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** Another condominium's: unknown to those who see assemblies. */
const ELSEWHERE: Expected = [404, 404, 404, 403, 403, 403, 401, 401];
/** Managing another condominium's: the board and residents are refused before it is looked at. */
const ELSEWHERE_MANAGE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = { palmas: 0, bosque: 0, dwelling: 0, stranger: 0 };

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.list,
    variant: 'the list',
    expected: SEE,
    run: (t, c) => status(t, c, 'GET', ASSEMBLY_PATHS.list),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.create,
    variant: 'a draft',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', ASSEMBLY_PATHS.create, assemblyDraft()),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.settings,
    variant: 'read',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', ASSEMBLY_PATHS.settings),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.saveSettings,
    variant: 'saved as they are',
    expected: ADMIN_ONLY,
    run: (t, c) =>
      status(t, c, 'POST', ASSEMBLY_PATHS.saveSettings, {
        boardMayCall: false,
        ruleSet: 'cdmx',
        legalText: '',
        proxyLimit: 3,
        arrearsDays: 0,
        tenantsVote: false,
        minutesAudience: 'owners',
      }),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.detail,
    variant: 'one called',
    expected: SEE,
    run: async (t, c) => status(t, c, 'GET', assemblyPath(await freshAssembly(t.app.db, fixtures.palmas))),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.detail,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', assemblyPath(await freshAssembly(t.app.db, fixtures.bosque))),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.change,
    variant: 'convene',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyChangePath(await freshAssembly(t.app.db, fixtures.palmas)), { version: 1, action: 'convene' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.change,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyChangePath(await freshAssembly(t.app.db, fixtures.bosque)), { version: 1, action: 'convene' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.confirm,
    variant: 'in person',
    expected: CONFIRM,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyConfirmPath(await freshAssembly(t.app.db, fixtures.palmas)), { answer: 'in_person' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.confirm,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyConfirmPath(await freshAssembly(t.app.db, fixtures.bosque)), { answer: 'in_person' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.attendance,
    variant: 'an owner present',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyAttendancePath(await freshAssembly(t.app.db, fixtures.palmas, 'waiting')), {
        apartmentId: fixtures.dwelling,
        kind: 'owner',
        mode: 'in_person',
      }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.attendance,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyAttendancePath(await freshAssembly(t.app.db, fixtures.bosque, 'waiting')), {
        apartmentId: fixtures.dwelling,
        kind: 'owner',
        mode: 'in_person',
      }),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.pdf,
    variant: 'the call',
    expected: SEE,
    run: async (t, c) => status(t, c, 'GET', assemblyPdfPath(await freshAssembly(t.app.db, fixtures.palmas))),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.pdf,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', assemblyPdfPath(await freshAssembly(t.app.db, fixtures.bosque))),
  },
  ...minutesRoutes(fixtures),
];

// Proxies and item votes (src/api/assemblyVotes.ts): whoever sees assemblies reaches them; an owner gives, withdraws
// and votes for their own dwelling (the demo's administrator, board member and resident own one in Las Palmas);
// deciding proxies, opening and closing items and a show of hands are for who manages; a proxy's document for who
// manages or the dwelling's owner (unknown to others).
/** The caller's own dwelling (a staff member has none: the condominium's first, refused before it is looked at). */
const ownDwelling = async (t: TestApp, c: Caller) =>
  (await ownedBy(t.app.db, fixtures.palmas, `${c.row}@demo.mx`))[0] ?? fixtures.dwelling;
/** The document: who manages, and nobody else of the dwellings' strangers. */
const DOCUMENT: Expected = [200, 404, 404, 403, 403, 403, 401, 401];

const VOTE_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: ASSEMBLY_VOTE_PATHS.proxies,
    variant: 'the proxies',
    expected: SEE,
    run: async (t, c) => status(t, c, 'GET', proxiesPath(await freshAssembly(t.app.db, fixtures.palmas))),
  },
  {
    method: 'GET',
    path: ASSEMBLY_VOTE_PATHS.proxies,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', proxiesPath(await freshAssembly(t.app.db, fixtures.bosque))),
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.give,
    variant: 'for the caller’s dwelling',
    expected: CONFIRM,
    run: async (t, c) =>
      status(
        t,
        c,
        'POST',
        giveProxyPath(await freshAssembly(t.app.db, fixtures.palmas)),
        proxyRequest(await ownDwelling(t, c), { name: 'Apoderado' }),
      ),
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.give,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) =>
      status(
        t,
        c,
        'POST',
        giveProxyPath(await freshAssembly(t.app.db, fixtures.bosque)),
        proxyRequest(await ownDwelling(t, c), { name: 'Apoderado' }),
      ),
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.withdraw,
    variant: 'the caller’s dwelling’s',
    expected: CONFIRM,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas);
      return status(t, c, 'POST', withdrawProxyPath(id, await proxyStraightIn(t.app.db, id, await ownDwelling(t, c))));
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.withdraw,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque);
      return status(t, c, 'POST', withdrawProxyPath(id, await proxyStraightIn(t.app.db, id, await ownDwelling(t, c))));
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.decide,
    variant: 'accept',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas);
      return status(t, c, 'POST', decideProxyPath(id, await proxyStraightIn(t.app.db, id, fixtures.dwelling)), {
        accept: true,
        reason: '',
      });
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.decide,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque);
      return status(t, c, 'POST', decideProxyPath(id, await proxyStraightIn(t.app.db, id, fixtures.dwelling)), {
        accept: true,
        reason: '',
      });
    },
  },
  {
    method: 'GET',
    path: ASSEMBLY_VOTE_PATHS.document,
    variant: 'a stranger’s dwelling’s',
    expected: DOCUMENT,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas);
      return status(t, c, 'GET', proxyDocumentPath(id, await proxyStraightIn(t.app.db, id, fixtures.stranger)));
    },
  },
  {
    method: 'GET',
    path: ASSEMBLY_VOTE_PATHS.document,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque);
      return status(t, c, 'GET', proxyDocumentPath(id, await proxyStraightIn(t.app.db, id, fixtures.stranger)));
    },
  },
  {
    method: 'GET',
    path: ASSEMBLY_VOTE_PATHS.voting,
    variant: 'the items',
    expected: SEE,
    run: async (t, c) => status(t, c, 'GET', votingPath(await freshAssembly(t.app.db, fixtures.palmas, 'open'))),
  },
  {
    method: 'GET',
    path: ASSEMBLY_VOTE_PATHS.voting,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', votingPath(await freshAssembly(t.app.db, fixtures.bosque, 'open'))),
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.open,
    variant: 'public',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas, 'open');
      return status(t, c, 'POST', openItemPath(id, (await itemsOf(t.app.db, id))[0]!), { secret: false });
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.open,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque, 'open');
      return status(t, c, 'POST', openItemPath(id, (await itemsOf(t.app.db, id))[0]!), { secret: false });
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.close,
    variant: 'an open item',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas, 'open');
      return status(t, c, 'POST', closeItemPath(id, await itemOpenStraightIn(t.app.db, id, [])));
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.close,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque, 'open');
      return status(t, c, 'POST', closeItemPath(id, await itemOpenStraightIn(t.app.db, id, [])));
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.vote,
    variant: 'for the caller’s dwelling',
    expected: CONFIRM,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas, 'open');
      const own = await ownDwelling(t, c);
      return status(t, c, 'POST', votePath(id, await itemOpenStraightIn(t.app.db, id, [own])), {
        apartmentId: own,
        choice: 'yes',
      });
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.vote,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque, 'open');
      const own = await ownDwelling(t, c);
      return status(t, c, 'POST', votePath(id, await itemOpenStraightIn(t.app.db, id, [own])), {
        apartmentId: own,
        choice: 'yes',
      });
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.record,
    variant: 'a show of hands',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.palmas, 'open');
      const item = await itemOpenStraightIn(t.app.db, id, [fixtures.stranger]);
      return status(t, c, 'POST', recordVotePath(id, item), { apartmentId: fixtures.stranger, choice: 'no' });
    },
  },
  {
    method: 'POST',
    path: ASSEMBLY_VOTE_PATHS.record,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) => {
      const id = await freshAssembly(t.app.db, fixtures.bosque, 'open');
      const item = await itemOpenStraightIn(t.app.db, id, [fixtures.stranger]);
      return status(t, c, 'POST', recordVotePath(id, item), { apartmentId: fixtures.stranger, choice: 'no' });
    },
  },
];

describe(`assemblies matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures.palmas = await condoIdOf(t.app.db, 'palmas');
    fixtures.bosque = await condoIdOf(t.app.db, 'bosque');
    fixtures.dwelling = (await dwellingsOf(t.app.db, fixtures.palmas))[0]!.id;
    // A dwelling none of the demo's roles holds.
    const held = new Set(
      (
        await Promise.all(['admin', 'consejo', 'residente'].map((row) => ownedBy(t.app.db, fixtures.palmas, `${row}@demo.mx`)))
      ).flat(),
    );
    fixtures.stranger = (await dwellingsOf(t.app.db, fixtures.palmas)).find((d) => !held.has(d.id))!.id;
  });

  walkMatrix(() => t, ROUTES);
  walkMatrix(() => t, VOTE_ROUTES);

  it('has a row for every path of the contract', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set([...Object.values(ASSEMBLY_PATHS), ...MINUTES_MATRIX_PATHS]));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('has a row for every path of the proxies’ and votes’ contract', () => {
    expect(new Set(VOTE_ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(ASSEMBLY_VOTE_PATHS)));
    for (const route of VOTE_ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
