// The e-invoicing set-up (issue 17) through the real app on a real database: the demo's catalogue and clients,
// issuers with their courtesy stamps and optimistic concurrency, the CSD upload's refusals, the SAT key search,
// products, clients linked to dwellings, the stamps ledger and a stamp request stored, audited and mailed.
import { beforeAll, describe, expect, it } from 'vitest';
import { consumeStamp } from '../../server/domain/invoicing/stamps';
import {
  type Client,
  type ClientList,
  INVOICING_PATHS,
  type InvoicingGeneralData,
  type Issuer,
  type Product,
  type ProductList,
  type SatCatalogueAnswer,
  type StampLedger,
  WELCOME_STAMPS,
} from '../../src/api/invoicing';
import { api } from '../support/http';
import { issuerDraft, multipart } from '../support/invoicingSetupFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

describe(`e-invoicing set-up (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  let bosqueAdmin = '';
  const post = (token: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token, payload });
  const get = (token: string, path: string) => call(t.app, 'GET', api(path), { token });
  const audits = (entity: string, entityId: number) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
  const apartmentId = async (subdomain: string, tower: string, name: string) =>
    (
      await t.app.db
        .selectFrom('apartments as a')
        .innerJoin('towers as tw', 'tw.id', 'a.tower_id')
        .innerJoin('condominiums as c', 'c.id', 'a.condo_id')
        .select('a.id')
        .where('c.subdomain', '=', subdomain)
        .where('tw.name', '=', tower)
        .where('a.name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
    bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });

  it('seeds Las Palmas with the four default products and two clients linked to their dwellings, and no issuer', async () => {
    const products = (await get(admin, INVOICING_PATHS.products)).json() as ProductList;
    expect(products.products.map((p) => p.kind).sort()).toEqual([
      'cuotaExtraordinaria',
      'cuotaMantenimiento',
      'multa',
      'reservacion',
    ]);
    const fee = products.products.find((p) => p.kind === 'cuotaMantenimiento')!;
    expect(fee).toMatchObject({ claveProdServ: '72101507', claveUnidad: 'E48', objetoImp: '01', iva: null, active: true });
    expect(products.products.find((p) => p.kind === 'reservacion')).toMatchObject({ objetoImp: '02', iva: 'tasa16' });
    const clients = (await get(admin, INVOICING_PATHS.clients)).json() as ClientList;
    expect(clients.total).toBe(2);
    expect(clients.clients.map((c) => c.dwellings.map((d) => d.name))).toEqual([['Torre B - 502'], ['Torre A - 101']]);
    const general = (await get(admin, INVOICING_PATHS.generalData)).json() as InvoicingGeneralData;
    expect(general).toEqual({ success: true, data: [] });
    // Another condominium has none of it.
    expect(((await get(bosqueAdmin, INVOICING_PATHS.products)).json() as ProductList).products).toEqual([]);
    expect(((await get(bosqueAdmin, INVOICING_PATHS.clients)).json() as ClientList).total).toBe(0);
  });

  describe('issuers', () => {
    it('creates an issuer with 20 courtesy stamps, recorded as a credit, with its history', async () => {
      const draft = issuerDraft();
      const res = await post(admin, INVOICING_PATHS.saveIssuer, draft);
      expect(res.statusCode).toBe(200);
      const { issuer } = res.json() as { issuer: Issuer };
      expect(issuer).toMatchObject({ rfc: draft.rfc, version: 1, csd: null, stampsAvailable: WELCOME_STAMPS, modoInvoice: 'M' });
      const general = (await get(admin, INVOICING_PATHS.generalData)).json() as InvoicingGeneralData;
      expect(general.data.find((d) => d.enterprise.id === issuer.id)).toEqual({
        enterprise: issuer,
        resultTimbres: { disponibles: WELCOME_STAMPS },
      });
      const ledger = (await get(admin, INVOICING_PATHS.stamps)).json() as StampLedger;
      expect(ledger.balances).toContainEqual({ issuerId: issuer.id, rfc: draft.rfc, available: WELCOME_STAMPS });
      expect(ledger.movements.filter((m) => m.issuerRfc === draft.rfc)).toMatchObject([
        { delta: WELCOME_STAMPS, kind: 'credit', cfdiUuid: null },
      ]);
      expect((await audits('invoicing_issuer', issuer.id)).map((a) => a.action)).toEqual(['create']);
      // Its condominium's default products were already there: none twice.
      expect(((await get(admin, INVOICING_PATHS.products)).json() as ProductList).products).toHaveLength(4);
    });

    it('gives a condominium without products its defaults with its first issuer', async () => {
      const res = await post(bosqueAdmin, INVOICING_PATHS.saveIssuer, issuerDraft({ razonSocial: 'TORRES DEL BOSQUE' }));
      expect(res.statusCode).toBe(200);
      const products = (await get(bosqueAdmin, INVOICING_PATHS.products)).json() as ProductList;
      expect(products.products.map((p) => p.kind).sort()).toEqual([
        'cuotaExtraordinaria',
        'cuotaMantenimiento',
        'multa',
        'reservacion',
      ]);
    });

    it('refuses an RFC the condominium already has, and a régimen of the other kind of person', async () => {
      const draft = issuerDraft();
      expect((await post(admin, INVOICING_PATHS.saveIssuer, draft)).statusCode).toBe(200);
      const again = await post(admin, INVOICING_PATHS.saveIssuer, { ...draft, razonSocial: 'OTRA' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ messageId: 'invoicingErrors.rfcTaken', field: 'rfc' });
      // 605 (sueldos y salarios) is a persona física's; a 12-character RFC is a company's.
      const wrong = await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft({ regimenFiscal: '605' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ messageId: 'invoicingErrors.regimenKind' });
      const bad = await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft({ rfc: 'NO-ES-RFC' }));
      expect(bad.statusCode).toBe(400);
    });

    it('saves against the version read: a stale save is 409 with the issuer as it is now', async () => {
      const { issuer } = (await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft())).json() as { issuer: Issuer };
      const { id, version, csd: _csd, stampsAvailable: _s, ...fields } = issuer;
      const first = await post(admin, INVOICING_PATHS.saveIssuer, { ...fields, id, version, serie: 'B', modoInvoice: 'A' });
      expect(first.statusCode).toBe(200);
      expect((first.json() as { issuer: Issuer }).issuer).toMatchObject({ version: 2, serie: 'B', modoInvoice: 'A' });
      const stale = await post(admin, INVOICING_PATHS.saveIssuer, { ...fields, id, version, serie: 'C' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ messageId: 'invoicingErrors.stale.issuer', issuer: { version: 2, serie: 'B' } });
      const history = await audits('invoicing_issuer', id);
      expect(history.map((a) => a.action)).toEqual(['create', 'update']);
      expect(JSON.parse(history[1]!.after_json!)).toMatchObject({ serie: 'B', modoInvoice: 'A' });
      // Saving what is already there changes nothing and writes no history.
      const same = await post(admin, INVOICING_PATHS.saveIssuer, { ...fields, id, version: 2, serie: 'B', modoInvoice: 'A' });
      expect((same.json() as { issuer: Issuer }).issuer.version).toBe(2);
      expect(await audits('invoicing_issuer', id)).toHaveLength(2);
    });

    it('answers 404 for another condominium’s issuer', async () => {
      const { issuer } = (await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft())).json() as { issuer: Issuer };
      const { csd: _csd, stampsAvailable: _s, ...fields } = issuer;
      const res = await post(bosqueAdmin, INVOICING_PATHS.saveIssuer, { ...fields, razonSocial: 'ROBADA' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('CSD upload', () => {
    let issuer: Issuer;
    const cer = Buffer.from('esto no es un certificado');
    const key = Buffer.from('ni esto una llave');
    beforeAll(async () => {
      issuer = ((await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft())).json() as { issuer: Issuer }).issuer;
    });
    const upload = (token: string, fields: Record<string, string>, files: Record<string, { name: string; data: Buffer }>) => {
      const body = multipart(fields, files);
      return t.app.inject({
        method: 'POST',
        url: api(INVOICING_PATHS.uploadCsd),
        headers: { 'app-token': token, ...body.headers },
        payload: body.payload,
      });
    };
    const fields = () => ({ issuerId: String(issuer.id), version: String(issuer.version), password: '12345678a' });

    it('refuses files that are not a CSD with the problem named, in the reader’s language, keeping nothing', async () => {
      const res = await upload(admin, fields(), { cer: { name: 'a.cer', data: cer }, key: { name: 'a.key', data: key } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        problem: 'notCertificate',
        messageId: 'invoicingErrors.csd.notCertificate',
        field: 'csd',
      });
      expect((res.json() as { message: string }).message).toBe('El archivo .cer no es un certificado válido.');
      const row = await t.app.db
        .selectFrom('invoicing_issuers')
        .select(['csd_cer', 'csd_password_sealed', 'version'])
        .where('id', '=', issuer.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ csd_cer: null, csd_password_sealed: null, version: 1 });
    });

    it('refuses a form without its key file, and a file beyond CSD_MAX_BYTES', async () => {
      const missing = await upload(admin, fields(), { cer: { name: 'a.cer', data: cer } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ field: 'key' });
      const big = await upload(admin, fields(), {
        cer: { name: 'a.cer', data: Buffer.alloc(64 * 1024 + 1) },
        key: { name: 'a.key', data: key },
      });
      expect(big.statusCode).toBe(400);
      expect(big.json()).toMatchObject({ messageId: 'invoicingErrors.csd.tooLarge' });
    });

    it('answers 404 for another condominium’s issuer', async () => {
      const res = await upload(bosqueAdmin, fields(), { cer: { name: 'a.cer', data: cer }, key: { name: 'a.key', data: key } });
      expect(res.statusCode).toBe(404);
    });
  });

  it('searches the SAT keys by key or by words, accents and case ignored', async () => {
    const search = async (kind: string, q: string) =>
      ((await get(admin, `${INVOICING_PATHS.satCatalogue}?kind=${kind}&q=${encodeURIComponent(q)}`)).json() as SatCatalogueAnswer)
        .items;
    expect((await search('prodserv', 'MANTENIMIENTO edificios')).map((i) => i.clave)).toContain('72101507');
    expect((await search('prodserv', '8013')).map((i) => i.clave)).toEqual(expect.arrayContaining(['80131500', '80131502']));
    expect((await search('unidad', 'dia')).map((i) => i.clave)).toEqual(['DAY']);
    expect((await search('unidad', 'e48'))[0]).toEqual({ clave: 'E48', descripcion: 'Unidad de servicio' });
    expect(await search('prodserv', 'zzzz')).toEqual([]);
    expect((await get(admin, `${INVOICING_PATHS.satCatalogue}?kind=otro&q=x`)).statusCode).toBe(400);
  });

  describe('products', () => {
    const draft = {
      name: 'Renta de salón',
      claveProdServ: '80131500',
      claveUnidad: 'E48',
      unidad: 'Servicio',
      priceCents: 150_000,
      objetoImp: '02',
      iva: 'tasa16',
    };

    it('creates, edits against the version, deactivates, with history; refuses an IVA without a tax object', async () => {
      const created = await post(admin, INVOICING_PATHS.productSave, draft);
      expect(created.statusCode).toBe(200);
      const { product } = created.json() as { product: Product };
      expect(product).toMatchObject({ ...draft, version: 1, active: true, kind: null });
      const edited = await post(admin, INVOICING_PATHS.productSave, {
        ...draft,
        id: product.id,
        version: 1,
        priceCents: 175_000,
      });
      expect((edited.json() as { product: Product }).product).toMatchObject({ version: 2, priceCents: 175_000 });
      const stale = await post(admin, INVOICING_PATHS.productSave, { ...draft, id: product.id, version: 1, priceCents: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ messageId: 'invoicingErrors.stale.product', product: { priceCents: 175_000 } });
      const off = await post(admin, INVOICING_PATHS.productActive, { id: product.id, version: 2, active: false });
      expect((off.json() as { product: Product }).product).toMatchObject({ active: false, version: 3 });
      expect((await audits('invoicing_product', product.id)).map((a) => a.action)).toEqual(['create', 'update', 'desactivar']);
      const noTax = await post(admin, INVOICING_PATHS.productSave, { ...draft, objetoImp: '01' });
      expect(noTax.statusCode).toBe(400);
      expect(noTax.json()).toMatchObject({ messageId: 'invoicingErrors.ivaTreatment', field: 'iva' });
      expect((await post(admin, INVOICING_PATHS.productSave, { ...draft, claveProdServ: '123' })).statusCode).toBe(400);
    });

    it('answers 404 for another condominium’s product', async () => {
      const { product } = (await post(admin, INVOICING_PATHS.productSave, draft)).json() as { product: Product };
      expect((await post(bosqueAdmin, INVOICING_PATHS.productSave, { ...draft, id: product.id, version: 1 })).statusCode).toBe(
        404,
      );
      expect(
        (await post(bosqueAdmin, INVOICING_PATHS.productActive, { id: product.id, version: 1, active: false })).statusCode,
      ).toBe(404);
    });
  });

  describe('clients', () => {
    const draft = {
      rfc: 'MOLA900214HB5',
      nombre: 'Ángela Mora López',
      regimenFiscal: '612',
      domicilioFiscal: '45110',
      usoCfdi: 'G03',
      email: 'angela@example.com',
      apartmentIds: [] as number[],
    };

    it('creates a client linked to a dwelling, found by name without accents; a dwelling invoices one client', async () => {
      const apartment = await apartmentId('palmas', 'Torre A', '202');
      const created = await post(admin, INVOICING_PATHS.clientSave, { ...draft, apartmentIds: [apartment] });
      expect(created.statusCode).toBe(200);
      const { client } = created.json() as { client: Client };
      expect(client).toMatchObject({
        version: 1,
        apartmentIds: [apartment],
        dwellings: [{ apartmentId: apartment, name: 'Torre A - 202' }],
      });
      const found = (await get(admin, `${INVOICING_PATHS.clients}?q=angela`)).json() as ClientList;
      expect(found.clients.map((c) => c.id)).toEqual([client.id]);
      const taken = await post(admin, INVOICING_PATHS.clientSave, { ...draft, rfc: 'MOLA900214HB6', apartmentIds: [apartment] });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ messageId: 'invoicingErrors.dwellingTaken', field: 'apartmentIds' });
      expect((taken.json() as { message: string }).message).toContain('Torre A - 202');
      // Moving the dwelling to another client takes it from the first only when the first lets it go.
      const released = await post(admin, INVOICING_PATHS.clientSave, { ...draft, id: client.id, version: 1, apartmentIds: [] });
      expect((released.json() as { client: Client }).client).toMatchObject({ version: 2, apartmentIds: [] });
      const stale = await post(admin, INVOICING_PATHS.clientSave, { ...draft, id: client.id, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ messageId: 'invoicingErrors.stale.client', client: { version: 2 } });
      expect((await audits('invoicing_client', client.id)).map((a) => a.action)).toEqual(['create', 'update']);
    });

    it('holds público en general to its fixed régimen and use, and refuses another condominium’s dwelling', async () => {
      const publico = { ...draft, rfc: 'XAXX010101000', nombre: 'PUBLICO EN GENERAL', regimenFiscal: '616', usoCfdi: 'S01' };
      expect((await post(admin, INVOICING_PATHS.clientSave, publico)).statusCode).toBe(200);
      const wrong = await post(admin, INVOICING_PATHS.clientSave, { ...publico, usoCfdi: 'G03' });
      expect(wrong.json()).toMatchObject({ messageId: 'invoicingErrors.publicoEnGeneral' });
      const elsewhere = await apartmentId('bosque', 'Torre Norte', '101');
      const res = await post(admin, INVOICING_PATHS.clientSave, { ...draft, apartmentIds: [elsewhere] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ messageId: 'invoicingErrors.notFound.dwelling' });
    });
  });

  describe('stamps', () => {
    it('stores a stamp request with its history and mails it to the stamps provider', async () => {
      const { issuer } = (await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft())).json() as { issuer: Issuer };
      const res = await post(admin, INVOICING_PATHS.stampRequest, { issuerId: issuer.id, quantity: 100, note: 'Urgente' });
      expect(res.statusCode).toBe(200);
      const { request } = res.json() as { request: StampLedger['requests'][number] };
      expect(request).toMatchObject({ rfc: issuer.rfc, quantity: 100, requestedBy: 'Ana Martínez Ruiz' });
      expect((await audits('stamp_request', request.id)).map((a) => a.action)).toEqual(['create']);
      const ledger = (await get(admin, INVOICING_PATHS.stamps)).json() as StampLedger;
      expect(ledger.requests[0]).toEqual(request);
      await t.app.tasks.drain();
      const mail = await t.app.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text'])
        .where('to_address', '=', 'timbres@comunidad.mx')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe(`Solicitud de 100 timbres - ${issuer.rfc} (Residencial Las Palmas)`);
      expect(mail.text).toContain('Nota: Urgente');
      // Not a package the product sells; another condominium's issuer.
      expect((await post(admin, INVOICING_PATHS.stampRequest, { issuerId: issuer.id, quantity: 7 })).statusCode).toBe(400);
      expect((await post(bosqueAdmin, INVOICING_PATHS.stampRequest, { issuerId: issuer.id, quantity: 50 })).statusCode).toBe(404);
    });

    it('consumes one stamp per call inside the caller’s transaction until none is left, then says no', async () => {
      const { issuer } = (await post(admin, INVOICING_PATHS.saveIssuer, issuerDraft())).json() as { issuer: Issuer };
      const now = new Date();
      const results: boolean[] = [];
      for (let i = 0; i < WELCOME_STAMPS + 2; i++) {
        results.push(await t.app.db.transaction().execute((trx) => consumeStamp(trx, issuer.id, null, null, now)));
      }
      expect(results.filter(Boolean)).toHaveLength(WELCOME_STAMPS);
      expect(results.slice(-2)).toEqual([false, false]);
      // A stamping that fails after taking its stamp gives it back with its rollback.
      await t.app.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('invoicing_issuers').set({ stamps_available: 1 }).where('id', '=', issuer.id).execute();
          throw new Error('rolled back');
        })
        .catch(() => {});
      const ledger = (await get(admin, INVOICING_PATHS.stamps)).json() as StampLedger;
      expect(ledger.balances.find((b) => b.issuerId === issuer.id)?.available).toBe(0);
      const moves = ledger.movements.filter((m) => m.issuerRfc === issuer.rfc);
      expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(0);
      expect(moves.filter((m) => m.kind === 'stamp')).toHaveLength(WELCOME_STAMPS);
    });
  });
});
