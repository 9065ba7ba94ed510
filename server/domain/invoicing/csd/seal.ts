// The CFDI's seal (Sello): the cadena original signed with the CSD's private key, RSA PKCS#1 v1.5 over SHA-256
// (Anexo 20), base64; and its verification with the Certificado written in the same CFDI.
import { createPrivateKey, createSign, createVerify, type KeyObject, X509Certificate } from 'node:crypto';

/** Opens the SAT .key (encrypted PKCS#8 DER). Throws on a wrong password: readCsd checked it at upload. */
export function openPrivateKey(keyDer: Buffer, password: string): KeyObject {
  return createPrivateKey({ key: keyDer, format: 'der', type: 'pkcs8', passphrase: password });
}

export function signCadena(cadena: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(cadena, 'utf8').sign(key, 'base64');
}

export function verifySeal(cadena: string, sello: string, certificadoBase64: string): boolean {
  try {
    const certificate = new X509Certificate(Buffer.from(certificadoBase64, 'base64'));
    return createVerify('RSA-SHA256').update(cadena, 'utf8').verify(certificate.publicKey, sello, 'base64');
  } catch {
    return false;
  }
}
