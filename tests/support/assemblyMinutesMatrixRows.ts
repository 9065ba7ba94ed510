// The assemblies matrix's rows for the minutes (src/api/assemblyMinutes.ts, issue 32): the acta and its filing, the
// addenda and the door check-in for who manages assemblies; the book and its check for who the minutes' audience
// allows (owners in the demo: administrators, the board and residents); the door code for who sees assemblies.
// Each acting cell starts from an assembly of its own; the book's entries are the demo's (number 1) or one written in.
import { checkInCode } from '../../server/domain/assemblies/checkIn';
import {
  actaPdfPath,
  checkInPath,
  fileMinutesPath,
  MINUTES_PATHS,
  minutesAddendumPath,
  minutesCheckPath,
  myCheckInCodePath,
} from '../../src/api/assemblyMinutes';
import { freshAssembly } from './assembliesServerFixtures';
import { PDF_DATA_URL } from './documentsServerFixtures';
import { ADMIN_ONLY, type Expected, type RouteCase, status } from './routeMatrix';
import type { TestApp } from './testApp';

const SEE: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
const ELSEWHERE: Expected = [404, 404, 404, 403, 403, 403, 401, 401];
const ELSEWHERE_MANAGE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

/** The contract's paths the matrix walks (the addendum's file is behind a signed link). */
export const MINUTES_MATRIX_PATHS = Object.values(MINUTES_PATHS).filter((path) => path !== MINUTES_PATHS.addendumFile);

async function demoMinutes(t: TestApp, condoId: number): Promise<number> {
  const row = await t.app.db
    .selectFrom('assembly_minutes')
    .select('id')
    .where('condo_id', '=', condoId)
    .orderBy('number')
    .executeTakeFirst();
  if (row) return row.id;
  const assemblyId = await freshAssembly(t.app.db, condoId, 'closed', 1);
  const written = await t.app.db
    .insertInto('assembly_minutes')
    .values({ condo_id: condoId, assembly_id: assemblyId, number: 1, sha256: '0'.repeat(64), filed_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return written.id;
}

async function doorCode(t: TestApp, condoId: number, assemblyId: number): Promise<string> {
  const resident = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'residente@demo.mx')
    .executeTakeFirstOrThrow();
  return checkInCode(t.app.db, t.app.clock, condoId, assemblyId, resident.id);
}

export function minutesRoutes(fixtures: { palmas: number; bosque: number }): RouteCase[] {
  const closed = (t: TestApp, condoId: number) => freshAssembly(t.app.db, condoId, 'closed', 1);
  const signed = { file: { name: 'acta.pdf', dataUrl: PDF_DATA_URL } };
  return [
    {
      method: 'GET',
      path: MINUTES_PATHS.acta,
      variant: 'a closed one',
      expected: ADMIN_ONLY,
      run: async (t, c) => status(t, c, 'GET', actaPdfPath(await closed(t, fixtures.palmas))),
    },
    {
      method: 'GET',
      path: MINUTES_PATHS.acta,
      variant: 'another condominium’s',
      expected: ELSEWHERE_MANAGE,
      run: async (t, c) => status(t, c, 'GET', actaPdfPath(await closed(t, fixtures.bosque))),
    },
    {
      method: 'POST',
      path: MINUTES_PATHS.file,
      variant: 'the signed acta',
      expected: ADMIN_ONLY,
      run: async (t, c) => status(t, c, 'POST', fileMinutesPath(await closed(t, fixtures.palmas)), signed),
    },
    {
      method: 'POST',
      path: MINUTES_PATHS.file,
      variant: 'another condominium’s',
      expected: ELSEWHERE_MANAGE,
      run: async (t, c) => status(t, c, 'POST', fileMinutesPath(await closed(t, fixtures.bosque)), signed),
    },
    {
      method: 'GET',
      path: MINUTES_PATHS.book,
      variant: 'owners read it',
      expected: SEE,
      run: (t, c) => status(t, c, 'GET', MINUTES_PATHS.book),
    },
    {
      method: 'GET',
      path: MINUTES_PATHS.check,
      variant: 'the demo’s acta',
      expected: SEE,
      run: async (t, c) => status(t, c, 'GET', minutesCheckPath(await demoMinutes(t, fixtures.palmas))),
    },
    {
      method: 'GET',
      path: MINUTES_PATHS.check,
      variant: 'another condominium’s',
      expected: ELSEWHERE,
      run: async (t, c) => status(t, c, 'GET', minutesCheckPath(await demoMinutes(t, fixtures.bosque))),
    },
    {
      method: 'POST',
      path: MINUTES_PATHS.addendum,
      variant: 'a correction',
      expected: ADMIN_ONLY,
      run: async (t, c) =>
        status(t, c, 'POST', minutesAddendumPath(await demoMinutes(t, fixtures.palmas)), { text: 'Fe de erratas.' }),
    },
    {
      method: 'POST',
      path: MINUTES_PATHS.addendum,
      variant: 'another condominium’s',
      expected: ELSEWHERE_MANAGE,
      run: async (t, c) =>
        status(t, c, 'POST', minutesAddendumPath(await demoMinutes(t, fixtures.bosque)), { text: 'Fe de erratas.' }),
    },
    {
      method: 'GET',
      path: MINUTES_PATHS.myCode,
      variant: 'a called one',
      expected: SEE,
      run: async (t, c) => status(t, c, 'GET', myCheckInCodePath(await freshAssembly(t.app.db, fixtures.palmas))),
    },
    {
      method: 'GET',
      path: MINUTES_PATHS.myCode,
      variant: 'another condominium’s',
      expected: ELSEWHERE,
      run: async (t, c) => status(t, c, 'GET', myCheckInCodePath(await freshAssembly(t.app.db, fixtures.bosque))),
    },
    {
      method: 'POST',
      path: MINUTES_PATHS.checkIn,
      variant: 'an owner’s code',
      expected: ADMIN_ONLY,
      run: async (t, c) => {
        const id = await freshAssembly(t.app.db, fixtures.palmas, 'waiting');
        return status(t, c, 'POST', checkInPath(id), { code: await doorCode(t, fixtures.palmas, id) });
      },
    },
    {
      method: 'POST',
      path: MINUTES_PATHS.checkIn,
      variant: 'another condominium’s',
      expected: ELSEWHERE_MANAGE,
      run: async (t, c) => {
        const id = await freshAssembly(t.app.db, fixtures.bosque, 'waiting');
        return status(t, c, 'POST', checkInPath(id), { code: await doorCode(t, fixtures.bosque, id) });
      },
    },
  ];
}
