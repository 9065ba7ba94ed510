// The codes of a visitor pass: the QR's text (unique everywhere, unguessable: the pass page is public) and
// the short manual key a guard types when the QR cannot be read.
import { randomBytes } from 'node:crypto';

/** No 0/O, 1/I/L: a guard reads the key aloud or types it. */
const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newPassCodes(): { qr: string; manualKey: string } {
  const qr = randomBytes(15).toString('base64url');
  const bytes = randomBytes(8);
  const manualKey = Array.from(bytes, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  return { qr, manualKey };
}
