// Helpers of the e-invoicing set-up tests: a valid issuer draft, the CSD upload's multipart body.
import type { IssuerDraft } from '../../src/api/invoicing';

let serial = 0;
/** A company RFC of the right shape, new each call (the homoclave counts). */
export function nextCompanyRfc(): string {
  serial += 1;
  const n = String(serial).padStart(3, '0');
  return `CLP2001${String(10 + (serial % 18)).padStart(2, '0')}${n.slice(-2)}${serial % 10}`;
}

export function issuerDraft(overrides: Partial<IssuerDraft> = {}): IssuerDraft {
  return {
    rfc: nextCompanyRfc(),
    razonSocial: 'RESIDENCIAL LAS PALMAS',
    regimenFiscal: '603',
    lugarExpedicion: '45110',
    serie: 'A',
    nextFolio: 1,
    modoInvoice: 'M',
    ...overrides,
  };
}

/** A multipart/form-data body of text fields and files, as a browser's FormData sends it. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; data: Buffer }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----comunidad${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
