// Who may call what in the e-invoicing set-up (issue 17): every demo account of DESIGN.md §6 and a caller without
// a session, against every path of server/routes/invoicing.ts, on Las Palmas's issuers, products and clients and
// on Torres del Bosque's (404: nothing says they exist). The supervisor column is a holder of FAC: the
// supervisor is given the active invoicing permission before the walk, so the column shows that the permission,
// not the role, lets them in. Torres del Bosque's administrator is walked against Las Palmas's at the end.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, INVOICING_PATHS, type Issuer, type Product } from '../../src/api/invoicing';
import { PERMISSION } from '../../src/api/permissions';
import { api } from '../support/http';
import { issuerDraft, multipart } from '../support/invoicingSetupFixtures';
import { type Caller, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** Administrators and the holder of FAC (the supervisor column); 401 for the inactive and for nobody. */
const INVOICERS: Expected = [200, 403, 403, 403, 403, 200, 401, 401];
/** Another condominium's object: not found for those who may invoice, refused for everyone else. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 404, 401, 401];
/** Junk files in the CSD upload: those who may invoice are told what is wrong with them. */
const CSD_PROBLEM: Expected = [400, 403, 403, 403, 403, 400, 401, 401];

/** The paths this route file serves (the invoices' own are tests/server/cfdis*). */
const SETUP_PATHS = [
  INVOICING_PATHS.generalData,
  INVOICING_PATHS.saveIssuer,
  INVOICING_PATHS.uploadCsd,
  INVOICING_PATHS.satCatalogue,
  INVOICING_PATHS.products,
  INVOICING_PATHS.productSave,
  INVOICING_PATHS.productActive,
  INVOICING_PATHS.clients,
  INVOICING_PATHS.clientSave,
  INVOICING_PATHS.stamps,
  INVOICING_PATHS.stampRequest,
];

const fixtures = {
  issuer: null as unknown as Issuer,
  bosqueIssuer: null as unknown as Issuer,
  product: null as unknown as Product,
  bosqueProduct: null as unknown as Product,
  bosqueClient: null as unknown as Client,
  admin: '',
  bosqueAdmin: '',
};
let serial = 0;

const PRODUCT = {
  name: 'Producto matriz',
  claveProdServ: '72101507',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  priceCents: 100,
  objetoImp: '01',
  iva: null,
};
const CLIENT = {
  rfc: 'MATR800101AB1',
  nombre: 'Cliente matriz',
  regimenFiscal: '612',
  domicilioFiscal: '45110',
  usoCfdi: 'G03',
  apartmentIds: [] as number[],
};
const issuerFields = (issuer: Issuer) => {
  const { csd: _csd, stampsAvailable: _s, ...fields } = issuer;
  return fields;
};

async function uploadStatus(t: TestApp, c: Caller, issuer: Issuer): Promise<number> {
  const body = multipart(
    { issuerId: String(issuer.id), version: String(issuer.version), password: 'x1234567' },
    { cer: { name: 'a.cer', data: Buffer.from('no') }, key: { name: 'a.key', data: Buffer.from('no') } },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: api(INVOICING_PATHS.uploadCsd),
    headers: { ...(c.token ? { 'app-token': c.token } : {}), ...body.headers },
    payload: body.payload,
  });
  return res.statusCode;
}

