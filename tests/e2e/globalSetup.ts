// Starts the app the way `npm start` does (scripts/start.mjs: build when stale, migrate, seed), on a
// random port and a fresh DATA_DIR, and stops it with SIGTERM when the run ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PUSH_ENDPOINTS } from '../../server/config';

const LISTENING = /Condo app listening on (http:\/\/\S+)/;
/** The stamps provider's secret (invoicing.spec credits a requested package as the provider does). */
export const E2E_STAMPS_PROVIDER_TOKEN = 'e2e-stamps-provider-0123456789abcdef';

/** A port free now, for a stand-in the app must be told of before it starts (push.spec's push service). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-e2e-'));
  // push.spec.ts's local push service (issue 30): the app may post pushes to it, the usual push services aside.
  const pushOrigin = `http://127.0.0.1:${await freePort()}`;
  process.env.E2E_PUSH_ORIGIN = pushOrigin;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    // Every spec signs in from 127.0.0.1 many times a minute: far above what a person does. The demo
    // passwords are hashed with a cheaper scrypt cost (2^14 instead of 2^17): at the production cost one
    // sign-in takes over a second of this 2-core machine, and two workers signing in at once queue behind
    // each other past the expectations' timeouts. Production keeps the config's default (config.test.ts).
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '100',
      SCRYPT_LOG_N: '14',
      STAMPS_PROVIDER_TOKEN: E2E_STAMPS_PROVIDER_TOKEN,
      WEB_PUSH_ENDPOINTS: [...DEFAULT_PUSH_ENDPOINTS, pushOrigin].join(','),
      WEB_PUSH_SEND_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(LISTENING);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the app exited with ${code} before listening:\n${output}`)));
  });
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
