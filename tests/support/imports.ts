// The import graph of the repository's own files, read from their text: each relative import resolved to the
// file it names. Enough for the layering rules (tests/unit/layering.test.ts); not a TypeScript resolver.
import fs from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  /** Repository-relative paths with forward slashes. */
  from: string;
  to: string;
  /** As written in the source. */
  specifier: string;
  line: number;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx)$/;
/** Static imports and re-exports, dynamic import(), and vi.mock paths. */
const IMPORT = /(?:\b(?:import|export)\b[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name)) found.push(full);
  }
  return found;
}

function resolve(fromFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** Every relative import in the .ts/.tsx files under the given repository folders. */
export function readImports(folders: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(path.join(ROOT, folder))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[2]!;
        const line = text.slice(0, match.index).split('\n').length;
        edges.push({ from: relative(file), to: relative(resolve(file, specifier)), specifier, line });
      }
    }
  }
  return edges;
}
