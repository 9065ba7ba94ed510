// Proxies (cartas poder) at an assembly (src/api/assemblyVotes.ts, issue 32) on both databases: an owner gives a
// dwelling's proxy with the signed document (only an owner of it; the upload guard refuses a file that is not what it
// says; one standing per dwelling); who manages the assembly reads it and its document, accepts (the holder is told)
// or rejects with a reason; the proxy limit per holder, also with two accepts at once; withdrawing before the
// assembly opens and giving again in place; the quorum per call counts a dwelling present by its proxy, and the
// attendance list says so.
import { beforeAll, describe, expect, it } from 'vitest';
import { AssemblyAnswer, assemblyPath } from '../../src/api/assemblies';
import { ProxiesAnswer, type ProxyBoard, proxyDocumentPath } from '../../src/api/assemblyVotes';
import { attend, change, condoIdOf, dwellingsOf, freshAssembly } from '../support/assembliesServerFixtures';
import {
  type DemoOwner,
  decideProxy,
  demoOwners,
  giveProxy,
  proxyRequest,
  readProxies,
  withdrawProxy,
  writeSettings,
} from '../support/assemblyVotesServerFixtures';
import { PNG_1X1, setResidencyKind } from '../support/documentsServerFixtures';
import { api } from '../support/http';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

