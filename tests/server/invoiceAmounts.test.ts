// Invoice amounts an invoice can hold (issue 33, item 4), on SQLite and PostgreSQL: a concept whose quantity × unit
// price passes AMOUNT_MAX_CENTS is refused with a 400 naming it (quantity 999999999999 × 99999999999 cents gave
// a preview of 1.16e+23 and an XML the PAC rejected); concepts each within it whose sum is not are shown as the
// preview's problem and never stamped; the totals are exact integers; nothing is written and no PAC is called.
import { beforeAll, describe, expect, it } from 'vitest';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { createSandboxPac } from '../../server/domain/invoicing/pac/sandbox';
import { AMOUNT_MAX_CENTS, INVOICING_PATHS, type InvoiceDraft, type InvoicePreview } from '../../src/api/invoicing';
import { api } from '../support/http';
import {
  draftKey,
  dwellingDraft,
  type InvoicingSetup,
  invoicingSetup,
  maintenanceConcept,
} from '../support/invoicingServerFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const sandbox = createSandboxPac({ cadenaOf: cadenaOfXml });
let pacCalls = 0;
const pac = {
  ...sandbox,
  stamp: (xml: string) => {
    pacCalls += 1;
    return sandbox.stamp(xml);
  },
};

describe(`invoice amounts within what an invoice holds (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  let s: InvoicingSetup;
  const post = (path: string, payload: object) => call(t.app, 'POST', api(path), { token: admin, payload });
  const cfdis = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('cfdis')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ pac });
    admin = await signInAs(t.app, 'admin@demo.mx');
    s = await invoicingSetup(t.app);
  });

  const withConcepts = (concepts: InvoiceDraft['concepts']): InvoiceDraft => ({ ...dwellingDraft(s), concepts });

  it('refuses a concept whose quantity × unit price is over the limit, naming it, before any total', async () => {
    const before = await cfdis();
    const huge = { ...maintenanceConcept(1_000_000), cantidad: '999999999999' };
    for (const path of [INVOICING_PATHS.preview, INVOICING_PATHS.stamp]) {
      const payload =
        path === INVOICING_PATHS.stamp ? { draft: withConcepts([huge]), draftKey: draftKey() } : withConcepts([huge]);
      const res = await post(path, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toMatch(/concepts\.0$/);
      expect(res.json().messageId).toBe('errors.input.amountTooLarge');
    }
    // Over by two cents (twice half the limit and a cent), and a unit price over it: refused too.
    const justOver = await post(
      INVOICING_PATHS.preview,
      withConcepts([{ ...maintenanceConcept(AMOUNT_MAX_CENTS / 2 + 1), cantidad: '2' }]),
    );
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json().messageId).toBe('errors.input.amountTooLarge');
    // Exactly the limit is an invoice.
    const atLimit = await post(
      INVOICING_PATHS.preview,
      withConcepts([{ ...maintenanceConcept(AMOUNT_MAX_CENTS / 2), cantidad: '2' }]),
    );
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const priceOver = await post(INVOICING_PATHS.preview, withConcepts([maintenanceConcept(AMOUNT_MAX_CENTS + 1)]));
    expect(priceOver.statusCode).toBe(400);
    expect(await cfdis()).toBe(before);
  });

  it('previews concepts within the limit whose sum is not as a problem, with exact totals, and never stamps them', async () => {
    const before = await cfdis();
    const calls = pacCalls;
    const big = { ...maintenanceConcept(AMOUNT_MAX_CENTS), cantidad: '1' };
    const res = await post(INVOICING_PATHS.preview, withConcepts([big, big, big]));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as InvoicePreview;
    expect(preview.problems).toContain('invoicing.problem.amountTooLarge');
    expect(preview.totals.subtotalCents).toBe(3 * AMOUNT_MAX_CENTS);
    expect(Number.isSafeInteger(preview.totals.totalCents)).toBe(true);
    expect(preview.totals.trasladosCents).toBe(3 * Math.round(AMOUNT_MAX_CENTS * 0.16));
    const stamped = await post(INVOICING_PATHS.stamp, { draft: withConcepts([big, big, big]), draftKey: draftKey() });
    expect(stamped.statusCode).toBeGreaterThanOrEqual(400);
    expect(stamped.statusCode).toBeLessThan(500);
    expect(pacCalls).toBe(calls);
    expect(await cfdis()).toBe(before);
  });

  it('rounds a six-decimal quantity half away from zero, exactly', async () => {
    const res = await post(INVOICING_PATHS.preview, withConcepts([{ ...maintenanceConcept(333), cantidad: '1.5' }]));
    expect(res.statusCode, res.body).toBe(200);
    // 1.5 × 3.33 = 4.995 → 5.00
    expect((res.json() as InvoicePreview).totals.subtotalCents).toBe(500);
  });
});
