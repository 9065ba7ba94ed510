// (b) What each route group makes a browser download first, gzip-compressed, read from Vite's build
// manifest (dist/.vite/manifest.json). A group is the entry (index.html) or one dynamic import (a lazy
// route); its first load is the entry's static import closure plus the group chunk's own, deduplicated.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, track } from './serverProcess';

/** The visitor-pages goal: what a visitor opening a link on a phone may download first. */
export const VISITOR_BUDGET = { jsKiB: 140, cssKiB: 15 } as const;
/**
 * Groups visitors open (DESIGN §5): the public page, guest registration and the pass. The folder names
 * are DESIGN §2's English ones or the spec's Spanish route names (pagina-publica, invitacion, …).
 */
const VISITOR_GROUP = /(^|\/)views\/(public|publico|pagina-?publica|guest|invitados?|registro|pass|pase|invitacion)\//i;

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
  visitor: boolean;
  jsFiles: string[];
  cssFiles: string[];
}

export interface GroupSize extends RouteGroup {
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface BundleReport {
  manifest: string;
  builtNow: boolean;
  groups: GroupSize[];
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
 * The entry group and one group per dynamic entry. A lazy route nested inside another lazy route is
 * counted as entry + itself; its parent group's figure shows what the parent adds.
 */
export function routeGroups(manifest: Manifest): RouteGroup[] {
  const keys = Object.keys(manifest);
  const entryKey = manifest['index.html']?.isEntry ? 'index.html' : keys.find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const entryClosure = new Set<string>();
  staticClosure(manifest, entryKey, entryClosure);

  const group = (key: string, closure: Set<string>): RouteGroup => {
    const chunks = [...closure].map((k) => manifest[k]!);
    const label = manifest[key]!.src ?? key;
    return {
      label,
      visitor: VISITOR_GROUP.test(label),
      jsFiles: [...new Set(chunks.map((chunk) => chunk.file).filter((file) => /\.m?js$/.test(file)))],
      cssFiles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
    };
  };

  const groups = [group(entryKey, entryClosure)];
  for (const key of keys.filter((k) => manifest[k]!.isDynamicEntry).sort()) {
    const closure = new Set(entryClosure);
    staticClosure(manifest, key, closure);
    groups.push(group(key, closure));
  }
  return groups;
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

  const groups = routeGroups(manifest).map((group) => ({
    ...group,
    jsGzipBytes: sum(group.jsFiles),
    cssGzipBytes: sum(group.cssFiles),
  }));
  return { manifest: path.relative(REPO_ROOT, manifestPath), builtNow, groups };
}
