// The CFDI themselves (issue 17) through the API, on SQLite and PostgreSQL, stamped by the sandbox PAC with the
// test CSD: a dwelling's maintenance fee end to end (XML, PDF with its UUID, e-mail with both attached), the
// refusals before and from the PAC (nothing written), the draftKey retry, the Pagos 2.0 complement with the
// ledger payment, the global invoice, the cancellations, the report's filters, totals, CSV and ZIP, and mode A's
// job invoicing a payment once however often it runs.
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCfdi } from '../../server/domain/invoicing/cfdi/readCfdi';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { verifySeal } from '../../server/domain/invoicing/csd/seal';
import { createSandboxPac } from '../../server/domain/invoicing/pac/sandbox';
import { openChargesOf } from '../../server/domain/shared/ledgerOpen';
import { schedulePaymentInvoice } from '../../server/domain/shared/paymentInvoicing';
import { condoToday } from '../../server/domain/shared/zonedTime';
import {
  type CfdiDetail,
  type CfdiList,
  type DwellingCharges,
  INVOICING_PATHS,
  type InvoicePreview,
  type InvoiceStamped,
} from '../../src/api/invoicing';
import { api } from '../support/http';
import {
  draftKey,
  dwellingDraft,
  type InvoicingSetup,
  invoicingSetup,
  maintenanceConcept,
  setStamps,
  stampsOf,
} from '../support/invoicingServerFixtures';
import { pdfText } from '../support/pdfText';
import { validateCfdi } from '../support/satValidation';
import { call, createTestApp, signInAs, type TestApp } from '../support/testApp';

const sandbox = createSandboxPac({ cadenaOf: cadenaOfXml });
let pacCalls = 0;
const pac = {
  ...sandbox,
  stamp: (xml: string) => {
    pacCalls += 1;
    return sandbox.stamp(xml);
  },
};

let t: TestApp;
let admin = '';
const path = (template: string, id: number) => api(template.replace(':id', String(id)));

const post = (url: string, payload: object) => call(t.app, 'POST', url, { token: admin, payload });
const get = (url: string) => call(t.app, 'GET', url, { token: admin });

async function stamp(s: InvoicingSetup, metodoPago: 'PUE' | 'PPD' = 'PUE', key = draftKey()): Promise<InvoiceStamped> {
  const res = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s, metodoPago), draftKey: key });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceStamped;
}

const count = async (table: 'cfdis' | 'stamp_movements' | 'dwelling_payments' | 'cfdi_links') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ pac });
  admin = await signInAs(t.app, 'admin@demo.mx');
});

