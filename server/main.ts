// The process: configuration, database, listen, and a clean exit on SIGTERM/SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/database';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  // One plain line that scripts (the e2e setup, the benchmarks) wait for.
  console.log(`Condo app listening on ${address.replace('0.0.0.0', '127.0.0.1')} (${app.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
