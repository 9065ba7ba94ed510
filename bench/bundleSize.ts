// (b) What each route group makes a browser download first, gzip-compressed, read from Vite's build
// manifest (dist/.vite/manifest.json). A group is the entry (index.html) or one dynamic import (a lazy
// route, or a lazy part of one); its first load is everything on its way from the entry (routeGroups), held
// to its kind's budget (BUDGETS). The bench reports and never fails on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, track } from './serverProcess';

/** What each kind of route may make a browser download first, gzip (issue 29). */
export type RouteKind = 'visitor' | 'shell' | 'signed-in' | 'page' | 'on demand';
export interface Budget {
  jsKiB: number;
  /** Only the visitor pages have a CSS budget. */
  cssKiB?: number;
}
export const BUDGETS: Record<RouteKind, Budget | null> = {
  // A visitor opening a link on a phone, on a mobile network at the gate.
  visitor: { jsKiB: 120, cssKiB: 12 },
  // The signed-in frame (/condominio's guard, shell and routes), before any screen of its own.
  shell: { jsKiB: 200 },
  // Every screen behind the guard, the shell included.
  'signed-in': { jsKiB: 250 },
  // The product's other pages outside the guard (sign-in, pricing, a receipt's check, pairing a device).
  page: { jsKiB: 250 },
  // A library a page loads when the person does something (a scanner, the captcha, the service worker).
  'on demand': null,
};
/** The name for the visitor budget, kept for readers of bench.json. */
export const VISITOR_BUDGET = BUDGETS.visitor as Required<Budget>;
/**
 * Groups visitors open (DESIGN §5): the public page, guest registration and the pass. The folder names
 * are DESIGN §2's English ones or the spec's Spanish route names (pagina-publica, invitacion, …).
 */
const VISITOR_GROUP = /(^|\/)views\/(public|publico|pagina-?publica|guest|invitados?|registro|pass|pase|invitacion)\//i;
/**
 * What a visitor page loads only when the visitor uses a part of it (src/views/public/onDemand.ts): the
 * sign-in card's logic and the contact cards' dialogs, like the captcha. Not part of any first load.
 */
const ON_DEMAND_VIEWS = /(^|\/)views\/public\/(PublicLoginFlow|ContactDialogs)\.tsx$/;
/** The lazy chunk behind /condominio's authentication guard: the shell and its route table. */
const SHELL_GROUP = /(^|\/)views\/app\/GuardedCondominio\.tsx$/;
/** A lazy chunk that is a view (a screen or a part of one), as opposed to a library or a service. */
const VIEW_GROUP = /(^|\/)src\/views\//;

export const DIST_DIR = path.join(REPO_ROOT, 'dist');
const MANIFEST = path.join('.vite', 'manifest.json');

/** One entry of Vite's manifest (https://vite.dev/guide/backend-integration), keyed by source path. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteGroup {
  /** The group's source file, e.g. src/views/sessions/SessionsRoutes.tsx, or index.html for the entry. */
  label: string;
  kind: RouteKind | 'entry';
  /** Kept for readers of bench.json: kind === 'visitor'. */
  visitor: boolean;
  /** The lazy groups loaded before this one on the way from the entry (outermost first), by label. */
  via: string[];
  jsFiles: string[];
  cssFiles: string[];
}

export interface GroupSize extends RouteGroup {
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** The budget of its kind (the entry is held to the visitor one: every visitor page loads it). */
  budget: Budget | null;
  /** Over its JS or CSS budget. */
  over: boolean;
}

export interface BundleReport {
  manifest: string;
  builtNow: boolean;
  groups: GroupSize[];
  /** How many groups are over their budget. */
  overBudget: number;
}

/** The chunk and everything it imports statically, transitively: what loads before its code can run. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/**
 * The entry group and one group per dynamic entry (a lazy route, or a lazy part of one). A group's first load
 * is everything on its way from the entry: the entry's static closure, then each lazy group that imports it
 * (when several do, the heaviest way, which is what a person may have downloaded when it shows), then its own
 * static closure, deduplicated. A screen behind the guard thus counts the shell too, and the guest form the
 * registration page it appears in.
 */
