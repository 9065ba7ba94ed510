// The synthetic test certificates (scripts/make-test-csd.ts made them; tests/fixtures/csd/). The good one is a
// CSD of the SAT's test RFC EKU9003173C9, in force 2023-01-01 … 2031-01-01; the others each have one fault.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const TEST_CSD_DIR = join(import.meta.dirname, '..', 'fixtures', 'csd');
export const TEST_CSD_PASSWORD = '12345678a';
export const TEST_CSD_RFC = 'EKU9003173C9';
export const TEST_CSD_LEGAL_NAME = 'ESCUELA KEMPER URGATE';
export const TEST_CSD_NO_CERTIFICADO = '30001000000500003416';
/** A date when the good CSD is in force. */
export const TEST_CSD_NOW = new Date('2026-06-15T12:00:00Z');

export type TestCsdName = 'csd' | 'fiel' | 'expired' | 'not-yet-valid' | 'mismatch' | 'other-rfc';

export const testCsdPaths = (name: TestCsdName) => ({
  cer: join(TEST_CSD_DIR, `${name}.cer`),
  key: join(TEST_CSD_DIR, `${name}.key`),
});

export function testCsd(name: TestCsdName = 'csd'): { cer: Buffer; key: Buffer; password: string } {
  const paths = testCsdPaths(name);
  return { cer: readFileSync(paths.cer), key: readFileSync(paths.key), password: TEST_CSD_PASSWORD };
}

/** A file that is neither a certificate nor a key. */
export const notAKey = (): Buffer => readFileSync(join(TEST_CSD_DIR, 'not-a-key.key'));
