// Votes on an assembly's agenda items (src/api/assemblyVotes.ts, issue 32) on both databases: an item opens only in
// an open assembly, one at a time, fixing its electorate (the owners present, a proxy's holder, tenants only where
// the condominium says, dwellings in arrears barred); a seat's owner or holder votes once (two votes from one
// dwelling at once keep one row: 200 and 409), a barred seat and a seat not theirs are refused, a show of hands is
// recorded by who manages it; a secret item never says who voted what; closing stores the outcome by the item's
// majority rule over the indiviso; the assembly does not close with an item open.
import { beforeAll, describe, expect, it } from 'vitest';
import { arrears } from '../../server/domain/shared/ledgerReports';
import { AssemblyAnswer } from '../../src/api/assemblies';
import { type AssemblyVoting, VotingAnswer } from '../../src/api/assemblyVotes';
import { change, condoIdOf, dwellingsOf, freshAssembly } from '../support/assembliesServerFixtures';
import {
  closeItem,
  type DemoOwner,
  decideProxy,
  demoOwners,
  giveProxy,
  itemsOf,
  markPresent,
  openItem,
  proxyRequest,
  readVoting,
  recordVote,
  vote,
  writeSettings,
} from '../support/assemblyVotesServerFixtures';
import { createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

describe(`assembly votes (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  let resident: string;
  let palmas: number;
  let owners: DemoOwner[];
  let indiviso: Map<number, number>;
  const tokens = new Map<string, string>();

  const tokenOf = async (owner: DemoOwner) => {
    if (!tokens.has(owner.email)) tokens.set(owner.email, await signInAs(t.app, owner.email));
    return tokens.get(owner.email)!;
  };
  const ok = async (response: ReturnType<typeof readVoting>): Promise<AssemblyVoting> =>
    (await expectOk<{ data: AssemblyVoting }>(response, VotingAnswer)).data;

  /** An open assembly with two voted items (simple, then as given) and these owners present. */
  async function openAssembly(present: readonly DemoOwner[], second?: { majority: string; qualified_percent: number | null }) {
    const id = await freshAssembly(t.app.db, palmas, 'open');
    await t.app.db
      .insertInto('assembly_items')
      .values({
        assembly_id: id,
        position: 1,
        title: 'Segundo punto',
        description: '',
        kind: 'voted',
        majority: second?.majority ?? 'simple',
        qualified_percent: second?.qualified_percent ?? null,
      })
      .execute();
    await markPresent(
      t.app.db,
      id,
      present.map((o) => o.apartmentId),
    );
    return { id, items: await itemsOf(t.app.db, id) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    palmas = await condoIdOf(t.app.db, 'palmas');
    owners = (await demoOwners(t.app.db, palmas)).slice(0, 12);
    indiviso = new Map((await dwellingsOf(t.app.db, palmas)).map((d) => [d.id, d.indiviso]));
    await writeSettings(t.app.db, palmas, { proxy_limit: 3, arrears_days: 0, tenants_vote: 0 });
  });

  it('opens one item at a time in an open assembly, fixing the owners present as its electorate', async () => {
    const present = owners.slice(0, 4);
    const { id, items } = await openAssembly(present);
    // Residents do not open items; a closed item's assembly state is checked.
    expect((await openItem(t, resident, id, items[0]!)).statusCode).toBe(403);
    const opened = await ok(openItem(t, admin, id, items[0]!));
    const first = opened.items[0]!;
    expect(first).toMatchObject({ state: 'open', secret: false });
    expect(first.seats!.map((s) => s.apartmentId)).toEqual(present.map((o) => o.apartmentId).sort((a, b) => a - b));
    const weight = present.reduce((sum, o) => sum + indiviso.get(o.apartmentId)!, 0);
    expect(first.results).toMatchObject({ electorate: weight, seats: 4, voted: 0, yes: 0 });
    // One at a time; and once only.
    expect((await openItem(t, admin, id, items[1]!)).statusCode).toBe(409);
    expect((await openItem(t, admin, id, items[0]!)).statusCode).toBe(409);
    // Who arrives later does not join the open item's electorate.
    await markPresent(t.app.db, id, [owners[5]!.apartmentId]);
    expect((await vote(t, await tokenOf(owners[5]!), id, items[0]!, owners[5]!.apartmentId, 'yes')).statusCode).toBe(403);
    // The owner sees their seat.
    const mine = await ok(readVoting(t, await tokenOf(present[0]!), id));
    expect(mine.items[0]!.mySeats).toEqual([
      expect.objectContaining({ apartmentId: present[0]!.apartmentId, voted: false, barred: false, byProxy: false }),
    ]);
    expect(mine.items[0]!.seats).toBeNull();
    // The assembly waits for its open item before closing.
    const a = await t.app.db.selectFrom('assemblies').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    const refused = await change(t, admin, id, 'close', a.version);
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).message).toBe('Hay un punto en votación; ciérralo antes de cerrar la asamblea.');
    await expectOk(closeItem(t, admin, id, items[0]!));
    expect((await expectOk<AssemblyAnswer>(change(t, admin, id, 'close', a.version), AssemblyAnswer)).data.state).toBe('closed');
    // Not in a closed assembly.
    expect((await openItem(t, admin, id, items[1]!)).statusCode).toBe(409);
  });

  it('takes one vote per dwelling: two at once keep one row, a second later is refused', async () => {
    const present = owners.slice(0, 3);
    const { id, items } = await openAssembly(present);
    await ok(openItem(t, admin, id, items[0]!));
    const token = await tokenOf(present[0]!);
    const both = await Promise.all([
      vote(t, token, id, items[0]!, present[0]!.apartmentId, 'yes'),
      vote(t, token, id, items[0]!, present[0]!.apartmentId, 'no'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.selectFrom('assembly_item_votes').selectAll().where('item_id', '=', items[0]!).execute();
    expect(rows.length).toBe(1);
    const again = await vote(t, token, id, items[0]!, present[0]!.apartmentId, 'abstain');
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).message).toBe('Esta vivienda ya votó en este punto.');
    // Another's dwelling, and a dwelling with no seat, are not theirs to vote.
    expect((await vote(t, token, id, items[0]!, present[1]!.apartmentId, 'yes')).statusCode).toBe(403);
    expect((await vote(t, resident, id, items[0]!, present[1]!.apartmentId, 'yes')).statusCode).toBe(403);
    // A show of hands for a seat without a phone vote; not twice, nor by a resident.
    expect((await recordVote(t, token, id, items[0]!, present[1]!.apartmentId, 'no')).statusCode).toBe(403);
    const shown = await ok(recordVote(t, admin, id, items[0]!, present[1]!.apartmentId, 'no'));
    expect(shown.items[0]!.seats!.find((s) => s.apartmentId === present[1]!.apartmentId)).toMatchObject({
      voted: true,
      choice: 'no',
      shownOfHands: true,
    });
    expect((await recordVote(t, admin, id, items[0]!, present[0]!.apartmentId, 'no')).statusCode).toBe(409);
    // After the close, the server refuses.
    await ok(closeItem(t, admin, id, items[0]!));
    expect((await vote(t, await tokenOf(present[2]!), id, items[0]!, present[2]!.apartmentId, 'yes')).statusCode).toBe(409);
  });

  it('lets a proxy’s holder vote for the dwelling, and not its owner', async () => {
    const [grantor, holder, third] = owners.slice(6, 9);
    const id = await freshAssembly(t.app.db, palmas, 'called');
    await t.app.db
      .insertInto('assembly_items')
      .values({
        assembly_id: id,
        position: 1,
        title: 'Otro',
        description: '',
        kind: 'voted',
        majority: 'simple',
        qualified_percent: null,
      })
      .execute();
    const given = await expectOk<{ data: { proxies: { id: number }[] } }>(
      giveProxy(t, await tokenOf(grantor!), id, proxyRequest(grantor!.apartmentId, { userId: holder!.userId })),
    );
    await expectOk(decideProxy(t, admin, id, given.data.proxies[0]!.id));
    await t.app.db.updateTable('assemblies').set({ state: 'open', current_call: 1 }).where('id', '=', id).execute();
    await markPresent(t.app.db, id, [grantor!.apartmentId, holder!.apartmentId, third!.apartmentId]);
    const [item] = await itemsOf(t.app.db, id);
    await ok(openItem(t, admin, id, item!));
    const held = await ok(readVoting(t, await tokenOf(holder!), id));
    expect(held.items[0]!.mySeats.map((s) => [s.apartmentId, s.byProxy])).toEqual(
      [
        [grantor!.apartmentId, true],
        [holder!.apartmentId, false],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect((await vote(t, await tokenOf(grantor!), id, item!, grantor!.apartmentId, 'no')).statusCode).toBe(403);
    await ok(vote(t, await tokenOf(holder!), id, item!, grantor!.apartmentId, 'yes'));
    await ok(vote(t, await tokenOf(holder!), id, item!, holder!.apartmentId, 'yes'));
    const seats = await t.app.db.selectFrom('assembly_item_seats').selectAll().where('item_id', '=', item!).execute();
    expect(seats.find((s) => s.apartment_id === grantor!.apartmentId)).toMatchObject({ holder_user_id: holder!.userId });
  });

  it('bars the dwellings in arrears beyond the condominium’s days, as the ledger says on the day it opens', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const owed = await arrears(t.app.db, palmas, today);
    const all = await demoOwners(t.app.db, palmas);
    const late = all.find((o) => (owed.get(o.apartmentId)?.dias ?? 0) > 65);
    const clear = all.filter((o) => !owed.has(o.apartmentId)).slice(0, 2);
    expect(late).toBeDefined();
    expect(clear.length).toBe(2);
    await writeSettings(t.app.db, palmas, { arrears_days: 60 });
    try {
      const { id, items } = await openAssembly([late!, ...clear]);
      const opened = await ok(openItem(t, admin, id, items[0]!));
      const seats = opened.items[0]!.seats!;
      expect(seats.find((s) => s.apartmentId === late!.apartmentId)!.barred).toBe(true);
      expect(seats.filter((s) => s.barred).length).toBe(1);
      const clearWeight = clear.reduce((sum, o) => sum + indiviso.get(o.apartmentId)!, 0);
      expect(opened.items[0]!.results).toMatchObject({ electorate: clearWeight, seats: 2 });
      const barred = await vote(t, await tokenOf(late!), id, items[0]!, late!.apartmentId, 'yes');
      expect(barred.statusCode).toBe(409);
      expect(JSON.parse(barred.body).message).toBe('Esta vivienda no puede votar por su adeudo.');
      const mine = await ok(readVoting(t, await tokenOf(late!), id));
      expect(mine.items[0]!.mySeats[0]).toMatchObject({ barred: true, voted: false });
    } finally {
      await writeSettings(t.app.db, palmas, { arrears_days: 0 });
    }
  });

  it('counts tenants only where the condominium lets them vote', async () => {
    const [owner, tenantOnly] = owners.slice(9, 11);
    for (const tenantsVote of [0, 1] as const) {
      await writeSettings(t.app.db, palmas, { tenants_vote: tenantsVote });
      const { id, items } = await openAssembly([owner!]);
      await markPresent(t.app.db, id, [tenantOnly!.apartmentId], 'tenant');
      const opened = await ok(openItem(t, admin, id, items[0]!));
      expect(opened.items[0]!.seats!.length).toBe(tenantsVote ? 2 : 1);
    }
    await writeSettings(t.app.db, palmas, { tenants_vote: 0 });
  });

  it('keeps a secret item’s choices from everyone: counts and weights only', async () => {
    const present = owners.slice(0, 3);
    const { id, items } = await openAssembly(present);
    await ok(openItem(t, admin, id, items[0]!, true));
    await ok(vote(t, await tokenOf(present[0]!), id, items[0]!, present[0]!.apartmentId, 'yes'));
    await ok(recordVote(t, admin, id, items[0]!, present[1]!.apartmentId, 'no'));
    for (const token of [admin, await tokenOf(present[0]!)]) {
      const seen = await ok(readVoting(t, token, id));
      const item = seen.items[0]!;
      expect(item.secret).toBe(true);
      for (const seat of [...item.mySeats, ...(item.seats ?? [])]) expect(seat.choice).toBeNull();
      expect(item.results).toMatchObject({
        yes: indiviso.get(present[0]!.apartmentId),
        no: indiviso.get(present[1]!.apartmentId),
        voted: 2,
      });
    }
    const seats = (await ok(readVoting(t, admin, id))).items[0]!.seats!;
    expect(
      seats
        .filter((s) => s.voted)
        .map((s) => s.apartmentId)
        .sort(),
    ).toEqual([present[0]!.apartmentId, present[1]!.apartmentId].sort());
    // A public item shows them.
    await ok(closeItem(t, admin, id, items[0]!));
    await ok(openItem(t, admin, id, items[1]!, false));
    await ok(vote(t, await tokenOf(present[0]!), id, items[1]!, present[0]!.apartmentId, 'abstain'));
    const open = (await ok(readVoting(t, await tokenOf(present[0]!), id))).items[1]!;
    expect(open.mySeats[0]!.choice).toBe('abstain');
  });

  it('stores each item’s outcome by its majority rule over the indiviso', async () => {
    // Simple: the yes weight above half of the electorate present.
    const present = owners.slice(0, 3);
    const weights = present.map((o) => indiviso.get(o.apartmentId)!);
    const { id, items } = await openAssembly(present, { majority: 'unanimity', qualified_percent: null });
    await ok(openItem(t, admin, id, items[0]!));
    await ok(recordVote(t, admin, id, items[0]!, present[0]!.apartmentId, 'yes'));
    await ok(recordVote(t, admin, id, items[0]!, present[1]!.apartmentId, 'yes'));
    await ok(recordVote(t, admin, id, items[0]!, present[2]!.apartmentId, 'no'));
    const simple = (await ok(closeItem(t, admin, id, items[0]!))).items[0]!;
    const yes = weights[0]! + weights[1]!;
    expect(simple).toMatchObject({ state: 'closed', outcome: yes * 2 > yes + weights[2]! ? 'approved' : 'rejected' });
    // Unanimity: one abstention rejects it.
    await ok(openItem(t, admin, id, items[1]!));
    await ok(recordVote(t, admin, id, items[1]!, present[0]!.apartmentId, 'yes'));
    await ok(recordVote(t, admin, id, items[1]!, present[1]!.apartmentId, 'yes'));
    await ok(recordVote(t, admin, id, items[1]!, present[2]!.apartmentId, 'abstain'));
    expect((await ok(closeItem(t, admin, id, items[1]!))).items[1]).toMatchObject({ outcome: 'rejected' });
    const stored = await t.app.db
      .selectFrom('assembly_items')
      .select(['outcome', 'vote_state'])
      .where('id', '=', items[1]!)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ outcome: 'rejected', vote_state: 'closed' });
    // Qualified: a share of the whole condominium's indiviso, which three dwellings do not reach.
    const q = await openAssembly(present, { majority: 'qualified', qualified_percent: 75 });
    await ok(openItem(t, admin, q.id, q.items[1]!));
    for (const o of present) await ok(recordVote(t, admin, q.id, q.items[1]!, o.apartmentId, 'yes'));
    const qualified = (await ok(closeItem(t, admin, q.id, q.items[1]!))).items[1]!;
    expect(qualified.results!.needed).toBeGreaterThan(0);
    expect(qualified.outcome).toBe('rejected');
  });

  it('answers 404 for another condominium’s assembly and an informative item', async () => {
    const bosque = await condoIdOf(t.app.db, 'bosque');
    const elsewhere = await freshAssembly(t.app.db, bosque, 'open');
    expect((await readVoting(t, admin, elsewhere)).statusCode).toBe(404);
    const { id } = await openAssembly([]);
    const informative = await t.app.db
      .insertInto('assembly_items')
      .values({
        assembly_id: id,
        position: 5,
        title: 'Informe',
        description: '',
        kind: 'informative',
        majority: 'simple',
        qualified_percent: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await openItem(t, admin, id, informative.id)).statusCode).toBe(404);
  });
});
