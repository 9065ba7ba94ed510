// Makes the synthetic test certificates under tests/fixtures/csd/ (issue 17). They imitate the SAT's: a CSD's
// subject carries the RFC in x500UniqueIdentifier (2.5.4.45) and the branch in OU (a FIEL has no OU); the serial
// is 20 ASCII digits; the .cer is DER and the .key an encrypted PKCS#8 DER (PBES2, 3DES) with password '12345678a'.
// Nothing here is valid before the SAT: a self-signed CA of our own issues them. Run: npx tsx scripts/make-test-csd.ts
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

const OUT = join(import.meta.dirname, '..', 'tests', 'fixtures', 'csd');
// tests/support/testCsd.ts says the same password to the tests.
const TEST_CSD_PASSWORD = '12345678a';

interface Spec {
  file: string;
  rfc: string;
  legalName: string;
  /** The 20 digits NoCertificado; written into the serial as ASCII. */
  noCertificado: string;
  branch: string | null;
  notBefore: string;
  notAfter: string;
  /** Write the .key of another pair (keyMismatch). */
  foreignKey?: boolean;
}

const SPECS: Spec[] = [
  {
    file: 'csd',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    noCertificado: '30001000000500003416',
    branch: 'Sucursal 1',
    notBefore: '2023-01-01T00:00:00Z',
    notAfter: '2031-01-01T00:00:00Z',
  },
  {
    file: 'fiel',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    noCertificado: '30001000000500003417',
    branch: null,
    notBefore: '2023-01-01T00:00:00Z',
    notAfter: '2031-01-01T00:00:00Z',
  },
  {
    file: 'expired',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    noCertificado: '30001000000500003418',
    branch: 'Sucursal 1',
    notBefore: '2019-01-01T00:00:00Z',
    notAfter: '2023-01-01T00:00:00Z',
  },
  {
    file: 'not-yet-valid',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    noCertificado: '30001000000500003419',
    branch: 'Sucursal 1',
    notBefore: '2040-01-01T00:00:00Z',
    notAfter: '2044-01-01T00:00:00Z',
  },
  {
    file: 'mismatch',
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    noCertificado: '30001000000500003420',
    branch: 'Sucursal 1',
    notBefore: '2023-01-01T00:00:00Z',
    notAfter: '2031-01-01T00:00:00Z',
    foreignKey: true,
  },
  {
    // A persona física: x500UniqueIdentifier is "RFC / CURP".
    file: 'other-rfc',
    rfc: 'XOJI740919U48',
    legalName: 'INGRID XODAR JIMENEZ',
    noCertificado: '30001000000500003421',
    branch: 'Matriz',
    notBefore: '2023-01-01T00:00:00Z',
    notAfter: '2031-01-01T00:00:00Z',
  },
];

function newPair() {
  // node:crypto makes the RSA keys (forge's pure-JS generation takes seconds each).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

function encryptedKeyDer(privateKey: forge.pki.rsa.PrivateKey): Buffer {
  const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(privateKey));
  const encrypted = forge.pki.encryptPrivateKeyInfo(info, TEST_CSD_PASSWORD, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(encrypted).getBytes(), 'binary');
}

const printable = forge.asn1.Type.PRINTABLESTRING;
const utf8 = forge.asn1.Type.UTF8;

function subjectOf(spec: Spec): forge.pki.CertificateField[] {
  const uniqueId = spec.rfc.length === 13 ? `${spec.rfc} / XOJI740919MMNDDR05` : `${spec.rfc} / VADA800927DJ3`;
  const fields: forge.pki.CertificateField[] = [
    { type: '2.5.4.3', value: spec.legalName, valueTagClass: utf8 } as forge.pki.CertificateField,
    { type: '2.5.4.41', value: spec.legalName, valueTagClass: utf8 } as forge.pki.CertificateField,
    { type: '2.5.4.10', value: spec.legalName, valueTagClass: utf8 } as forge.pki.CertificateField,
    { type: '2.5.4.45', value: uniqueId, valueTagClass: printable } as forge.pki.CertificateField,
    { type: '2.5.4.5', value: ' / VADA800927HSRSRL05', valueTagClass: printable } as forge.pki.CertificateField,
  ];
  if (spec.branch) fields.push({ type: '2.5.4.11', value: spec.branch, valueTagClass: utf8 } as forge.pki.CertificateField);
  return fields;
}

function main() {
  mkdirSync(OUT, { recursive: true });
  const ca = newPair();
  const caSubject = [
    { name: 'commonName', value: 'AC DE PRUEBAS COMUNIDAD (NO ES DEL SAT)' },
    { name: 'organizationName', value: 'Comunidad pruebas' },
  ];
  for (const spec of SPECS) {
    const pair = newPair();
    const cert = forge.pki.createCertificate();
    cert.publicKey = pair.publicKey;
    cert.serialNumber = Buffer.from(spec.noCertificado, 'ascii').toString('hex');
    cert.validity.notBefore = new Date(spec.notBefore);
    cert.validity.notAfter = new Date(spec.notAfter);
    cert.setSubject(subjectOf(spec));
    cert.setIssuer(caSubject);
    cert.setExtensions([
      { name: 'basicConstraints', cA: false },
      // A CSD signs (digitalSignature, nonRepudiation); the SAT's FIEL adds dataEncipherment and keyAgreement.
      spec.branch
        ? { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }
        : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, dataEncipherment: true, keyAgreement: true },
    ]);
    cert.sign(ca.privateKey, forge.md.sha256.create());
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
    writeFileSync(join(OUT, `${spec.file}.cer`), der);
    const key = spec.foreignKey ? newPair().privateKey : pair.privateKey;
    writeFileSync(join(OUT, `${spec.file}.key`), encryptedKeyDer(key));
  }
  writeFileSync(join(OUT, 'not-a-key.key'), Buffer.from('esto no es una llave privada\n'));
  console.log(`test CSD written to ${OUT}`);
}

main();