describe('stamping an invoice', () => {
  it("lists a dwelling's charges not yet invoiced, with its client, and drops the one a vigente CFDI covers", async () => {
    const s = await invoicingSetup(t.app);
    const url = `${api(INVOICING_PATHS.dwellingCharges)}?apartmentId=${s.apartmentId}`;
    // This month's charge: the list offers it whether it is paid or not (an older one only while it is owed).
    const { condo_id: condoId } = await t.app.db
      .selectFrom('apartments')
      .select('condo_id')
      .where('id', '=', s.apartmentId)
      .executeTakeFirstOrThrow();
    const today = await condoToday(t.app.db, t.app.clock, condoId);
    await t.app.db
      .updateTable('dwelling_charges')
      .set({ charged_on: `${today.slice(0, 7)}-01` })
      .where('id', '=', s.chargeId)
      .execute();
    const before = (await get(url)).json() as DwellingCharges;
    expect(before.clientId).toBe(s.clientId);
    expect(before.charges.map((c) => c.id)).toContain(s.chargeId);
    expect(before.charges.every((c) => c.amountCents > 0)).toBe(true);
    await stamp(s);
    const after = (await get(url)).json() as DwellingCharges;
    expect(after.charges.map((c) => c.id)).not.toContain(s.chargeId);
    expect(after.charges).toHaveLength(before.charges.length - 1);
  });

  it("offers a dwelling's charges still owed or of this month only: an old charge already paid is left out (issue 28 #9)", async () => {
    const s = await invoicingSetup(t.app);
    const { condo_id: condoId } = await t.app.db
      .selectFrom('apartments')
      .select('condo_id')
      .where('id', '=', s.apartmentId)
      .executeTakeFirstOrThrow();
    const month = (await condoToday(t.app.db, t.app.clock, condoId)).slice(0, 7);
    const open = new Set((await openChargesOf(t.app.db, condoId, s.apartmentId)).open.map((c) => c.chargeId));
    const all = await t.app.db
      .selectFrom('dwelling_charges')
      .select(['id', 'charged_on'])
      .where('apartment_id', '=', s.apartmentId)
      .where('amount_cents', '>', 0)
      .execute();
    const paidAndOld = all.filter((c) => !open.has(c.id) && c.charged_on.slice(0, 7) !== month).map((c) => c.id);
    expect(paidAndOld.length, 'the demo dwelling has paid charges of past months').toBeGreaterThan(0);
    const listed = ((await get(`${api(INVOICING_PATHS.dwellingCharges)}?apartmentId=${s.apartmentId}`)).json() as DwellingCharges)
      .charges;
    for (const id of paidAndOld) expect(listed.map((c) => c.id)).not.toContain(id);
    for (const charge of listed) {
      expect(charge.open).toBe(open.has(charge.id));
      expect(charge.current).toBe(charge.chargedOn.slice(0, 7) === month);
      expect(charge.open || charge.current, charge.concept).toBe(true);
    }
  });

  it('previews the totals of a dwelling charge with IVA, writing nothing', async () => {
    const s = await invoicingSetup(t.app);
    const before = await count('cfdis');
    const res = await post(api(INVOICING_PATHS.preview), dwellingDraft(s));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as InvoicePreview;
    expect(preview.totals.subtotalCents).toBe(s.chargeCents);
    expect(preview.totals.trasladosCents).toBe(Math.round(s.chargeCents * 0.16));
    expect(preview.problems).toEqual([]);
    expect(await count('cfdis')).toBe(before);
  });

  it("stamps a dwelling's maintenance fee end to end: XML, PDF with the UUID, the charge covered, a stamp consumed", async () => {
    const s = await invoicingSetup(t.app);
    const stampsBefore = await stampsOf(t.app, s.issuerId);
    const { cfdi, stampsAvailable } = await stamp(s);
    expect(stampsAvailable).toBe(stampsBefore - 1);
    expect(cfdi).toMatchObject({ type: 'I', status: 'vigente', metodoPago: 'PUE', balanceCents: null, clientId: s.clientId });
    expect(cfdi.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(cfdi.totalCents).toBe(s.chargeCents + Math.round(s.chargeCents * 0.16));
    expect(cfdi.verificationUrl).toContain(cfdi.uuid);
    expect(cfdi.cadenaOriginal).toContain(`|${cfdi.uuid}|`);

    const xml = await get(path(INVOICING_PATHS.xml, cfdi.id));
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain(`UUID="${cfdi.uuid}"`);
    expect(xml.body).toContain('Rfc="EKU9003173C9"');
    // What the PAC stamped is a CFDI the SAT's own schemas accept (../shared/cfdi), and its seal verifies.
    expect(await validateCfdi(xml.body)).toEqual([]);
    expect(verifySeal(cadenaOfXml(xml.body), readCfdi(xml.body).sello, certificateOf(xml.body))).toBe(true);

    const pdf = await get(path(INVOICING_PATHS.pdf, cfdi.id));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(cfdi.uuid);
    expect(text).toContain('Cadena original del complemento de certificación digital del SAT');

    const link = await t.app.db.selectFrom('cfdi_links').selectAll().where('cfdi_id', '=', cfdi.id).executeTakeFirstOrThrow();
    expect(link.charge_id).toBe(s.chargeId);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'cfdi')
      .where('entity_id', '=', cfdi.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['timbrar']);

    // The same charge cannot be invoiced twice while its invoice is vigente.
    const again = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'chargeInvoiced' });
  });

  it('e-mails the stamped CFDI to its client with the XML and the PDF attached (the outbox without SMTP)', async () => {
    const s = await invoicingSetup(t.app, 'palmas', { email: 'facturas@example.mx' });
    const { cfdi } = await stamp(s);
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select(['id', 'subject'])
      .where('to_address', '=', 'facturas@example.mx')
      .execute();
    expect(mails).toHaveLength(1);
    const files = await t.app.db
      .selectFrom('mail_outbox_attachments')
      .select('file_name')
      .where('mail_id', '=', mails[0]!.id)
      .orderBy('position')
      .execute();
    expect(files.map((f) => f.file_name)).toEqual([`F-${cfdi.folio}_${cfdi.uuid}.xml`, `F-${cfdi.folio}_${cfdi.uuid}.pdf`]);
    // Again on request.
    const res = await post(path(INVOICING_PATHS.send, cfdi.id), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: 'facturas@example.mx', outcome: 'stored' });
  });

  it('answers a retried draftKey with the CFDI already stamped: one CFDI, one stamp', async () => {
    const s = await invoicingSetup(t.app);
    const key = draftKey();
    const first = await stamp(s, 'PUE', key);
    const stampsAfterFirst = await stampsOf(t.app, s.issuerId);
    const calls = pacCalls;
    const second = await stamp(s, 'PUE', key);
    expect(second.cfdi.id).toBe(first.cfdi.id);
    expect(second.cfdi.uuid).toBe(first.cfdi.uuid);
    expect(await stampsOf(t.app, s.issuerId)).toBe(stampsAfterFirst);
    expect(pacCalls).toBe(calls);
  });

  it('refuses with 409 noStamps before the PAC hears of it', async () => {
    const s = await invoicingSetup(t.app);
    const available = await stampsOf(t.app, s.issuerId);
    await setStamps(t.app, s.issuerId, 0);
    const [calls, cfdis] = [pacCalls, await count('cfdis')];
    const res = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'noStamps' });
    expect(pacCalls).toBe(calls);
    expect(await count('cfdis')).toBe(cfdis);
    await setStamps(t.app, s.issuerId, available);
  });

  it('answers 502 pacRefused with the PAC’s words when the PAC refuses, and writes nothing', async () => {
    const s = await invoicingSetup(t.app);
    const issuer = () =>
      t.app.db
        .selectFrom('invoicing_issuers')
        .select(['next_folio', 'stamps_available'])
        .where('id', '=', s.issuerId)
        .executeTakeFirstOrThrow();
    const before = await issuer();
    const [cfdis, movements, audits] = [
      await count('cfdis'),
      await count('stamp_movements'),
      await t.app.db.selectFrom('audit_log').select('id').execute(),
    ];
    sandbox.failNext('CFDI40102', 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.');
    const res = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      reason: 'pacRefused',
      message: 'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
    });
    expect(await issuer()).toEqual(before);
    expect(await count('cfdis')).toBe(cfdis);
    expect(await count('stamp_movements')).toBe(movements);
    expect((await t.app.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits.length);
    // The same draft stamps once the PAC takes it, with the folio the refusal did not use.
    const ok = await stamp(s);
    expect(ok.cfdi.folio).toBe(String(before.next_folio));
  });

  it('answers 502 pacUnavailable when the PAC cannot be reached, and 409 csdExpired / noCsd before it', async () => {
    const s = await invoicingSetup(t.app);
    const cfdis = await count('cfdis');
    sandbox.failNext('network', 'No se pudo conectar con el PAC.', 'pacUnavailable');
    const down = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ reason: 'pacUnavailable' });
    const issuer = await t.app.db
      .selectFrom('invoicing_issuers')
      .select(['csd_valid_to', 'csd_key'])
      .where('id', '=', s.issuerId)
      .executeTakeFirstOrThrow();
    const calls = pacCalls;
    await t.app.db
      .updateTable('invoicing_issuers')
      .set({ csd_valid_to: '2024-01-01T00:00:00.000Z' })
      .where('id', '=', s.issuerId)
      .execute();
    const expired = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() });
    expect(expired.json()).toMatchObject({ reason: 'csdExpired' });
    await t.app.db
      .updateTable('invoicing_issuers')
      .set({ csd_valid_to: issuer.csd_valid_to, csd_key: null })
      .where('id', '=', s.issuerId)
      .execute();
    const missing = await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ reason: 'noCsd' });
    await t.app.db.updateTable('invoicing_issuers').set({ csd_key: issuer.csd_key }).where('id', '=', s.issuerId).execute();
    expect(pacCalls).toBe(calls);
    expect(await count('cfdis')).toBe(cfdis);
  });

  it('refuses a PPD invoice whose forma de pago is not 99 (the SAT rule) with its problems', async () => {
    const s = await invoicingSetup(t.app);
    const draft = { ...dwellingDraft(s, 'PPD'), formaPago: '03' };
    const preview = (await post(api(INVOICING_PATHS.preview), draft)).json() as InvoicePreview;
    expect(preview.problems.length).toBeGreaterThan(0);
    const res = await post(api(INVOICING_PATHS.stamp), { draft, draftKey: draftKey() });
    expect(res.statusCode).toBe(400);
  });
});

