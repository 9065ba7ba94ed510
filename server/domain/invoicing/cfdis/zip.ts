// The report's filtered set as one ZIP: each CFDI's XML (as stamped) and its PDF (labels in the reader's
// language), named by serie-folio and UUID.
import { zipSync } from 'fflate';
import type { Language } from '../../../../src/i18n/languages';
import type { CfdiRow } from './detail';
import { cfdiPdf } from './pdf';

export const fileStem = (row: Pick<CfdiRow, 'serie' | 'folio' | 'uuid'>) =>
  `${[row.serie, row.folio].filter(Boolean).join('-') || 'CFDI'}_${row.uuid}`;

export async function cfdisZip(rows: readonly CfdiRow[], language: Language): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (const row of rows) {
    const stem = fileStem(row);
    files[`${stem}.xml`] = new Uint8Array(Buffer.from(row.xml, 'utf8'));
    // PDFs are already compressed enough; the XML deflates well.
    files[`${stem}.pdf`] = new Uint8Array(await cfdiPdf(row, language));
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
