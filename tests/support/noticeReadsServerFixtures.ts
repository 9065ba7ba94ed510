// Official notices (issue 30) set up on a test app: Las Palmas' sections by name, a notice published by its
// administrator (important or not, for everyone or one tower), a member's opening of it, and who it is for, counted
// straight from the tables (the active members who are neither the administration nor staff, of the tower when the
// notice names one). Server tests only.
import { expect } from 'vitest';
import { NOTICE_READS_PATHS } from '../../src/api/noticeReads';
import { POSTS_PATHS, type PostAnswer } from '../../src/api/posts';
import { api } from './http';
import { call, signInAs, type TestApp } from './testApp';

export const NOTICES = 'Avisos de la administración';

export async function palmasId(t: TestApp): Promise<number> {
  return (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow()).id;
}

export async function sectionId(t: TestApp, name: string): Promise<number> {
  const condoId = await palmasId(t);
  return (
    await t.app.db
      .selectFrom('sections')
      .select('id')
      .where('condo_id', '=', condoId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  return (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export async function towerIdOf(t: TestApp, name: string): Promise<number> {
  const condoId = await palmasId(t);
  return (
    await t.app.db
      .selectFrom('towers')
      .select('id')
      .where('condo_id', '=', condoId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
}

/** A notice published now by the administrator behind `adminToken`: its post id. */
export async function publishNotice(
  t: TestApp,
  adminToken: string,
  options: { title?: string; important?: boolean; towerId?: number | null; section?: string } = {},
): Promise<number> {
  const res = await call(t.app, 'POST', api(POSTS_PATHS.newPost), {
    token: adminToken,
    payload: {
      sectionId: await sectionId(t, options.section ?? NOTICES),
      Titulo: options.title ?? 'Corte de agua general',
      Texto: 'El jueves de 9:00 a 15:00 no habrá agua.',
      ...(options.important === undefined ? {} : { Importante: options.important }),
      ...(options.towerId === undefined ? {} : { TorreId: options.towerId }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { PostId: number }).PostId;
}

/** The member behind `token` opens the notice (its detail read): the answer. */
export async function openNotice(t: TestApp, token: string, postId: number): Promise<PostAnswer> {
  const res = await call(t.app, 'GET', api(POSTS_PATHS.post(postId)), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostAnswer;
}

/** Signs `email` in and opens the notice. */
export async function readAs(t: TestApp, email: string, postId: number): Promise<PostAnswer> {
  return openNotice(t, await signInAs(t.app, email), postId);
}

export const acknowledge = (t: TestApp, token: string | undefined, postId: number) =>
  call(t.app, 'POST', api(NOTICE_READS_PATHS.acknowledge), { token, payload: { postId } });

/**
 * Who a notice of Las Palmas is for, from the tables: active members who are neither administrators nor employees
 * (staff have no Comunicación; guards read the notices), living in the tower when one is named.
 */
export async function audienceOf(t: TestApp, towerId: number | null = null): Promise<number[]> {
  const condoId = await palmasId(t);
  let query = t.app.db
    .selectFrom('memberships as m')
    .select('m.user_id')
    .distinct()
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where('m.is_admin', '=', 0)
    .where('m.is_employee', '=', 0);
  if (towerId !== null) {
    query = query
      .innerJoin('residencies as r', 'r.membership_id', 'm.id')
      .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
      .where('a.tower_id', '=', towerId);
  }
  return (await query.execute()).map((r) => r.user_id).sort((a, b) => a - b);
}
