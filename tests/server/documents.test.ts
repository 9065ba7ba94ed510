// The document library (src/api/documents.ts) on both databases: the demo's reglamento in two versions, its insurance
// policy and its acta; who sees what by audience (everyone; owners by their dwellings held as owner, so a tenant does
// not; the board; administrators) in the list, the folders' counts and the detail; another condominium's never; an
// upload checked before anything is written (a file that is not what it says, a blank name, an unknown folder); a new
// version keeps the old ones listed with who uploaded them; search by name (case aside, a '%' is a '%'); archiving
// hides a document from everyone but the administrators' archive; every change writes its history row; a version's
// file behind its signed link; the shared fileDocument files once per source.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOCUMENTS } from '../../server/db/seed/documents';
import { fileDocument } from '../../server/domain/shared/documentLibrary';
import {
  DOCUMENT_PATHS,
  DocumentAnswer,
  DocumentFolderAnswer,
  DocumentFoldersAnswer,
  DocumentsPageAnswer,
  documentPath,
} from '../../src/api/documents';
import type { ErrorAnswer } from '../../src/api/errors';
import {
  archive,
  condoIdOf,
  freshDocument,
  newVersion,
  PDF_BYTES,
  PDF_DATA_URL,
  PNG_1X1,
  setResidencyKind,
  upload,
  uploadDraft,
} from '../support/documentsServerFixtures';
import { api } from '../support/http';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

