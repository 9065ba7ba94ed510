// `npm run bench`: the performance figures of the compass, printed and written to .test-results/bench.json.
// It reports and never judges: the exit code is 0 unless a section crashed (its error is printed and the
// other sections still run). Everything stays on 127.0.0.1 and is bounded (about 5 minutes on 2 cores).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUDGETS, type BundleReport, type GroupSize, measureBundles } from './bundleSize';
import { COLD_START_GOAL_MS, COLD_START_RUNS, type ColdStartReport, type ColdStartSeries, measureColdStart } from './coldStart';
import { GATE_BENCH, type GateReport, measureGate } from './gate';
import { LIGHTHOUSE_GOAL, LIGHTHOUSE_RUNS, type LighthousePage, measureLighthouse } from './lighthouse';
import { LIVE_BENCH, type LiveReport, measureLive } from './live';
import { printReads, summarizeReads } from './readsReport';
import { measureReconciliation, RECONCILIATION_BENCH, type ReconciliationReport } from './reconciliation';
import { cleanUpNow, REPO_ROOT } from './serverProcess';
import { measureStatements, type StatementsReport } from './statements';
import { LOAD, measureThroughput, type ReadsReport } from './throughput';

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

/** `npm run bench -- gate statements` (or `-- --only reads,gate`): only the named sections (reads, alias
 * throughput; bundles, coldStart, lighthouse, statements, gate, reconciliation, live); all of them without names.
 * `--duration <s>` shortens the 200-user runs of (a) (60 s by default), for a quick look. */
const ARGS = process.argv.slice(2);
const option = (name: string) => {
  const at = ARGS.indexOf(name);
  return at >= 0 ? ARGS[at + 1] : undefined;
};
const ONLY = new Set(
  [
    ...ARGS.filter((arg, index) => !arg.startsWith('--') && !ARGS[index - 1]?.startsWith('--')),
    ...(option('--only')?.split(',') ?? []),
  ].map((name) => (name === 'throughput' ? 'reads' : name)),
);
const USERS_SECONDS = option('--duration') === undefined ? undefined : Number(option('--duration'));
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

const budgetText = (group: GroupSize) =>
  group.budget ? `${group.budget.jsKiB}${group.budget.cssKiB === undefined ? '' : ` | ${group.budget.cssKiB}`}` : '—';

