// The gate under concurrency (issue 26): two devices letting one single-use pass in at once record one entry
// (one 200, one 409 gate.usedUp), and one offline batch sent at once by two callers records each movement once.
// Concurrent calls through the real app (app.inject, all started together), on both databases.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorAnswer } from '../../src/api/errors';
import type { GateMovementAnswer } from '../../src/api/gate';
import { condoIdOf, dwellingIdOf, entryRequest, GATE_SEEDED, gateCalls, insertPass } from '../support/gateServerFixtures';
import { createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`the gate under concurrency (${dialect})`, () => {
  let t: TestApp;
  const gate = gateCalls(() => t);
  const tokens = { guard: '', supervisor: '', admin: '' };
  let palmas = 0;
  let a101 = 0;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(GATE_SEEDED) });
    palmas = await condoIdOf(t.app.db, 'palmas');
    a101 = await dwellingIdOf(t.app.db, palmas, 'Torre A - 101');
    tokens.guard = await signInAs(t.app, 'guardia@demo.mx');
    tokens.supervisor = await signInAs(t.app, 'supervisor@demo.mx');
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
  });

  const entriesOf = (passId: number) =>
    t.app.db.selectFrom('gate_movements').select('id').where('pass_id', '=', passId).where('kind', '=', 'entry').execute();

  it('two devices register a single-use pass at once: exactly one entry', async () => {
    for (let round = 0; round < 3; round++) {
      const pass = await insertPass(t.app.db, palmas, { apartmentId: a101, entryLimit: 1 });
      const responses = await Promise.all([
        gate.entry(tokens.guard, entryRequest({ passId: pass.id })),
        gate.entry(tokens.supervisor, entryRequest({ passId: pass.id })),
      ]);
      const outcomes = responses
        .map((r) => (r.statusCode === 409 ? (JSON.parse(r.body) as ErrorAnswer).messageId : r.statusCode))
        .sort();
      expect(outcomes).toEqual([200, 'gate.usedUp']);
      expect(await entriesOf(pass.id)).toHaveLength(1);
    }
  });

  it('a pass of three entries let in by six devices at once: three entries', async () => {
    const pass = await insertPass(t.app.db, palmas, { apartmentId: a101, entryLimit: 3 });
    const who = [tokens.guard, tokens.supervisor, tokens.admin];
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => gate.entry(who[i % 3], entryRequest({ passId: pass.id }))),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await entriesOf(pass.id)).toHaveLength(3);
  });

  it('one offline batch sent at once by two callers: every movement recorded once', async () => {
    const batch = Array.from({ length: 5 }, () =>
      entryRequest({ apartmentId: a101, offline: true, occurredAt: new Date(GATE_SEEDED.getTime() - 3_600_000).toISOString() }),
    );
    const responses = await Promise.all(
      [tokens.guard, tokens.supervisor].flatMap((token) => batch.map((request) => gate.entry(token, request))),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const answers = responses.map((r) => JSON.parse(r.body) as GateMovementAnswer);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(batch.length);
    expect(answers.filter((a) => a.duplicate)).toHaveLength(batch.length);
    const rows = await t.app.db
      .selectFrom('gate_movements')
      .select('client_id')
      .where(
        'client_id',
        'in',
        batch.map((b) => b.clientId),
      )
      .execute();
    expect(rows).toHaveLength(batch.length);
    // Each caller got the one row of each movement.
    for (const request of batch) {
      expect(new Set(answers.filter((a) => a.data.clientId === request.clientId).map((a) => a.data.id)).size).toBe(1);
    }
  });

  it('the same client id sent eight times at once: one row', async () => {
    const request = entryRequest({ apartmentId: a101, clientId: randomUUID() });
    const responses = await Promise.all(Array.from({ length: 8 }, () => gate.entry(tokens.guard, request)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const rows = await t.app.db.selectFrom('gate_movements').select('id').where('client_id', '=', request.clientId).execute();
    expect(rows).toHaveLength(1);
  });
});
