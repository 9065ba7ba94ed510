// Who may call what in the document library (issue 32): every demo account and a caller without a session against
// every path of src/api/documents.ts. Every member reads the folders and the list; a document's detail answers by its
// audience (owners: residente holds Torre A/101 as owner; the board: consejo and administrators; another
// condominium's: unknown to all); uploading, versions, archiving and folders are the administrators'. Each acting
// cell starts from a document of its own. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_PATHS, documentArchivePath, documentPath, documentVersionPath } from '../../src/api/documents';
import { condoIdOf, freshDocument, PDF_DATA_URL, uploadDraft } from '../support/documentsServerFixtures';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

const MEMBERS: Expected = [200, 200, 200, 200, 200, 200, 401, 401];
const OWNERS: Expected = [200, 200, 200, 404, 404, 404, 401, 401];
const BOARD: Expected = [200, 200, 404, 404, 404, 404, 401, 401];
const ELSEWHERE: Expected = [404, 404, 404, 404, 404, 404, 401, 401];
/** Another condominium's: refused before it is looked at for whoever may not manage, unknown to administrators. */
const ELSEWHERE_ADMIN: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = { palmas: 0, bosque: 0 };
const VERSION = { file: { name: 'v2.pdf', dataUrl: PDF_DATA_URL }, note: 'Nueva versión.' };

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: DOCUMENT_PATHS.folders,
    variant: 'all',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', DOCUMENT_PATHS.folders),
  },
  {
    method: 'POST',
    path: DOCUMENT_PATHS.newFolder,
    variant: 'a new name',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', DOCUMENT_PATHS.newFolder, { name: `Carpeta ${c.row} ${Math.random()}` }),
  },
  {
    method: 'GET',
    path: DOCUMENT_PATHS.list,
    variant: 'a folder, searched',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', `${DOCUMENT_PATHS.list}?folder=reglamento&q=regla`),
  },
  {
    method: 'POST',
    path: DOCUMENT_PATHS.upload,
    variant: 'a PDF',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', DOCUMENT_PATHS.upload, uploadDraft()),
  },
  {
    method: 'GET',
    path: DOCUMENT_PATHS.detail,
    variant: 'everyone’s',
    expected: MEMBERS,
    run: async (t, c) => status(t, c, 'GET', documentPath(await freshDocument(t.app.db, fixtures.palmas, 'everyone'))),
  },
  {
    method: 'GET',
    path: DOCUMENT_PATHS.detail,
    variant: 'the owners’',
    expected: OWNERS,
    run: async (t, c) => status(t, c, 'GET', documentPath(await freshDocument(t.app.db, fixtures.palmas, 'owners'))),
  },
  {
    method: 'GET',
    path: DOCUMENT_PATHS.detail,
    variant: 'the board’s',
    expected: BOARD,
    run: async (t, c) => status(t, c, 'GET', documentPath(await freshDocument(t.app.db, fixtures.palmas, 'board'))),
  },
  {
    method: 'GET',
    path: DOCUMENT_PATHS.detail,
    variant: 'the administrators’',
    expected: [200, 404, 404, 404, 404, 404, 401, 401],
    run: async (t, c) => status(t, c, 'GET', documentPath(await freshDocument(t.app.db, fixtures.palmas, 'admins'))),
  },
  {
    method: 'GET',
    path: DOCUMENT_PATHS.detail,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', documentPath(await freshDocument(t.app.db, fixtures.bosque, 'everyone'))),
  },
  {
    method: 'POST',
    path: DOCUMENT_PATHS.newVersion,
    variant: 'a PDF',
    expected: ADMIN_ONLY,
    run: async (t, c) => status(t, c, 'POST', documentVersionPath(await freshDocument(t.app.db, fixtures.palmas)), VERSION),
  },
  {
    method: 'POST',
    path: DOCUMENT_PATHS.newVersion,
    variant: 'another condominium’s',
    expected: ELSEWHERE_ADMIN,
    run: async (t, c) => status(t, c, 'POST', documentVersionPath(await freshDocument(t.app.db, fixtures.bosque)), VERSION),
  },
  {
    method: 'POST',
    path: DOCUMENT_PATHS.archive,
    variant: 'archive',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', documentArchivePath(await freshDocument(t.app.db, fixtures.palmas)), { archived: true }),
  },
  {
    method: 'POST',
    path: DOCUMENT_PATHS.archive,
    variant: 'another condominium’s',
    expected: ELSEWHERE_ADMIN,
    run: async (t, c) =>
      status(t, c, 'POST', documentArchivePath(await freshDocument(t.app.db, fixtures.bosque)), { archived: true }),
  },
];

describe(`documents matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures.palmas = await condoIdOf(t.app.db, 'palmas');
    fixtures.bosque = await condoIdOf(t.app.db, 'bosque');
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract but the signed file link', () => {
    const paths = Object.values(DOCUMENT_PATHS).filter((path) => path !== DOCUMENT_PATHS.file);
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(paths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('serves a version’s file only behind a signed link', async () => {
    const res = await t.app.inject({ method: 'GET', url: api(`/--documentos/archivo/1?exp=1&sig=${'0'.repeat(64)}`) });
    expect(res.statusCode).toBe(403);
  });
});