describe('payment complements', () => {
  it('stamps Pagos 2.0 complements for a PPD invoice, records the ledger payment and lowers the balance', async () => {
    const s = await invoicingSetup(t.app);
    const { cfdi: invoice } = await stamp(s, 'PPD');
    expect(invoice.balanceCents).toBe(invoice.totalCents);
    const payments = await count('dwelling_payments');
    const part = Math.floor(invoice.totalCents / 3);
    const pay = (version: number, amountCents: number) =>
      post(path(INVOICING_PATHS.payment, invoice.id), {
        version,
        paidOn: '2026-11-20',
        formaPago: '03',
        amountCents,
        accountId: s.accountId,
        reference: 'SPEI 123',
      });
    const first = await pay(invoice.version, part);
    expect(first.statusCode, first.body).toBe(200);
    const complement = (first.json() as InvoiceStamped).cfdi;
    expect(complement).toMatchObject({ type: 'P', status: 'vigente', totalCents: part });
    expect(complement.related.map((r) => r.id)).toEqual([invoice.id]);
    expect(await count('dwelling_payments')).toBe(payments + 1);
    const ledger = await t.app.db.selectFrom('dwelling_payments').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({
      apartment_id: s.apartmentId,
      amount_cents: part,
      paid_on: '2026-11-20',
      account_id: s.accountId,
    });
    // Its receipt says how it came in (issue 27).
    const receipt = await t.app.db
      .selectFrom('payment_receipts')
      .selectAll()
      .where('payment_id', '=', ledger.id)
      .executeTakeFirstOrThrow();
    expect(receipt.method).toBe('factura');

    const paid = (await get(path(INVOICING_PATHS.detail, invoice.id))).json() as CfdiDetail;
    expect(paid.balanceCents).toBe(invoice.totalCents - part);
    expect(paid.related.map((r) => r.uuid)).toEqual([complement.uuid]);

    expect((await pay(paid.version, paid.balanceCents! + 1)).json()).toMatchObject({ reason: 'amountOverBalance' });
    expect((await pay(invoice.version, part)).json()).toMatchObject({ reason: 'stale' });
    const second = await pay(paid.version, part);
    expect(second.statusCode, second.body).toBe(200);
    const links = await t.app.db
      .selectFrom('cfdi_links')
      .select('parcialidad')
      .where('related_cfdi_id', '=', invoice.id)
      .orderBy('id')
      .execute();
    expect(links.map((l) => l.parcialidad)).toEqual([1, 2]);
    const complementXml = await get(path(INVOICING_PATHS.xml, complement.id));
    expect(await validateCfdi(complementXml.body)).toEqual([]);
    expect(readCfdi(complementXml.body).pagos[0]?.documents[0]).toMatchObject({
      uuid: invoice.uuid,
      numParcialidad: 1,
      pagadoCents: part,
    });
  });

  it('refuses a complement for a PUE invoice', async () => {
    const s = await invoicingSetup(t.app);
    const { cfdi } = await stamp(s);
    const res = await post(path(INVOICING_PATHS.payment, cfdi.id), {
      version: cfdi.version,
      paidOn: '2026-11-20',
      formaPago: '03',
      amountCents: 100,
      accountId: s.accountId,
      reference: '',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'notPayable' });
  });
});

