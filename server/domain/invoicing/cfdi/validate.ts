// A CFDI against the SAT's schemas (CFDI 4.0, Pagos 2.0, Timbre Fiscal Digital 1.1), offline: libxml2's
// validator compiled to WebAssembly (xmllint-wasm, in a worker thread) over the copies in ../sat/cfd. The
// catalogue types come from our stand-in catCFDI.xsd (see its header): codes of the small catalogues are
// checked, the large ones by shape only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const SAT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sat/cfd');
export const MAIN_SCHEMA = 'cfdiWithComplements.xsd';
export const SCHEMA_DEPENDENCIES = [
  '4/cfdv40.xsd',
  'catalogos/catCFDI.xsd',
  'catalogos/Pagos/catPagos.xsd',
  'tipoDatos/tdCFDI/tdCFDI.xsd',
  'Pagos/Pagos20.xsd',
  'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
];

interface SchemaFile {
  fileName: string;
  contents: string;
}
/** The schema set's files by their path under sat/cfd; tests may swap any of them for the official copy. */
export type SchemaSet = { schema: SchemaFile; preload: SchemaFile[] };

/** The schema set read from a folder laid out like the SAT's cfd/ tree (the vendored one by default). */
export function readSchemaSet(
  read: (name: string) => string = (name) => readFileSync(path.join(SAT_DIR, name), 'utf8'),
): SchemaSet {
  return {
    schema: { fileName: `sat/${MAIN_SCHEMA}`, contents: read(MAIN_SCHEMA) },
    preload: SCHEMA_DEPENDENCIES.map((name) => ({ fileName: `sat/${name}`, contents: read(name) })),
  };
}

let vendored: SchemaSet | null = null;

/** The schema errors of a CFDI (empty when it validates): libxml2's messages, one per problem. */
export async function validateAgainstSat(xml: string, schemas?: SchemaSet): Promise<string[]> {
  vendored ??= readSchemaSet();
  const { schema, preload } = schemas ?? vendored;
  const result = await validateXML({ xml: [{ fileName: 'cfdi.xml', contents: xml }], schema: [schema], preload });
  return result.valid ? [] : result.errors.map((error) => error.message ?? error.rawMessage);
}
