// Child processes for the bench: the real server (server/main.ts run by tsx, or built as `npm start` runs it)
// and the bare baseline (bench/baselineServer.ts, run by tsx). Every child is registered until it has exited,
// so run.ts can kill whatever is left if the bench itself is interrupted.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

// The local tsx CLI, run by this same node: what `npx tsx` resolves to, without npm's own start-up
// (about 0.2 s here, and a warning on stderr) in the cold-start figures.
const TSX_CLI = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

const LISTENING_LINE = /^Condo app listening on (http:\/\/\S+) \(\w+\)$/m;
const STOP_GRACE_MS = 5000;
/** Only the tail is kept: enough to explain a failure, bounded however chatty the child is. */
const OUTPUT_TAIL_CHARS = 8000;

const live = new Set<ChildProcess>();

/**
 * Registers a child spawned with `detached: true` (its own process group) until it exits, so that
 * cleanUpNow() can reach it and its descendants.
 */
export function track(child: ChildProcess): void {
  live.add(child);
  const forget = () => live.delete(child);
  child.on('exit', forget);
  child.on('error', forget);
}

export interface ChildHandle {
  readonly pid: number;
  /** The last few KB of stdout and stderr, for error messages. */
  output(): string;
  /** Resolves with the first match of `pattern` in stdout; rejects on exit or after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited (with its code, or the signal that ended it). */
  readonly exited: Promise<string>;
  /** SIGTERM (the server closes cleanly), SIGKILL to its whole process group if it has not exited in 5 s. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Path of the TypeScript entry, relative to the repository. */
  script: string;
  env: Record<string, string>;
}

/** Runs `tsx <script>` from the repository root with the given environment added to ours. */
export function spawnTsx({ script, env }: SpawnOptions): ChildHandle {
  return spawnNode([TSX_CLI, script], `tsx ${script}`, env);
}

/** The built server (scripts/buildServer.mjs), as `npm start` runs it. */
export const SERVER_BUILD = path.join(REPO_ROOT, 'node_modules', '.cache', 'condo-server', 'main.mjs');

/** Builds the server bundle now (npm start does when it is stale); not part of any timing. */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'buildServer.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
}

/** Runs the built server with the given environment added to ours, as `npm start` does. */
export function spawnBuiltServer(env: Record<string, string>): ChildHandle {
  return spawnNode(['--enable-source-maps', SERVER_BUILD], 'the built server', env);
}

/** Runs this node with `args` from the repository root; `label` names it in errors. */
function spawnNode(args: string[], label: string, env: Record<string, string>): ChildHandle {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the script in a grandchild, and a SIGKILL to the group reaches both
    // even if tsx can no longer relay signals.
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not spawn ${label}`);
  const pid = child.pid;
  track(child);

  let stdout = '';
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    keep(chunk);
    // Only the start of stdout matters for ready lines; stop growing it once the child is up and chatty.
    if (stdout.length < OUTPUT_TAIL_CHARS) stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', keep);

  const exited = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? `exit code ${code}`));
    child.on('error', (error) => resolve(`spawn error: ${error.message}`));
  });

  const who = () => `${label} (pid ${pid})`;

  return {
    pid,
    exited,
    output: () => tail,
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = stdout.match(pattern);
          if (match) finish(() => resolve(match));
        };
        const onExit = (how: string) => finish(() => reject(new Error(`${who()} ended (${how}) before it was ready:\n${tail}`)));
        const timer = setTimeout(
          () => finish(() => reject(new Error(`${who()} not ready after ${timeoutMs} ms:\n${tail}`))),
          timeoutMs,
        );
        let done = false;
        const finish = (settle: () => void) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          child.stdout.off('data', check);
          settle();
        };
        child.stdout.on('data', check);
        void exited.then(onExit);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child), STOP_GRACE_MS);
      try {
        await exited;
      } finally {
        clearTimeout(timer);
      }
      // tsx only exits after its child, so the group should be empty; sweep it anyway so that nothing
      // started by this bench can outlive a stop().
      killGroup(child);
    },
  };
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Last resort for an interrupted bench (SIGINT, uncaught error): kills every child still running and
 * removes every temp DATA_DIR still there. Synchronous, so it also works in process.on('exit').
 */
export function cleanUpNow(): void {
  for (const child of live) killGroup(child);
  live.clear();
  for (const dir of tempDirs) removeDir(dir);
}

export interface RunningServer {
  handle: ChildHandle;
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
}

/** The environment of a bench server: loopback only, no static files, quiet logs, cheap password hashing. */
export function serverEnv(dataDir: string, port = 0): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: 'none',
    LOG_LEVEL: 'warn',
    // Seeding hashes every demo password; the production cost would make "cold start" mostly scrypt.
    SCRYPT_LOG_N: '10',
  };
}

/**
 * Starts server/main.ts (with tsx, or `built` as `npm start` runs it: build it first with buildServer()) and
 * waits for its one listening line. The caller must stop() it (try/finally). `env` overrides serverEnv's,
 * e.g. STATIC_DIR to serve the built browser app.
 */
export async function startAppServer(
  dataDir: string,
  timeoutMs = 60_000,
  env: Record<string, string> = {},
  { built = false }: { built?: boolean } = {},
): Promise<RunningServer> {
  const serverEnvironment = { ...serverEnv(dataDir), ...env };
  const handle = built ? spawnBuiltServer(serverEnvironment) : spawnTsx({ script: 'server/main.ts', env: serverEnvironment });
  try {
    const match = await handle.waitForLine(LISTENING_LINE, timeoutMs);
    return { handle, origin: match[1]! };
  } catch (error) {
    await handle.stop();
    throw error;
  }
}

const tempDirs = new Set<string>();

/** A fresh, empty DATA_DIR under the system temp folder; the caller removes it with removeDir (finally). */
export function freshDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `condo-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}
