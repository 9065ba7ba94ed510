// Cargos automáticos (spec §2.4, §3.3, §4, §5, §6): the caller's own domiciliations from the real table,
// a new monthly limit under the dialog's amount rule, cancelling, and every refusal: no session, the wrong
// condominium, another member's charge, a cancelled or unknown one, a bad amount. Every demo role.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { AUTOMATIC_CHARGES_CONDO_ID } from '../../src/api/permissions';
import { RecurringChargeAnswer, RecurringChargesAnswer } from '../../src/api/recurringCharges';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const LIST = '/api/--cargos-automaticos/list';
const UPDATE = '/api/--cargos-automaticos/update-amount';
const CANCEL = '/api/--cargos-automaticos/cancel';

describe(`recurring charges (${dialect})`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const clock = testClock(new Date('2026-06-15T18:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const email of [
      'admin@demo.mx',
      'consejo@demo.mx',
      'residente@demo.mx',
      'empleado@demo.mx',
      'guardia@demo.mx',
      'supervisor@demo.mx',
    ]) {
      tokens[email] = await signInAs(t.app, email, email === 'admin@demo.mx' ? 'Residencial Las Palmas' : undefined);
    }
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });

  const list = async (token: string) => {
    const res = await call(t.app, 'GET', LIST, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, RecurringChargesAnswer);
    return body.data;
  };
  const refused = (res: { statusCode: number; json(): unknown }, status: number, message?: string, field?: string) => {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    assert(body, ErrorAnswer);
    if (message) expect(body.message).toBe(message);
    if (field) expect(body.field).toBe(field);
  };
  const row = (id: number) => t.app.db.selectFrom('recurring_charges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists each member’s own active charges, in MXN with two decimals, from the demo data', async () => {
    const resident = await list(tokens['residente@demo.mx']!);
    expect(resident.map((c) => [c.descripcion, c.monto])).toEqual([
      ['Cuota de mantenimiento Torre A - 101', '1850.00'],
      ['Fondo de reserva Torre A - 101', '350.00'],
    ]);
    expect(resident[0]).toMatchObject({
      descripcion: 'Cuota de mantenimiento Torre A - 101',
      monto: '1850.00',
      frecuencia: 'Mensual',
    });
    expect(resident[0]!.metodoPago).toMatch(/^Tarjeta de (crédito|débito) •••• \d{4}$/);
    expect(resident[0]!.fechaCreacion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const charge of resident) expect(charge.descripcion).toMatch(/Torre A - 101$/);

    const admin = await list(tokens['admin@demo.mx']!);
    expect(admin[0]).toMatchObject({ descripcion: 'Cuota de mantenimiento Torre A - 1001', monto: '1850.00' });
    const board = await list(tokens['consejo@demo.mx']!);
    expect(board[0]).toMatchObject({ descripcion: 'Cuota de mantenimiento Torre B - 502', monto: '1850.00' });
    // Nobody sees anybody else's.
    const ids = [resident, admin, board].map((charges) => new Set(charges.map((c) => c.id)));
    expect([...ids[0]!].some((id) => ids[1]!.has(id) || ids[2]!.has(id))).toBe(false);
    // Staff without a dwelling have none.
    for (const email of ['empleado@demo.mx', 'guardia@demo.mx', 'supervisor@demo.mx'])
      expect(await list(tokens[email]!)).toEqual([]);
  });

  it('refuses without a session, and in a condominium without the feature', async () => {
    refused(await call(t.app, 'GET', LIST), 401);
    refused(await call(t.app, 'POST', UPDATE, { payload: { id: 1, monto: '10.00' } }), 401);
    refused(await call(t.app, 'POST', CANCEL, { payload: { id: 1 } }), 401);
    refused(await call(t.app, 'GET', LIST, { token: tokens.bosque }), 403);
    const [mine] = await list(tokens['admin@demo.mx']!);
    refused(await call(t.app, 'POST', UPDATE, { token: tokens.bosque, payload: { id: mine!.id, monto: '10.00' } }), 403);
    refused(await call(t.app, 'POST', CANCEL, { token: tokens.bosque, payload: { id: mine!.id } }), 403);
    expect((await row(mine!.id)).monto_cents).toBe(185_000);
  });

  it('saves a new monthly limit typed with a comma or a point, and answers it with two decimals', async () => {
    const token = tokens['consejo@demo.mx']!;
    const [charge] = await list(token);
    clock.advanceMinutes(5);
    const res = await call(t.app, 'POST', UPDATE, { token, payload: { id: charge!.id, monto: '1800,5' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, RecurringChargeAnswer);
    expect(body.data).toEqual({ ...charge, monto: '1800.50' });
    expect(await row(charge!.id)).toMatchObject({
      monto_cents: 180_050,
      updated_at: clock.now().toISOString(),
      cancelled_at: null,
    });
    const again = await call(t.app, 'POST', UPDATE, { token, payload: { id: charge!.id, monto: '1900' } });
    expect((again.json() as { data: { monto: string } }).data.monto).toBe('1900.00');
    expect((await list(token))[0]!.monto).toBe('1900.00');
  });

  it('refuses an amount that is not a number above 0 with at most 2 decimals, with the spec’s message', async () => {
    const token = tokens['consejo@demo.mx']!;
    const [charge] = await list(token);
    for (const monto of ['0', '0.00', '0,0', '12.345', '1.2.3', ',', '.', '12345678']) {
      refused(
        await call(t.app, 'POST', UPDATE, { token, payload: { id: charge!.id, monto } }),
        400,
        'Ingresa un monto válido mayor a 0',
        'monto',
      );
    }
    for (const monto of ['abc', '-5', '', '1e3']) {
      refused(await call(t.app, 'POST', UPDATE, { token, payload: { id: charge!.id, monto } }), 400, undefined, 'monto');
    }
    refused(await call(t.app, 'POST', UPDATE, { token, payload: { id: charge!.id, monto: 15 } }), 400, undefined, 'monto');
    refused(await call(t.app, 'POST', UPDATE, { token, payload: { id: 'x', monto: '1.00' } }), 400, undefined, 'id');
    expect((await list(token))[0]!.monto).toBe(charge!.monto);
  });

  it('refuses another member’s charge (403), and an unknown one or one of another condominium (404)', async () => {
    const [theirs] = await list(tokens['residente@demo.mx']!);
    for (const email of ['admin@demo.mx', 'consejo@demo.mx', 'empleado@demo.mx', 'guardia@demo.mx', 'supervisor@demo.mx']) {
      refused(await call(t.app, 'POST', UPDATE, { token: tokens[email], payload: { id: theirs!.id, monto: '1.00' } }), 403);
      refused(await call(t.app, 'POST', CANCEL, { token: tokens[email], payload: { id: theirs!.id } }), 403);
    }
    expect(await row(theirs!.id)).toMatchObject({ monto_cents: 185_000, cancelled_at: null });
    refused(
      await call(t.app, 'POST', UPDATE, { token: tokens['admin@demo.mx'], payload: { id: 999_999, monto: '1.00' } }),
      404,
      'La domiciliación no existe.',
    );

    // A charge of the same person in another condominium is not in this one.
    const admin = await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
    const bosque = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    expect(bosque.id).not.toBe(AUTOMATIC_CHARGES_CONDO_ID);
    const now = clock.now().toISOString();
    const { id: elsewhere } = await t.app.db
      .insertInto('recurring_charges')
      .values({
        condo_id: bosque.id,
        user_id: admin.id,
        apartment_id: null,
        descripcion: 'Cuota Bosque',
        monto_cents: 100_00,
        frecuencia: 'Mensual',
        metodo_pago: 'Tarjeta de crédito •••• 1111',
        created_at: now,
        updated_at: now,
        cancelled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    refused(
      await call(t.app, 'POST', UPDATE, { token: tokens['admin@demo.mx'], payload: { id: elsewhere, monto: '1.00' } }),
      404,
    );
    refused(await call(t.app, 'POST', CANCEL, { token: tokens['admin@demo.mx'], payload: { id: elsewhere } }), 404);
    expect((await list(tokens['admin@demo.mx']!)).map((c) => c.id)).not.toContain(elsewhere);
  });

  it('cancels the owner’s charge: it leaves the list, stays on record, and can be neither edited nor cancelled again', async () => {
    const token = tokens['admin@demo.mx']!;
    const before = await list(token);
    const [charge] = before;
    clock.advanceMinutes(5);
    const res = await call(t.app, 'POST', CANCEL, { token, payload: { id: charge!.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await list(token)).map((c) => c.id)).toEqual(before.slice(1).map((c) => c.id));
    expect((await row(charge!.id)).cancelled_at).toBe(clock.now().toISOString());
    refused(await call(t.app, 'POST', CANCEL, { token, payload: { id: charge!.id } }), 404, 'La domiciliación no existe.');
    refused(
      await call(t.app, 'POST', UPDATE, { token, payload: { id: charge!.id, monto: '5.00' } }),
      404,
      'La domiciliación no existe.',
    );
  });

  it("dates a charge by the day it was created on the condominium's clock, not UTC's", async () => {
    const token = tokens['consejo@demo.mx']!;
    const [charge] = await list(token);
    const { created_at } = await row(charge!.id);
    // 03:00 UTC on 2 May is 21:00 on 1 May in Mexico City.
    await t.app.db
      .updateTable('recurring_charges')
      .set({ created_at: '2026-05-02T03:00:00.000Z' })
      .where('id', '=', charge!.id)
      .execute();
    try {
      expect((await list(token)).find((c) => c.id === charge!.id)?.fechaCreacion).toBe('2026-05-01');
    } finally {
      await t.app.db.updateTable('recurring_charges').set({ created_at }).where('id', '=', charge!.id).execute();
    }
  });
});
