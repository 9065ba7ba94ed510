// The printout of (a), the reads: the ratio table (app ÷ bare node:http), the 200-user load, and their summary
// lines. run.ts prints it; the figures are throughput.ts's.
import os from 'node:os';
import { LOAD, MIX_LABEL, READ_GOALS, type ReadsReport, type RouteThroughput, USERS_LOAD } from './throughput';

type Say = (line?: string) => void;

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(0)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const row = (cells: (string | number)[], widths: number[]) =>
  cells
    .map((cell, index) => {
      const width = widths[index] ?? 0;
      return index === 0 ? String(cell).padEnd(width) : String(cell).padStart(width);
    })
    .join('  ');

/** The goal a route's ratio is held to, if any. */
function ratioGoal(route: RouteThroughput): number | null {
  if (route.label === MIX_LABEL) return READ_GOALS.mixRatio;
  if (route.path.includes('pagina-publica')) return READ_GOALS.publicRatio;
  return null;
}

const problems = (figures: RouteThroughput['app']) =>
  `${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx`;

export function printReads(report: ReadsReport, say: Say): void {
  const widths = [34, 10, 10, 7, 6, 8, 8, 7];
  say();
  say(row(['route', 'app req/s', 'base req/s', 'ratio', 'goal', 'app p99', 'base p99', 'ratio'], widths));
  for (const route of report.routes) {
    const goal = ratioGoal(route);
    say(
      row(
        [
          route.label,
          integer(route.app.requestsPerSecond),
          integer(route.baseline.requestsPerSecond),
          ratio(route.requestsRatio),
          goal === null ? '' : `≥${goal}`,
          ms(route.app.latencyP99Ms),
          ms(route.baseline.latencyP99Ms),
          ratio(route.p99Ratio),
        ],
        widths,
      ),
    );
  }
  say();
  for (const route of report.routes) {
    say(
      `  ${route.label}: ${route.status}, ${route.bodyBytes} B ${route.contentType}; app ${problems(route.app)}; baseline ${problems(route.baseline)}`,
    );
  }
  say(`  the mix, per person, in order: ${report.mixPaths.map((p) => p.replace(/\?.*/, '')).join(', ')}`);
  say(
    `  ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s each; on the mix each connection is one person's session.`,
  );
  say('  ratio req/s = app ÷ bare node:http (same bytes); ratio p99 = app ÷ baseline.');
  // autocannon runs on one thread here; on a small machine it, not node:http, sets the baseline figure.
  say(`  autocannon runs in this process (one core of ${os.cpus().length}); a ratio near 1 is within its reach.`);

  const usersWidths = [10, 8, 6, 9, 8, 8, 8, 8, 22];
  say();
  say(row(['database', 'sessions', 'people', 'req/s', 'p50', 'p99', 'goal', 'max', 'errors/timeouts/non2xx'], usersWidths));
  for (const run of report.users) {
    const f = run.figures;
    say(
      row(
        [
          run.database,
          run.connections,
          run.people,
          integer(f.requestsPerSecond),
          ms(f.latencyP50Ms),
          ms(f.latencyP99Ms),
          `<${run.p99GoalMs}`,
          ms(f.latencyMaxMs),
          `${f.errors}/${f.timeouts}/${f.non2xx}`,
        ],
        usersWidths,
      ),
    );
  }
  const seconds = report.users[0]?.durationSeconds ?? USERS_LOAD.durationSeconds;
  say(
    `  ${USERS_LOAD.connections} people signed in, each on one kept-alive connection asking for the mix back to back (the next` +
      ` request when the answer has come), ${seconds} s after ${USERS_LOAD.warmupSeconds} s of warm-up; a request unanswered` +
      ' after 10 s is a timeout.',
  );
}

export function summarizeReads(report: ReadsReport, say: Say): void {
  for (const route of report.routes) {
    const goal = ratioGoal(route);
    say(
      `reads       ${route.label}: ${integer(route.app.requestsPerSecond)} req/s ` +
        `(${ratio(route.requestsRatio)} bare node${goal === null ? '' : `, goal ≥ ${goal}×`}), p99 ${ms(route.app.latencyP99Ms)}`,
    );
  }
  for (const run of report.users) {
    const f = run.figures;
    say(
      `reads       ${run.connections} people, ${run.database}: p99 ${ms(f.latencyP99Ms)} (goal < ${run.p99GoalMs}), ` +
        `${integer(f.requestsPerSecond)} req/s, ${f.errors + f.timeouts + f.non2xx} errors`,
    );
  }
}
