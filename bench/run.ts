// `npm run bench`: the performance figures of the compass, printed and written to .test-results/bench.json.
// It reports and never judges: the exit code is 0 unless a section crashed (its error is printed and the
// other sections still run). Everything stays on 127.0.0.1 and is bounded (about 2.5 minutes on 2 cores).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type BundleReport, measureBundles, VISITOR_BUDGET } from './bundleSize';
import { COLD_START_RUNS, type ColdStartReport, type ColdStartSeries, measureColdStart } from './coldStart';
import { GATE_BENCH, type GateReport, measureGate } from './gate';
import { LIGHTHOUSE_GOAL, LIGHTHOUSE_RUNS, type LighthousePage, measureLighthouse } from './lighthouse';
import { measureReconciliation, RECONCILIATION_BENCH, type ReconciliationReport } from './reconciliation';
import { cleanUpNow, REPO_ROOT } from './serverProcess';
import { measureStatements, type StatementsReport } from './statements';
import { LOAD, measureThroughput, type RouteThroughput } from './throughput';

const RESULTS_FILE = path.join(REPO_ROOT, '.test-results', 'bench.json');

// Children run in their own process groups (see serverProcess.ts), so a Ctrl-C here does not reach them:
// kill them, and remove the temp DATA_DIRs, ourselves on every way out.
process.on('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUpNow();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const say = (line = '') => console.log(line);
const heading = (title: string) => say(`\n== ${title} ==`);
const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const row = (cells: (string | number)[], widths: number[]) =>
  cells
    .map((cell, index) => {
      const width = widths[index] ?? 0;
      return index === 0 ? String(cell).padEnd(width) : String(cell).padStart(width);
    })
    .join('  ');

type Section<T> = { ok: true; value: T } | { ok: false; error: string };

/** `npm run bench -- gate statements`: only the named sections (throughput, bundles, coldStart, lighthouse,
 * statements, gate, reconciliation); all of them without names. */
const ONLY = new Set(process.argv.slice(2));
const SKIPPED = 'skipped (not named on the command line)';
const wanted = (name: string) => ONLY.size === 0 || ONLY.has(name);
const notRun = (value: { ok: false; error: string }) => (value.error === SKIPPED ? 'skipped' : 'crashed');

async function section<T>(
  name: string,
  title: string,
  measure: () => Promise<T>,
  print: (value: T) => void,
): Promise<Section<T>> {
  if (!wanted(name)) return { ok: false, error: SKIPPED };
  heading(title);
  try {
    const value = await measure();
    print(value);
    return { ok: true, value };
  } catch (error) {
    // The message says what failed (with the child's output when a child failed); the stack goes to the JSON.
    say(`  CRASHED: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

function printThroughput(routes: RouteThroughput[]): void {
  const widths = [34, 10, 10, 7, 8, 8, 7];
  say();
  say(row(['route', 'app req/s', 'base req/s', 'ratio', 'app p99', 'base p99', 'ratio'], widths));
  for (const route of routes) {
    say(
      row(
        [
          route.label,
          integer(route.app.requestsPerSecond),
          integer(route.baseline.requestsPerSecond),
          ratio(route.requestsRatio),
          ms(route.app.latencyP99Ms),
          ms(route.baseline.latencyP99Ms),
          ratio(route.p99Ratio),
        ],
        widths,
      ),
    );
  }
  say();
  for (const route of routes) {
    const problems = (figures: RouteThroughput['app']) => `${figures.errors} errors, ${figures.non2xx} non-2xx`;
    say(
      `  ${route.label}: ${route.status}, ${route.bodyBytes} B ${route.contentType}; ` +
        `app ${problems(route.app)}; baseline ${problems(route.baseline)}`,
    );
  }
  say('  ratio req/s = app ÷ bare node:http (same bytes); ratio p99 = app ÷ baseline.');
  // autocannon runs on one thread here; on a small machine it, not node:http, sets the baseline figure.
  say(`  autocannon runs in this process (one core of ${os.cpus().length}); a ratio near 1 is within its reach.`);
}

function printBundles(report: BundleReport): void {
  const { jsKiB, cssKiB } = VISITOR_BUDGET;
  say(`  ${report.manifest}${report.builtNow ? ' (built now)' : ''}`);
  say(`  visitor-pages budget: first load ≤ ${jsKiB} KiB gzip JS and ≤ ${cssKiB} KiB gzip CSS (visitor routes)`);
  const label = Math.max(30, ...report.groups.map((group) => group.label.length));
  const widths = [label, 5, 11, 12, 22, 7];
  say();
  say(row(['group', 'files', 'JS gzip KiB', 'CSS gzip KiB', `budget JS | CSS`, 'visitor'], widths));
  for (const group of report.groups) {
    const budget = `${kib(group.jsGzipBytes)}/${jsKiB} | ${kib(group.cssGzipBytes)}/${cssKiB}`;
    say(
      row(
        [
          group.label,
          group.jsFiles.length + group.cssFiles.length,
          kib(group.jsGzipBytes),
          kib(group.cssGzipBytes),
          budget,
          group.visitor ? 'yes' : '',
        ],
        widths,
      ),
    );
  }
  if (!report.groups.some((group) => group.visitor))
    say('  (no visitor route group in this build yet: the budget is shown for every group)');
  say('  first load = entry + group chunk, each with its static imports, deduplicated; gzip -9 per file, summed.');
}

function printLighthouse(pages: LighthousePage[]): void {
  const widths = [32, 11, 8, 8, 8, 6, 8, 9];
  say();
  say(row(['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'KiB sent'], widths));
  for (const page of pages) {
    say(
      row(
        [
          page.label,
          `${page.performance}/${LIGHTHOUSE_GOAL}`,
          ms(page.fcpMs),
          ms(page.lcpMs),
          ms(page.tbtMs),
          page.cls.toFixed(3),
          ms(page.speedIndexMs),
          kib(page.transferBytes),
        ],
        widths,
      ),
    );
  }
  say();
  for (const page of pages) say(`  ${page.url}: runs ${page.runs.join(', ')}; the median run's report: ${page.report}`);
  const first = pages[0];
  say(
    `  Lighthouse ${first?.lighthouseVersion ?? '?'}, mobile preset (simulated slow 4G, CPU ×4), the median of` +
      ` ${LIGHTHOUSE_RUNS} runs per page; benchmarkIndex ${pages.map((page) => page.benchmarkIndex.toFixed(0)).join(', ')}.`,
  );
  say(`  The CPU ×4 multiplies what this machine measured: on a busy machine (load ${loadAverage()}) TBT and LCP grow.`);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

function printColdStart(report: ColdStartReport): void {
  const widths = [44, 22, 8, 8];
  const line = (name: string, figures: ColdStartSeries) =>
    say(row([name, figures.runsMs.map((run) => run.toFixed(0)).join(', '), ms(figures.minMs), ms(figures.medianMs)], widths));
  say();
  say(row(['DATA_DIR', 'runs (ms)', 'min', 'median'], widths));
  line('fresh (creates, migrates, seeds demo data)', report.fresh);
  line('already seeded (opens, nothing to do)', report.seeded);
  say();
  say(`  spawn (tsx server/main.ts) → first 200 of GET /api/health, polled every 20 ms; ${COLD_START_RUNS} runs each.`);
  say(`  seeded database: ${(report.seededDatabaseBytes / 1024 / 1024).toFixed(1)} MiB.`);
}

function printStatements(report: StatementsReport): void {
  const widths = [36, 10, 14, 10];
  say();
  say(row(['', 'seconds', 'statements/s', 'MiB'], widths));
  const line = (name: string, figures: StatementsReport['route']) =>
    say(
      row([name, figures.seconds.toFixed(2), integer(figures.statementsPerSecond), (figures.bytes / 1048576).toFixed(1)], widths),
    );
  line('through the route (POST + GET file)', report.route);
  line('pdfkit alone, same statements', report.pdfkit);
  say();
  say(`  ratio route ÷ pdfkit alone: ${ratio(report.ratio)} (goal ≥ 0.50×)`);
  say(
    `  GET /api/health meanwhile: ${report.probe.requests} probes, worst ${ms(report.probe.worstMs)}, ` +
      `p99 ${ms(report.probe.p99Ms)} (idle worst ${ms(report.probe.idleWorstMs)}; goal worst < 100 ms)`,
  );
}

function printGate(report: GateReport): void {
  const widths = [10, 12, 16, 16, 16, 9];
  say();
  say(row(['database', 'movements', 'check p50/p99', 'dwelling month', 'first page', 'fill s'], widths));
  const pair = (figures: { p50Ms: number; p99Ms: number }) => `${figures.p50Ms.toFixed(1)}/${figures.p99Ms.toFixed(1)} ms`;
  for (const figures of report) {
    say(
      row(
        [
          figures.database,
          integer(figures.movements),
          pair(figures.check),
          pair(figures.logByDwelling),
          pair(figures.logFirstPage),
          figures.fillSeconds.toFixed(1),
        ],
        widths,
      ),
    );
  }
  say();
  say(
    `  goals: a pass checked in p99 < ${GATE_BENCH.checkP99GoalMs} ms; the log filtered by dwelling and dates < ${GATE_BENCH.logGoalMs} ms; ` +
      `${GATE_BENCH.checks} checks and ${GATE_BENCH.logQueries} log reads, one after another, through HTTP.`,
  );
}

function printReconciliation(report: ReconciliationReport): void {
  say();
  say(
    `  preview ${report.previewSeconds.toFixed(2)} s; import and match ${report.importSeconds.toFixed(2)} s ` +
      `(goal < ${RECONCILIATION_BENCH.goalSeconds} s): ${integer(report.matched)} matched, ${integer(report.pending)} pending; ` +
      `the same file again ${report.againSeconds.toFixed(2)} s, ${report.againAdded} added.`,
  );
}

function printSummary(
  throughput: Section<RouteThroughput[]>,
  bundles: Section<BundleReport>,
  coldStart: Section<ColdStartReport>,
  lighthouse: Section<LighthousePage[]>,
  statements: Section<StatementsReport>,
  gate: Section<GateReport>,
): void {
  heading('Summary');
  if (throughput.ok) {
    for (const route of throughput.value) {
      say(
        `throughput  ${route.label}: ${integer(route.app.requestsPerSecond)} req/s ` +
          `(${ratio(route.requestsRatio)} bare node), p99 ${ms(route.app.latencyP99Ms)}`,
      );
    }
  } else say(`throughput  ${notRun(throughput)}`);
  if (bundles.ok) {
    for (const group of bundles.value.groups) {
      const visitor = group.visitor ? ', visitor' : '';
      say(
        `first load  ${group.label}: JS ${kib(group.jsGzipBytes)}/${VISITOR_BUDGET.jsKiB} KiB, ` +
          `CSS ${kib(group.cssGzipBytes)}/${VISITOR_BUDGET.cssKiB} KiB gzip${visitor}`,
      );
    }
  } else say(`first load  ${notRun(bundles)}`);
  if (coldStart.ok) {
    const { fresh, seeded } = coldStart.value;
    say(
      `cold start  fresh ${ms(fresh.medianMs)} median (min ${ms(fresh.minMs)}), ` +
        `seeded ${ms(seeded.medianMs)} median (min ${ms(seeded.minMs)})`,
    );
  } else say(`cold start  ${notRun(coldStart)}`);
  if (lighthouse.ok) {
    for (const page of lighthouse.value) {
      say(
        `lighthouse  ${page.label}: performance ${page.performance}/${LIGHTHOUSE_GOAL} (runs ${page.runs.join(', ')}), FCP ${ms(page.fcpMs)}, ` +
          `LCP ${ms(page.lcpMs)}, TBT ${ms(page.tbtMs)}, CLS ${page.cls.toFixed(3)}`,
      );
    }
  } else say(`lighthouse  ${notRun(lighthouse)}`);
  if (statements.ok) {
    const s = statements.value;
    say(
      `statements  ${integer(s.route.statementsPerSecond)}/s through the route, ${integer(s.pdfkit.statementsPerSecond)}/s pdfkit alone ` +
        `(${ratio(s.ratio)}), worst health wait ${ms(s.probe.worstMs)}`,
    );
  } else say(`statements  ${notRun(statements)}`);
  if (gate.ok) {
    for (const figures of gate.value) {
      say(
        `gate        ${figures.database}: check p99 ${ms(figures.check.p99Ms)} (goal < ${GATE_BENCH.checkP99GoalMs}), ` +
          `log by dwelling and month p99 ${ms(figures.logByDwelling.p99Ms)} (goal < ${GATE_BENCH.logGoalMs}) over ${integer(figures.movements)} movements`,
      );
    }
  } else say(`gate        ${notRun(gate)}`);
  say(`written     ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const cpus = os.cpus();
  say(`Condo bench: node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${os.platform()}`);

  // Sequential on purpose: on two cores anything running beside a load test would be measured with it.
  const throughput = await section(
    'throughput',
    `(a) Throughput: autocannon, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s`,
    () => measureThroughput(say),
    printThroughput,
  );
  const bundles = await section(
    'bundles',
    '(b) First-load size per route group (Vite manifest)',
    () => measureBundles(say),
    printBundles,
  );
  const coldStart = await section(
    'coldStart',
    '(c) Cold start: spawn → first 200 of GET /api/health',
    () => measureColdStart(say),
    printColdStart,
  );
  // After (b): it audits the build (b) measured, served by the real server.
  const lighthouse = await section(
    'lighthouse',
    '(d) Lighthouse mobile: guest registration and visitor pass, built app in Chromium',
    () => measureLighthouse(say),
    printLighthouse,
  );

  const statements = await section(
    'statements',
    '(e) Bulk statements: every dwelling, one year, through the route vs pdfkit alone',
    () => measureStatements(say),
    printStatements,
  );

  const gate = await section(
    'gate',
    `(f) The gate: checking a pass, and the movement log over ${integer(GATE_BENCH.movements)} movements`,
    () => measureGate(say),
    printGate,
  );

  const reconciliation = await section(
    'reconciliation',
    `(g) Bank reconciliation: a ${integer(RECONCILIATION_BENCH.movements)}-movement statement imported and matched`,
    () => measureReconciliation(say),
    printReconciliation,
  );

  const result = (value: Section<unknown>) => (value.ok ? value.value : { error: value.error });
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        node: process.version,
        cpus: cpus.length,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        throughput: throughput.ok ? { load: LOAD, routes: throughput.value } : result(throughput),
        bundles: bundles.ok ? { budget: VISITOR_BUDGET, ...bundles.value } : result(bundles),
        coldStart: result(coldStart),
        lighthouse: lighthouse.ok
          ? { goal: LIGHTHOUSE_GOAL, loadAverage: os.loadavg(), pages: lighthouse.value }
          : result(lighthouse),
        statements: result(statements),
        gate: result(gate),
        reconciliation: result(reconciliation),
      },
      null,
      2,
    )}\n`,
  );
  printSummary(throughput, bundles, coldStart, lighthouse, statements, gate);
  say(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const crashed = [throughput, bundles, coldStart, lighthouse, statements, gate, reconciliation].some(
    (value) => !value.ok && value.error !== SKIPPED,
  );
  if (crashed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  cleanUpNow();
  process.exit(1);
});
