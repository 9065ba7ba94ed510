// Hostile files for every upload field of the contract (issue 33): which fields take a file is read from their
// structs (uploadFieldsOf), so a new upload route is covered without naming it; what each gets is a well-shaped
// value holding hostile bytes. Two shapes of upload:
// - a data URL (an attachment, a proof, a photo of the gate, a parcel's photo or signature, a logo): a type
//   that lies (PDF bytes under image/png), a truncated file, a header claiming enormous dimensions, a
//   decompression bomb, an HTML page behind a PNG's signature, an empty file;
// - a file in base64 beside its name (a spreadsheet import, a bank statement): a workbook that unpacks to
//   30 MB, one cell of a megabyte, a cell claiming to be the sheet's last corner, a workbook cut short, a PDF
//   named .xlsx, a workbook named .csv, an empty file, a CSV whose one line is a megabyte, UTF-16 and BOM CSVs.
// `refuse`: the server must answer a 4xx (a 2xx is a failure); the others must only not fail (no 5xx, no hang).
import { deflateSync } from 'node:zlib';
import { type Struct, validate } from 'superstruct';
import { workbookOf, xlsxOf } from './dwellingXlsx';
import { type Leaf, leavesOf } from './structArbitrary';

type AnyStruct = Struct<unknown, unknown>;

export interface HostileFile {
  /** What it is, named in a failure. */
  kind: string;
  /** The file name sent beside it (a spreadsheet's kind follows its name). */
  name: string;
  /** The type a data URL declares (none for a base64 file). */
  type?: string;
  bytes: Buffer;
  /** The server must refuse it. */
  refuse: boolean;
}

/** An upload field of a request part: where it is, its shape, and for a data URL the types it takes. */
export type UploadField =
  | { shape: 'dataUrl'; path: Leaf['path']; types: string[] }
  | { shape: 'base64'; path: Leaf['path']; namePath: Leaf['path'] };

const accepts = (struct: AnyStruct, value: unknown) => validate(value, struct, { coerce: true })[0] === undefined;

export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

const dataUrl = (type: string, bytes: Buffer) =>
  // An empty file is sent as padding, so the value still has the length its struct asks for.
  `data:${type};base64,${bytes.length ? bytes.toString('base64') : '='.repeat(Math.max(2, 30 - type.length - 13))}`;

/** Bytes with '+', '/' and padding once in base64: what a file field takes and a token or a code does not. */
const SAMPLE_FILE = Buffer.from([0xfb, 0xef, 0xff, 0x3e, 0x3f, ...Buffer.from('Torre,Vivienda\nTorre A,101\n')]);

/** Text every free-text field takes and no file field does. */
const NOT_FILES = ['Julia Ramos', 'ABC-123', 'a b'];

/**
 * The upload fields of a struct: a text field taking a data URL of one of UPLOAD_TYPES (and no plain text),
 * or a text field taking base64 (and no plain text) beside a field of its object that takes the file's name.
 */
export function uploadFieldsOf(struct: AnyStruct | undefined): UploadField[] {
  const leaves = leavesOf(struct);
  const fields: UploadField[] = [];
  for (const leaf of leaves) {
    if (NOT_FILES.some((text) => accepts(leaf.struct, text))) continue;
    const types = UPLOAD_TYPES.filter((type) => accepts(leaf.struct, dataUrl(type, SAMPLE_FILE)));
    if (types.length) {
      fields.push({ shape: 'dataUrl', path: leaf.path, types });
      continue;
    }
    if (!accepts(leaf.struct, SAMPLE_FILE.toString('base64'))) continue;
    const parent = leaf.path.slice(0, -1);
    const name = leaves.find(
      (other) =>
        other !== leaf &&
        other.path.length === leaf.path.length &&
        other.path.slice(0, -1).every((part, i) => part === parent[i]) &&
        /name|nombre/i.test(String(other.path.at(-1))) &&
        accepts(other.struct, 'estado.xlsx'),
    );
    if (name) fields.push({ shape: 'base64', path: leaf.path, namePath: name.path });
  }
  return fields;
}