describe(`documents (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  let board: string;
  let resident: string;
  let employee: string;
  let bosqueAdmin: string;
  let palmas: number;
  let bosque: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    board = await signInAs(t.app, 'consejo@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    employee = await signInAs(t.app, 'empleado@demo.mx');
    palmas = await condoIdOf(t.app.db, 'palmas');
    bosque = await condoIdOf(t.app.db, 'bosque');
    const bosqueName = (
      await t.app.db.selectFrom('condominiums').select('name').where('id', '=', bosque).executeTakeFirstOrThrow()
    ).name;
    bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', bosqueName);
  });

  const list = (token: string, query: string) =>
    expectOk<DocumentsPageAnswer>(call(t.app, 'GET', api(`${DOCUMENT_PATHS.list}?${query}`), { token }), DocumentsPageAnswer);
  const detail = (token: string, id: number) => call(t.app, 'GET', api(documentPath(id)), { token });
  const auditOf = (id: number) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity', '=', 'document')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('has the demo’s reglamento in two versions, the insurance policy for owners and the signed acta', async () => {
    const all = await list(admin, 'limit=50');
    for (const demo of DEMO_DOCUMENTS) expect(all.items.map((d) => d.name)).toContain(demo.name);
    const rules = all.items.find((d) => d.name === DEMO_DOCUMENTS[0]!.name)!;
    expect(rules.folder).toBe('reglamento');
    expect(rules.current.number).toBe(2);
    const full = await expectOk<DocumentAnswer>(detail(admin, rules.id), DocumentAnswer);
    expect(full.data.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(full.data.versions[0]!.uploadedBy).toBe('Ana Martínez Ruiz');
    expect(full.data.versions[1]!.fileName).toBe('reglamento-2023.pdf');
    const minutes = await list(resident, 'folder=actas');
    // The book of minutes files the demo's past assembly's signed acta (server/db/seed/assemblyMinutes.ts).
    expect(minutes.items.map((d) => d.name)).toEqual([expect.stringMatching(/^Acta 1: /)]);
    const file = await t.app.inject({ method: 'GET', url: minutes.items[0]!.current.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows each member the audiences theirs: a tenant loses the owners’ documents', async () => {
    const tag = `Aud${Date.now().toString(36)}`;
    const ids = {
      everyone: await freshDocument(t.app.db, palmas, 'everyone', `${tag} todos`),
      owners: await freshDocument(t.app.db, palmas, 'owners', `${tag} propietarios`),
      board: await freshDocument(t.app.db, palmas, 'board', `${tag} consejo`),
      admins: await freshDocument(t.app.db, palmas, 'admins', `${tag} administración`),
    };
    const seen = async (token: string) => (await list(token, `q=${tag}`)).items.map((d) => d.audience).sort();
    expect(await seen(admin)).toEqual(['admins', 'board', 'everyone', 'owners']);
    expect(await seen(board)).toEqual(['board', 'everyone', 'owners']);
    expect(await seen(resident)).toEqual(['everyone', 'owners']);
    expect(await seen(employee)).toEqual(['everyone']);
    expect((await detail(resident, ids.owners)).statusCode).toBe(200);
    expect((await detail(resident, ids.board)).statusCode).toBe(404);
    expect((await detail(employee, ids.owners)).statusCode).toBe(404);
    await setResidencyKind(t.app.db, 'residente@demo.mx', palmas, 'tenant');
    try {
      expect(await seen(resident)).toEqual(['everyone']);
      expect((await detail(resident, ids.owners)).statusCode).toBe(404);
      const folders = await expectOk<DocumentFoldersAnswer>(
        call(t.app, 'GET', api(DOCUMENT_PATHS.folders), { token: resident }),
        DocumentFoldersAnswer,
      );
      // The demo's insurance policy is the owners': a tenant's Seguros folder is empty.
      expect(folders.items.find((f) => f.key === 'seguros')!.count).toBe(0);
    } finally {
      await setResidencyKind(t.app.db, 'residente@demo.mx', palmas, 'owner');
    }
    const folders = await expectOk<DocumentFoldersAnswer>(
      call(t.app, 'GET', api(DOCUMENT_PATHS.folders), { token: resident }),
      DocumentFoldersAnswer,
    );
    expect(folders.items.slice(0, 5).map((f) => f.key)).toEqual(['reglamento', 'actas', 'contratos', 'seguros', 'planos']);
    expect(folders.items.find((f) => f.key === 'seguros')!.count).toBeGreaterThanOrEqual(1);
  });

  it('never shows another condominium’s documents', async () => {
    const tag = `Otro${Date.now().toString(36)}`;
    const theirs = await freshDocument(t.app.db, bosque, 'everyone', `${tag} de Bosque`);
    expect((await list(admin, `q=${tag}`)).items).toEqual([]);
    expect((await detail(admin, theirs)).statusCode).toBe(404);
    expect((await newVersion(t, admin, theirs, { file: { name: 'v2.pdf', dataUrl: PDF_DATA_URL } })).statusCode).toBe(404);
    expect((await archive(t, admin, theirs, true)).statusCode).toBe(404);
    expect((await list(bosqueAdmin, `q=${tag}`)).items).toHaveLength(1);
  });

  it('uploads a PDF or an image and refuses bad input writing nothing', async () => {
    const before = await t.app.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const lying = await upload(
      t,
      admin,
      uploadDraft({ file: { name: 'falso.pdf', dataUrl: PNG_1X1.replace('image/png', 'application/pdf') } }),
    );
    expect(lying.statusCode).toBe(400);
    expect((JSON.parse(lying.body) as ErrorAnswer).field).toBe('file');
    expect((await upload(t, admin, uploadDraft({ name: '   ' }))).statusCode).toBe(400);
    expect((await upload(t, admin, uploadDraft({ folder: 'otros' }))).statusCode).toBe(400);
    expect((await upload(t, admin, { ...uploadDraft(), audience: 'nadie' })).statusCode).toBe(400);
    expect((await upload(t, admin, uploadDraft({ folder: 'f999999' }))).statusCode).toBe(404);
    const after = await t.app.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const plan = await expectOk<DocumentAnswer>(
      upload(
        t,
        admin,
        uploadDraft({ folder: 'planos', name: 'Plano de estacionamiento', file: { name: 'plano.png', dataUrl: PNG_1X1 } }),
      ),
      DocumentAnswer,
    );
    expect(plan.data).toMatchObject({ folder: 'planos', audience: 'everyone', archived: false });
    expect(plan.data.current).toMatchObject({
      number: 1,
      fileName: 'plano.png',
      contentType: 'image/png',
      uploadedBy: 'Ana Martínez Ruiz',
    });
    expect(await auditOf(plan.data.id)).toHaveLength(1);

    const folder = await expectOk<DocumentFolderAnswer>(
      call(t.app, 'POST', api(DOCUMENT_PATHS.newFolder), { token: admin, payload: { name: `Proveedores ${Date.now()}` } }),
      DocumentFolderAnswer,
    );
    const again = await call(t.app, 'POST', api(DOCUMENT_PATHS.newFolder), {
      token: admin,
      payload: { name: folder.data.name!.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    const filed = await expectOk<DocumentAnswer>(upload(t, admin, uploadDraft({ folder: folder.data.key })), DocumentAnswer);
    expect(filed.data.folder).toBe(folder.data.key);
    expect((await list(resident, `folder=${folder.data.key}`)).items.map((d) => d.id)).toEqual([filed.data.id]);
    // Another condominium's folder is unknown here.
    expect((await upload(t, bosqueAdmin, uploadDraft({ folder: folder.data.key }))).statusCode).toBe(404);
  });

  it('keeps every version with who uploaded it, and the list shows the current one', async () => {
    const id = await freshDocument(t.app.db, palmas, 'everyone', `Versiones ${Date.now().toString(36)}`);
    const second = await expectOk<DocumentAnswer>(
      newVersion(t, admin, id, { file: { name: 'v2.pdf', dataUrl: PDF_DATA_URL }, note: 'Corrección de cláusulas.' }),
      DocumentAnswer,
    );
    expect(second.data.versions.map((v) => [v.number, v.fileName, v.uploadedBy, v.note])).toEqual([
      [2, 'v2.pdf', 'Ana Martínez Ruiz', 'Corrección de cláusulas.'],
      [1, 'prueba.pdf', null, null],
    ]);
    // Two at once: numbers one after the other.
    const both = await Promise.all([
      newVersion(t, admin, id, { file: { name: 'v3.pdf', dataUrl: PDF_DATA_URL } }),
      newVersion(t, admin, id, { file: { name: 'v4.pdf', dataUrl: PDF_DATA_URL } }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const full = await expectOk<DocumentAnswer>(detail(resident, id), DocumentAnswer);
    expect(full.data.versions.map((v) => v.number)).toEqual([4, 3, 2, 1]);
    const row = (await list(resident, `q=${encodeURIComponent(full.data.name)}`)).items[0]!;
    expect(row.current.number).toBe(4);
    expect(row.versions).toEqual([]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['update', 'update', 'update']);
    const old = await t.app.inject({ method: 'GET', url: full.data.versions[3]!.url });
    expect(old.statusCode).toBe(200);
    expect(Buffer.compare(old.rawPayload, PDF_BYTES)).toBe(0);
    expect(old.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('searches by name, case aside, a page at a time; a % is a %', async () => {
    const tag = `Busca${Date.now().toString(36)}`;
    for (const n of ['Alfa', 'Beta', 'Gamma']) await freshDocument(t.app.db, palmas, 'everyone', `${tag} ${n}`);
    await freshDocument(t.app.db, palmas, 'everyone', `${tag} 100% pagado`);
    const first = await list(resident, `q=${tag.toUpperCase()}&limit=2`);
    expect(first.total).toBe(4);
    expect(first.items.map((d) => d.name)).toEqual([`${tag} 100% pagado`, `${tag} Alfa`]);
    const next = await list(resident, `q=${tag}&limit=2&offset=2`);
    expect(next.items.map((d) => d.name)).toEqual([`${tag} Beta`, `${tag} Gamma`]);
    expect((await list(resident, `q=${encodeURIComponent(`${tag} 100%`)}`)).total).toBe(1);
    expect((await list(resident, `q=${encodeURIComponent(`${tag}%a`)}`)).total).toBe(0);
    expect((await list(resident, `q=${tag}&folder=reglamento`)).total).toBe(0);
    expect((await call(t.app, 'GET', api(`${DOCUMENT_PATHS.list}?limit=500`), { token: resident })).statusCode).toBe(400);
  });

  it('archives a document out of everyone’s sight but the administrators’ archive, and brings it back', async () => {
    const name = `Archivo ${Date.now().toString(36)}`;
    const id = await freshDocument(t.app.db, palmas, 'everyone', name);
    const archived = await expectOk<DocumentAnswer>(archive(t, admin, id, true), DocumentAnswer);
    expect(archived.data.archived).toBe(true);
    expect((await list(resident, `q=${encodeURIComponent(name)}`)).total).toBe(0);
    expect((await list(admin, `q=${encodeURIComponent(name)}`)).total).toBe(0);
    expect((await list(admin, `q=${encodeURIComponent(name)}&archived=1`)).total).toBe(1);
    expect((await list(resident, `q=${encodeURIComponent(name)}&archived=1`)).total).toBe(0);
    expect((await detail(resident, id)).statusCode).toBe(404);
    expect((await detail(admin, id)).statusCode).toBe(200);
    await expectOk(archive(t, admin, id, false), DocumentAnswer);
    expect((await list(resident, `q=${encodeURIComponent(name)}`)).total).toBe(1);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['deactivate', 'activate']);
    // Archiving what is archived already changes nothing and writes no row.
    await expectOk(archive(t, admin, id, false), DocumentAnswer);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('files an assembly’s acta once per source: filing again adds a version', async () => {
    const at = new Date().toISOString();
    const file = { contentType: 'application/pdf', data: PDF_BYTES, fileName: 'acta.pdf' };
    const source = { kind: 'assembly', id: 987_654 };
    const input = {
      condoId: palmas,
      actorUserId: null,
      at,
      file,
      folder: 'actas' as const,
      name: 'Acta de prueba',
      audience: 'owners' as const,
      source,
    };
    const first = await t.app.db.transaction().execute((trx) => fileDocument(trx, input));
    const second = await t.app.db.transaction().execute((trx) => fileDocument(trx, input));
    expect(second).toEqual({ documentId: first.documentId, version: 2 });
    const minutes = await list(resident, 'folder=actas&q=Acta%20de%20prueba');
    expect(minutes.items.map((d) => [d.id, d.current.number])).toEqual([[first.documentId, 2]]);
  });
});
