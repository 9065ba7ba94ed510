// Reads a CSD (Certificado de Sello Digital) as the SAT issues it: the .cer in DER, the .key an encrypted PKCS#8
// in DER with its password. Says what is wrong with it in the upload's terms (CsdProblem), so the screen can say
// it in words; `now` decides whether it is in force. The RFC check is separate (csdMatchesRfc): the issuer's RFC
// is the caller's.
import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import type { CsdProblem } from '../../../../src/api/invoicing';

export interface ReadCsd {
  rfc: string;
  legalName: string;
  /** The SAT's NoCertificado: the serial's bytes read as ASCII digits (20 of them). */
  noCertificado: string;
  validFrom: Date;
  validTo: Date;
  /** The .cer's DER in base64: the CFDI's Certificado attribute. */
  certificadoBase64: string;
}

export type ReadCsdAnswer = { ok: true; csd: ReadCsd } | { ok: false; problem: CsdProblem };

export function readCsd(input: { cer: Buffer; key: Buffer; password: string }, now: Date): ReadCsdAnswer {
  const certificate = parseCertificate(input.cer);
  const facts = certificate && describeCertificate(certificate);
  if (!certificate || !facts) return { ok: false, problem: 'notCertificate' };
  if (!looksLikeEncryptedPkcs8(input.key)) return { ok: false, problem: 'notKey' };
  if (!facts.isCsd) return { ok: false, problem: 'isFiel' };
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: input.key, format: 'der', type: 'pkcs8', passphrase: input.password });
  } catch {
    return { ok: false, problem: 'badPassword' };
  }
  if (!samePublicKey(certificate, key)) return { ok: false, problem: 'keyMismatch' };
  if (now.getTime() > facts.csd.validTo.getTime()) return { ok: false, problem: 'expired' };
  if (now.getTime() < facts.csd.validFrom.getTime()) return { ok: false, problem: 'notYetValid' };
  return { ok: true, csd: facts.csd };
}

/**
 * What a SAT certificate says of itself, without its key: null when it names no RFC (not the SAT's).
 * isCsd: a CSD names the branch (sucursal) in OU; a FIEL has none. This is phpcfdi/credentials' rule
 * (Certificate::satType(): an empty branchName is a FIEL; its docs/TODO.md: "Se identifica por el campo OU
 * (Organization Unit / Sucursal) del certificado, si está vacío es FIEL, si tiene contenido es CSD").
 */
export function describeCertificate(certificate: X509Certificate): { csd: ReadCsd; isCsd: boolean } | null {
  const subject = subjectFields(certificate.subject);
  const rfc = rfcOf(subject.get('x500UniqueIdentifier') ?? '');
  if (!rfc) return null;
  return {
    isCsd: Boolean(subject.get('OU')),
    csd: {
      rfc,
      legalName: subject.get('name') ?? subject.get('CN') ?? subject.get('O') ?? '',
      noCertificado: noCertificadoOf(certificate.serialNumber),
      validFrom: new Date(certificate.validFrom),
      validTo: new Date(certificate.validTo),
      certificadoBase64: certificate.raw.toString('base64'),
    },
  };
}

/** Whether the CSD belongs to the issuer's RFC (upper case, as the SAT writes it). */
export function csdMatchesRfc(csd: ReadCsd, rfc: string): boolean {
  return csd.rfc === rfc.trim().toUpperCase();
}

function parseCertificate(der: Buffer): X509Certificate | null {
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

// An EncryptedPrivateKeyInfo starts SEQUENCE { SEQUENCE { OID pkcs5 (PBES2 1.2.840.113549.1.5.13) or pkcs12-PBE
// (1.2.840.113549.1.12.1.x) … } … }. Telling it from junk before decrypting separates "not a key" from "wrong
// password": OpenSSL's errors for the two are not a contract.
const PKCS5_PREFIX = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05]);
const PKCS12_PBE_PREFIX = Buffer.from([0x06, 0x0a, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x01]);

function looksLikeEncryptedPkcs8(der: Buffer): boolean {
  if (der.length < 32 || der[0] !== 0x30) return false;
  const head = der.subarray(0, 40);
  return head.includes(PKCS5_PREFIX) || head.includes(PKCS12_PBE_PREFIX);
}

function samePublicKey(certificate: X509Certificate, key: KeyObject): boolean {
  const fromKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const fromCertificate = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return fromKey.equals(fromCertificate);
}

/** Node prints the subject one "name=value" per line, RFC 2253 escapes included (e.g. "\ " for a leading space). */
function subjectFields(subject: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of subject.split('\n')) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const name = line.slice(0, at);
    if (!fields.has(name)) fields.set(name, line.slice(at + 1).replace(/\\(.)/g, '$1'));
  }
  return fields;
}

/** x500UniqueIdentifier is "RFC / RFC del representante" (moral) or "RFC / CURP" (física): the first part. */
function rfcOf(uniqueIdentifier: string): string {
  return (uniqueIdentifier.split('/')[0] ?? '').trim().toUpperCase();
}

/** The SAT's serials are ASCII digits: hex 3330303031… reads 30001…. Other serials are given as their hex. */
function noCertificadoOf(serialHex: string): string {
  const ascii = Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex').toString('latin1');
  return /^[0-9]+$/.test(ascii) ? ascii : serialHex;
}