export function routeGroups(manifest: Manifest, sizeOf: (file: string) => number = () => 1): RouteGroup[] {
  const keys = Object.keys(manifest);
  const entryKey = manifest['index.html']?.isEntry ? 'index.html' : keys.find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const closureOf = (key: string) => {
    const closure = new Set<string>();
    staticClosure(manifest, key, closure);
    return closure;
  };
  const ownClosure = new Map<string, Set<string>>();
  // A lazily imported module the bundler merged into a chunk shared with static importers (StatementPage, which
  // other pages import for a helper) is no dynamic entry of its own, but still a lazy route: it is named in some
  // chunk's dynamic imports.
  const lazilyImported = new Set(keys.flatMap((k) => manifest[k]!.dynamicImports ?? []));
  const dynamicKeys = keys.filter((k) => manifest[k]!.isDynamicEntry || lazilyImported.has(k)).sort();
  for (const key of [entryKey, ...dynamicKeys]) ownClosure.set(key, closureOf(key));
  const labelOf = (key: string) =>
    manifest[key]!.src ?? (key === entryKey ? key : `${manifest[key]!.name ?? key} (shared chunk)`);
  /** The groups each group's code imports lazily (from any chunk of its static closure). */
  const lazyImports = new Map<string, Set<string>>();
  for (const [group, closure] of ownClosure) {
    const imported = [...closure].flatMap((chunk) => manifest[chunk]!.dynamicImports ?? []);
    lazyImports.set(group, new Set(imported.filter((key) => key !== group && ownClosure.has(key))));
  }
  const bytes = (closure: Set<string>) => [...closure].reduce((sum, key) => sum + sizeOf(manifest[key]!.file), 0);

  // Breadth first from the entry: a group is reached by the fewest lazy steps (the way a person gets there;
  // a chunk shared by many groups would otherwise make every one of them a way), and of the groups one step
  // before it that import it, through the heaviest.
  const loaded = new Map<string, { chunks: Set<string>; via: string[] }>([
    [entryKey, { chunks: ownClosure.get(entryKey)!, via: [] }],
  ]);
  let level = [entryKey];
  while (level.length > 0) {
    const next = new Map<string, { chunks: Set<string>; via: string[] }>();
    for (const parent of level) {
      const parentLoad = loaded.get(parent)!;
      for (const key of lazyImports.get(parent)!) {
        if (loaded.has(key)) continue;
        const chunks = new Set([...parentLoad.chunks, ...ownClosure.get(key)!]);
        const via = parent === entryKey ? [] : [...parentLoad.via, labelOf(parent)];
        const known = next.get(key);
        if (!known || bytes(chunks) > bytes(known.chunks)) next.set(key, { chunks, via });
      }
    }
    for (const [key, load] of next) loaded.set(key, load);
    level = [...next.keys()];
  }
  // A group nothing reaches is counted as entry + itself.
  const loadOf = (key: string) =>
    loaded.get(key) ?? { chunks: new Set([...ownClosure.get(entryKey)!, ...ownClosure.get(key)!]), via: [] };
  const kindOf = (key: string, via: string[]): RouteGroup['kind'] => {
    const label = labelOf(key);
    if (key === entryKey) return 'entry';
    if (ON_DEMAND_VIEWS.test(label)) return 'on demand';
    if (VISITOR_GROUP.test(label)) return 'visitor';
    if (SHELL_GROUP.test(label)) return 'shell';
    // A shared chunk has no source path: one named as a component (StatementPage) is a view.
    const view = VIEW_GROUP.test(label) || (manifest[key]!.src === undefined && /^[A-Z]/.test(manifest[key]!.name ?? ''));
    if (!view) return 'on demand';
    return via.some((parent) => SHELL_GROUP.test(parent)) ? 'signed-in' : 'page';
  };

  return [entryKey, ...dynamicKeys].map((key) => {
    const { chunks: closure, via } = loadOf(key);
    const chunks = [...closure].map((k) => manifest[k]!);
    const kind = kindOf(key, via);
    return {
      label: labelOf(key),
      kind,
      visitor: kind === 'visitor',
      via,
      jsFiles: [...new Set(chunks.map((chunk) => chunk.file).filter((file) => /\.m?js$/.test(file)))],
      cssFiles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
    };
  });
}

/** The group's budget, and whether its figures are over it. */
export function judge(group: RouteGroup, jsGzipBytes: number, cssGzipBytes: number): { budget: Budget | null; over: boolean } {
  const budget = group.kind === 'entry' ? BUDGETS.visitor : BUDGETS[group.kind];
  if (!budget) return { budget, over: false };
  const over = jsGzipBytes > budget.jsKiB * 1024 || (budget.cssKiB !== undefined && cssGzipBytes > budget.cssKiB * 1024);
  return { budget, over };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // Detached and tracked like the servers, so an interrupted bench does not leave a build running.
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    track(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output}`)),
    );
  });
}

export async function measureBundles(progress: (line: string) => void, distDir = DIST_DIR): Promise<BundleReport> {
  const manifestPath = path.join(distDir, MANIFEST);
  let builtNow = false;
  if (!fs.existsSync(manifestPath)) {
    progress(`  ${path.relative(REPO_ROOT, manifestPath)} is missing: running npx vite build …`);
    await run('npx', ['vite', 'build']);
    builtNow = true;
    if (!fs.existsSync(manifestPath)) {
      throw new Error(`vite build wrote no ${MANIFEST}: vite.config.ts needs build.manifest = true`);
    }
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

  // Chunks shared by several groups (React, Mantine) are compressed once.
  const gzipSizes = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipBytes(file), 0);

  const groups = routeGroups(manifest, gzipBytes).map((group) => {
    const jsGzipBytes = sum(group.jsFiles);
    const cssGzipBytes = sum(group.cssFiles);
    return { ...group, jsGzipBytes, cssGzipBytes, ...judge(group, jsGzipBytes, cssGzipBytes) };
  });
  return {
    manifest: path.relative(REPO_ROOT, manifestPath),
    builtNow,
    groups,
    overBudget: groups.filter((group) => group.over).length,
  };
}
