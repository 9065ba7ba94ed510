// The CSD upload with the synthetic test certificates (tests/fixtures/csd, made by scripts/make-test-csd.ts): the
// good CSD of EKU9003173C9 is kept (certificate, key as uploaded, password sealed, never in clear nor in the
// history); each faulty one is refused with its problem named and nothing kept. The clock is a day the good
// CSD is in force.
import { beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../server/domain/shared/vault';
import { INVOICING_PATHS, type Issuer } from '../../src/api/invoicing';
import { api } from '../support/http';
import { issuerDraft, multipart } from '../support/invoicingSetupFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';
import { notAKey, TEST_CSD_NO_CERTIFICADO, TEST_CSD_NOW, TEST_CSD_PASSWORD, TEST_CSD_RFC, testCsd } from '../support/testCsd';

describe(`CSD upload with the test certificates (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  let issuer: Issuer;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(TEST_CSD_NOW) });
    admin = await signInAs(t.app, 'admin@demo.mx');
    const saved = await call(t.app, 'POST', api(INVOICING_PATHS.saveIssuer), {
      token: admin,
      payload: issuerDraft({ rfc: TEST_CSD_RFC, razonSocial: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' }),
    });
    issuer = (saved.json() as { issuer: Issuer }).issuer;
  });

  const upload = (files: { cer: Buffer; key: Buffer }, password = TEST_CSD_PASSWORD, version = issuer.version) => {
    const body = multipart(
      { issuerId: String(issuer.id), version: String(version), password },
      { cer: { name: 'csd.cer', data: files.cer }, key: { name: 'csd.key', data: files.key } },
    );
    return t.app.inject({
      method: 'POST',
      url: api(INVOICING_PATHS.uploadCsd),
      headers: { 'app-token': admin, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = () =>
    t.app.db
      .selectFrom('invoicing_issuers')
      .select(['csd_cer', 'csd_key', 'csd_password_sealed', 'csd_no_certificado', 'version'])
      .where('id', '=', issuer.id)
      .executeTakeFirstOrThrow();

  it.each([
    ['fiel', 'isFiel'],
    ['expired', 'expired'],
    ['not-yet-valid', 'notYetValid'],
    ['mismatch', 'keyMismatch'],
    ['other-rfc', 'rfcMismatch'],
  ] as const)('refuses the %s certificate as %s, keeping nothing', async (name, problem) => {
    const res = await upload(testCsd(name));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ problem, messageId: `invoicingErrors.csd.${problem}` });
    expect((await stored()).csd_cer).toBeNull();
  });

  it('refuses a wrong password and a file that is not a key', async () => {
    expect((await upload(testCsd('csd'), 'otra-clave')).json()).toMatchObject({ problem: 'badPassword' });
    expect((await upload({ cer: testCsd('csd').cer, key: notAKey() })).json()).toMatchObject({ problem: 'notKey' });
  });

  it('keeps the good CSD with its password sealed, and says which certificate it is', async () => {
    const files = testCsd('csd');
    const res = await upload(files);
    expect(res.statusCode).toBe(200);
    const saved = (res.json() as { issuer: Issuer }).issuer;
    expect(saved).toMatchObject({ version: issuer.version + 1, csd: { noCertificado: TEST_CSD_NO_CERTIFICADO } });
    const row = await stored();
    expect(Buffer.from(row.csd_cer!)).toEqual(files.cer);
    expect(Buffer.from(row.csd_key!)).toEqual(files.key);
    expect(row.csd_password_sealed).not.toContain(TEST_CSD_PASSWORD);
    expect(await openSecret(t.app.db, t.app.clock, 'csd-vault', row.csd_password_sealed!)).toBe(TEST_CSD_PASSWORD);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'invoicing_issuer')
      .where('entity_id', '=', issuer.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'csd']);
    expect(history[1]!.after_json).not.toContain(TEST_CSD_PASSWORD);
    // The RFC cannot change under a CSD of it; an upload against the old version is stale.
    const { csd: _csd, stampsAvailable: _s, ...fields } = saved;
    const rename = await call(t.app, 'POST', api(INVOICING_PATHS.saveIssuer), {
      token: admin,
      payload: { ...fields, rfc: 'AAA010101AAA' },
    });
    expect(rename.json()).toMatchObject({ messageId: 'invoicingErrors.rfcHasCsd' });
    const stale = await upload(files, TEST_CSD_PASSWORD, issuer.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ issuer: { version: saved.version } });
  });
});
