// Files the report offers (a CFDI's XML and PDF, the filtered set's ZIP and CSV) arrive as blobs through the
// authenticated client, then are handed to the browser as a download under a name that says what they are.
import type { CfdiSummary } from '../../../api/invoicing';

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "A-12_6f1b2c3d-….xml": the serie-folio first, as the administrators file them, then the UUID. */
export const cfdiFileName = (cfdi: Pick<CfdiSummary, 'serie' | 'folio' | 'uuid'>, kind: 'xml' | 'pdf') =>
  `${[cfdi.serie, cfdi.folio].filter(Boolean).join('-') || 'CFDI'}_${cfdi.uuid}.${kind}`;