function printBundles(report: BundleReport): void {
  say(`  ${report.manifest}${report.builtNow ? ' (built now)' : ''}`);
  const budgets = (Object.entries(BUDGETS) as [string, GroupSize['budget']][])
    .filter(([, budget]) => budget)
    .map(([kind, budget]) => `${kind} ${budget!.jsKiB}${budget!.cssKiB === undefined ? '' : `/${budget!.cssKiB}`}`);
  say(`  budgets, first load KiB gzip JS (/CSS): ${budgets.join(', ')}; the entry is held to the visitor one.`);
  const label = Math.max(30, ...report.groups.map((group) => group.label.length));
  const widths = [label, 9, 5, 11, 12, 9, 4];
  say();
  say(row(['group', 'kind', 'files', 'JS gzip KiB', 'CSS gzip KiB', 'budget', ''], widths));
  for (const group of report.groups) {
    say(
      row(
        [
          group.label,
          group.kind,
          group.jsFiles.length + group.cssFiles.length,
          kib(group.jsGzipBytes),
          kib(group.cssGzipBytes),
          budgetText(group),
          group.over ? 'OVER' : '',
        ],
        widths,
      ),
    );
  }
  say();
  for (const group of report.groups.filter((g) => g.via.length > 0)) say(`  ${group.label} counts ${group.via.join(' → ')}`);
  say(
    '  first load = entry + each lazy group on the way (the heaviest way) + the group, each with its static imports,' +
      ' deduplicated; gzip -9 per file, summed.',
  );
  say(`  ${report.overBudget} of ${report.groups.length} over their budget.`);
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
  line('already seeded, from the sources (tsx)', report.seededFromSources);
  say();
  say(
    `  spawn (the built server, as npm start runs it; built beforehand) → first 200 of GET /api/health, polled every` +
      ` 20 ms; ${COLD_START_RUNS} runs each; goal ≤ ${COLD_START_GOAL_MS} ms.`,
  );
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

function printLive(report: LiveReport): void {
  const one = report.oneProcess;
  const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
  say();
  say(
    `  one process (SQLite): ${integer(one.streams)} streams of ${integer(one.sessions)} sessions (${one.people} people) ` +
      `opened in ${one.openSeconds.toFixed(1)} s; ${one.dropped} ended by the server meanwhile.`,
  );
  say(`  server RSS ${mib(one.rssBeforeBytes)} → ${mib(one.rssAfterBytes)} MiB: ${kib(one.bytesPerStream)} KiB per open stream.`);
  const widths = [28, 7, 11, 7, 8, 8, 8, 9];
  say();
  say(row(['write → event on the stream', 'writes', 'deliveries', 'missed', 'p50', 'p99', 'max', 'POST p50'], widths));
  const line = (name: string, figures: LiveReport['oneProcess']['latency']) =>
    say(
      row(
        [
          name,
          figures.writes,
          figures.deliveries,
          figures.missed,
          ms(figures.p50Ms),
          ms(figures.p99Ms),
          ms(figures.maxMs),
          ms(figures.postP50Ms),
        ],
        widths,
      ),
    );
  line(`sqlite, ${integer(one.streams)} open`, one.latency);
  if (report.twoProcesses) line('postgres, A → B', report.twoProcesses.latency);
  say();
  say(
    `  a message in a seeded conversation, one after another, timed from sending the POST to its event on each of the` +
      ` two sides' ${one.readerStreams} streams; goal p99 < ${ms(LIVE_BENCH.p99GoalMs)}.`,
  );
}

function printSummary(
  throughput: Section<ReadsReport>,
  bundles: Section<BundleReport>,
  coldStart: Section<ColdStartReport>,
  lighthouse: Section<LighthousePage[]>,
  statements: Section<StatementsReport>,
  gate: Section<GateReport>,
  live: Section<LiveReport>,
): void {
  heading('Summary');
  if (throughput.ok) summarizeReads(throughput.value, say);
  else say(`reads       ${notRun(throughput)}`);
  if (bundles.ok) {
    const { groups, overBudget } = bundles.value;
    say(`first load  ${groups.length} groups, ${overBudget} over their budget${overBudget ? ':' : ''}`);
    for (const group of groups.filter((g) => g.over)) {
      say(
        `  OVER      ${group.label} (${group.kind}): JS ${kib(group.jsGzipBytes)}, CSS ${kib(group.cssGzipBytes)} KiB gzip; ` +
          `budget ${budgetText(group)}`,
      );
    }
    for (const group of groups.filter((g) => g.kind === 'visitor' || g.kind === 'entry' || g.kind === 'shell')) {
      say(
        `  ${group.kind.padEnd(8)}  ${group.label}: JS ${kib(group.jsGzipBytes)}, CSS ${kib(group.cssGzipBytes)} KiB gzip ` +
          `(budget ${budgetText(group)})`,
      );
    }
  } else say(`first load  ${notRun(bundles)}`);
  if (coldStart.ok) {
    const { fresh, seeded } = coldStart.value;
    say(
      `cold start  fresh ${ms(fresh.medianMs)} median (min ${ms(fresh.minMs)}), ` +
        `seeded ${ms(seeded.medianMs)} median (min ${ms(seeded.minMs)}; goal ≤ ${COLD_START_GOAL_MS} ms), ` +
        `from the sources ${ms(coldStart.value.seededFromSources.medianMs)}`,
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
  if (live.ok) {
    const { oneProcess: one, twoProcesses: two } = live.value;
    const figures = (f: LiveReport['oneProcess']['latency']) =>
      `p50 ${ms(f.p50Ms)}, p99 ${ms(f.p99Ms)}, max ${ms(f.maxMs)}${f.missed ? `, ${f.missed} missed` : ''}`;
    say(
      `live        ${integer(one.streams)} streams: ${kib(one.bytesPerStream)} KiB each, opened in ${one.openSeconds.toFixed(1)} s; ` +
        `write → event ${figures(one.latency)}`,
    );
    say(
      two
        ? `            two processes on PostgreSQL: ${figures(two.latency)} (goal p99 < ${ms(LIVE_BENCH.p99GoalMs)})`
        : '            two processes on PostgreSQL: skipped (no BENCH_DATABASE_URL or TEST_DATABASE_URL)',
    );
  } else say(`live        ${notRun(live)}`);
  say(`written     ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const cpus = os.cpus();
  say(`Condo bench: node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${os.platform()}`);

  // Sequential on purpose: on two cores anything running beside a load test would be measured with it.
  const throughput = await section(
    'reads',
    `(a) Reads: autocannon, ${LOAD.connections} connections against bare node:http, then 200 signed-in people`,
    () => measureThroughput(say, { usersSeconds: USERS_SECONDS }),
    (value) => printReads(value, say),
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

  const live = await section(
    'live',
    `(h) The live channel: ${integer(LIVE_BENCH.streams)} open streams on one process, write → event on one and two processes`,
    () => measureLive(say),
    printLive,
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
        throughput: throughput.ok ? { load: LOAD, ...throughput.value } : result(throughput),
        bundles: bundles.ok ? { budgets: BUDGETS, ...bundles.value } : result(bundles),
        coldStart: result(coldStart),
        lighthouse: lighthouse.ok
          ? { goal: LIGHTHOUSE_GOAL, loadAverage: os.loadavg(), pages: lighthouse.value }
          : result(lighthouse),
        statements: result(statements),
        gate: result(gate),
        reconciliation: result(reconciliation),
        live: result(live),
      },
      null,
      2,
    )}\n`,
  );
  printSummary(throughput, bundles, coldStart, lighthouse, statements, gate, live);
  say(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const crashed = [throughput, bundles, coldStart, lighthouse, statements, gate, reconciliation, live].some(
    (value) => !value.ok && value.error !== SKIPPED,
  );
  if (crashed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  cleanUpNow();
  process.exit(1);
});
