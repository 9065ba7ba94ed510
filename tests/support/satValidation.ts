// Tests validate what the engine writes against the SAT's own files in ../shared/cfdi (the repository's
// neighbour in CI), not against the copies the sandbox PAC carries. Only catCFDI.xsd, which ../shared lacks
// (its README), comes from our stand-in in server/domain/invoicing/sat/cfd/catalogos.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSchemaSet, validateAgainstSat } from '../../server/domain/invoicing/cfdi/validate';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_CFD = path.resolve(repoRoot, '../shared/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd');
const VENDORED_CFD = path.resolve(repoRoot, 'server/domain/invoicing/sat/cfd');

function officialSchemas() {
  if (!existsSync(SHARED_CFD))
    throw new Error(`the SAT's schemas are not at ${SHARED_CFD} (../shared/cfdi beside the repository)`);
  return readSchemaSet((name) => {
    const official = path.join(SHARED_CFD, name);
    // Ours: the wrapper that loads the complements, and the catalogue stand-in ../shared lacks.
    return readFileSync(existsSync(official) ? official : path.join(VENDORED_CFD, name), 'utf8');
  });
}

let schemas: ReturnType<typeof officialSchemas> | null = null;

/** Schema errors against the official XSDs (CFDI 4.0 + Pagos 2.0 + TFD 1.1); empty when valid. */
export function validateCfdi(xml: string): Promise<string[]> {
  schemas ??= officialSchemas();
  return validateAgainstSat(xml, schemas);
}

/** The cadena original the SAT's own stylesheet makes of an XML (xsltproc over cadenaoriginal_4_0.xslt). */
export function satCadena(xml: string, stylesheet = '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadena-'));
  const file = path.join(dir, 'cfdi.xml');
  writeFileSync(file, xml);
  try {
    return execFileSync('xsltproc', [path.join(SHARED_CFD, stylesheet), file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('xsltproc is needed for the cadena tests: apt-get install -y xsltproc (.ci/run does)');
    }
    throw error;
  }
}
