import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csdMatchesRfc, describeCertificate, readCsd } from '../../server/domain/invoicing/csd/readCsd';
import { openPrivateKey, signCadena, verifySeal } from '../../server/domain/invoicing/csd/seal';
import {
  notAKey,
  TEST_CSD_DIR,
  TEST_CSD_LEGAL_NAME,
  TEST_CSD_NO_CERTIFICADO,
  TEST_CSD_NOW,
  TEST_CSD_PASSWORD,
  TEST_CSD_RFC,
  testCsd,
} from '../support/testCsd';

describe('readCsd', () => {
  it('reads the good CSD: RFC, name, NoCertificado, dates and the DER', () => {
    const input = testCsd();
    const answer = readCsd(input, TEST_CSD_NOW);
    if (!answer.ok) throw new Error(answer.problem);
    expect(answer.csd).toEqual({
      rfc: TEST_CSD_RFC,
      legalName: TEST_CSD_LEGAL_NAME,
      noCertificado: TEST_CSD_NO_CERTIFICADO,
      validFrom: new Date('2023-01-01T00:00:00Z'),
      validTo: new Date('2031-01-01T00:00:00Z'),
      certificadoBase64: input.cer.toString('base64'),
    });
    expect(answer.csd.noCertificado).toMatch(/^[0-9]{20}$/);
  });

  it('reads a persona física’s RFC from "RFC / CURP"', () => {
    const answer = readCsd(testCsd('other-rfc'), TEST_CSD_NOW);
    expect(answer.ok && answer.csd.rfc).toBe('XOJI740919U48');
  });

  it.each([
    ['notCertificate', () => ({ ...testCsd(), cer: notAKey() })],
    ['notCertificate', () => ({ ...testCsd(), cer: testCsd().key })],
    ['notKey', () => ({ ...testCsd(), key: notAKey() })],
    ['notKey', () => ({ ...testCsd(), key: testCsd().cer })],
    ['isFiel', () => testCsd('fiel')],
    ['badPassword', () => ({ ...testCsd(), password: 'otra-contraseña' })],
    ['badPassword', () => ({ ...testCsd(), password: '' })],
    ['keyMismatch', () => testCsd('mismatch')],
    ['keyMismatch', () => ({ ...testCsd(), key: testCsd('other-rfc').key })],
    ['expired', () => testCsd('expired')],
    ['notYetValid', () => testCsd('not-yet-valid')],
  ] as const)('says %s', (problem, input) => {
    expect(readCsd(input(), TEST_CSD_NOW)).toEqual({ ok: false, problem });
  });

  it('is in force on its first and last second only between its dates', () => {
    expect(readCsd(testCsd(), new Date('2023-01-01T00:00:00Z')).ok).toBe(true);
    expect(readCsd(testCsd(), new Date('2031-01-01T00:00:00Z')).ok).toBe(true);
    expect(readCsd(testCsd(), new Date('2031-01-01T00:00:01Z'))).toEqual({ ok: false, problem: 'expired' });
    expect(readCsd(testCsd(), new Date('2022-12-31T23:59:59Z'))).toEqual({ ok: false, problem: 'notYetValid' });
  });

  it('matches the issuer RFC only when it is the certificate’s', () => {
    const answer = readCsd(testCsd(), TEST_CSD_NOW);
    if (!answer.ok) throw new Error(answer.problem);
    expect(csdMatchesRfc(answer.csd, 'EKU9003173C9')).toBe(true);
    expect(csdMatchesRfc(answer.csd, ' eku9003173c9 ')).toBe(true);
    expect(csdMatchesRfc(answer.csd, 'XOJI740919U48')).toBe(false);
  });
});

describe('seal', () => {
  const cadena = '||4.0|A|1|2026-06-15T10:00:00|ñandú á||';

  it('signs with the key and verifies with the certificate (RSA-SHA256)', () => {
    const { cer, key } = testCsd();
    const sello = signCadena(cadena, openPrivateKey(key, TEST_CSD_PASSWORD));
    expect(new X509Certificate(cer).publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(verifySeal(cadena, sello, cer.toString('base64'))).toBe(true);
    expect(verifySeal(`${cadena} `, sello, cer.toString('base64'))).toBe(false);
    expect(verifySeal(cadena, sello, testCsd('other-rfc').cer.toString('base64'))).toBe(false);
    expect(verifySeal(cadena, 'no es un sello', 'no es un certificado')).toBe(false);
  });

  it('refuses to open the key with a wrong password', () => {
    expect(() => openPrivateKey(testCsd().key, 'mala')).toThrow();
  });
});

describe('the SAT’s own test certificates (tests/fixtures/csd/sat)', () => {
  const sat = (name: string) => new X509Certificate(readFileSync(join(TEST_CSD_DIR, 'sat', `${name}.cer.pem`)));

  it('reads the RFC, the NoCertificado and the dates as the SAT writes them', () => {
    const facts = describeCertificate(sat('CSD01_AAA010101AAA'));
    expect(facts?.isCsd).toBe(true);
    expect(facts?.csd).toMatchObject({
      rfc: 'AAA010101AAA',
      legalName: 'ACCEM SERVICIOS EMPRESARIALES SC',
      noCertificado: '30001000000300023708',
      validFrom: new Date('2017-05-18T03:54:56Z'),
      validTo: new Date('2021-05-18T03:54:56Z'),
    });
  });

  it('tells the SAT’s FIEL from its CSD (no OU)', () => {
    expect(describeCertificate(sat('FIEL_AAA010101AAA'))?.isCsd).toBe(false);
    const fiel = sat('FIEL_AAA010101AAA');
    expect(readCsd({ cer: fiel.raw, key: testCsd().key, password: TEST_CSD_PASSWORD }, TEST_CSD_NOW)).toEqual({
      ok: false,
      problem: 'isFiel',
    });
    const csd = sat('CSD01_AAA010101AAA');
    expect(readCsd({ cer: csd.raw, key: testCsd().key, password: TEST_CSD_PASSWORD }, TEST_CSD_NOW)).toEqual({
      ok: false,
      problem: 'keyMismatch',
    });
  });

  it('says our synthetic CSD has the same subject layout', () => {
    const ours = describeCertificate(new X509Certificate(testCsd().cer));
    expect(ours?.isCsd).toBe(true);
    expect(describeCertificate(new X509Certificate(testCsd('fiel').cer))?.isCsd).toBe(false);
  });
});
