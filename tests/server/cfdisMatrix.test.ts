// Who may call the CFDI routes (issue 17): administrators (and holders of FAC, permissions.canInvoice), every
// other demo account refused, nobody signed in 401; and Las Palmas's administrator on Torres del Bosque's CFDI,
// client or issuer: 404 (nothing says they exist). Each administrator cell that stamps makes a CFDI of its own.
import { beforeAll, expect, it } from 'vitest';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { createSandboxPac } from '../../server/domain/invoicing/pac/sandbox';
import { INVOICING_PATHS, type InvoiceStamped } from '../../src/api/invoicing';
import { PERMISSION } from '../../src/api/permissions';
import { api } from '../support/http';
import {
  draftKey,
  dwellingDraft,
  type InvoicingSetup,
  invoicingSetup,
  maintenanceConcept,
} from '../support/invoicingServerFixtures';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, signInAs, type TestApp } from '../support/testApp';

/** Another condominium's: not found for its administrator, refused for everyone else. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

let t: TestApp;
const f = {
  admin: '',
  bosqueAdmin: '',
  palmas: null as InvoicingSetup | null,
  bosque: null as InvoicingSetup | null,
  bosqueCfdi: 0,
};
const palmas = () => f.palmas!;
const id = (template: string, value: number) => template.replace(':id', String(value));

/** A free invoice (no dwelling, so it can be stamped again and again) of Las Palmas, by its administrator. */
const freeDraft = (metodoPago: 'PUE' | 'PPD' = 'PUE') => ({
  issuerId: palmas().issuerId,
  clientId: palmas().clientId,
  metodoPago,
  formaPago: metodoPago === 'PPD' ? '99' : '03',
  moneda: 'MXN',
  concepts: [maintenanceConcept(10000)],
});
async function adminStamp(metodoPago: 'PUE' | 'PPD' = 'PUE') {
  const res = await call(t.app, 'POST', api(INVOICING_PATHS.stamp), {
    token: f.admin,
    payload: { draft: freeDraft(metodoPago), draftKey: draftKey() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as InvoiceStamped).cfdi;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: INVOICING_PATHS.dwellingCharges,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.dwellingCharges}?apartmentId=${palmas().apartmentId}`),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.dwellingCharges,
    variant: "another condominium's dwelling",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.dwellingCharges}?apartmentId=${f.bosque!.apartmentId}`),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.preview,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.preview, freeDraft()),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.preview,
    variant: "another condominium's client",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.preview, { ...freeDraft(), clientId: f.bosque!.clientId }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.stamp,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.stamp, { draft: freeDraft(), draftKey: draftKey() }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.stamp,
    variant: "another condominium's issuer",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.stamp, { draft: dwellingDraft(f.bosque!), draftKey: draftKey() }),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.list,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.list}?type=I`),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.list,
    variant: 'CSV',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.list}?format=csv`),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.zip,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.zip}?type=P`),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.global,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) =>
      status(t, c, 'POST', INVOICING_PATHS.global, {
        issuerId: palmas().issuerId,
        periodicidad: '04',
        meses: '11',
        anio: 2026,
        formaPago: '01',
        concepts: [maintenanceConcept(5000)],
        draftKey: draftKey(),
      }),
  },
  ...(['detail', 'xml', 'pdf'] as const).flatMap((route): RouteCase[] => [
    {
      method: 'GET',
      path: INVOICING_PATHS[route],
      variant: 'Las Palmas',
      expected: ADMIN_ONLY,
      run: async (t, c) => status(t, c, 'GET', id(INVOICING_PATHS[route], (await adminStamp()).id)),
    },
    {
      method: 'GET',
      path: INVOICING_PATHS[route],
      variant: "another condominium's CFDI",
      expected: ELSEWHERE,
      run: (t, c) => status(t, c, 'GET', id(INVOICING_PATHS[route], f.bosqueCfdi)),
    },
  ]),
  {
    method: 'POST',
    path: INVOICING_PATHS.send,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: async (t, c) => status(t, c, 'POST', id(INVOICING_PATHS.send, (await adminStamp()).id), {}),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.send,
    variant: "another condominium's CFDI",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', id(INVOICING_PATHS.send, f.bosqueCfdi), {}),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.payment,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const invoice = await adminStamp('PPD');
      return status(t, c, 'POST', id(INVOICING_PATHS.payment, invoice.id), {
        version: invoice.version,
        paidOn: '2026-11-20',
        formaPago: '03',
        amountCents: 100,
        accountId: palmas().accountId,
        reference: '',
      });
    },
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.payment,
    variant: "another condominium's CFDI",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', id(INVOICING_PATHS.payment, f.bosqueCfdi), {
        version: 1,
        paidOn: '2026-11-20',
        formaPago: '03',
        amountCents: 100,
        accountId: palmas().accountId,
        reference: '',
      }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.cancel,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const invoice = await adminStamp();
      return status(t, c, 'POST', id(INVOICING_PATHS.cancel, invoice.id), { version: invoice.version, reason: '02' });
    },
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.cancel,
    variant: "another condominium's CFDI",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', id(INVOICING_PATHS.cancel, f.bosqueCfdi), { version: 1, reason: '02' }),
  },
];

beforeAll(async () => {
  t = await createTestApp({ pac: createSandboxPac({ cadenaOf: cadenaOfXml }) });
  f.admin = await signInAs(t.app, 'admin@demo.mx');
  f.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  f.palmas = await invoicingSetup(t.app, 'palmas', { stamps: 500 });
  f.bosque = await invoicingSetup(t.app, 'bosque', { email: null });
  const res = await call(t.app, 'POST', api(INVOICING_PATHS.stamp), {
    token: f.bosqueAdmin,
    payload: { draft: dwellingDraft(f.bosque), draftKey: draftKey() },
  });
  expect(res.statusCode, res.body).toBe(200);
  f.bosqueCfdi = (res.json() as InvoiceStamped).cfdi.id;
});

walkMatrix(() => t, ROUTES);

it('has a row for every CFDI path of the contract', () => {
  const covered = new Set(ROUTES.map((r) => r.path));
  for (const key of [
    'dwellingCharges',
    'preview',
    'stamp',
    'list',
    'detail',
    'xml',
    'pdf',
    'send',
    'zip',
    'payment',
    'global',
    'cancel',
  ] as const) {
    expect(covered.has(INVOICING_PATHS[key]), key).toBe(true);
  }
});

it('lets a member given the invoicing permission (FAC) stamp and list, and not once it is withdrawn', async () => {
  const member = await t.app.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select('m.id')
    .where('u.email', '=', 'consejo@demo.mx')
    .where('c.subdomain', '=', 'palmas')
    .executeTakeFirstOrThrow();
  const grant = await t.app.db
    .insertInto('user_permissions')
    .values({ membership_id: member.id, clave: PERMISSION.invoicing, tipo: 'editar', activa: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signInAs(t.app, 'consejo@demo.mx');
  const stamped = await call(t.app, 'POST', api(INVOICING_PATHS.stamp), {
    token,
    payload: { draft: freeDraft(), draftKey: draftKey() },
  });
  expect(stamped.statusCode, stamped.body).toBe(200);
  expect((await call(t.app, 'GET', api(INVOICING_PATHS.list), { token })).statusCode).toBe(200);
  await t.app.db.updateTable('user_permissions').set({ activa: 0 }).where('id', '=', grant.id).execute();
  expect((await call(t.app, 'GET', api(INVOICING_PATHS.list), { token })).statusCode).toBe(403);
});
