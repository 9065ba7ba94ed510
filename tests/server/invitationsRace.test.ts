// One invitation link accepted twice at the same moment (two tabs, a double click): one request wins, the other
// is told the link was used, and exactly one user, membership and residency exist. Also: accepting is one
// transaction, so a failure after the link is spent leaves nothing behind and the link usable.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import { INVITATIONS_PATHS } from '../../src/api/invitations';
import { api } from '../support/http';
import { dwellingId, insertInvitation } from '../support/invitationServerFixtures';
import { call, createTestApp, dialect, RELAXED_RATE_LIMITS, type TestApp } from '../support/testApp';

describe(`accepting an invitation twice at once (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const accept = (token: string, password: string) =>
    call(t.app, 'POST', api(INVITATIONS_PATHS.accept), { payload: { token, password } });

  it('one of two concurrent accepts of one token succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const { token, email } = await insertInvitation(t.app.db, { apartmentId: await dwellingId(t.app.db, 'Torre A', '1002') });
      const answers = await Promise.all([
        accept(token, 'Carrera2026a'),
        accept(token, 'Carrera2026b'),
        accept(token, 'Carrera2026c'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      for (const loser of answers.filter((a) => a.statusCode === 400)) {
        expect(loser.json()).toMatchObject({ field: 'token', messageId: 'invitationsNotices.link.used' });
      }
      const users = await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
      const memberships = await t.app.db.selectFrom('memberships').select('id').where('user_id', '=', users[0]!.id).execute();
      expect(memberships).toHaveLength(1);
      const residencies = await t.app.db
        .selectFrom('residencies')
        .select('id')
        .where('membership_id', '=', memberships[0]!.id)
        .execute();
      expect(residencies).toHaveLength(1);
    }
  });

  it('a condominium that refuses sign-in refuses the acceptance in its words, and the link stays usable', async () => {
    const villas = await t.app.db
      .selectFrom('condominiums')
      .select(['id', 'login_error'])
      .where('name', '=', 'Villas del Mar')
      .executeTakeFirstOrThrow();
    expect(villas.login_error).toBeTruthy();
    const apartmentId = await dwellingId(t.app.db, '', 'Villa 1', villas.id);
    const { token, id, email } = await insertInvitation(t.app.db, { condoId: villas.id, apartmentId });
    const refused = await accept(token, 'Villas2026x');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(villas.login_error);
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const row = await t.app.db.selectFrom('invitations').select('accepted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.accepted_at).toBeNull();
  });

  it('a failure inside the acceptance rolls everything back and the link still works', async () => {
    const apartmentId = await dwellingId(t.app.db, 'Torre A', '1003');
    const { token, email, id } = await insertInvitation(t.app.db, { apartmentId });
    // The residencies table is away for a moment: the user and the membership are written, then the residency
    // fails mid-transaction.
    await t.app.db.schema.alterTable('residencies').renameTo('residencies_away').execute();
    let failed: Awaited<ReturnType<typeof accept>>;
    try {
      failed = await accept(token, 'Rollback2026');
    } finally {
      await t.app.db.schema.alterTable('residencies_away').renameTo('residencies').execute();
    }
    expect(failed.statusCode).toBe(500);
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const row = await t.app.db.selectFrom('invitations').select(['accepted_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.accepted_at).toBeNull();
    expect(
      await t.app.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'invitation')
        .where('entity_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect((await accept(token, 'Rollback2026')).statusCode).toBe(200);
  });
});

describe(`the invitation link's calls are rate limited per address (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, invitationLinkPerIp: { max: 3, windowSeconds: 900 } } });
  });

  it('answers 429 after the limit, for looking a link up and accepting it alike, per address', async () => {
    expect(DEFAULT_RATE_LIMITS.invitationLinkPerIp.max).toBeGreaterThan(3);
    const { token } = await insertInvitation(t.app.db);
    const from = (remoteAddress: string, path: string, payload: object) =>
      call(t.app, 'POST', api(path), { payload, remoteAddress });
    const statuses = [
      (await from('198.51.100.7', INVITATIONS_PATHS.info, { token })).statusCode,
      (await from('198.51.100.7', INVITATIONS_PATHS.info, { token })).statusCode,
      (await from('198.51.100.7', INVITATIONS_PATHS.accept, { token, password: 'corta' })).statusCode,
      (await from('198.51.100.7', INVITATIONS_PATHS.accept, { token, password: 'Valida2026x' })).statusCode,
      (await from('198.51.100.7', INVITATIONS_PATHS.info, { token })).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 400, 429, 429]);
    // Another address is not held back, and the link still works.
    expect((await from('198.51.100.8', INVITATIONS_PATHS.accept, { token, password: 'Valida2026x' })).statusCode).toBe(200);
  });
});
