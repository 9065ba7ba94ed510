// Spreadsheet files as uploaded (CSV and XLSX), read into rows of text cells: a CSV's rows (RFC 4180), its bytes
// decoded (UTF-8 with or without BOM, else Windows-1252 as Excel on Windows saves it), and a workbook's unpacked
// size read before it is unpacked (a zip bomb refused unread). Shared: the dwellings import
// (dwellings/importFile.ts) and bank statements (reconciliation/formats/).
/** A CSV's rows (RFC 4180: quoted fields may hold the delimiter, quotes doubled, line breaks). */
export function parseCsv(text: string, given?: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = given ?? ((firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/** What a workbook may hold once unpacked: far above any sheet of IMPORT_MAX_ROWS rows, far below a zip bomb. */
export const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * The bytes the ZIP's central directory says its files unpack to, or null when it cannot be read (no end
 * record, ZIP64, a directory outside the file). Read before the workbook is unpacked, so a small file that
 * would inflate to gigabytes is refused without inflating it.
 */
export function unpackedSize(bytes: Buffer): number | null {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}
