// The URL of the SAT's verification service that the printed CFDI's QR code encodes (Anexo 20, 4.0):
// id = UUID, re = issuer RFC, rr = receiver RFC, tt = the total, fe = the last 8 characters of the Sello.
// tt follows the format phpcfdi/cfdi-expresiones calls 18x6: six decimals with the trailing zeros removed
// but one decimal kept (1234.50 → "1234.5", 100 → "100.0"); an "&" in an RFC is written "&amp;".
import { formatCents } from './amounts';

export const SAT_VERIFICATION_BASE = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

export function verificationTotal(totalCents: number): string {
  const [whole, decimals = '0'] = formatCents(totalCents).split('.');
  const trimmed = decimals.replace(/0+$/, '');
  return `${whole}.${trimmed || '0'}`;
}

const rfcParameter = (rfc: string) => rfc.replace(/&/g, '&amp;');

export function verificationUrl(input: {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  totalCents: number;
  sello: string;
}): string {
  return (
    `${SAT_VERIFICATION_BASE}?id=${input.uuid}&re=${rfcParameter(input.rfcEmisor)}` +
    `&rr=${rfcParameter(input.rfcReceptor)}&tt=${verificationTotal(input.totalCents)}&fe=${input.sello.slice(-8)}`
  );
}
