// createInvoiceMachine's scenarios (tests/models/createInvoiceMachine.model.ts, docs/scenarios/createInvoiceMachine.md:
// the fewest of the headless paths that take every declared branch) walked through the real crear-factura page in
// Chromium at 390×844, as admin@demo.mx in Torres del Bosque — never Las Palmas, where invoicing.spec sets up its
// own issuer at the same time on the same server.
//
// Set up through the API once per worker (each step tolerates the other worker doing it first): the issuer
// EKU9003173C9 with the synthetic CSD (tests/fixtures/csd) and its 20 courtesy stamps, a second issuer in manual
// mode without a CSD (so there is an issuer to choose), and the client MARIA LOPEZ linked to the three dwellings the
// demo seed charges this month's fee in Bosque (server/db/seed/invoicing.ts DEMO_BOSQUE_CHARGES: nothing but a
// reservation posts a charge through the API). The default products come with the first issuer.
//
// The model's issuers 1 and 2 are the two real ones, its client 11 the real client, its dwelling 7 and charge 70 the
// path's dwelling and its charge: Torre Sur 101 for every path that only previews, 102 and 103 for the two paths
// that really stamp (a stamped charge is no longer to invoice, and paths run in parallel).
//
// The browser holds each call of the flow until the path says how it ends. Through to the real server: the start
// (issuers, products), a dwelling's charges, the client search, the preview and the two stampings. Cut (the
// connection fails): any of them. Made from the server's real answer, one field changed, where the server cannot
// give it on demand: every issuer automatic (mode A), no issuer at all, and a preview with a problem (the screen
// never builds a draft the SAT rules refuse: the machine fixes forma de pago 99 with PPD and the concept form sends
// IVA only with objeto 02). Answered in the server's own shape: the PAC's refusal (502 pacRefused with the PAC's
// words, server/domain/invoicing/cfdis/refusals.ts) and no stamps left (409 noStamps). Only the two stamped paths
// spend a stamp; a retry's stamping, held when its path ends, never reaches the server, and it carries the key of
// the first try.
//
// Lean on time: each worker signs in once and keeps one page, where every path after its first starts from a
// freshly mounted crear-factura (a new machine): the page goes to datos-generales and back without reloading the
// app. The browser's Content-Security-Policy guard watches that page as fixtures.ts watches a test's own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page, Route, TestInfo } from '@playwright/test';
import type { EventObject } from 'xstate';
import { DEMO_BOSQUE_CHARGES } from '../../server/db/seed/invoicing';
import type { DwellingListAnswer } from '../../src/api/dwellings';
import { dwellingName } from '../../src/api/dwellings';
import { type ConceptDraft, INVOICING_PATHS, INVOICING_SCREENS, type IssuerDraft } from '../../src/api/invoicing';
import type { createInvoiceMachine, StartData } from '../../src/machines/createInvoiceMachine';
import type {
  ClientListAnswer,
  DwellingChargesAnswer,
  GeneralDataAnswer,
  PreviewAnswer,
  StampedAnswer,
} from '../../src/services/invoicingAnswers';
import type { StampResult } from '../../src/services/invoicingService';
import { CLIENT, createInvoiceModel, FEE_PRODUCT, ISSUERS } from '../models/createInvoiceMachine.model';
import { coverModel, type Path, type Payload, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { test as base, expect, sessionTokens, watchPolicy } from './fixtures';

type Snap = Snapshot<typeof createInvoiceMachine>;
type ModelEvent = EventObject & Payload;
type Issuer = GeneralDataAnswer['data'][number]['enterprise'];
type Client = ClientListAnswer['clients'][number];
type Charge = DwellingChargesAnswer['charges'][number];

const BOSQUE = 'Torres del Bosque';
const ADMIN = 'admin@demo.mx';
const CSD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/csd');
const CSD_PASSWORD = '12345678a';

const { machine } = createInvoiceModel;
const cover = coverModel(createInvoiceModel);
const paths = cover.browserPaths();
/** Named as docs/scenarios/createInvoiceMachine.md numbers and names them. */
const nameOf = (index: number) => `${index + 1}. ${cover.names[cover.paths.indexOf(paths[index]!)]!}`;

// ── Who is who: the model's fixtures and Bosque's real issuers, client and dwellings

/** The issuers, in the order the server lists them (by id): the first stamps, the second is only chosen. */
const REAL_ISSUERS: IssuerDraft[] = [
  {
    rfc: 'EKU9003173C9',
    razonSocial: 'ESCUELA KEMPER URGATE',
    regimenFiscal: '601',
    lugarExpedicion: '44600',
    serie: 'TB',
    nextFolio: 1,
    modoInvoice: 'M',
  },
  {
    rfc: 'CPB010101AB2',
    razonSocial: 'TORRES DEL BOSQUE',
    regimenFiscal: '601',
    lugarExpedicion: '44600',
    serie: 'TS',
    nextFolio: 1,
    modoInvoice: 'M',
  },
];
/** The model's manual issuers (1, 2), one for one with REAL_ISSUERS. */
const MODEL_MANUAL = ISSUERS.filter((issuer) => issuer.modoInvoice === 'M').map((issuer) => issuer.id);
const [SHARED_DWELLING, ...STAMPING_DWELLINGS] = DEMO_BOSQUE_CHARGES.dwellings.map((d) => d.replace('/', ' - '));

const outputsOf = (path: Path, type: string) =>
  path.steps.flatMap((step) => (step.event.type === type ? [(step.event as ModelEvent).output] : []));
const stampsForReal = (path: Path) =>
  outputsOf(path, 'xstate.done.actor.stamp').some((output) => (output as StampResult).kind === 'stamped');
const stampingPaths = paths.filter(stampsForReal);
const dwellingOf = (path: Path) =>
  stampsForReal(path) ? STAMPING_DWELLINGS[stampingPaths.indexOf(path)]! : (SHARED_DWELLING as string);

interface Bosque {
  token: string;
  /** The manual issuers, by the model's ids. */
  issuers: Map<number, Issuer>;
  client: Client;
  /** Dwelling name → ApmtId. */
  dwellings: Map<string, number>;
}

const sessionToken = sessionTokens();
const asAdmin = (request: APIRequestContext, token: string) => ({
  get: async <T>(url: string): Promise<T> => {
    const answer = await request.get(`/api${url}`, { headers: { 'app-token': token } });
    expect(answer.status(), url).toBe(200);
    return (await answer.json()) as T;
  },
  post: (url: string, data: unknown) => request.post(`/api${url}`, { headers: { 'app-token': token }, data }),
});

/** What the other worker may have made already is taken as it is; a 409 means it just made it. */
async function setUpBosque(request: APIRequestContext): Promise<Bosque> {
  const token = await sessionToken(request, ADMIN, BOSQUE);
  const api = asAdmin(request, token);
  const issuers = async () => (await api.get<GeneralDataAnswer>(INVOICING_PATHS.generalData)).data.map((row) => row.enterprise);
  for (const draft of REAL_ISSUERS) {
    if ((await issuers()).some((issuer) => issuer.rfc === draft.rfc)) continue;
    const saved = await api.post(INVOICING_PATHS.saveIssuer, draft);
    expect([200, 409], `saving issuer ${draft.rfc}: ${await saved.text()}`).toContain(saved.status());
  }
  const withCsd = async () => (await issuers()).find((issuer) => issuer.rfc === REAL_ISSUERS[0]!.rfc)!;
  const stamping = await withCsd();
  if (stamping.csd === null) {
    const file = (name: string) => ({
      name,
      mimeType: 'application/octet-stream',
      buffer: readFileSync(path.join(CSD_DIR, name)),
    });
    const uploaded = await request.post(`/api${INVOICING_PATHS.uploadCsd}`, {
      headers: { 'app-token': token },
      multipart: {
        issuerId: String(stamping.id),
        version: String(stamping.version),
        password: CSD_PASSWORD,
        cer: file('csd.cer'),
        key: file('csd.key'),
      },
    });
    expect([200, 409], `uploading the CSD: ${await uploaded.text()}`).toContain(uploaded.status());
    expect((await withCsd()).csd).not.toBeNull();
  }
  const all = await issuers();
  const real = REAL_ISSUERS.map((draft) => all.find((issuer) => issuer.rfc === draft.rfc)!);

  const list = await api.get<DwellingListAnswer>(`/--configuracion/viviendas/lista?q=Torre%20Sur&limit=100`);
  const dwellings = new Map(list.viviendas.map((d) => [dwellingName(d.Torre, d.Nombre), d.ApmtId]));
  const apartmentIds = DEMO_BOSQUE_CHARGES.dwellings.map((d) => dwellings.get(d.replace('/', ' - '))!);
  const findClient = async () =>
    (await api.get<ClientListAnswer>(`${INVOICING_PATHS.clients}?q=${CLIENT.rfc}`)).clients.find((c) => c.rfc === CLIENT.rfc);
  if (!(await findClient())) {
    const { rfc, nombre, regimenFiscal, domicilioFiscal, usoCfdi, email } = CLIENT;
    const saved = await api.post(INVOICING_PATHS.clientSave, {
      rfc,
      nombre,
      regimenFiscal,
      domicilioFiscal,
      usoCfdi,
      email,
      apartmentIds,
    });
    expect([200, 409], `saving the client: ${await saved.text()}`).toContain(saved.status());
  }
  const client = (await findClient())!;
  expect(client.apartmentIds.sort()).toEqual(apartmentIds.sort());
  return { token, issuers: new Map(MODEL_MANUAL.map((id, i) => [id, real[i]!])), client, dwellings };
}

/** The worker's page, signed in as the administrator in Bosque, and what the CSP guard saw on it. */
interface Shared {
  page: Page;
  violations: string[];
}

const test = base.extend<object, { bosque: Bosque; shared: Shared }>({
  bosque: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      try {
        await use(await setUpBosque(request));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker' },
  ],
  shared: [
    async ({ browser, bosque }, use, workerInfo) => {
      const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = workerInfo.project.use;
      const baseURL = process.env.E2E_BASE_URL!;
      // Browser's own newContext: the one a running test's guard wraps would watch this page for that test alone.
      const newContext = (Object.getPrototypeOf(browser) as Browser).newContext;
      const context = await newContext.call(browser, {
        viewport,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        locale,
        timezoneId,
        baseURL,
      });
      const violations: string[] = [];
      await watchPolicy(context, new URL(baseURL).origin, violations);
      await context.addInitScript((value) => window.localStorage.setItem('app-token', value), bosque.token);
      await use({ page: await context.newPage(), violations });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Moves the page within the app, as a link does (the router follows pushState). */
const goWithin = (page: Page, url: string) => page.evaluate((to) => window.history.pushState(null, '', to), url);

/**
 * A fresh crear-factura with the path's calls held: the first time the app loads; later the page leaves for
 * datos-generales (the old flow unmounts, its calls given up) and comes back to a new one.
 */
async function openCreateInvoice(page: Page, holdCalls: () => Promise<void>) {
  if (page.url() === 'about:blank') {
    await holdCalls();
    await page.goto(INVOICING_SCREENS.createInvoice);
    return;
  }
  await goWithin(page, INVOICING_SCREENS.generalData);
  await expect(flow(page)).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await holdCalls();
  await goWithin(page, INVOICING_SCREENS.createInvoice);
}

/** A failed path's screen, as the test's own page would leave it. */
async function keepScreen(page: Page, testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('screen', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await testInfo.attach('accessibility tree', { body: await page.locator('body').ariaSnapshot(), contentType: 'text/yaml' });
}

// ── The calls the page makes, held until the path says how each ends

/** How a start's issuers answer: the real ones, all switched to mode A, none, or no answer. */
type StartOutcome = 'real' | 'automatic' | 'none' | 'cut';
const startOutcome = (output: StartData): StartOutcome =>
  output.issuers.length === 0 ? 'none' : output.issuers.some((i) => i.modoInvoice === 'M') ? 'real' : 'automatic';

/**
 * The start's two calls (the issuers and the products), held until the path settles the start; the module's own
 * issuers call (its navigation) answers with the start it comes with. A retry begins the next start.
 */
class Starts {
  private index = 0;
  private readonly settled: StartOutcome[] = [];
  private readonly held: { route: Route; products: boolean; index: number }[] = [];
  static async on(page: Page): Promise<Starts> {
    const starts = new Starts();
    await page.route(/\/api\/--facturacion\/(datos-generales|productos)$/, (route) => starts.arrived(route));
    return starts;
  }
  private async arrived(route: Route) {
    const call = { route, products: route.request().url().endsWith('/productos'), index: this.index };
    if (this.settled[call.index]) await this.answer(call);
    else this.held.push(call);
  }
  private async answer({ route, products, index }: { route: Route; products: boolean; index: number }) {
    const outcome = this.settled[index]!;
    if (outcome === 'cut') return route.abort('internetdisconnected');
    if (products || outcome === 'real') return route.continue();
    const real = (await (await route.fetch()).json()) as GeneralDataAnswer;
    const data =
      outcome === 'none'
        ? []
        : real.data.map((row) => ({ ...row, enterprise: { ...row.enterprise, modoInvoice: 'A' as const } }));
    return route.fulfill({ json: { ...real, data } satisfies GeneralDataAnswer });
  }
  async settle(outcome: StartOutcome) {
    await expect.poll(() => this.held.some((c) => c.products && c.index === this.index), { message: 'the start' }).toBe(true);
    this.settled[this.index] = outcome;
    for (const call of this.held.splice(0)) await this.answer(call);
  }
  /** A retry: what comes next belongs to a new start. */
  next() {
    this.index += 1;
  }
}

/** One kind of call, held as it comes; the path lets the latest through or cuts it (an older one was given up). */
class Held {
  readonly requests: unknown[] = [];
  private readonly routes: Route[] = [];
  static async on(page: Page, url: RegExp): Promise<Held> {
    const held = new Held();
    await page.route(url, (route) => {
      held.requests.push(route.request().postDataJSON());
      held.routes.push(route);
    });
    return held;
  }
  async take(): Promise<Route> {
    await expect.poll(() => this.routes.length, { message: 'waiting for the call' }).toBeGreaterThan(0);
    return this.routes.splice(0).at(-1)!;
  }
  async cut() {
    await (await this.take()).abort('internetdisconnected');
  }
}

/** The server's answers, in its shapes (server/plugins/errors.ts over cfdis/refusals.ts). */
const pacRefused = (message: string) => ({
  status: 502,
  json: { reason: 'pacRefused', message, pacCode: message.split(':')[0], success: false, code: 'UNAVAILABLE' },
});
const NO_STAMPS = {
  status: 409,
  json: {
    reason: 'noStamps',
    success: false,
    code: 'CONFLICT',
    message: 'La solicitud choca con el estado actual. Recarga e inténtalo de nuevo.',
    messageId: 'errors.conflict',
  },
};

// ── The screen of each state node

const money = (cents: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(cents / 100);
const flow = (page: Page) => page.locator('[data-invoice-state]');
const inState = (page: Page, name: string) => expect(flow(page)).toHaveAttribute('data-invoice-state', name);
const button = (page: Page, name: string) => flow(page).getByRole('button', { name, exact: true });
const status = (page: Page) => flow(page).getByRole('status');
const alert = (page: Page) => flow(page).getByRole('alert');
const concepts = (page: Page) => flow(page).getByRole('region', { name: 'Conceptos' });
const combobox = (page: Page, name: string) => flow(page).getByRole('combobox', { name, exact: true });
const clientLabel = (client: Client) => `${client.rfc} · ${client.nombre}`;

const PROBLEM_WORDS: Record<string, string> = {
  'invoicing.problem.receiverRegimenNotForRfc': 'El régimen fiscal del cliente no corresponde a su RFC (persona física o moral).',
};
const NO_CONNECTION = 'No pudimos comunicarnos con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/** What a path's screen is made of beyond the model: its dwelling's charge and the server's last answers. */
interface Scene {
  bosque: Bosque;
  charge: Charge;
  preview: PreviewAnswer | null;
  stamped: StampedAnswer | null;
}

function checksFor(scene: Scene) {
  const { bosque } = scene;
  const words = (c: ConceptDraft) =>
    c.chargeId === undefined ? c.descripcion : `${scene.charge.concept} (${scene.charge.chargedOn})`;
  const amount = (c: ConceptDraft) =>
    c.chargeId === undefined ? Math.round(Number(c.cantidad) * c.valorUnitarioCents) : scene.charge.amountCents;
  const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
    loading: async (page) => {
      await inState(page, 'loading');
      await expect(status(page)).toHaveText('Cargando…');
      await expect(flow(page).getByText(/^Paso/)).toHaveCount(0);
    },
    loadFailed: async (page) => {
      await inState(page, 'loadFailed');
      await expect(alert(page)).toContainText('No pudimos cargar los datos.');
      await expect(alert(page)).toContainText(NO_CONNECTION);
      await expect(button(page, 'Reintentar')).toBeEnabled();
    },
    noIssuer: async (page) => {
      await inState(page, 'noIssuer');
      await expect(flow(page).getByRole('heading', { name: 'Aún no hay emisor' })).toBeVisible();
      await expect(flow(page).getByRole('link', { name: 'Configurar emisor' })).toHaveAttribute('href', /datos-generales$/);
      await expect(button(page, 'Reintentar')).toBeEnabled();
    },
    automatic: async (page) => {
      await inState(page, 'automatic');
      await expect(status(page)).toHaveText(
        'En modo automático, cada pago registrado se factura solo; no se crean facturas a mano.',
      );
      await expect(flow(page).getByRole('button')).toHaveCount(0);
    },
    concepts: async (page, s) => {
      await expect(flow(page).getByText('Paso 1 de 4 · Conceptos')).toBeVisible();
      const issuer = combobox(page, 'Emisor');
      // A choice only between several issuers that invoice by hand.
      if (s.context.issuers.filter((i) => i.modoInvoice === 'M').length > 1)
        await expect(issuer).toHaveValue(String(bosque.issuers.get(s.context.issuerId!)!.id));
      else await expect(issuer).toHaveCount(0);
      const items = concepts(page).getByRole('listitem');
      await expect(items).toHaveCount(s.context.concepts.length);
      for (const [i, c] of s.context.concepts.entries()) {
        await expect(items.nth(i)).toContainText(words(c));
        await expect(items.nth(i)).toContainText(money(amount(c)));
      }
      const next = button(page, 'Continuar');
      await (s.can({ type: 'next' }) ? expect(next).toBeEnabled() : expect(next).toBeDisabled());
    },
    'concepts.editing': async (page, s) => {
      await inState(page, 'concepts.editing');
      await expect(status(page)).toHaveCount(0);
      await (s.context.failure === null ? expect(alert(page)).toHaveCount(0) : expect(alert(page)).toHaveText(NO_CONNECTION));
    },
    'concepts.loadingCharges': async (page) => {
      await inState(page, 'concepts.loadingCharges');
      await expect(status(page)).toHaveText('Cargando…');
      await expect(combobox(page, 'Vivienda')).toBeDisabled();
    },
    receiver: async (page, s) => {
      await expect(flow(page).getByText('Paso 2 de 4 · Receptor')).toBeVisible();
      await expect(combobox(page, 'Método de pago')).toHaveValue(s.context.metodoPago);
      const forma = flow(page).getByRole('combobox', { name: /^Forma de pago/ });
      await expect(forma).toHaveValue(s.context.formaPago);
      await (s.context.metodoPago === 'PPD' ? expect(forma).toBeDisabled() : expect(forma).toBeEnabled());
      const review = button(page, 'Vista previa');
      await (s.context.clientId === null ? expect(review).toBeDisabled() : expect(review).toBeEnabled());
    },
    'receiver.choosing': async (page, s) => {
      await inState(page, 'receiver.choosing');
      await expect(status(page)).toHaveCount(0);
      await (s.context.failure === null ? expect(alert(page)).toHaveCount(0) : expect(alert(page)).toHaveText(NO_CONNECTION));
      // The clients found (or the dwelling's), the chosen one checked.
      await expect(flow(page).getByRole('radio')).toHaveCount(s.context.clients.length);
      if (s.context.clients.length)
        await expect(flow(page).getByRole('radio', { name: clientLabel(bosque.client) })).toBeChecked({
          checked: s.context.clientId === CLIENT.id,
        });
    },
    'receiver.searching': async (page, s) => {
      await inState(page, 'receiver.searching');
      await expect(status(page)).toHaveAttribute('aria-label', 'Cargando…');
      // A failed search's words stay until a search answers.
      await expect(alert(page)).toHaveCount(s.context.failure === null ? 0 : 1);
    },
    previewing: async (page) => {
      await inState(page, 'previewing');
      await expect(status(page)).toHaveText('Calculando la factura…');
    },
    previewFailed: async (page) => {
      await inState(page, 'previewFailed');
      await expect(alert(page)).toContainText('No pudimos calcular la vista previa. Inténtalo de nuevo.');
      await expect(button(page, 'Reintentar')).toBeEnabled();
      await expect(button(page, 'Regresar')).toBeEnabled();
    },
    review: async (page, s) => {
      await inState(page, 'review');
      const table = flow(page).getByRole('table', { name: 'Vista previa' });
      await expect(table.getByRole('row', { name: /^Total/ })).toContainText(money(scene.preview!.totals.totalCents));
      const { problems } = s.context.preview!;
      if (problems.length) await expect(alert(page).getByRole('listitem')).toHaveText(problems.map((id) => PROBLEM_WORDS[id]!));
      else await expect(alert(page)).toHaveCount(0);
      const stamp = button(page, 'Timbrar');
      await (problems.length ? expect(stamp).toBeDisabled() : expect(stamp).toBeEnabled());
    },
    stamping: async (page) => {
      await inState(page, 'stamping');
      await expect(status(page)).toHaveText('Timbrando la factura…');
    },
    stampFailed: async (page) => {
      await inState(page, 'stampFailed');
      await expect(alert(page)).toContainText('No pudimos timbrar. Reintentar no timbra dos veces.');
      await expect(button(page, 'Reintentar')).toBeEnabled();
    },
    refused: async (page, s) => {
      await inState(page, 'refused');
      await expect(alert(page)).toContainText('No se timbró la factura');
      await expect(alert(page)).toContainText(`El PAC rechazó la factura: ${s.context.refusal!.message}`);
      await expect(button(page, 'Reintentar')).toBeEnabled();
      await expect(button(page, 'Editar conceptos')).toBeEnabled();
    },
    noStamps: async (page) => {
      await inState(page, 'noStamps');
      await expect(alert(page)).toContainText('Ya no quedan timbres para este RFC. Solicita más para seguir facturando.');
      await expect(alert(page).getByRole('link', { name: 'Solicitar timbres' })).toHaveAttribute('href', /solicitar-timbres$/);
      await expect(button(page, 'Reintentar')).toBeEnabled();
      await expect(button(page, 'Editar conceptos')).toBeEnabled();
    },
    stamped: async (page) => {
      await inState(page, 'stamped');
      const { cfdi, stampsAvailable } = scene.stamped!;
      await expect(status(page)).toHaveText('Factura timbrada');
      await expect(flow(page).locator('code')).toHaveText(cfdi.uuid);
      await expect(flow(page).getByText(`${stampsAvailable} timbres restantes`)).toBeVisible();
      await expect(flow(page).getByText(`${cfdi.clientRfc} · ${cfdi.clientName}`)).toBeVisible();
      await expect(button(page, 'Crear otra factura')).toBeEnabled();
    },
  };
  return STATES;
}

async function check(STATES: ReturnType<typeof checksFor>, page: Page, s: Snap) {
  for (const key of stateNodeKeys(machine)) if (s.matches(key as never)) await STATES[key]!(page, s);
}

test.describe('createInvoiceMachine walked in Chromium', () => {
  test.afterEach(async ({ shared }, testInfo) => {
    await keepScreen(shared.page, testInfo);
    expect(shared.violations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });

  test('every state node has a screen assertion of its own, the scenarios reach every one, a dwelling per stamping', () => {
    requireDistinctChecks(machine, checksFor({ bosque: {} } as Scene));
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
    expect(stampingPaths.length).toBeLessThanOrEqual(STAMPING_DWELLINGS.length);
  });

  paths.forEach((path, index) => {
    test(`${dwellingOf(path)}: ${nameOf(index)}`, async ({ bosque, shared: { page } }) => {
      const dwelling = dwellingOf(path);
      const apartmentId = bosque.dwellings.get(dwelling)!;
      const api = asAdmin(page.request, bosque.token);
      const { charges } = await api.get<DwellingChargesAnswer>(`${INVOICING_PATHS.dwellingCharges}?apartmentId=${apartmentId}`);
      // The seeded fee, not invoiced yet (the model's one charge).
      expect(charges).toHaveLength(1);
      const scene: Scene = { bosque, charge: charges[0]!, preview: null, stamped: null };
      const STATES = checksFor(scene);

      let starts!: Starts;
      let charged!: Held;
      let searches!: Held;
      let previews!: Held;
      let stampings!: Held;
      await openCreateInvoice(page, async () => {
        starts = await Starts.on(page);
        charged = await Held.on(page, /\/api\/--facturacion\/cargos-vivienda\?/);
        searches = await Held.on(page, /\/api\/--facturacion\/clientes\?/);
        previews = await Held.on(page, /\/api\/--facturacion\/facturas\/vista-previa$/);
        stampings = await Held.on(page, /\/api\/--facturacion\/facturas\/timbrar$/);
      });
      /** The draft the screen sends for the snapshot, in Bosque's ids. */
      const draftOf = (s: Snap) => ({
        issuerId: bosque.issuers.get(s.context.issuerId!)!.id,
        clientId: bosque.client.id,
        metodoPago: s.context.metodoPago,
        formaPago: s.context.formaPago,
        ...(s.context.apartmentId === null ? {} : { apartmentId }),
      });

      let before = path.steps[0]!.state as Snap;
      for (const step of path.steps) {
        const event = step.event as ModelEvent;
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'xstate.done.actor.loadStart':
            await starts.settle(startOutcome(event.output as StartData));
            break;
          case 'xstate.error.actor.loadStart':
            await starts.settle('cut');
            break;
          case 'retry': {
            const stampedBefore = stampings.requests.length;
            if (before.matches('loadFailed') || before.matches('noIssuer')) starts.next();
            await button(page, 'Reintentar').click();
            if (['stampFailed', 'refused', 'noStamps'].some((key) => before.matches(key as never))) {
              // The same draft again, with the key of its first try: the server stamps it at most once.
              await expect.poll(() => stampings.requests.length).toBe(stampedBefore + 1);
              const [first, again] = stampings.requests.slice(-2) as { draftKey: string }[];
              expect(again!.draftKey).toBe(first!.draftKey);
            }
            break;
          }
          case 'chooseIssuer':
            await combobox(page, 'Emisor').selectOption(String(bosque.issuers.get(event.issuerId as number)!.id));
            break;
          case 'addConcept': {
            const concept = event.concept as ConceptDraft;
            expect(concept.productId).toBe(FEE_PRODUCT.id);
            await combobox(page, 'Producto o servicio').selectOption({ label: FEE_PRODUCT.name });
            await flow(page)
              .getByRole('textbox', { name: /^Cantidad/ })
              .fill(concept.cantidad);
            await flow(page)
              .getByRole('textbox', { name: /^Precio unitario/ })
              .fill((concept.valorUnitarioCents / 100).toFixed(2));
            await button(page, 'Agregar concepto').click();
            break;
          }
          case 'removeConcept': {
            const concept = before.context.concepts[event.index as number]!;
            expect(concept.chargeId).toBeUndefined();
            await button(page, `Quitar ${concept.descripcion}`).click();
            break;
          }
          case 'chooseDwelling':
            await flow(page).getByText('Cargos de una vivienda').click();
            await combobox(page, 'Vivienda').fill(dwelling);
            await page.getByRole('option', { name: dwelling, exact: true }).click();
            break;
          case 'xstate.done.actor.loadCharges':
            await (await charged.take()).continue();
            break;
          case 'xstate.error.actor.loadCharges':
            await charged.cut();
            break;
          case 'next':
            await button(page, 'Continuar').click();
            break;
          case 'search':
            await flow(page)
              .getByRole('textbox', { name: 'Buscar cliente por RFC o nombre' })
              .fill(event.q as string);
            await button(page, 'Buscar').click();
            break;
          case 'xstate.done.actor.searchClients':
            await (await searches.take()).continue();
            break;
          case 'xstate.error.actor.searchClients':
            await searches.cut();
            break;
          case 'chooseClient':
            expect(event.clientId).toBe(CLIENT.id);
            await flow(page)
              .getByRole('radio', { name: clientLabel(bosque.client) })
              .check();
            break;
          case 'setPayment':
            await combobox(page, 'Método de pago').selectOption(event.metodoPago as string);
            break;
          case 'back':
            await button(page, 'Regresar').click();
            break;
          case 'review':
            await button(page, 'Vista previa').click();
            break;
          case 'xstate.done.actor.preview': {
            const route = await previews.take();
            expect(route.request().postDataJSON()).toMatchObject(draftOf(before));
            const real = await route.fetch();
            expect(real.status()).toBe(200);
            const { problems } = event.output as PreviewAnswer;
            scene.preview = { ...((await real.json()) as PreviewAnswer), ...(problems.length ? { problems } : {}) };
            expect(scene.preview.problems).toEqual(problems);
            await route.fulfill({ json: scene.preview });
            break;
          }
          case 'xstate.error.actor.preview':
            await previews.cut();
            break;
          case 'stamp':
            await button(page, 'Timbrar').click();
            break;
          case 'xstate.done.actor.stamp': {
            const route = await stampings.take();
            expect(route.request().postDataJSON()).toMatchObject({ draft: draftOf(before) });
            const result = event.output as StampResult;
            if (result.kind === 'stamped') {
              const real = await route.fetch();
              expect(real.status(), await real.text()).toBe(200);
              scene.stamped = (await real.json()) as StampedAnswer;
              expect(scene.stamped.cfdi).toMatchObject({ clientRfc: CLIENT.rfc, totalCents: scene.charge.amountCents });
              await route.fulfill({ response: real });
            } else await route.fulfill(result.reason === 'noStamps' ? NO_STAMPS : pacRefused(result.message));
            break;
          }
          case 'xstate.error.actor.stamp':
            await stampings.cut();
            break;
          case 'editConcepts':
            await button(page, 'Editar conceptos').click();
            break;
          case 'editReceiver':
            await button(page, 'Cambiar receptor').click();
            break;
          case 'another':
            await button(page, 'Crear otra factura').click();
            break;
          default:
            throw new Error(`no executor for ${event.type}`);
        }
        const state = step.state as Snap;
        await check(STATES, page, state);
        before = state;
      }
    });
  });
});