/** The value put at the field's path (and, for a base64 file, its name at namePath). */
export function uploadValue(field: UploadField, file: HostileFile): string {
  return field.shape === 'dataUrl' ? dataUrl(file.type!, file.bytes) : file.bytes.length ? file.bytes.toString('base64') : '=';
}

// ── Bytes ────────────────────────────────────────────────────────────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG whose header says width × height (8-bit grey), its image data the given (compressed) bytes. */
function png(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real 1×1 picture of each type, and a PDF of one empty page. */
const GOOD = {
  'image/png': png(1, 1, deflateSync(Buffer.from([0, 0]))),
  'image/jpeg': Buffer.from(
    'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbd3ffd9',
    'hex',
  ),
  'image/webp': Buffer.from('524946461a000000574542505650384c0d0000002f0000000007d0ff0147000000', 'hex'),
  'application/pdf': Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
} as const;

/** Headers claiming the largest picture each format can describe, and nothing behind them. */
const ENORMOUS: Record<string, Buffer> = {
  'image/png': png(0x7fffffff, 0x7fffffff, deflateSync(Buffer.alloc(64))),
  // SOF0: 65,535 × 65,535, three components.
  'image/jpeg': Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108ffffffff03012200021101031101ffd9', 'hex'),
  // VP8X: a canvas of 2^24 × 2^24.
  'image/webp': Buffer.from('524946461e00000057454250565038580a00000000000000ffffffffffff', 'hex'),
  // A page 14,400 in wide (the largest PDF allows), with a billion objects claimed.
  'application/pdf': Buffer.from(
    '%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1000000000>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 14400000 14400000]>>endobj\ntrailer<</Size 1000000000/Root 1 0 R>>\n%%EOF\n',
  ),
};

let bombPng: Buffer | undefined;
/** 6,000 × 6,000 grey pixels, 36 MB once inflated, about 35 KB as sent. */
const decompressionBomb = () => {
  bombPng ??= png(6000, 6000, deflateSync(Buffer.alloc(6001 * 6000), { level: 9 }));
  return bombPng;
};

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

/** The hostile data URLs a field taking these types gets (each declaring one of them). */
export function hostileDataUrls(types: readonly string[]): HostileFile[] {
  const files: HostileFile[] = [];
  const name = 'archivo';
  for (const type of types) {
    const good = GOOD[type as keyof typeof GOOD];
    // A type that lies: a PDF under an image's type, a PNG under the PDF's.
    const liar = type === 'application/pdf' ? GOOD['image/png'] : GOOD['application/pdf'];
    files.push({
      kind: `${type === 'application/pdf' ? 'PNG' : 'PDF'} bytes under ${type}`,
      name,
      type,
      bytes: liar,
      refuse: true,
    });
    files.push({ kind: `empty ${type}`, name, type, bytes: Buffer.alloc(0), refuse: true });
    files.push({ kind: `truncated ${type}`, name, type, bytes: good.subarray(0, Math.min(good.length - 1, 16)), refuse: false });
    files.push({ kind: `${type} claiming enormous dimensions`, name, type, bytes: ENORMOUS[type]!, refuse: false });
    if (type === 'image/png') {
      files.push({ kind: 'PNG decompression bomb', name, type, bytes: decompressionBomb(), refuse: false });
      files.push({ kind: 'HTML behind a PNG signature', name, type, bytes: Buffer.concat([PNG_SIGNATURE, HTML]), refuse: false });
    }
  }
  return files;
}

/** A sheet's XML of one header cell and one text cell at `ref`. */
const cellAt = (ref: string, text: string) =>
  `<row r="1"><c r="A1" t="inlineStr"><is><t>Vivienda</t></is></c></row><row r="${ref.replace(/^[A-Z]+/, '')}"><c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c></row>`;

/**
 * The workbook with every entry's unpacked size in its ZIP directory (and local headers) said to be 100 bytes:
 * a bomb that a check trusting the directory lets through.
 */
function understated(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b])); at >= 0; at = out.indexOf(Buffer.from([0x50, 0x4b]), at + 2)) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50 && at + 26 <= out.length) out.writeUInt32LE(100, at + 22);
    if (signature === 0x02014b50 && at + 28 <= out.length) out.writeUInt32LE(100, at + 24);
  }
  return out;
}

