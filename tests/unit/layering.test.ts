// The layers of docs/architecture.md, read from the imports themselves: a file that reaches across a rule
// fails here, named with the import that does it. No list of tolerated exceptions: a shared need moves to a
// shared home (server/domain/shared, server/infra, src/views/common, src/api).
import { describe, expect, it } from 'vitest';
import { type ImportEdge, readImports } from '../support/imports';

interface Rule {
  /** What the rule says, as the failure prints it. */
  name: string;
  /** The import breaks the rule. */
  breaks(edge: ImportEdge): boolean;
}

const under = (file: string, ...folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`));

/** The area of a file under `root` (its first folder), or null for a loose file at the root itself. */
function areaOf(file: string, root: string): string | null {
  if (!file.startsWith(`${root}/`)) return null;
  const rest = file.slice(root.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

const CONTRACT = ['src/api', 'src/i18n'];
/**
 * The browser's one entry made for the server, a composition root as main.tsx is the browser's: the visitor
 * pages painted on the server (server/infra/firstPaint.ts).
 */
const SERVER_ENTRY = 'src/views/app/firstPaint.tsx';

/** The composition roots may import every view area: the route tables, the shell and the app frame. */
const VIEW_COMPOSERS = new Set(['app']);
/** What every view area may import. */
const VIEW_COMMON = 'common';
/** What every server area may import. */
const DOMAIN_SHARED = 'shared';

export const RULES: Rule[] = [
  {
    name: 'the contract (src/api, src/i18n) imports only the contract',
    breaks: ({ from, to }) => under(from, ...CONTRACT) && !under(to, ...CONTRACT),
  },
  {
    name: 'the browser never imports the server',
    breaks: ({ from, to }) => under(from, 'src') && under(to, 'server'),
  },
  {
    name: 'the server imports only the contract of the browser side, and the entry made for it',
    breaks: ({ from, to }) => under(from, 'server') && under(to, 'src') && !under(to, ...CONTRACT) && to !== SERVER_ENTRY,
  },
  {
    name: 'services import neither machines nor views',
    breaks: ({ from, to }) => under(from, 'src/services') && under(to, 'src/machines', 'src/views'),
  },
  {
    name: 'machines do not import views',
    breaks: ({ from, to }) => under(from, 'src/machines') && under(to, 'src/views'),
  },
  {
    name: 'a view lives in an area folder of src/views',
    breaks: ({ from }) => under(from, 'src/views') && areaOf(from, 'src/views') === null,
  },
  {
    name: 'common views import no view area',
    breaks: ({ from, to }) =>
      areaOf(from, 'src/views') === VIEW_COMMON && areaOf(to, 'src/views') !== null && areaOf(to, 'src/views') !== VIEW_COMMON,
  },
  {
    name: 'a view area imports another only through src/views/common (the app frame composes them)',
    breaks: ({ from, to }) => {
      const source = areaOf(from, 'src/views');
      const target = areaOf(to, 'src/views');
      if (source === null || target === null || source === target) return false;
      return !VIEW_COMPOSERS.has(source) && target !== VIEW_COMMON;
    },
  },
  {
    name: 'the domain imports neither routes nor plugins nor the app',
    breaks: ({ from, to }) =>
      under(from, 'server/domain') &&
      (under(to, 'server/routes', 'server/plugins') || ['server/app.ts', 'server/main.ts'].includes(to)),
  },
  {
    name: 'infrastructure (server/infra) imports no domain, route or plugin',
    breaks: ({ from, to }) => under(from, 'server/infra') && under(to, 'server/domain', 'server/routes', 'server/plugins'),
  },
  {
    name: 'the database layer imports no domain, route or plugin',
    breaks: ({ from, to }) =>
      under(from, 'server/db') && !under(from, 'server/db/seed') && under(to, 'server/domain', 'server/routes', 'server/plugins'),
  },
  {
    name: 'a domain file lives in an area folder of server/domain',
    breaks: ({ from }) => under(from, 'server/domain') && areaOf(from, 'server/domain') === null,
  },
  {
    name: 'the shared domain imports no area',
    breaks: ({ from, to }) =>
      areaOf(from, 'server/domain') === DOMAIN_SHARED &&
      areaOf(to, 'server/domain') !== null &&
      areaOf(to, 'server/domain') !== DOMAIN_SHARED,
  },
  {
    name: 'a server area imports another only through server/domain/shared',
    breaks: ({ from, to }) => {
      const source = areaOf(from, 'server/domain');
      const target = areaOf(to, 'server/domain');
      return source !== null && target !== null && source !== target && target !== DOMAIN_SHARED;
    },
  },
];

/** Every import of the product's code (tests, scripts and benchmarks may reach anywhere). */
const edges = readImports(['src', 'server']);

describe('the layers of docs/architecture.md', () => {
  it('reads the imports it checks (a scanner that finds nothing would pass everything)', () => {
    expect(edges.length).toBeGreaterThan(2000);
    expect(edges.some((e) => e.from === 'server/app.ts' && e.to.startsWith('server/routes/'))).toBe(true);
  });

  it('catches a planted upward import in each layer', () => {
    const planted: ImportEdge[] = [
      { from: 'src/api/polls.ts', to: 'src/services/http.ts', specifier: '../services/http', line: 1 },
      { from: 'server/domain/polls/vote.ts', to: 'server/routes/guards.ts', specifier: '../../routes/guards', line: 1 },
      { from: 'server/domain/polls/vote.ts', to: 'server/domain/tickets/rows.ts', specifier: '../tickets/rows', line: 1 },
      { from: 'server/infra/clock.ts', to: 'server/domain/shared/audit.ts', specifier: '../domain/shared/audit', line: 1 },
      {
        from: 'src/views/polls/PollsPage.tsx',
        to: 'src/views/tickets/TicketsPage.tsx',
        specifier: '../tickets/TicketsPage',
        line: 1,
      },
      {
        from: 'src/machines/pollVoteMachine.ts',
        to: 'src/views/polls/PollsPage.tsx',
        specifier: '../views/polls/PollsPage',
        line: 1,
      },
    ];
    for (const edge of planted)
      expect(
        RULES.some((rule) => rule.breaks(edge)),
        `${edge.from} → ${edge.to}`,
      ).toBe(true);
    const allowed: ImportEdge[] = [
      { from: 'server/domain/polls/vote.ts', to: 'server/domain/shared/viewer.ts', specifier: '../shared/viewer', line: 1 },
      {
        from: 'src/views/polls/PollsPage.tsx',
        to: 'src/views/common/PageStates.tsx',
        specifier: '../common/PageStates',
        line: 1,
      },
      { from: 'src/views/app/routes.tsx', to: 'src/views/polls/PollsPage.tsx', specifier: '../polls/PollsPage', line: 1 },
    ];
    for (const edge of allowed)
      expect(
        RULES.filter((rule) => rule.breaks(edge)).map((r) => r.name),
        edge.from,
      ).toEqual([]);
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      const broken = edges
        .filter((edge) => rule.breaks(edge))
        .map(({ from, specifier, line }) => `${from}:${line} imports '${specifier}'`);
      expect(broken, `${rule.name}:\n${broken.join('\n')}`).toEqual([]);
    });
  }
});
