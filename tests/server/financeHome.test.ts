// The resident's money home (src/api/financeHome.ts; issue 27), through the API on SQLite and PostgreSQL: each
// dwelling a resident may see with what it owes (overdue and next due), its open charges, its last payments with
// their receipts, and an OXXO reference still waiting; a card payment moves the money across at once (control
// gerencial's collection and arrears with it); the staff
// open any dwelling; another dwelling, another condominium and those without 'Estado de cuenta' see nothing.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_PATHS, CheckoutAnswer, sandboxOutcomePath } from '../../src/api/checkout';
import { FINANCE_HOME_PATH, type FinanceHome, FinanceHomeAnswer } from '../../src/api/financeHome';
import { MANAGEMENT_PATHS } from '../../src/api/management';
import { dwellingOf } from '../support/dwellingOf';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const BOSQUE = 'Torres del Bosque';

describe(`the money home (${dialect})`, () => {
  let t: TestApp;
  const tokens = { payer: '', neighbour: '', admin: '', board: '', guard: '', employee: '', bosque: '' };
  let dwelling = 0;
  let neighbourDwelling = 0;
  let bosqueDwelling = 0;

  const home = (token: string, apartmentId?: number) =>
    call(t.app, 'GET', `${api(FINANCE_HOME_PATH)}${apartmentId === undefined ? '' : `?ApartmentId=${apartmentId}`}`, {
      token,
    });
  async function homeOf(token: string, apartmentId?: number): Promise<FinanceHome> {
    const res = await home(token, apartmentId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, FinanceHomeAnswer);
    return answer.data;
  }

  beforeAll(async () => {
    t = await createTestApp();
    tokens.payer = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    tokens.neighbour = await signInAs(t.app, 'vecino020@demo.mx', PALMAS);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.board = await signInAs(t.app, 'consejo@demo.mx', PALMAS);
    tokens.guard = await signInAs(t.app, 'guardia@demo.mx', PALMAS);
    tokens.employee = await signInAs(t.app, 'empleado@demo.mx', PALMAS);
    tokens.bosque = await signInAs(t.app, 'bosque.residente@demo.mx', BOSQUE);
    dwelling = await dwellingOf(t.app.db, 'vecino086@demo.mx', PALMAS);
    neighbourDwelling = await dwellingOf(t.app.db, 'vecino020@demo.mx', PALMAS);
    bosqueDwelling = await dwellingOf(t.app.db, 'bosque.residente@demo.mx', BOSQUE);
  }, 60_000);
  afterAll(() => t?.close());

  it("shows a resident's own dwelling: what it owes, what is overdue, what comes next, oldest charges first", async () => {
    const data = await homeOf(tokens.payer);
    expect(data.seesAll).toBe(false);
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mine = data.dwellings.find((d) => d.ApartmentId === dwelling);
    expect(mine, 'vecino086 sees their dwelling').toBeDefined();
    expect(data.dwellings.every((d) => d.ApartmentId !== neighbourDwelling)).toBe(true);
    // vecino086's dwelling is the demo's one in arrears.
    expect(mine!.owedCents).toBeGreaterThan(0);
    expect(mine!.owedCents).toBe(mine!.open.reduce((sum, c) => sum + c.openCents, 0));
    const overdue = mine!.open.filter((c) => c.dueOn < data.today).reduce((sum, c) => sum + c.openCents, 0);
    expect(mine!.overdueCents).toBe(overdue);
    expect(mine!.overdueCents).toBeGreaterThan(0);
    if (mine!.nextDue) expect(mine!.nextDue.dueOn >= data.today).toBe(true);
    const days = mine!.open.map((c) => c.chargedOn);
    expect(days).toEqual([...days].sort());
    expect(mine!.canPay).toBe(true);
  });

  it('lists a paying dwelling’s last payments, newest first, each with its receipt', async () => {
    const data = await homeOf(tokens.neighbour);
    const theirs = data.dwellings.find((d) => d.ApartmentId === neighbourDwelling)!;
    expect(theirs.payments.length).toBeGreaterThan(0);
    expect(theirs.payments.length).toBeLessThanOrEqual(5);
    const days = theirs.payments.map((p) => p.paidOn);
    expect(days).toEqual([...days].sort().reverse());
    for (const payment of theirs.payments) expect(payment.folio, 'every demo payment has its receipt').not.toBeNull();
  });

  it('shows an OXXO reference while it waits, and a card payment moves the money from owed to paid at once', async () => {
    const before = (await homeOf(tokens.payer)).dwellings.find((d) => d.ApartmentId === dwelling)!;
    const oldest = before.open[0]!;
    const management = async () => (await call(t.app, 'GET', api(MANAGEMENT_PATHS.summary), { token: tokens.admin })).json().data;
    const managementBefore = await management();
    const oxxo = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token: tokens.payer,
      payload: {
        ApartmentId: dwelling,
        method: 'oxxo',
        chargeIds: [oldest.chargeId],
        clientId: '00000000-0000-4000-8000-0000000000a1',
      },
    });
    expect(oxxo.statusCode, oxxo.body).toBe(201);
    const waiting = (await homeOf(tokens.payer)).dwellings.find((d) => d.ApartmentId === dwelling)!.waiting;
    expect(waiting).toEqual([expect.objectContaining({ id: oxxo.json().data.id, method: 'oxxo', state: 'pendiente' })]);

    const card = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token: tokens.payer,
      payload: {
        ApartmentId: dwelling,
        method: 'tarjeta',
        chargeIds: [oldest.chargeId],
        clientId: '00000000-0000-4000-8000-0000000000a2',
      },
    });
    assert(card.json(), CheckoutAnswer);
    const ref = card.json().data.redirectUrl.split('/').pop();
    expect((await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')))).statusCode).toBe(200);

    const after = (await homeOf(tokens.payer)).dwellings.find((d) => d.ApartmentId === dwelling)!;
    expect(after.owedCents).toBe(before.owedCents - oldest.openCents);
    expect(after.open.map((c) => c.chargeId)).not.toContain(oldest.chargeId);
    expect(after.payments[0]).toMatchObject({ amountCents: oldest.openCents, method: 'tarjeta', cancelled: false });
    expect(after.payments[0]!.folio).not.toBeNull();
    // Control gerencial's collection and arrears follow at once (they read the same ledger).
    const managementAfter = await management();
    expect(managementAfter.cobranza.mes).toBe(managementBefore.cobranza.mes + oldest.openCents);
    expect(managementAfter.morosidad.monto).toBe(managementBefore.morosidad.monto - oldest.openCents);
  });

  it('lets administrators and the board open any dwelling, and residents only their own', async () => {
    for (const token of [tokens.admin, tokens.board]) {
      const data = await homeOf(token, neighbourDwelling);
      expect(data.seesAll).toBe(true);
      expect(data.dwellings.map((d) => d.ApartmentId)).toEqual([neighbourDwelling]);
      // Staff see it; paying is the residents' (canPayOnline): an administrator records a payment instead.
      expect(data.dwellings[0]!.canPay).toBe(false);
    }
    expect((await home(tokens.payer, neighbourDwelling)).statusCode).toBe(404);
    expect((await homeOf(tokens.neighbour, neighbourDwelling)).dwellings).toHaveLength(1);
  });

  it('refuses those without the statement, another condominium’s dwelling, a bad id and no session', async () => {
    expect((await home(tokens.guard)).statusCode).toBe(403);
    expect((await home(tokens.employee)).statusCode).toBe(403);
    expect((await home(tokens.admin, bosqueDwelling)).statusCode).toBe(404);
    expect((await home(tokens.bosque, dwelling)).statusCode).toBe(404);
    expect((await home(tokens.admin, 99_999_999)).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', `${api(FINANCE_HOME_PATH)}?ApartmentId=abc`, { token: tokens.admin });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', api(FINANCE_HOME_PATH))).statusCode).toBe(401);
  });
});