/** The workbook with its compressed data overwritten in the middle, its directory intact. */
function corrupted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  out.fill(0xa5, Math.floor(out.length * 0.3), Math.floor(out.length * 0.5));
  return out;
}

let spreadsheetFiles: HostileFile[] | undefined;

/** The hostile files a spreadsheet field gets (made once: the bomb takes a moment). */
export function hostileSpreadsheets(): HostileFile[] {
  if (spreadsheetFiles) return spreadsheetFiles;
  const small = xlsxOf([
    ['Torre', 'Vivienda'],
    ['Torre Z', 'Z1'],
  ]);
  const csv = 'Torre,Vivienda\r\nTorre Z,Z1\r\n';
  const utf16 = (littleEndian: boolean) => {
    const body = Buffer.from(`\ufeff${csv}`, 'utf16le');
    return littleEndian ? body : body.swap16();
  };
  const bomb = workbookOf(cellAt('A2', 'x'.repeat(30_000_000)));
  spreadsheetFiles = [
    // Unpacks to 30 MB, above every area's limit: a zip bomb in a workbook's clothes.
    { kind: 'XLSX unpacking to 30 MB', name: 'hoja.xlsx', bytes: bomb, refuse: true },
    {
      kind: 'XLSX unpacking to 30 MB, its directory saying 100 bytes',
      name: 'hoja.xlsx',
      bytes: understated(bomb),
      refuse: true,
    },
    { kind: 'XLSX with corrupted data', name: 'hoja.xlsx', bytes: corrupted(small), refuse: true },
    { kind: 'XLSX with a cell of 1 MB', name: 'hoja.xlsx', bytes: workbookOf(cellAt('A2', 'y'.repeat(1_000_000))), refuse: true },
    { kind: 'XLSX with a cell at XFD1048576', name: 'hoja.xlsx', bytes: workbookOf(cellAt('XFD1048576', 'z')), refuse: true },
    { kind: 'truncated XLSX', name: 'hoja.xlsx', bytes: small.subarray(0, Math.floor(small.length * 0.6)), refuse: true },
    { kind: 'PDF named .xlsx', name: 'hoja.xlsx', bytes: GOOD['application/pdf'], refuse: true },
    { kind: 'empty file', name: 'hoja.csv', bytes: Buffer.alloc(0), refuse: true },
    {
      kind: 'CSV with a line of 1 MB',
      name: 'hoja.csv',
      bytes: Buffer.from(`Torre,Vivienda\r\nTorre Z,${'w'.repeat(1_048_576)}\r\n`),
      refuse: true,
    },
    { kind: 'XLSX named .csv', name: 'hoja.csv', bytes: small, refuse: false },
    { kind: 'PNG named .csv', name: 'hoja.csv', bytes: GOOD['image/png'], refuse: false },
    { kind: 'UTF-16LE CSV with its BOM', name: 'hoja.csv', bytes: utf16(true), refuse: false },
    { kind: 'UTF-16BE CSV with its BOM', name: 'hoja.csv', bytes: utf16(false), refuse: false },
    { kind: 'UTF-8 CSV with a BOM', name: 'hoja.csv', bytes: Buffer.from(`\ufeff${csv}`), refuse: false },
  ];
  return spreadsheetFiles;
}

/** Every hostile file a field gets, whatever is drawn of them. */
export const hostileFilesFor = (field: UploadField): HostileFile[] =>
  field.shape === 'dataUrl' ? hostileDataUrls(field.types) : hostileSpreadsheets();
