// `npm run seed`: empties the configured database and loads the demo data again.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { resetAndSeed } from './db/seed/demo';
import { systemClock } from './infra/clock';

try {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    await resetAndSeed(database.db, { clock: systemClock, scryptLogN: config.scryptLogN });
    console.log(`Demo data loaded into ${database.location}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : (error as Error).message);
  process.exit(1);
}