async function currentProductVersion(t: TestApp, id: number): Promise<number> {
  return (await t.app.db.selectFrom('invoicing_products').select('version').where('id', '=', id).executeTakeFirstOrThrow())
    .version;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: INVOICING_PATHS.generalData,
    variant: 'Las Palmas',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'GET', INVOICING_PATHS.generalData),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.saveIssuer,
    variant: 'new issuer',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.saveIssuer, issuerDraft()),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.saveIssuer,
    variant: "another condominium's issuer",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', INVOICING_PATHS.saveIssuer, { ...issuerFields(fixtures.bosqueIssuer), razonSocial: 'ROBADA' }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.uploadCsd,
    variant: 'Las Palmas, files that are not a CSD',
    expected: CSD_PROBLEM,
    run: (t, c) => uploadStatus(t, c, fixtures.issuer),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.uploadCsd,
    variant: "another condominium's issuer",
    expected: ELSEWHERE,
    run: (t, c) => uploadStatus(t, c, fixtures.bosqueIssuer),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.satCatalogue,
    variant: 'a search',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.satCatalogue}?kind=prodserv&q=mantenimiento`),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.products,
    variant: 'Las Palmas',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'GET', INVOICING_PATHS.products),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.productSave,
    variant: 'new product',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.productSave, { ...PRODUCT, name: `Producto ${++serial}` }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.productSave,
    variant: "another condominium's product",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.productSave, { ...PRODUCT, id: fixtures.bosqueProduct.id, version: 1 }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.productActive,
    variant: 'Las Palmas',
    expected: INVOICERS,
    run: async (t, c) =>
      status(t, c, 'POST', INVOICING_PATHS.productActive, {
        id: fixtures.product.id,
        version: await currentProductVersion(t, fixtures.product.id),
        active: true,
      }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.productActive,
    variant: "another condominium's product",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', INVOICING_PATHS.productActive, { id: fixtures.bosqueProduct.id, version: 1, active: false }),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.clients,
    variant: 'Las Palmas',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'GET', `${INVOICING_PATHS.clients}?q=a&limit=5`),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.clientSave,
    variant: 'new client',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.clientSave, { ...CLIENT, nombre: `Cliente ${++serial}` }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.clientSave,
    variant: "another condominium's client",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.clientSave, { ...CLIENT, id: fixtures.bosqueClient.id, version: 1 }),
  },
  {
    method: 'GET',
    path: INVOICING_PATHS.stamps,
    variant: 'Las Palmas',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'GET', INVOICING_PATHS.stamps),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.stampRequest,
    variant: 'Las Palmas',
    expected: INVOICERS,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.stampRequest, { issuerId: fixtures.issuer.id, quantity: 50 }),
  },
  {
    method: 'POST',
    path: INVOICING_PATHS.stampRequest,
    variant: "another condominium's issuer",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', INVOICING_PATHS.stampRequest, { issuerId: fixtures.bosqueIssuer.id, quantity: 50 }),
  },
];

describe(`e-invoicing set-up permission matrix (${dialect})`, () => {
  let t: TestApp;
  const membershipOf = async (email: string) =>
    (
      await t.app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
        .select('m.id')
        .where('u.email', '=', email)
        .where('c.subdomain', '=', 'palmas')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    // The holder of FAC: the supervisor, given the active invoicing permission as configuracion would.
    await t.app.db
      .insertInto('user_permissions')
      .values({ membership_id: await membershipOf('supervisor@demo.mx'), clave: PERMISSION.invoicing, tipo: 'alto', activa: 1 })
      .execute();
    // The board member holds it inactive: an inactive permission lets nobody in.
    await t.app.db
      .insertInto('user_permissions')
      .values({ membership_id: await membershipOf('consejo@demo.mx'), clave: PERMISSION.invoicing, tipo: 'alto', activa: 0 })
      .execute();
    fixtures.admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const post = async <T>(token: string, path: string, payload: object) =>
      (await call(t.app, 'POST', api(path), { token, payload })).json() as T;
    fixtures.issuer = (await post<{ issuer: Issuer }>(fixtures.admin, INVOICING_PATHS.saveIssuer, issuerDraft())).issuer;
    fixtures.bosqueIssuer = (
      await post<{ issuer: Issuer }>(fixtures.bosqueAdmin, INVOICING_PATHS.saveIssuer, issuerDraft({ razonSocial: 'BOSQUE' }))
    ).issuer;
    fixtures.product = (await post<{ product: Product }>(fixtures.admin, INVOICING_PATHS.productSave, PRODUCT)).product;
    fixtures.bosqueProduct = (
      await post<{ product: Product }>(fixtures.bosqueAdmin, INVOICING_PATHS.productSave, PRODUCT)
    ).product;
    fixtures.bosqueClient = (await post<{ client: Client }>(fixtures.bosqueAdmin, INVOICING_PATHS.clientSave, CLIENT)).client;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the set-up, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(SETUP_PATHS));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('gives another condominium’s administrator nothing of Las Palmas’s set-up', async () => {
    const as = (method: 'GET' | 'POST', path: string, payload?: object) =>
      call(t.app, method, api(path), { token: fixtures.bosqueAdmin, ...(payload ? { payload } : {}) });
    const answers = [
      await as('POST', INVOICING_PATHS.saveIssuer, { ...issuerFields(fixtures.issuer), razonSocial: 'ROBADA' }),
      await as('POST', INVOICING_PATHS.productSave, { ...PRODUCT, id: fixtures.product.id, version: 1 }),
      await as('POST', INVOICING_PATHS.productActive, { id: fixtures.product.id, version: 1, active: false }),
      await as('POST', INVOICING_PATHS.stampRequest, { issuerId: fixtures.issuer.id, quantity: 50 }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    const general = (await as('GET', INVOICING_PATHS.generalData)).json() as { data: { enterprise: Issuer }[] };
    expect(general.data.map((d) => d.enterprise.id)).toEqual([fixtures.bosqueIssuer.id]);
    const products = (await as('GET', INVOICING_PATHS.products)).json() as { products: Product[] };
    expect(products.products.map((p) => p.id)).not.toContain(fixtures.product.id);
    const clients = (await as('GET', `${INVOICING_PATHS.clients}?limit=100`)).json() as { clients: Client[] };
    expect(clients.clients.map((c) => c.id)).toEqual([fixtures.bosqueClient.id]);
    const ledger = (await as('GET', INVOICING_PATHS.stamps)).json() as { balances: { issuerId: number }[]; requests: unknown[] };
    expect(ledger.balances.map((b) => b.issuerId)).toEqual([fixtures.bosqueIssuer.id]);
    expect(ledger.requests).toEqual([]);
  });
});
