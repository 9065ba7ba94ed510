// The bench's first-load table (bench/bundleSize.ts): what a route downloads before it shows is everything on
// its way from the entry, and each kind of route is held to its own budget (issue 29).
import { describe, expect, it } from 'vitest';
import { BUDGETS, judge, type Manifest, routeGroups } from '../../bench/bundleSize';

/** index.html → routes → (visitor pages, SessionRoutes → the shell → a screen → its dialog), with shared chunks. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'entry.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/views/pass/PassPage.tsx', 'src/views/app/SessionRoutes.tsx'],
    css: ['entry.css'],
  },
  '_react.js': { file: 'react.js' },
  '_mantine.js': { file: 'mantine.js', css: ['mantine.css'] },
  'src/views/pass/PassPage.tsx': {
    file: 'pass.js',
    src: 'src/views/pass/PassPage.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_mantine.js'],
  },
  'src/views/app/SessionRoutes.tsx': {
    file: 'sessionRoutes.js',
    src: 'src/views/app/SessionRoutes.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
    dynamicImports: ['src/views/app/GuardedCondominio.tsx'],
  },
  'src/views/app/GuardedCondominio.tsx': {
    file: 'shell.js',
    src: 'src/views/app/GuardedCondominio.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_mantine.js'],
    dynamicImports: ['src/views/tickets/TicketsPage.tsx', '_StatementPage-1.js'],
  },
  'src/views/tickets/TicketsPage.tsx': {
    file: 'tickets.js',
    src: 'src/views/tickets/TicketsPage.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_mantine.js', '_pdf.js'],
    dynamicImports: ['node_modules/jsqr/dist/jsQR.js'],
  },
  '_pdf.js': { file: 'pdf.js' },
  // A lazy route the bundler merged into a chunk that other pages import statically: no dynamic entry, no source.
  '_StatementPage-1.js': { file: 'statement.js', name: 'StatementPage', imports: ['index.html'] },
  'node_modules/jsqr/dist/jsQR.js': { file: 'jsqr.js', src: 'node_modules/jsqr/dist/jsQR.js', isDynamicEntry: true },
};

const byLabel = (label: string) => routeGroups(MANIFEST).find((group) => group.label === label)!;

describe('first load per route', () => {
  it('counts the entry, each lazy group on the way and the route, each file once', () => {
    expect(byLabel('index.html')).toMatchObject({
      kind: 'entry',
      via: [],
      jsFiles: ['entry.js', 'react.js'],
      cssFiles: ['entry.css'],
    });
    expect(byLabel('src/views/pass/PassPage.tsx')).toMatchObject({
      kind: 'visitor',
      jsFiles: ['entry.js', 'react.js', 'pass.js', 'mantine.js'],
      cssFiles: ['entry.css', 'mantine.css'],
    });
    const tickets = byLabel('src/views/tickets/TicketsPage.tsx');
    expect(tickets.via).toEqual(['src/views/app/SessionRoutes.tsx', 'src/views/app/GuardedCondominio.tsx']);
    expect(tickets.jsFiles).toEqual([
      'entry.js',
      'react.js',
      'sessionRoutes.js',
      'shell.js',
      'mantine.js',
      'tickets.js',
      'pdf.js',
    ]);
  });

  it('names each route by what it is: visitor page, shell, signed-in screen, other page, or a library on demand', () => {
    expect(routeGroups(MANIFEST).map((group) => [group.label, group.kind])).toEqual([
      ['index.html', 'entry'],
      ['StatementPage (shared chunk)', 'signed-in'],
      ['node_modules/jsqr/dist/jsQR.js', 'on demand'],
      ['src/views/app/GuardedCondominio.tsx', 'shell'],
      ['src/views/app/SessionRoutes.tsx', 'page'],
      ['src/views/pass/PassPage.tsx', 'visitor'],
      ['src/views/tickets/TicketsPage.tsx', 'signed-in'],
    ]);
  });
});

describe('a visitor page’s parts loaded when used', () => {
  it('counts the public cards’ logic and dialogs on demand, and the cards themselves as the visitor page', () => {
    const manifest: Manifest = {
      'index.html': { file: 'entry.js', isEntry: true, dynamicImports: ['src/views/public/PublicPage.tsx'] },
      'src/views/public/PublicPage.tsx': {
        file: 'page.js',
        src: 'src/views/public/PublicPage.tsx',
        isDynamicEntry: true,
        imports: ['index.html'],
        dynamicImports: ['src/views/public/PublicCards.tsx'],
      },
      'src/views/public/PublicCards.tsx': {
        file: 'cards.js',
        src: 'src/views/public/PublicCards.tsx',
        isDynamicEntry: true,
        imports: ['index.html'],
        dynamicImports: ['src/views/public/PublicLoginFlow.tsx', 'src/views/public/ContactDialogs.tsx'],
      },
      'src/views/public/PublicLoginFlow.tsx': {
        file: 'login.js',
        src: 'src/views/public/PublicLoginFlow.tsx',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
      'src/views/public/ContactDialogs.tsx': {
        file: 'dialogs.js',
        src: 'src/views/public/ContactDialogs.tsx',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
    };
    expect(Object.fromEntries(routeGroups(manifest).map((group) => [group.label, group.kind]))).toEqual({
      'index.html': 'entry',
      'src/views/public/PublicPage.tsx': 'visitor',
      'src/views/public/PublicCards.tsx': 'visitor',
      'src/views/public/PublicLoginFlow.tsx': 'on demand',
      'src/views/public/ContactDialogs.tsx': 'on demand',
    });
  });
});

describe('budgets', () => {
  const KiB = 1024;
  it('holds visitor pages (and the entry) to 120 KiB of JS and 12 of CSS, the shell to 200, screens to 250', () => {
    const pass = byLabel('src/views/pass/PassPage.tsx');
    expect(judge(pass, 120 * KiB, 12 * KiB)).toEqual({ budget: BUDGETS.visitor, over: false });
    expect(judge(pass, 120 * KiB + 1, 0).over).toBe(true);
    expect(judge(pass, 0, 12 * KiB + 1).over).toBe(true);
    expect(judge(byLabel('index.html'), 121 * KiB, 0).over).toBe(true);
    expect(judge(byLabel('src/views/app/GuardedCondominio.tsx'), 201 * KiB, 0)).toEqual({ budget: { jsKiB: 200 }, over: true });
    const tickets = byLabel('src/views/tickets/TicketsPage.tsx');
    expect(judge(tickets, 250 * KiB, 99 * KiB)).toEqual({ budget: { jsKiB: 250 }, over: false });
    expect(judge(tickets, 250 * KiB + 1, 0).over).toBe(true);
  });

  it('holds a library loaded on demand to none', () => {
    expect(judge(byLabel('node_modules/jsqr/dist/jsQR.js'), 999 * KiB, 99 * KiB)).toEqual({ budget: null, over: false });
  });
});
