// (d) Lighthouse, mobile (its default: a Moto G Power-sized screen, simulated slow 4G and a 4× slower
// CPU), of the visitor pages a guest opens from a link: the demo event's registration and the demo pass.
// The built app (dist/, as (b) measured it) is served by the real server (built, as `npm start` runs it) on a
// fresh DATA_DIR with the demo data, and audited in the system Chromium, headless, one page after the other.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { DIST_DIR } from './bundleSize';
import { buildServer, freshDataDir, REPO_ROOT, type RunningServer, removeDir, startAppServer, track } from './serverProcess';

/** Each page's whole Lighthouse report (JSON; open it in https://googlechrome.github.io/lighthouse/viewer/). */
export const LIGHTHOUSE_REPORTS_DIR = path.join(REPO_ROOT, '.test-results', 'lighthouse');
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The goal for these pages (issue 29: mobile ≥ 98, the median of 3 on a quiet machine). */
export const LIGHTHOUSE_GOAL = 98;
/**
 * Runs per page; the median run is reported. One run swings by several points on this shared 2-core
 * machine (Lighthouse multiplies the CPU time it measures by 4), so a single figure says little.
 */
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_PAGES = [
  { label: 'guest registration (demo event)', path: '/registro-invitados/demo-evento', report: 'guest-registration' },
  { label: 'visitor pass (demo pass)', path: '/invitacion/1/DEMO-PASE-001', report: 'pass' },
] as const;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--mute-audio',
];
const DEVTOOLS_LINE = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//;

export interface LighthousePage {
  label: string;
  url: string;
  /** 0–100, of the median run. */
  performance: number;
  /** Every run's score, in the order they ran. */
  runs: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** What the page downloaded, as Lighthouse counted it (bytes on the wire). */
  transferBytes: number;
  lighthouseVersion: string;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  /** The whole report, relative to the repository. */
  report: string;
}

interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** The system Chromium with a DevTools port Lighthouse connects to, in its own temp profile. */
async function launchChromium(profileDir: string): Promise<Chromium> {
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  track(child);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${CHROMIUM_PATH} did not open DevTools within 30 s:\n${stderr}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
      const match = stderr.match(DEVTOOLS_LINE);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${CHROMIUM_PATH} exited before DevTools opened:\n${stderr}`));
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) => {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${id}`);
  return value;
};

type PageRun = LighthousePage & { lhr?: unknown };

async function auditPage(port: number, page: (typeof LIGHTHOUSE_PAGES)[number], url: string): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse gave ${url} no performance score`);
  fs.mkdirSync(LIGHTHOUSE_REPORTS_DIR, { recursive: true });
  return {
    label: page.label,
    url: page.path,
    performance: Math.round(score * 100),
    runs: [],
    fcpMs: audit(lhr, 'first-contentful-paint'),
    lcpMs: audit(lhr, 'largest-contentful-paint'),
    tbtMs: audit(lhr, 'total-blocking-time'),
    cls: audit(lhr, 'cumulative-layout-shift'),
    speedIndexMs: audit(lhr, 'speed-index'),
    transferBytes: audit(lhr, 'total-byte-weight'),
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    report: path.relative(REPO_ROOT, path.join(LIGHTHOUSE_REPORTS_DIR, `${page.report}.json`)),
    lhr,
  };
}

export async function measureLighthouse(progress: (line: string) => void, distDir = DIST_DIR): Promise<LighthousePage[]> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${path.relative(REPO_ROOT, distDir)}/index.html is missing: run npm run build first`);
  }
  const dataDir = freshDataDir('lighthouse');
  const profileDir = freshDataDir('chromium');
  let app: RunningServer | undefined;
  let chromium: Chromium | undefined;
  try {
    // The built server, as `npm start` runs it: it paints the visitor pages (server/infra/firstPaint.ts),
    // which the server run by tsx cannot (node imports no style sheets).
    buildServer();
    app = await startAppServer(dataDir, 60_000, { STATIC_DIR: distDir }, { built: true });
    chromium = await launchChromium(profileDir);
    const pages: LighthousePage[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const url = app.origin + page.path;
      const runs: PageRun[] = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        progress(`  lighthouse ${url} (run ${run} of ${LIGHTHOUSE_RUNS}) …`);
        runs.push(await auditPage(chromium.port, page, url));
      }
      const scores = runs.map((run) => run.performance);
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
      const { lhr, ...kept } = median;
      // The median run's whole report is the one kept.
      fs.writeFileSync(path.join(REPO_ROOT, kept.report), JSON.stringify(lhr));
      pages.push({ ...kept, runs: scores });
    }
    return pages;
  } finally {
    await chromium?.stop();
    await app?.handle.stop();
    removeDir(profileDir);
    removeDir(dataDir);
  }
}
