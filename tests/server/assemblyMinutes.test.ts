// The minutes of assemblies (src/api/assemblyMinutes.ts, issue 32) on both databases: the acta's PDF (the call, the
// attendance with indiviso and the proxy, the quorum reached, a public item's votes per dwelling and a secret one's
// totals, the signatures); filing the signed acta once (409 again, two at once leave one entry, numbered per
// condominium, hashed, in the library's 'actas' with the minutes' audience); the book read by who the audience
// allows; the hash check (altered bytes show); addenda in order, hashed; the door code (another assembly's, a forged
// and a tenant's refused, a proxy's dwelling recorded under its holder, once); another condominium's is unknown.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInCode } from '../../server/domain/assemblies/checkIn';
import { ASSEMBLY_PATHS, assemblyPath } from '../../src/api/assemblies';
import {
  actaPdfPath,
  CheckInAnswer,
  CheckInCodeAnswer,
  checkInPath,
  fileMinutesPath,
  MINUTES_PATHS,
  MinutesBookAnswer,
  MinutesCheckAnswer,
  MinutesEntryAnswer,
  minutesAddendumPath,
  minutesCheckPath,
  myCheckInCodePath,
} from '../../src/api/assemblyMinutes';
import { condoIdOf, dwellingsOf, freshAssembly } from '../support/assembliesServerFixtures';
import { PDF_BYTES, PDF_DATA_URL, PNG_1X1, setResidencyKind } from '../support/documentsServerFixtures';
import { api } from '../support/http';
import { pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

describe(`assembly minutes (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  let resident: string;
  let guard: string;
  let palmas: number;
  let bosque: number;
  let residentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    guard = await signInAs(t.app, 'guardia@demo.mx');
    palmas = await condoIdOf(t.app.db, 'palmas');
    bosque = await condoIdOf(t.app.db, 'bosque');
    residentId = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'residente@demo.mx').executeTakeFirstOrThrow()
    ).id;
  });

  const fileActa = (token: string, id: number, dataUrl = PDF_DATA_URL) =>
    call(t.app, 'POST', api(fileMinutesPath(id)), { token, payload: { file: { name: 'acta-firmada.pdf', dataUrl } } });
  const book = (token: string) =>
    expectOk<MinutesBookAnswer>(call(t.app, 'GET', api(MINUTES_PATHS.book), { token }), MinutesBookAnswer);
  const check = async (token: string, minutesId: number) =>
    (await expectOk<MinutesCheckAnswer>(call(t.app, 'GET', api(minutesCheckPath(minutesId)), { token }), MinutesCheckAnswer))
      .data;
  const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  /** A closed assembly with attendance, an accepted proxy, a public voted item with votes and a secret one. */
  async function votedAssembly() {
    const id = await freshAssembly(t.app.db, palmas, 'closed', 2);
    const dwellings = await dwellingsOf(t.app.db, palmas);
    const [a, b, c, d] = dwellings;
    const at = new Date().toISOString();
    for (const dwelling of [a!, b!, c!]) {
      await t.app.db
        .insertInto('assembly_attendance')
        .values({ assembly_id: id, apartment_id: dwelling.id, kind: 'owner', mode: 'in_person', name: null, recorded_at: at })
        .execute();
    }
    await t.app.db
      .insertInto('assembly_proxies')
      .values({
        assembly_id: id,
        apartment_id: c!.id,
        holder_name: 'Licenciada Apoderada Prueba',
        state: 'accepted',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await t.app.db
      .insertInto('assembly_attendance')
      .values({ assembly_id: id, apartment_id: d!.id, kind: 'tenant', mode: 'online', name: null, recorded_at: at })
      .execute();
    const item = await t.app.db.selectFrom('assembly_items').select('id').where('assembly_id', '=', id).executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('assembly_items')
      .set({ vote_state: 'closed', outcome: 'approved' })
      .where('id', '=', item.id)
      .execute();
    const { id: secretItem } = await t.app.db
      .insertInto('assembly_items')
      .values({
        assembly_id: id,
        position: 1,
        title: 'Punto secreto',
        description: '',
        kind: 'voted',
        majority: 'simple',
        qualified_percent: null,
        vote_state: 'closed',
        secret: 1,
        outcome: 'rejected',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const itemId of [item.id, secretItem]) {
      for (const [index, dwelling] of [a!, b!, c!].entries()) {
        await t.app.db
          .insertInto('assembly_item_seats')
          .values({ item_id: itemId, apartment_id: dwelling.id, weight: dwelling.indiviso, barred: index === 1 ? 1 : 0 })
          .execute();
      }
      await t.app.db
        .insertInto('assembly_item_votes')
        .values([
          { item_id: itemId, apartment_id: a!.id, choice: itemId === item.id ? 'yes' : 'no', cast_at: at },
          { item_id: itemId, apartment_id: c!.id, choice: 'abstain', cast_at: at },
        ])
        .execute();
    }
    return { id, dwellings };
  }

  it('writes the acta: the call, the attendance with the proxy, the quorum, public votes per dwelling and secret totals', async () => {
    const { id } = await votedAssembly();
    const res = await call(t.app, 'GET', api(actaPdfPath(id)), { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    if (process.env.ACTA_OUT) writeFileSync(process.env.ACTA_OUT, res.rawPayload);
    for (const expected of [
      'Acta de asamblea',
      'Lista de asistencia',
      'por carta poder: Licenciada Apoderada Prueba',
      'inquilino, sin voto',
      'convocatoria 2',
      'Resultado: aprobado',
      'Resultado: rechazado',
      'Votación pública',
      'Votación secreta',
      'Sin voto por adeudo',
      'Presidente de la asamblea',
      'Escrutador',
    ]) {
      expect(text).toContain(expected);
    }
    // The public item lists each dwelling's vote, the secret one does not ('en contra' is only the secret one's).
    expect(text).toContain(': a favor');
    expect(text).not.toContain(': en contra');
    // Before it opens there is no acta; residents never get one; another condominium's is unknown.
    const called = await freshAssembly(t.app.db, palmas, 'called');
    expect((await call(t.app, 'GET', api(actaPdfPath(called)), { token: admin })).statusCode).toBe(409);
    expect((await call(t.app, 'GET', api(actaPdfPath(id)), { token: resident })).statusCode).toBe(403);
    const elsewhere = await freshAssembly(t.app.db, bosque, 'closed', 1);
    expect((await call(t.app, 'GET', api(actaPdfPath(elsewhere)), { token: admin })).statusCode).toBe(404);
  });

  it('files the signed acta once, numbered and hashed, in the library; two at once leave one entry', async () => {
    const before = (await book(admin)).items;
    const lastNumber = Math.max(0, ...before.map((e) => e.number));
    const open = await freshAssembly(t.app.db, palmas, 'open', 1);
    expect((await fileActa(admin, open)).statusCode).toBe(409);
    const { id } = await votedAssembly();
    expect((await fileActa(resident, id)).statusCode).toBe(403);
    expect((await fileActa(admin, id, 'data:application/pdf;base64,aGVsbG8gd29ybGQgdGhpcyBpcyBub3QgYSBwZGY=')).statusCode).toBe(
      400,
    );
    const entry = (await expectOk<MinutesEntryAnswer>(fileActa(admin, id), MinutesEntryAnswer)).data;
    expect(entry).toMatchObject({ number: lastNumber + 1, assemblyId: id, sha256: sha(PDF_BYTES), addenda: [] });
    expect(entry.fileUrl).toMatch(/\/--documentos\/archivo\/\d+\?exp=/);
    const again = await fileActa(admin, id, PNG_1X1);
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).message).toContain('adendas');
    const row = await t.app.db.selectFrom('assembly_minutes').selectAll().where('assembly_id', '=', id).executeTakeFirstOrThrow();
    const document = await t.app.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', row.document_id!)
      .executeTakeFirstOrThrow();
    expect(document).toMatchObject({
      folder_code: 'actas',
      audience: 'owners',
      source_kind: 'assembly',
      source_id: id,
      current_version: 1,
    });

    const { id: raced } = await votedAssembly();
    const both = await Promise.all([fileActa(admin, raced), fileActa(admin, raced)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.selectFrom('assembly_minutes').select('number').where('assembly_id', '=', raced).execute();
    expect(rows).toEqual([{ number: lastNumber + 2 }]);
    const documents = await t.app.db
      .selectFrom('documents')
      .select('id')
      .where('source_kind', '=', 'assembly')
      .where('source_id', '=', raced)
      .execute();
    expect(documents).toHaveLength(1);

    const elsewhere = await freshAssembly(t.app.db, bosque, 'closed', 1);
    expect((await fileActa(admin, elsewhere)).statusCode).toBe(404);
  });

  it('shows the book to who the minutes’ audience allows, the demo’s acta first filed', async () => {
    const read = await book(resident);
    expect(read.manages).toBe(false);
    const demo = read.items.find((e) => e.number === 1);
    expect(demo?.assemblyTitle).toBe('Asamblea ordinaria anual');
    expect(demo?.fileUrl).toBeTruthy();
    expect((await call(t.app, 'GET', api(MINUTES_PATHS.book), { token: guard })).statusCode).toBe(403);
    const settings = (
      await expectOk<{ data: Record<string, unknown> }>(call(t.app, 'GET', api(ASSEMBLY_PATHS.settings), { token: admin }))
    ).data;
    const save = (minutesAudience: string) =>
      expectOk(
        call(t.app, 'POST', api(ASSEMBLY_PATHS.saveSettings), { token: admin, payload: { ...settings, minutesAudience } }),
      );
    await save('admins');
    expect((await call(t.app, 'GET', api(MINUTES_PATHS.book), { token: resident })).statusCode).toBe(403);
    expect((await book(admin)).manages).toBe(true);
    await save('everyone');
    expect((await call(t.app, 'GET', api(MINUTES_PATHS.book), { token: guard })).statusCode).toBe(200);
    await save('owners');
    // A bosque reader never sees Las Palmas' entries.
    const bosqueAdmin = await signInAs(t.app, 'bosque.admin@demo.mx').catch(() => null);
    if (bosqueAdmin)
      expect((await book(bosqueAdmin)).items.some((e) => e.assemblyTitle === 'Asamblea ordinaria anual')).toBe(false);
  });

  it('checks the hashes: intact, then altered when the stored bytes change; addenda in order, hashed', async () => {
    const { id } = await votedAssembly();
    const entry = (await expectOk<MinutesEntryAnswer>(fileActa(admin, id), MinutesEntryAnswer)).data;
    expect(await check(resident, entry.id)).toEqual({ intact: true, addenda: [] });

    const addendum = (token: string, payload: object) =>
      call(t.app, 'POST', api(minutesAddendumPath(entry.id)), { token, payload });
    expect((await addendum(resident, { text: 'Corrección' })).statusCode).toBe(403);
    const first = (
      await expectOk<MinutesEntryAnswer>(addendum(admin, { text: 'Se corrige el nombre del secretario.' }), MinutesEntryAnswer)
    ).data;
    expect(first.addenda.map((a) => [a.position, a.text, a.fileUrl])).toEqual([
      [1, 'Se corrige el nombre del secretario.', null],
    ]);
    const second = (
      await expectOk<MinutesEntryAnswer>(
        addendum(admin, { text: 'Se anexa la lista firmada.', file: { name: 'lista.png', dataUrl: PNG_1X1 } }),
        MinutesEntryAnswer,
      )
    ).data;
    expect(second.addenda.map((a) => a.position)).toEqual([1, 2]);
    expect(second.addenda[1]!.fileUrl).toMatch(/\/--asambleas\/adenda\/archivo\/\d+\?exp=/);
    const file = await call(t.app, 'GET', second.addenda[1]!.fileUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const forged = second.addenda[1]!.fileUrl!.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`);
    expect((await call(t.app, 'GET', forged)).statusCode).toBe(403);
    // The entry itself is unchanged by its addenda.
    expect(second.sha256).toBe(entry.sha256);
    expect(await check(resident, entry.id)).toEqual({
      intact: true,
      addenda: [
        { position: 1, intact: true },
        { position: 2, intact: true },
      ],
    });

    const version = await t.app.db
      .selectFrom('assembly_minutes as m')
      .innerJoin('document_versions as v', 'v.document_id', 'm.document_id')
      .select('v.file_id')
      .where('m.id', '=', entry.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('files')
      .set({ data: Buffer.from('%PDF-1.4 tampered') })
      .where('id', '=', version.file_id)
      .execute();
    await t.app.db
      .updateTable('assembly_minute_addenda')
      .set({ text: 'Otro texto' })
      .where('minutes_id', '=', entry.id)
      .where('position', '=', 1)
      .execute();
    expect(await check(admin, entry.id)).toEqual({
      intact: false,
      addenda: [
        { position: 1, intact: false },
        { position: 2, intact: true },
      ],
    });

    const elsewhere = await t.app.db
      .insertInto('assembly_minutes')
      .values({
        condo_id: bosque,
        assembly_id: await freshAssembly(t.app.db, bosque, 'closed', 1),
        number: 1,
        sha256: 'x',
        filed_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'GET', api(minutesCheckPath(elsewhere.id)), { token: admin })).statusCode).toBe(404);
    expect((await addendum(admin, { text: 'x' })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', api(minutesAddendumPath(elsewhere.id)), { token: admin, payload: { text: 'x' } })).statusCode,
    ).toBe(404);
  });

  it('checks in at the door by the owner’s code, once; a proxy’s dwelling under its holder; refuses other codes', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'waiting');
    const mine = await expectOk<CheckInCodeAnswer>(
      call(t.app, 'GET', api(myCheckInCodePath(id)), { token: resident }),
      CheckInCodeAnswer,
    );
    expect(mine.code).toMatch(/^A\d+-\d+-[0-9a-f]{12}$/);
    expect(mine.dwellings.length).toBeGreaterThan(0);
    const owned = mine.dwellings.length;
    // An accepted proxy the resident holds for a dwelling that is not theirs.
    const residentDwellings = (
      await t.app.db
        .selectFrom('residencies as r')
        .innerJoin('memberships as m', 'm.id', 'r.membership_id')
        .select('r.apartment_id')
        .where('m.user_id', '=', residentId)
        .where('m.condo_id', '=', palmas)
        .execute()
    ).map((r) => r.apartment_id);
    const other = (await dwellingsOf(t.app.db, palmas)).find((d) => !residentDwellings.includes(d.id))!;
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('assembly_proxies')
      .values({
        assembly_id: id,
        apartment_id: other.id,
        holder_user_id: residentId,
        holder_name: 'Rosa Apoderada',
        state: 'accepted',
        created_at: at,
        updated_at: at,
      })
      .execute();

    const door = (code: string, assemblyId = id, token = admin) =>
      call(t.app, 'POST', api(checkInPath(assemblyId)), { token, payload: { code } });
    expect((await door(mine.code, id, resident)).statusCode).toBe(403);
    const done = await expectOk<CheckInAnswer>(door(` ${mine.code.toUpperCase().replace(/^A/, 'a')} `), CheckInAnswer);
    expect(done.dwellings).toHaveLength(owned + 1);
    expect(done.already).toEqual([]);
    const rows = await t.app.db.selectFrom('assembly_attendance').selectAll().where('assembly_id', '=', id).execute();
    expect(rows.map((r) => [r.apartment_id, r.kind, r.mode]).sort()).toEqual(
      [...residentDwellings, other.id].map((d) => [d, 'owner', 'in_person']).sort(),
    );
    expect(rows.find((r) => r.apartment_id === other.id)?.name).toBe('Rosa Apoderada');
    expect(done.data.quorum.dwellingsPresent).toBe(owned + 1);
    const again = await expectOk<CheckInAnswer>(door(mine.code), CheckInAnswer);
    expect(again.dwellings).toEqual([]);
    expect(again.already).toHaveLength(owned + 1);
    expect(await t.app.db.selectFrom('assembly_attendance').select('id').where('assembly_id', '=', id).execute()).toHaveLength(
      owned + 1,
    );

    const refusal = async (code: string, assemblyId = id) => {
      const res = await door(code, assemblyId);
      return [res.statusCode, JSON.parse(res.body).message as string] as const;
    };
    const second = await freshAssembly(t.app.db, palmas, 'waiting');
    expect(await refusal(mine.code, second)).toEqual([400, 'El código es de otra asamblea.']);
    const forged = mine.code.replace(/[0-9a-f]{12}$/, (s) => (s[0] === '0' ? `1${s.slice(1)}` : `0${s.slice(1)}`));
    expect(await refusal(forged)).toEqual([400, 'El código no es válido.']);
    expect(await refusal('hola')).toEqual([400, 'El código no es válido.']);
    await setResidencyKind(t.app.db, 'residente@demo.mx', palmas, 'tenant');
    try {
      const tenantCode = await checkInCode(t.app.db, t.app.clock, palmas, second, residentId);
      const [statusCode, message] = await refusal(tenantCode, second);
      expect(statusCode).toBe(400);
      expect(message).toContain('no es propietaria');
    } finally {
      await setResidencyKind(t.app.db, 'residente@demo.mx', palmas, 'owner');
    }
    const closed = await freshAssembly(t.app.db, palmas, 'closed', 1);
    const closedCode = await checkInCode(t.app.db, t.app.clock, palmas, closed, residentId);
    expect((await door(closedCode, closed)).statusCode).toBe(409);
    const elsewhere = await freshAssembly(t.app.db, bosque, 'waiting');
    expect((await door(mine.code, elsewhere)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', api(myCheckInCodePath(elsewhere)), { token: resident })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', api(assemblyPath(id)), { token: admin })).statusCode).toBe(200);
  });
});