describe('the global invoice', () => {
  it('invoices público en general with InformacionGlobal', async () => {
    const s = await invoicingSetup(t.app);
    const res = await post(api(INVOICING_PATHS.global), {
      issuerId: s.issuerId,
      periodicidad: '04',
      meses: '10',
      anio: 2026,
      formaPago: '01',
      concepts: [maintenanceConcept(50000)],
      draftKey: draftKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { cfdi } = res.json() as InvoiceStamped;
    expect(cfdi).toMatchObject({ type: 'I', clientRfc: 'XAXX010101000', dwelling: null });
    const row = await t.app.db
      .selectFrom('cfdis')
      .select(['is_global', 'xml'])
      .where('id', '=', cfdi.id)
      .executeTakeFirstOrThrow();
    expect(row.is_global).toBe(1);
    expect(row.xml).toContain('Rfc="XAXX010101000"');
    expect(await validateCfdi(row.xml)).toEqual([]);
    expect(readCfdi(row.xml).informacionGlobal).toEqual({ periodicidad: '04', meses: '10', anio: '2026' });
  });
});

describe('cancellation', () => {
  const cancel = (cfdi: { id: number; version: number }, body: object) =>
    post(path(INVOICING_PATHS.cancel, cfdi.id), { version: cfdi.version, ...body });

  it('cancels with reason 02, once', async () => {
    const s = await invoicingSetup(t.app);
    const { cfdi } = await stamp(s);
    const res = await cancel(cfdi, { reason: '02' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json() as CfdiDetail;
    expect(cancelled).toMatchObject({ status: 'cancelado', cancellation: { reason: '02', replacementUuid: null } });
    expect((await cancel(cancelled, { reason: '02' })).json()).toMatchObject({ reason: 'alreadyCancelled' });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'cfdi')
      .where('entity_id', '=', cfdi.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('cancelar');
    // Its charge may be invoiced again.
    expect((await post(api(INVOICING_PATHS.stamp), { draft: dwellingDraft(s), draftKey: draftKey() })).statusCode).toBe(200);
  });

  it('cancels with reason 01 only with the UUID of a vigente CFDI of the same issuer', async () => {
    const s = await invoicingSetup(t.app);
    const { cfdi } = await stamp(s);
    const other = await invoicingSetup(t.app);
    const { cfdi: replacement } = await stamp(other);
    const unknown = await cancel(cfdi, { reason: '01', replacementUuid: '11111111-2222-3333-4444-555555555555' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ reason: 'badReplacement' });
    expect((await cancel(cfdi, { reason: '01', replacementUuid: cfdi.uuid })).json()).toMatchObject({ reason: 'badReplacement' });
    const res = await cancel(cfdi, { reason: '01', replacementUuid: replacement.uuid });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CfdiDetail).cancellation).toMatchObject({ reason: '01', replacementUuid: replacement.uuid });
  });

  it('refuses to cancel a PPD invoice with a vigente payment complement, until the complement is cancelled', async () => {
    const s = await invoicingSetup(t.app);
    const { cfdi: invoice } = await stamp(s, 'PPD');
    const paid = await post(path(INVOICING_PATHS.payment, invoice.id), {
      version: invoice.version,
      paidOn: '2026-11-21',
      formaPago: '03',
      amountCents: 1000,
      accountId: s.accountId,
      reference: '',
    });
    const complement = (paid.json() as InvoiceStamped).cfdi;
    const fresh = (await get(path(INVOICING_PATHS.detail, invoice.id))).json() as CfdiDetail;
    const refused = await cancel(fresh, { reason: '02' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'hasPayments' });
    expect((await cancel(complement, { reason: '02' })).statusCode).toBe(200);
    const restored = (await get(path(INVOICING_PATHS.detail, invoice.id))).json() as CfdiDetail;
    expect(restored.balanceCents).toBe(invoice.totalCents);
    expect((await cancel(restored, { reason: '02' })).statusCode).toBe(200);
  });
});

describe('the report', () => {
  it('filters by client, type and status, sums vigentes by type, and downloads the filtered set as CSV and ZIP', async () => {
    const s = await invoicingSetup(t.app);
    const { cfdi: kept } = await stamp(s, 'PPD');
    // A second invoice of the same client, cancelled.
    const second = await post(api(INVOICING_PATHS.stamp), {
      draft: { ...dwellingDraft(s), concepts: [maintenanceConcept(12345)] },
      draftKey: draftKey(),
    });
    const gone = (second.json() as InvoiceStamped).cfdi;
    await post(path(INVOICING_PATHS.cancel, gone.id), { version: gone.version, reason: '03' });
    await post(path(INVOICING_PATHS.payment, kept.id), {
      version: kept.version,
      paidOn: '2026-11-22',
      formaPago: '03',
      amountCents: 500,
      accountId: s.accountId,
      reference: '',
    });

    const list = (query: string) => get(`${api(INVOICING_PATHS.list)}?clientId=${s.clientId}${query}`);
    const all = (await list('')).json() as CfdiList;
    expect(all.total).toBe(3);
    expect(all.sums).toEqual([
      { type: 'I', count: 1, totalCents: kept.totalCents },
      { type: 'P', count: 1, totalCents: 500 },
    ]);
    const cancelled = (await list('&status=cancelado')).json() as CfdiList;
    expect(cancelled.items.map((i) => i.id)).toEqual([gone.id]);
    expect(cancelled.sums).toEqual([]);
    const payments = (await list('&type=P')).json() as CfdiList;
    expect(payments.items.map((i) => i.type)).toEqual(['P']);
    const today = kept.fecha.slice(0, 10);
    expect(((await list(`&from=${today}&to=${today}`)).json() as CfdiList).total).toBe(3);
    expect(((await list('&to=2020-01-01')).json() as CfdiList).total).toBe(0);
    const paged = (await list('&limit=1&offset=1')).json() as CfdiList;
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(3);

    const csv = await list('&format=csv&type=I');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).some((l) => l.startsWith(`${kept.uuid},I,vigente`))).toBe(true);

    const zip = await get(`${api(INVOICING_PATHS.zip)}?clientId=${s.clientId}&status=vigente`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort();
    expect(names).toHaveLength(4);
    expect(names.filter((n) => n.endsWith('.xml'))).toHaveLength(2);
    expect(names.some((n) => n.includes(gone.uuid))).toBe(false);
  });

  it("answers 404 for another condominium's CFDI", async () => {
    const s = await invoicingSetup(t.app, 'bosque');
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const res = await call(t.app, 'POST', api(INVOICING_PATHS.stamp), {
      token: bosqueAdmin,
      payload: { draft: dwellingDraft(s), draftKey: draftKey() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { cfdi } = res.json() as InvoiceStamped;
    expect((await get(path(INVOICING_PATHS.detail, cfdi.id))).statusCode).toBe(404);
    expect((await get(path(INVOICING_PATHS.xml, cfdi.id))).statusCode).toBe(404);
    const palmasList = (await get(`${api(INVOICING_PATHS.list)}?clientId=${s.clientId}`)).json() as CfdiList;
    expect(palmasList.total).toBe(0);
  });
});

describe('mode A', () => {
  it('invoices a recorded payment once, even when the job runs twice', async () => {
    const s = await invoicingSetup(t.app, 'palmas', { mode: 'A' });
    const paymentId = await t.app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('dwelling_payments')
        .values({
          condo_id: s.condoId,
          apartment_id: s.apartmentId,
          account_id: s.accountId,
          paid_on: '2026-11-23',
          reference: 'auto',
          amount_cents: 116000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await schedulePaymentInvoice(trx, row.id, t.app.clock.now());
      return row.id;
    });
    await t.app.jobRunner.runOnce();
    await schedulePaymentInvoice(t.app.db, paymentId, t.app.clock.now());
    await t.app.jobRunner.runOnce();
    const invoices = await t.app.db.selectFrom('cfdis').selectAll().where('payment_id', '=', paymentId).execute();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      type: 'I',
      metodo_pago: 'PUE',
      client_id: s.clientId,
      apartment_id: s.apartmentId,
      total_cents: 116000,
    });
    expect(await validateCfdi(invoices[0]?.xml ?? '')).toEqual([]);
    await t.app.db.updateTable('invoicing_issuers').set({ mode: 'M' }).where('id', '=', s.issuerId).execute();
  });
});

/** The issuer's certificate (base64 DER) a CFDI carries (not NoCertificado). */
function certificateOf(xml: string): string {
  return / Certificado="([^"]+)"/.exec(xml)?.[1] ?? '';
}
