// Residents, invitations and the access-request inbox (src/api/invitations.ts) on a real SMTP listener: the
// invitation's e-mail and its one-time link, accepting it (a new person, a person of another condominium) with
// everything created in one transaction and a session that lands on the privacy notice, resend / revoke /
// expiry, moving a resident out (their sessions end at once), the inbox's one-way decisions with their
// e-mails, another condominium's ids, the audit rows, and no token in any audit row or log line.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import {
  AccessRequestConflict,
  AccessRequestsAnswer,
  INVITATIONS_PATHS,
  InvitationAnswer,
  InvitationInfoAnswer,
  InvitationsAnswer,
  ResidentsAnswer,
} from '../../src/api/invitations';
import type { SessionData } from '../../src/api/sessions';
import { api } from '../support/http';
import {
  condoIdOf,
  dwellingId,
  freshEmail,
  insertAccessRequest,
  linkToken,
  residencyOf,
} from '../support/invitationServerFixtures';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { call, createTestApp, dialect, getSessionData, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`invitations (${dialect})`, () => {
  const clock = testClock(new Date('2026-03-02T18:00:00Z'));
  const lines: string[] = [];
  let mailbox: Mailbox;
  let t: TestApp;
  let admin: string;
  let bosqueAdmin: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({
      clock,
      env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Comunidad <avisos@condominio.test>', LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
    admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });
  afterAll(() => mailbox?.close());

  const post = (token: string | undefined, path: string, payload: object) => call(t.app, 'POST', api(path), { token, payload });
  const get = (token: string | undefined, path: string) => call(t.app, 'GET', api(path), { token });

  /** Invites and waits for the e-mail; answers the invitation and the link's token. */
  async function invited(payload: object, as = admin) {
    const before = mailbox.messages.length;
    const res = await post(as, INVITATIONS_PATHS.invite, payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    assert(body, InvitationAnswer);
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(before + 1);
    return { invitation: body.invitation, mail, token: linkToken(mail.text) };
  }

  const auditRows = (entity: string, entityId: number) =>
    t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  it('invites a new e-mail to a dwelling; the e-mail carries a one-time link whose token is stored only as its hash', async () => {
    const email = freshEmail('lola');
    const ApmtId = await dwellingId(t.app.db, 'Torre B', '901');
    const { invitation, mail, token } = await invited({
      email: email.toUpperCase(),
      name: 'Lola Méndez',
      ApmtId,
      kind: 'tenant',
      roles: [],
    });
    expect(invitation).toMatchObject({
      email,
      name: 'Lola Méndez',
      ApmtId,
      dwelling: 'Torre B - 901',
      kind: 'tenant',
      roles: [],
      sentCount: 1,
      expired: false,
    });
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Te invitan a Residencial Las Palmas');
    expect(mail.text).toContain('como inquilino de la vivienda Torre B - 901');
    expect(mail.text).toContain('vence en 7 días');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.app.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(row.expires_at).toBe(new Date(clock.now().getTime() + 7 * 86_400_000).toISOString());
    const audit = await auditRows('invitation', invitation.id);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audit)).not.toContain(token);

    const listed = (await get(admin, INVITATIONS_PATHS.invitations)).json();
    assert(listed, InvitationsAnswer);
    expect(listed.items.map((i) => i.id)).toContain(invitation.id);
  });

  it('accepting creates the user, membership, residency with its kind and permissions, and signs in on the privacy notice', async () => {
    const email = freshEmail('nora');
    const ApmtId = await dwellingId(t.app.db, 'Torre B', '902');
    const { invitation, token } = await invited({ email, name: 'Nora Vidal', ApmtId, kind: 'owner', roles: [] });

    const info = (await post(undefined, INVITATIONS_PATHS.info, { token })).json();
    assert(info, InvitationInfoAnswer);
    expect(info.invitation).toEqual({
      condoName: 'Residencial Las Palmas',
      email,
      name: 'Nora Vidal',
      dwelling: 'Torre B - 902',
      kind: 'owner',
      roles: [],
      existingUser: false,
    });

    const weak = await post(undefined, INVITATIONS_PATHS.accept, { token, password: 'corta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ field: 'password', messageId: 'password.tooShort' });

    const accepted = await post(undefined, INVITATIONS_PATHS.accept, { token, password: 'NoraVidal2026' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = (accepted.json() as { token: string }).token;
    const data = (await getSessionData(t.app, session)).json() as { data: SessionData };
    expect(data.data.condo.CondoName).toBe('Residencial Las Palmas');
    expect(data.data.usuario.AvisoPrivacidad).toBeNull();
    expect(data.data.usuario.apartments.map((a) => a.AptId)).toEqual([ApmtId]);
    // The notice waits: the condominium's calls are refused until it is accepted.
    expect((await get(session, INVITATIONS_PATHS.residents)).json()).toMatchObject({ code: 'PRIVACY_NOTICE_PENDING' });

    const user = await t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.name).toBe('Nora Vidal');
    const residency = await residencyOf(t.app.db, email);
    expect(residency).toMatchObject({ apartment_id: ApmtId, kind: 'owner', active: 1 });
    const permissions = await t.app.db
      .selectFrom('user_permissions')
      .select(['clave', 'tipo', 'activa'])
      .where('membership_id', '=', residency.membershipId)
      .orderBy('clave')
      .execute();
    expect(permissions.map((p) => p.clave)).toEqual(['COM-EDO', 'COM-ENC', 'COM-REP', 'COM-RES', 'COM-SOL']);
    const row = await t.app.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ accepted_user_id: user.id });
    expect(row.accepted_at).not.toBeNull();
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'actor_user_id'])
      .where('actor_user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => `${a.entity}:${a.action}`)).toEqual([
      'membership:create',
      'residency:create',
      'permissions:create',
      'invitation:aceptar',
    ]);

    // A used link says so, and works no more.
    const again = await post(undefined, INVITATIONS_PATHS.accept, { token, password: 'NoraVidal2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'token', messageId: 'invitationsNotices.link.used' });
    // The resident now appears in the list, found without accents.
    const list = (await get(admin, `${INVITATIONS_PATHS.residents}?q=NORA%20vidal`)).json();
    assert(list, ResidentsAnswer);
    expect(list.items).toEqual([expect.objectContaining({ email, dwelling: 'Torre B - 902', kind: 'owner' })]);
  });

  it('refuses inviting an active resident to their own dwelling; several residents per dwelling are fine', async () => {
    const ApmtId = await dwellingId(t.app.db, 'Torre A', '101');
    const refused = await post(admin, INVITATIONS_PATHS.invite, {
      email: 'residente@demo.mx',
      name: 'Rosa',
      ApmtId,
      kind: 'owner',
      roles: [],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('residente@demo.mx ya es residente activo de esa vivienda.');
    await invited({ email: freshEmail('housemate'), name: 'Otra Persona', ApmtId, kind: 'tenant', roles: [] });
    const inactive = await post(admin, INVITATIONS_PATHS.invite, {
      email: 'x@correo.test',
      name: 'X',
      ApmtId: await dwellingId(t.app.db, '', 'Villa 4', await condoIdOf(t.app.db, 'Villas del Mar')),
      kind: 'owner',
      roles: [],
    });
    expect(inactive.statusCode).toBe(404);
  });

  it('a person of another condominium confirms with their password and gains the membership', async () => {
    const ApmtId = await dwellingId(t.app.db, 'Torre B', '903');
    const { token } = await invited({ email: 'villas@demo.mx', name: 'Valeria Ortiz', ApmtId, kind: 'tenant', roles: [] });
    const info = (await post(undefined, INVITATIONS_PATHS.info, { token })).json();
    expect(info.invitation.existingUser).toBe(true);
    const wrong = await post(undefined, INVITATIONS_PATHS.accept, { token, password: 'NoEsLaMia123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'password', message: 'La contraseña no es la de tu cuenta.' });
    const ok = await post(undefined, INVITATIONS_PATHS.accept, { token, password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    const memberships = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.condo_id', 'm.active'])
      .where('u.email', '=', 'villas@demo.mx')
      .orderBy('m.condo_id')
      .execute();
    expect(memberships).toEqual([
      { condo_id: 1, active: 1 },
      { condo_id: await condoIdOf(t.app.db, 'Villas del Mar'), active: 1 },
    ]);
  });

  it('invites staff with role flags and no dwelling', async () => {
    const { invitation, mail, token } = await invited({
      email: freshEmail('guardia'),
      name: 'Guardia Nuevo',
      ApmtId: null,
      kind: null,
      roles: ['guard'],
    });
    expect(invitation).toMatchObject({ ApmtId: null, dwelling: null, roles: ['guard'] });
    expect(mail.text).toContain('te invita a unirte como guardia.');
    expect((await post(undefined, INVITATIONS_PATHS.accept, { token, password: 'Guardia2026' })).statusCode).toBe(200);
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', invitation.email).executeTakeFirstOrThrow();
    const membership = await t.app.db
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ is_guard: 1, is_admin: 0, is_employee: 0 });
    const already = await post(admin, INVITATIONS_PATHS.invite, {
      email: 'guardia@demo.mx',
      name: 'G',
      ApmtId: null,
      kind: null,
      roles: ['guard'],
    });
    expect(already.statusCode).toBe(409);
    const badShape = await post(admin, INVITATIONS_PATHS.invite, {
      email: freshEmail(),
      name: 'X',
      ApmtId: null,
      kind: 'owner',
      roles: [],
    });
    expect(badShape.statusCode).toBe(400);
  });

  it('resend makes a new link and the old one stops working; revoke and expiry say why the link fails', async () => {
    const ApmtId = await dwellingId(t.app.db, 'Torre B', '904');
    const first = await invited({ email: freshEmail('reenvio'), name: 'Reenvío', ApmtId, kind: 'tenant', roles: [] });
    const before = mailbox.messages.length;
    const resent = await post(admin, INVITATIONS_PATHS.resend, { id: first.invitation.id });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.sentCount).toBe(2);
    await t.app.tasks.drain();
    const second = linkToken((await mailbox.waitFor(before + 1)).text);
    expect(second).not.toBe(first.token);
    expect((await post(undefined, INVITATIONS_PATHS.info, { token: first.token })).json()).toMatchObject({
      messageId: 'invitationsNotices.link.unknown',
    });
    expect((await post(undefined, INVITATIONS_PATHS.info, { token: second })).statusCode).toBe(200);

    expect((await post(admin, INVITATIONS_PATHS.revoke, { id: first.invitation.id })).statusCode).toBe(200);
    const revoked = await post(undefined, INVITATIONS_PATHS.accept, { token: second, password: 'Segura2026' });
    expect(revoked.json()).toMatchObject({ field: 'token', messageId: 'invitationsNotices.link.revoked' });
    expect((await post(admin, INVITATIONS_PATHS.resend, { id: first.invitation.id })).statusCode).toBe(404);
    expect((await auditRows('invitation', first.invitation.id)).map((a) => a.action)).toEqual(['create', 'reenviar', 'revocar']);

    const late = await invited({ email: freshEmail('tarde'), name: 'Tarde', ApmtId, kind: 'owner', roles: [] });
    // Seven days later (the row's expiry moved back, so the administrator's session stays alive).
    await t.app.db
      .updateTable('invitations')
      .set({ expires_at: clock.now().toISOString() })
      .where('id', '=', late.invitation.id)
      .execute();
    expect((await post(undefined, INVITATIONS_PATHS.info, { token: late.token })).json()).toMatchObject({
      messageId: 'invitationsNotices.link.expired',
      message: 'Este enlace de invitación venció. Pide a la administración que te la reenvíe.',
    });
    expect((await post(undefined, INVITATIONS_PATHS.accept, { token: late.token, password: 'Tarde2026x' })).statusCode).toBe(400);
    const listed = (await get(admin, INVITATIONS_PATHS.invitations)).json();
    expect(listed.items.find((i: { id: number }) => i.id === late.invitation.id)).toMatchObject({ expired: true });
  });

  it('moving a resident out deletes the residency, ends their membership and their sessions at once, keeps their history', async () => {
    const resident = await signInAs(t.app, 'vecino050@demo.mx');
    const residency = await residencyOf(t.app.db, 'vecino050@demo.mx');
    expect((await getSessionData(t.app, resident)).statusCode).toBe(200);
    const res = await post(admin, INVITATIONS_PATHS.moveOut, { residencyId: residency.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, membershipEnded: true });
    expect((await getSessionData(t.app, resident)).statusCode).toBe(401);
    expect(
      await t.app.db.selectFrom('residencies').select('id').where('id', '=', residency.id).executeTakeFirst(),
    ).toBeUndefined();
    const membership = await t.app.db
      .selectFrom('memberships')
      .select('active')
      .where('id', '=', residency.membershipId)
      .executeTakeFirstOrThrow();
    expect(membership.active).toBe(0);
    const audit = await auditRows('residency', residency.id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({
      membershipId: residency.membershipId,
      userId: residency.userId,
      ApmtId: residency.apartment_id,
      kind: 'owner',
    });
    expect((await auditRows('membership', residency.membershipId)).map((a) => a.after_json)).toEqual([
      JSON.stringify({ active: 0 }),
    ]);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', residency.userId).executeTakeFirst()).toBeDefined();
    expect((await post(admin, INVITATIONS_PATHS.moveOut, { residencyId: residency.id })).statusCode).toBe(404);

    // An administrator who lives here keeps the membership (their role), loses the dwelling.
    const own = await residencyOf(t.app.db, 'consejo@demo.mx');
    const board = await post(admin, INVITATIONS_PATHS.moveOut, { residencyId: own.id });
    expect(board.json()).toEqual({ success: true, membershipEnded: false });
  });

  it('the inbox lists access requests pending first with a suggested dwelling; approving invites, once', async () => {
    const list = (await get(admin, INVITATIONS_PATHS.accessRequests)).json();
    assert(list, AccessRequestsAnswer);
    expect(list.pending).toBeGreaterThanOrEqual(6);
    const lucia = list.items.find((r) => r.email === 'lucia.fernandez@correo.mx')!;
    expect(lucia).toMatchObject({
      status: 'pendiente',
      vivienda: 'Torre B 1003',
      suggestedApmtId: await dwellingId(t.app.db, 'Torre B', '1003'),
    });
    expect(list.items.find((r) => r.email === 'elena.robles@correo.mx')!.suggestedApmtId).toBe(
      await dwellingId(t.app.db, '', 'Casa 45'),
    );
    expect(list.items.find((r) => r.email === 'hector.ibarra@correo.mx')!.suggestedApmtId).toBeNull();

    const id = await insertAccessRequest(t.app.db, { email: 'aprobar@correo.test', vivienda: 'Torre B 1006' });
    const ApmtId = await dwellingId(t.app.db, 'Torre B', '1006');
    const before = mailbox.messages.length;
    const approved = await post(admin, INVITATIONS_PATHS.approve, { id, ApmtId, kind: 'tenant' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'aprobada' });
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(before + 1);
    expect(mail.to).toEqual(['aprobar@correo.test']);
    const invitation = await t.app.db
      .selectFrom('invitations')
      .selectAll()
      .where('access_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ email: 'aprobar@correo.test', apartment_id: ApmtId, kind: 'tenant' });
    expect(mail.text).toContain(linkToken(mail.text));

    const second = await post(admin, INVITATIONS_PATHS.reject, { id, mensaje: 'No.' });
    expect(second.statusCode).toBe(409);
    const conflict = second.json();
    assert(conflict, AccessRequestConflict, 'the 409 carries the request as it is');
    expect(conflict.request.status).toBe('aprobada');
    expect(second.json().message).toBe('Esta solicitud ya fue aprobada.');
    expect((await auditRows('access_request', id)).map((a) => a.action)).toEqual(['aprobar']);
  });

  it('rejecting e-mails the message; a second decision is refused', async () => {
    const id = await insertAccessRequest(t.app.db, { email: 'rechazar@correo.test' });
    const before = mailbox.messages.length;
    const rejected = await post(admin, INVITATIONS_PATHS.reject, {
      id,
      mensaje: 'No encontramos tu nombre en el padrón de la torre.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().request).toMatchObject({
      status: 'rechazada',
      decisionMessage: 'No encontramos tu nombre en el padrón de la torre.',
    });
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(before + 1);
    expect(mail.to).toEqual(['rechazar@correo.test']);
    expect(mail.subject).toBe('Tu solicitud de acceso a Residencial Las Palmas');
    expect(mail.text).toContain('No encontramos tu nombre en el padrón de la torre.');
    const again = await post(admin, INVITATIONS_PATHS.approve, {
      id,
      ApmtId: await dwellingId(t.app.db, 'Torre B', '1006'),
      kind: 'owner',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().request.status).toBe('rechazada');
    expect(
      await t.app.db.selectFrom('invitations').select('id').where('access_request_id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("another condominium's ids are not found, and its lists show only its own", async () => {
    const palmasResidency = await residencyOf(t.app.db, 'vecino051@demo.mx');
    expect((await post(bosqueAdmin, INVITATIONS_PATHS.moveOut, { residencyId: palmasResidency.id })).statusCode).toBe(404);
    const { invitation } = await invited({
      email: freshEmail('ajena'),
      name: 'Ajena',
      ApmtId: await dwellingId(t.app.db, 'Torre B', '905'),
      kind: 'owner',
      roles: [],
    });
    expect((await post(bosqueAdmin, INVITATIONS_PATHS.resend, { id: invitation.id })).statusCode).toBe(404);
    expect((await post(bosqueAdmin, INVITATIONS_PATHS.revoke, { id: invitation.id })).statusCode).toBe(404);
    const requestId = await insertAccessRequest(t.app.db);
    const bosqueDwelling = (
      await t.app.db
        .selectFrom('apartments')
        .select('id')
        .where('condo_id', '=', await condoIdOf(t.app.db, 'Torres del Bosque'))
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await post(bosqueAdmin, INVITATIONS_PATHS.approve, { id: requestId, ApmtId: bosqueDwelling, kind: 'owner' })).statusCode,
    ).toBe(404);
    expect((await post(bosqueAdmin, INVITATIONS_PATHS.reject, { id: requestId, mensaje: 'x' })).statusCode).toBe(404);
    // A Palmas administrator cannot invite to a Bosque dwelling either.
    expect(
      (
        await post(admin, INVITATIONS_PATHS.invite, {
          email: freshEmail(),
          name: 'X',
          ApmtId: bosqueDwelling,
          kind: 'owner',
          roles: [],
        })
      ).statusCode,
    ).toBe(404);
    const lists = await Promise.all([
      get(bosqueAdmin, INVITATIONS_PATHS.invitations),
      get(bosqueAdmin, INVITATIONS_PATHS.accessRequests),
      get(bosqueAdmin, INVITATIONS_PATHS.residents),
    ]);
    expect(lists[0]!.json().items.map((i: { id: number }) => i.id)).not.toContain(invitation.id);
    expect(lists[1]!.json().items).toEqual([]);
    expect(lists[2]!.json().items.every((r: { email: string }) => r.email !== 'vecino051@demo.mx')).toBe(true);
    expect(
      await t.app.db.selectFrom('public_contact_requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'pendiente' });
  });

  it('filters residents by tower and pages them', async () => {
    const towerB = (
      await t.app.db
        .selectFrom('towers')
        .select('id')
        .where('name', '=', 'Torre B')
        .where('condo_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    const page = (await get(admin, `${INVITATIONS_PATHS.residents}?torre=${towerB}&limit=5`)).json();
    assert(page, ResidentsAnswer);
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items.every((r) => r.towerId === towerB)).toBe(true);
    const houses = (await get(admin, `${INVITATIONS_PATHS.residents}?torre=0&limit=100`)).json();
    expect(houses.items.every((r: { towerId: number | null }) => r.towerId === null)).toBe(true);
    expect(page.towers.map((x) => x.name)).toEqual(['Torre A', 'Torre B']);
  });

  it('writes no token in any log line or audit row', async () => {
    const tokens = mailbox.messages.filter((m) => m.text.includes('aceptar-invitacion')).map((m) => linkToken(m.text));
    expect(tokens.length).toBeGreaterThan(3);
    const audit = JSON.stringify(await t.app.db.selectFrom('audit_log').selectAll().execute());
    const logs = lines.join('\n');
    for (const token of tokens) {
      expect(audit).not.toContain(token);
      expect(logs).not.toContain(token);
    }
  });
});
