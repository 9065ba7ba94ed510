// `npx tsx scripts/demo-bank-statement.ts [file]`: writes last month's BBVA statement of Residencial Las Palmas
// (server/db/seed/reconciliationDemo.ts) from the configured database's demo data, for the administrator to
// import in the demo (conciliación, issue 27). Default file: tests/fixtures/bank-statements/demo-bbva-las-palmas.csv.
// The seed never imports it. With SEED_AT=2026-11-15T18:00:00Z it seeds a throw-away SQLite at that instant first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { resetAndSeed } from '../server/db/seed/demo';
import { demoBankStatement } from '../server/db/seed/reconciliationDemo';
import { type Clock, systemClock } from '../server/infra/clock';

const target = path.resolve(process.argv[2] ?? 'tests/fixtures/bank-statements/demo-bbva-las-palmas.csv');
const seedAt = process.env.SEED_AT;
const clock: Clock = seedAt ? { now: () => new Date(seedAt) } : systemClock;
const scratch = seedAt ? fs.mkdtempSync(path.join(os.tmpdir(), 'demo-statement-')) : null;
const config = loadConfig(scratch ? { ...process.env, DATA_DIR: scratch, DATABASE_URL: '' } : process.env);
const database = openDatabase(config);
try {
  if (scratch) {
    await migrateToLatest(database.db);
    await resetAndSeed(database.db, { clock, scryptLogN: 10 });
  }
  const statement = await demoBankStatement(database.db, clock);
  if (!statement) throw new Error('the database has no Residencial Las Palmas with its BBVA account');
  fs.writeFileSync(target, statement.csv);
  console.log(`${target}: ${statement.deposits} deposits (${statement.from} to ${statement.to})`);
} finally {
  await database.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}
