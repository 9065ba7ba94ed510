// configuracion, tab 'permisos' on the server (issue 16): the members list (staff first, accent-insensitive
// search, role filter, pages), one member's set, saving it (flags, keys, levels, functions) with its history
// rows in the same transaction, the change counting from the member's next request, a stale version and an
// incomplete set refused, another condominium's membership not found, and the last active administrator kept:
// refused alone, and when two demotions of the last two administrators run at once, at most one passes.
import { create } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASS_KEY } from '../../server/db/seed/guests';
import { MemberPage, type MemberPermissions, PermissionsConflict } from '../../src/api/memberPermissions';
import { EDITABLE_PERMISSIONS, EDITABLE_ROLE_FUNCTIONS } from '../../src/api/permissions';
import type { SessionData } from '../../src/api/sessions';
import { membershipOf, permissionsClient, withPermission, withRoles } from '../support/memberPermissionsServerFixtures';
import { call, createTestApp, dialect, getSessionData, signInAs, type TestApp } from '../support/testApp';

describe(`member permissions (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  const client = permissionsClient(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  const page = async (query: string) => {
    const res = await client.list(admin, query);
    expect(res.statusCode, res.body).toBe(200);
    return create(res.json(), MemberPage);
  };
  const auditRows = (entityId: number) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'actor_user_id', 'before_json', 'after_json'])
      .where('entity_id', '=', entityId)
      .where('entity', 'in', ['permissions', 'membership'])
      .orderBy('id')
      .execute();
  const sessionOf = async (token: string) => ((await getSessionData(t.app, token)).json() as { data: SessionData }).data;

  it('lists staff first, then residents, each by name; pages; counts', async () => {
    const first = await page('?limit=8');
    expect(first.total).toBeGreaterThan(20);
    const names = first.miembros.map((m) => m.email);
    expect(names.slice(0, 7).sort()).toEqual(
      [
        'admin@demo.mx',
        'consejo@demo.mx',
        'empleado@demo.mx',
        'guardia@demo.mx',
        'supervisor@demo.mx',
        'vigilante1@demo.mx',
        'vigilante2@demo.mx',
      ].sort(),
    );
    expect(first.miembros.slice(0, 7).map((m) => m.nombre)).toEqual(
      [...first.miembros.slice(0, 7).map((m) => m.nombre)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(first.miembros[7]!.roles).toEqual({ admin: false, board: false, employee: false, guard: false, supervisor: false });
    const second = await page('?limit=8&offset=8');
    expect(second.offset).toBe(8);
    expect(second.miembros.map((m) => m.membershipId)).not.toContain(first.miembros[0]!.membershipId);
    const residente = (await page('?q=residente')).miembros[0]!;
    expect(residente.viviendas).toEqual(['Torre A - 101']);
  });

  it('searches names and e-mails ignoring accents and case, and filters by role', async () => {
    expect((await page('?q=SOFIA')).miembros.map((m) => m.email)).toEqual(['supervisor@demo.mx']);
    expect((await page('?q=victor navarro')).miembros.map((m) => m.email)).toEqual(['vigilante1@demo.mx']);
    expect((await page('?rol=guard')).miembros.map((m) => m.email).sort()).toEqual([
      'guardia@demo.mx',
      'vigilante1@demo.mx',
      'vigilante2@demo.mx',
    ]);
    expect((await page('?rol=admin')).miembros.map((m) => m.email)).toEqual(['admin@demo.mx']);
    const staff = await page('?rol=staff&limit=100');
    expect(staff.total).toBe(7);
    const residents = await page('?rol=resident&limit=100');
    expect(residents.miembros.every((m) => !Object.values(m.roles).some(Boolean))).toBe(true);
    expect(residents.total + staff.total).toBe((await page('')).total);
    expect((await page('?q=nadie-se-llama-asi')).miembros).toEqual([]);
    expect((await client.list(admin, '?rol=jefe')).statusCode).toBe(400);
  });

  it("reads one member's whole set: every editable key and function, what is not stored as off", async () => {
    const id = await membershipOf(t.app.db, 'vigilante1@demo.mx');
    const member = await client.member(admin, id);
    expect(member).toMatchObject({ membershipId: id, nombre: 'Víctor Navarro Ríos', activo: true, esYo: false });
    expect(member.set.roles).toEqual({ admin: false, board: false, employee: false, guard: true, supervisor: false });
    expect(member.set.permisos.map((p) => p.clave)).toEqual(EDITABLE_PERMISSIONS.map((p) => p.clave));
    expect(member.set.permisos.find((p) => p.clave === 'ACC-PAS')).toEqual({ clave: 'ACC-PAS', activa: false, tipo: 'ver' });
    expect(member.set.funciones).toEqual(EDITABLE_ROLE_FUNCTIONS.map((funcion) => ({ funcion, tipo: 0 })));
    const self = await client.member(admin, await membershipOf(t.app.db, 'admin@demo.mx'));
    expect(self.esYo).toBe(true);
    expect(self.set.permisos.find((p) => p.clave === 'ADEUDOS')).toEqual({ clave: 'ADEUDOS', activa: true, tipo: 'alto' });
  });

  it('gives a guard ACC-PAS: saved with its history row, and the guard can check passes from the next call', async () => {
    const guard = await signInAs(t.app, 'vigilante1@demo.mx');
    const check = () =>
      call(t.app, 'POST', '/api/--empleados/verificar-pase', { token: guard, payload: { codigo: DEMO_PASS_KEY } });
    expect((await check()).statusCode).toBe(403);
    const id = await membershipOf(t.app.db, 'vigilante1@demo.mx');
    const before = await client.member(admin, id);
    const next = {
      ...withPermission(before.set, 'ACC-PAS', true),
      funciones: before.set.funciones.map((f) => (f.funcion === 'Bancos' ? { ...f, tipo: 2 } : f)),
    };
    const res = await client.save(admin, id, before.version, next);
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json() as { miembro: MemberPermissions }).miembro;
    expect(saved.set).toEqual(next);
    expect(saved.version).not.toBe(before.version);
    const data = await sessionOf(guard);
    expect(data.usuarioPermisos).toContainEqual({ Clave: 'ACC-PAS', Tipo: 'ver', Activa: 1 });
    expect(data.permisosRoles).toContainEqual({ Funcion: 'Bancos', Tipo: 2 });
    expect((await check()).statusCode).not.toBe(403);
    const audit = await auditRows(id);
    expect(audit.map((a) => [a.entity, a.action])).toEqual([['permissions', 'update']]);
    const adminUser = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.mx')
      .executeTakeFirstOrThrow();
    expect(audit[0]!.actor_user_id).toBe(adminUser.id);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ permisos: before.set.permisos, funciones: before.set.funciones });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ permisos: next.permisos, funciones: next.funciones });
  });

  it('changes role flags with a membership history row; an unchanged save writes nothing', async () => {
    const id = await membershipOf(t.app.db, 'vigilante2@demo.mx');
    const before = await client.member(admin, id);
    const next = withRoles(before.set, { supervisor: true, employee: true });
    const res = await client.save(admin, id, before.version, next);
    expect(res.statusCode, res.body).toBe(200);
    const audit = await auditRows(id);
    expect(audit.map((a) => [a.entity, a.action])).toEqual([['membership', 'roles']]);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual(before.set.roles);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual(next.roles);
    const data = await sessionOf(await signInAs(t.app, 'vigilante2@demo.mx'));
    expect([data.usuario.UserIsGuard, data.usuario.UserIsSupervisor, data.usuario.UserIsEmployed]).toEqual(['Y', 'Y', 'Y']);
    const again = (res.json() as { miembro: MemberPermissions }).miembro;
    expect((await client.save(admin, id, again.version, again.set)).statusCode).toBe(200);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('refuses a stale version with 409 and the set as it is now, writing nothing', async () => {
    const id = await membershipOf(t.app.db, 'guardia@demo.mx');
    const read = await client.member(admin, id);
    const first = await client.save(admin, id, read.version, withPermission(read.set, 'COM-SOL', true));
    expect(first.statusCode).toBe(200);
    const late = await client.save(admin, id, read.version, withPermission(read.set, 'ACC-PAS', false));
    expect(late.statusCode).toBe(409);
    const conflict = create(late.json(), PermissionsConflict);
    expect(conflict.motivo).toBe('stale');
    expect(conflict.message).toContain('Alguien más cambió');
    expect(conflict.miembro.set.permisos.find((p) => p.clave === 'COM-SOL')!.activa).toBe(true);
    expect(conflict.miembro.set.permisos.find((p) => p.clave === 'ACC-PAS')!.activa).toBe(true);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('refuses an incomplete set or a level the key does not offer with 400', async () => {
    const id = await membershipOf(t.app.db, 'empleado@demo.mx');
    const read = await client.member(admin, id);
    const missing = { ...read.set, permisos: read.set.permisos.slice(1) };
    expect((await client.save(admin, id, read.version, missing)).statusCode).toBe(400);
    const wrongLevel = withPermission(read.set, 'COM-EDO', true, 'alto');
    expect((await client.save(admin, id, read.version, wrongLevel)).statusCode).toBe(400);
    const tooHigh = { ...read.set, funciones: read.set.funciones.map((f) => ({ ...f, tipo: 4 })) };
    expect((await client.save(admin, id, read.version, tooHigh)).statusCode).toBe(400);
    expect(await auditRows(id)).toEqual([]);
  });

  it("answers 404 for another condominium's membership, both ways", async () => {
    const bosqueMember = await membershipOf(t.app.db, 'admin@demo.mx', 'bosque');
    expect((await client.read(admin, bosqueMember)).statusCode).toBe(404);
    const palmasGuard = await membershipOf(t.app.db, 'guardia@demo.mx');
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    expect((await client.read(bosqueAdmin, palmasGuard)).statusCode).toBe(404);
    const read = await client.member(admin, palmasGuard);
    expect((await client.save(bosqueAdmin, palmasGuard, read.version, read.set)).statusCode).toBe(404);
    expect((await client.read(admin, 999_999)).statusCode).toBe(404);
  });

  it('keeps the last active administrator: nobody can take the flag away, themselves included', async () => {
    const id = await membershipOf(t.app.db, 'admin@demo.mx');
    const read = await client.member(admin, id);
    const res = await client.save(admin, id, read.version, withRoles(read.set, { admin: false, board: true }));
    expect(res.statusCode).toBe(409);
    const conflict = create(res.json(), PermissionsConflict);
    expect(conflict.motivo).toBe('lastAdmin');
    expect(conflict.message).toContain('al menos un administrador activo');
    expect(conflict.miembro.set.roles.admin).toBe(true);
    expect(await auditRows(id)).toEqual([]);
    // Other changes to the last administrator are fine.
    const kept = await client.save(admin, id, read.version, withPermission(read.set, 'ACC-PAS', true));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('of two demotions of the last two administrators at once, at most one passes', async () => {
    const adminId = await membershipOf(t.app.db, 'admin@demo.mx');
    const boardId = await membershipOf(t.app.db, 'consejo@demo.mx');
    const activeAdmins = async () =>
      (
        await t.app.db
          .selectFrom('memberships as m')
          .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
          .select('m.id')
          .where('c.subdomain', '=', 'palmas')
          .where('m.is_admin', '=', 1)
          .where('m.active', '=', 1)
          .execute()
      ).map((r) => r.id);
    for (let round = 0; round < 4; round++) {
      // Two administrators: consejo@demo.mx is made one.
      await t.app.db.updateTable('memberships').set({ is_admin: 1 }).where('id', 'in', [adminId, boardId]).execute();
      const board = await signInAs(t.app, 'consejo@demo.mx');
      const [a, b] = await Promise.all([client.member(admin, boardId), client.member(board, adminId)]);
      const results = await Promise.all([
        client.save(admin, boardId, a.version, withRoles(a.set, { admin: false })),
        client.save(board, adminId, b.version, withRoles(b.set, { admin: false })),
      ]);
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200).length, `round ${round}: ${statuses}`).toBeLessThanOrEqual(1);
      for (const r of results) if (r.statusCode === 409) expect(create(r.json(), PermissionsConflict).motivo).toBe('lastAdmin');
      expect(await activeAdmins()).toHaveLength(1);
    }
    // Back to the demo's one administrator.
    await t.app.db.updateTable('memberships').set({ is_admin: 1 }).where('id', '=', adminId).execute();
    await t.app.db.updateTable('memberships').set({ is_admin: 0 }).where('id', '=', boardId).execute();
  });
});
