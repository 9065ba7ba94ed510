// Runs server/main.ts as its own process, the way `npx tsx server/main.ts` does. The tsx binary is called
// directly: `npm exec` (npx) does not pass SIGTERM on to its child, it dies with 143 and leaves the server
// running, so signal tests through npx would test npm, not the server. npm also prints its own warnings.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

/** Variables of the surrounding shell that would change what the child does. */
const INHERITED_CONFIG = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'SMTP_URL',
  'LOG_LEVEL',
  'STATIC_DIR',
  'SCRYPT_LOG_N',
  'SEED',
  'SESSION_IDLE_MINUTES',
  'REMEMBER_ME_DAYS',
  'PUBLIC_BASE_DOMAIN',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'RATE_LIMIT_FACTOR',
  'MAIL_FROM',
  'MAIL_RETRY_SECONDS',
  'SCHEDULED_JOBS_SECONDS',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'HSTS_MAX_AGE',
  'NODE_ENV',
];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout line matching, rejects if the process ends first or time runs out. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<Exit>;
  /** Stops the process if it still runs (afterAll safety net): SIGTERM, which tsx relays to the node
   * process it started, then after a grace period SIGKILL to the whole process group, so that no
   * server outlives the test. */
  stop(): Promise<void>;
}

/** `command`: what runs the server; by default tsx on server/main.ts (the built server: tests/server/builtServer.test.ts). */
export function startServer(env: Record<string, string>, command: readonly string[] = [TSX, 'server/main.ts']): ServerProcess {
  const base = { ...process.env };
  for (const name of INHERITED_CONFIG) delete base[name];
  // detached: a process group of its own (tsx and the node it starts), for stop() to kill as one.
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  let ended = false;
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => {
      ended = true;
      for (const listener of listeners) listener();
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });

  function waitForLine(pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (const line of out.split('\n')) {
          const match = line.match(pattern);
          if (match) return finish(() => resolve(match));
        }
        if (ended) finish(() => reject(new Error(`server ended before printing ${pattern}:\n${out}\n${err}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no line ${pattern} within ${timeoutMs} ms:\n${out}\n${err}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  }

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForLine,
    exited,
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!ended && child.pid) process.kill(-child.pid, 'SIGKILL');
      }, 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The plain line main.ts prints once it listens. */
export const LISTENING_LINE = /^Condo app listening on http:\/\/127\.0\.0\.1:(\d+) \((sqlite|postgres)\)$/;