describe(`assembly proxies (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  let resident: string;
  let palmas: number;
  let owners: DemoOwner[];
  const tokens = new Map<string, string>();

  const tokenOf = async (owner: DemoOwner) => {
    if (!tokens.has(owner.email)) tokens.set(owner.email, await signInAs(t.app, owner.email));
    return tokens.get(owner.email)!;
  };
  const board = async (token: string, id: number): Promise<ProxyBoard> =>
    (await expectOk<ProxiesAnswer>(readProxies(t, token, id), ProxiesAnswer)).data;
  const give = async (owner: DemoOwner, id: number, holder: { userId: number } | { name: string }) =>
    (
      await expectOk<ProxiesAnswer>(
        giveProxy(t, await tokenOf(owner), id, proxyRequest(owner.apartmentId, holder)),
        ProxiesAnswer,
      )
    ).data.proxies.find((p) => p.apartmentId === owner.apartmentId)!;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    palmas = await condoIdOf(t.app.db, 'palmas');
    owners = await demoOwners(t.app.db, palmas);
    expect(owners.length).toBeGreaterThan(10);
    await writeSettings(t.app.db, palmas, { proxy_limit: 2 });
  });

  it('lets an owner give the dwelling’s proxy with the signed document, and only an owner of it', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'called');
    const [grantor, holder, other] = owners;
    const mine = await board(await tokenOf(grantor!), id);
    expect(mine).toMatchObject({ manages: false, proxyLimit: 2, proxies: [] });
    expect(mine.mayGive).toEqual([expect.objectContaining({ apartmentId: grantor!.apartmentId })]);
    expect(mine.holders.some((h) => h.userId === holder!.userId)).toBe(true);
    expect(mine.holders.some((h) => h.userId === grantor!.userId)).toBe(false);
    // Another owner's dwelling: refused.
    const foreign = await giveProxy(t, await tokenOf(other!), id, proxyRequest(grantor!.apartmentId, { userId: holder!.userId }));
    expect(foreign.statusCode).toBe(403);
    // A picture that says it is a PDF: refused before anything is written.
    const fake = {
      ...proxyRequest(grantor!.apartmentId, { userId: holder!.userId }),
      file: { name: 'x.pdf', dataUrl: PNG_1X1.replace('image/png', 'application/pdf') },
    };
    const refused = await giveProxy(t, await tokenOf(grantor!), id, fake);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ field: 'file' });
    // Neither a resident nor a name.
    expect((await giveProxy(t, await tokenOf(grantor!), id, proxyRequest(grantor!.apartmentId, { name: '  ' }))).statusCode).toBe(
      400,
    );
    const given = await give(grantor!, id, { userId: holder!.userId });
    expect(given).toMatchObject({ state: 'pending', holderName: holder!.name, hasDocument: true, mayWithdraw: true });
    // One standing per dwelling.
    const again = await giveProxy(t, await tokenOf(grantor!), id, proxyRequest(grantor!.apartmentId, { name: 'Otra Persona' }));
    expect(again.statusCode).toBe(409);
    // The grantor's own view no longer offers the dwelling; another owner sees none of it.
    expect((await board(await tokenOf(grantor!), id)).mayGive).toEqual([]);
    expect((await board(await tokenOf(other!), id)).proxies).toEqual([]);
    // A tenant of a dwelling gives no proxy.
    await setResidencyKind(t.app.db, other!.email, palmas, 'tenant');
    try {
      const tenant = await giveProxy(t, await tokenOf(other!), id, proxyRequest(other!.apartmentId, { name: 'Alguien' }));
      expect(tenant.statusCode).toBe(403);
    } finally {
      await setResidencyKind(t.app.db, other!.email, palmas, 'owner');
    }
  });

  it('lets who manages the assembly read the document, accept (telling the holder) or reject with a reason', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'waiting');
    const [grantor, holder, second] = owners.slice(3);
    const given = await give(grantor!, id, { userId: holder!.userId });
    const all = await board(admin, id);
    expect(all.manages).toBe(true);
    expect(all.proxies.find((p) => p.id === given.id)).toMatchObject({ grantor: grantor!.name, state: 'pending' });
    const document = await call(t.app, 'GET', api(proxyDocumentPath(id, given.id)), { token: admin });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t.app, 'GET', api(proxyDocumentPath(id, given.id)), { token: await tokenOf(second!) })).statusCode).toBe(
      404,
    );
    // Residents do not decide.
    expect((await decideProxy(t, resident, id, given.id)).statusCode).toBe(403);
    expect((await decideProxy(t, await tokenOf(holder!), id, given.id)).statusCode).toBe(403);
    const decided = (await expectOk<ProxiesAnswer>(decideProxy(t, admin, id, given.id), ProxiesAnswer)).data;
    expect(decided.proxies.find((p) => p.id === given.id)!.state).toBe('accepted');
    const told = await t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', holder!.userId)
      .where('modulo', '=', 'asamblea')
      .execute();
    expect(told.length).toBe(1);
    expect(told[0]!.titulo).toBe('Carta poder aceptada');
    expect(JSON.parse(told[0]!.props)).toEqual({ assemblyId: id });
    // Decided once.
    expect((await decideProxy(t, admin, id, given.id, false, 'tarde')).statusCode).toBe(409);
    // A rejection needs its reason.
    const outsider = await give(second!, id, { name: 'Licenciada Ruiz' });
    expect((await decideProxy(t, admin, id, outsider.id, false, ' ')).statusCode).toBe(400);
    const rejected = (await expectOk<ProxiesAnswer>(decideProxy(t, admin, id, outsider.id, false, 'Sin firma'), ProxiesAnswer))
      .data;
    expect(rejected.proxies.find((p) => p.id === outsider.id)).toMatchObject({ state: 'rejected', reason: 'Sin firma' });
    // Given again in place after a rejection.
    const replaced = await give(second!, id, { name: 'Licenciada Ruiz' });
    expect(replaced).toMatchObject({ id: outsider.id, state: 'pending', reason: null });
  });

  it('keeps each holder within the condominium’s limit, also when two accepts come at once', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'called');
    const [holder, a, b, c] = owners.slice(6);
    const proxies = [];
    for (const owner of [a!, b!, c!]) proxies.push(await give(owner, id, { userId: holder!.userId }));
    await expectOk(decideProxy(t, admin, id, proxies[0]!.id));
    await expectOk(decideProxy(t, admin, id, proxies[1]!.id));
    const over = await decideProxy(t, admin, id, proxies[2]!.id);
    expect(over.statusCode).toBe(409);
    expect(JSON.parse(over.body).message).toBe(`${holder!.name} ya representa 2 viviendas, el límite del condominio.`);
    // An outsider counts by name, however it is written.
    const other = await freshAssembly(t.app.db, palmas, 'called');
    await writeSettings(t.app.db, palmas, { proxy_limit: 1 });
    try {
      const first = await give(a!, other, { name: 'Pedro Páramo' });
      const second = await give(b!, other, { name: ' pedro páramo ' });
      const both = await Promise.all([decideProxy(t, admin, other, first.id), decideProxy(t, admin, other, second.id)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const accepted = await t.app.db
        .selectFrom('assembly_proxies')
        .select('id')
        .where('assembly_id', '=', other)
        .where('state', '=', 'accepted')
        .execute();
      expect(accepted.length).toBe(1);
    } finally {
      await writeSettings(t.app.db, palmas, { proxy_limit: 2 });
    }
  });

  it('is withdrawn by its owner before the assembly opens, not after', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'waiting');
    const [grantor, holder, stranger] = owners.slice(10);
    const given = await give(grantor!, id, { userId: holder!.userId });
    await expectOk(decideProxy(t, admin, id, given.id));
    expect((await withdrawProxy(t, await tokenOf(stranger!), id, given.id)).statusCode).toBe(404);
    const withdrawn = (await expectOk<ProxiesAnswer>(withdrawProxy(t, await tokenOf(grantor!), id, given.id), ProxiesAnswer))
      .data;
    expect(withdrawn.proxies[0]).toMatchObject({ state: 'withdrawn', mayWithdraw: false });
    expect((await withdrawProxy(t, await tokenOf(grantor!), id, given.id)).statusCode).toBe(409);
    const again = await give(grantor!, id, { userId: holder!.userId });
    await expectOk(decideProxy(t, admin, id, again.id));
    await t.app.db.updateTable('assemblies').set({ state: 'open' }).where('id', '=', id).execute();
    expect((await withdrawProxy(t, await tokenOf(grantor!), id, again.id)).statusCode).toBe(409);
    expect(
      (await giveProxy(t, await tokenOf(stranger!), id, proxyRequest(stranger!.apartmentId, { name: 'X' }))).statusCode,
    ).toBe(409);
  });

  it('counts a dwelling present by its proxy for the quorum of each call, and says so in the attendance list', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'called');
    const [grantor, holder] = owners.slice(13);
    const given = await give(grantor!, id, { userId: holder!.userId });
    await expectOk(decideProxy(t, admin, id, given.id));
    let a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'convene', 1), AssemblyAnswer)).data;
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'nextCall', a.version), AssemblyAnswer)).data;
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'nextCall', a.version), AssemblyAnswer)).data;
    expect(a).toMatchObject({ currentCall: 3, quorum: { met: false, present: 0 } });
    const row = a.attendance!.find((r) => r.apartmentId === grantor!.apartmentId)!;
    expect(row.proxyHolder).toBe(holder!.name);
    // The holder attends: the owner's row, by the holder's name.
    const attended = await call(t.app, 'POST', api(`${assemblyPath(id)}/asistencia`), {
      token: admin,
      payload: { apartmentId: grantor!.apartmentId, kind: 'owner', mode: 'in_person', name: holder!.name },
    });
    a = (await expectOk<AssemblyAnswer>(Promise.resolve(attended), AssemblyAnswer)).data;
    const indiviso = (await dwellingsOf(t.app.db, palmas)).find((d) => d.id === grantor!.apartmentId)!.indiviso;
    expect(a.quorum).toMatchObject({ present: indiviso, dwellingsPresent: 1, met: true });
    expect(a.attendance!.find((r) => r.apartmentId === grantor!.apartmentId)).toMatchObject({
      owner: { mode: 'in_person', name: holder!.name },
      proxyHolder: holder!.name,
    });
    // Without it, the dwelling is absent again.
    a = (await expectOk<AssemblyAnswer>(attend(t, admin, id, grantor!.apartmentId, null), AssemblyAnswer)).data;
    expect(a.quorum.present).toBe(0);
  });

  it('answers 404 for another condominium’s assembly', async () => {
    const bosque = await condoIdOf(t.app.db, 'bosque');
    const id = await freshAssembly(t.app.db, bosque, 'called');
    expect((await readProxies(t, admin, id)).statusCode).toBe(404);
    expect((await readProxies(t, await tokenOf(owners[0]!), id)).statusCode).toBe(404);
  });
});
