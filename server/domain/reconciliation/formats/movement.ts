// One bank movement as every format reads it (src/api/reconciliation.ts): the day, the words, the bank's reference,
// the amount in cents (a deposit above 0, a withdrawal below), the running balance when the statement gives one,
// and the movement's fingerprint. Pure: the parsers, the import and the tests share these readings of dates and
// amounts as Mexican banks write them (DD/MM/YYYY, "$1,234.56", separate cargo and abono columns or one signed
// importe).
import { createHash } from 'node:crypto';
import type { DateFormat, LineProblem } from '../../../../src/api/reconciliation';

export interface BankMovement {
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  reference: string;
  /** Deposit > 0, withdrawal < 0. */
  amountCents: number;
  balanceCents: number | null;
  /** Set by fingerprintMovements: the same movement in any statement of the account has the same one. */
  bankFingerprint: string;
}

/** A movement with its row in the file (the header being 1), before its fingerprint. */
export interface ReadLine extends Omit<BankMovement, 'bankFingerprint'> {
  fila: number;
}

export interface LineError {
  fila: number;
  problem: LineProblem;
}

const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS: Record<string, number> = {
  ENE: 1,
  JAN: 1,
  FEB: 2,
  MAR: 3,
  ABR: 4,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AGO: 8,
  AUG: 8,
  SEP: 9,
  SET: 9,
  OCT: 10,
  NOV: 11,
  DIC: 12,
  DEC: 12,
};

function validDay(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > last ? null : `${y}-${pad(m)}-${pad(d)}`;
}

/** A day as a statement writes it, in `format` (day first unless said otherwise); null when it is not one. */
export function parseDay(text: string, format: DateFormat = 'DD/MM/YYYY'): string | null {
  const t = text.trim().replace(/\s+\d{1,2}:\d{2}(:\d{2})?.*$/, '');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const [a, b] = [Number(m[1]), Number(m[2])];
    return format === 'MM/DD/YYYY' ? validDay(year, a, b) : validDay(year, b, a);
  }
  // 05-ENE-2026, 05/ene/26 (Banorte's and Santander's statements).
  m = /^(\d{1,2})[-/ ]([A-Za-z]{3})[A-Za-z]*[-/ ](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS[m[2]!.toUpperCase()];
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return month ? validDay(year, month, Number(m[1])) : null;
  }
  // OFX: 20260105 or 20260105120000[-6:CST].
  m = /^(\d{4})(\d{2})(\d{2})(\d{6}(\.\d+)?)?(\[.*\])?$/.exec(t);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/** The largest amount a line may carry: twenty million pesos, inside the ledger's 32-bit columns. */
export const MAX_AMOUNT_CENTS = 2_000_000_000;

/**
 * An amount in cents as a statement writes it: "$1,234.56", "1234.5", "-1,234.56", "(1,234.56)", "1.234,56",
 * "1,234.56 CR"; '' is null (an empty cargo or abono cell). NaN when it is not an amount.
 */
export function parseCents(text: string): number | null {
  let t = text
    .trim()
    .replace(/\s+/g, '')
    .replace(/^\$|MXN|MN|\$/gi, '');
  if (t === '' || t === '-') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-')) {
    sign = -sign;
    t = t.slice(1);
  } else if (t.endsWith('-')) {
    sign = -sign;
    t = t.slice(0, -1);
  } else if (t.startsWith('+')) t = t.slice(1);
  t = t.replace(/^\$/, '');
  // The decimal separator is the last of '.' and ',' when two or fewer digits follow it.
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  let whole = t;
  let fraction = '';
  if (decimalAt >= 0 && t.length - decimalAt - 1 <= 2 && t.length - decimalAt - 1 > 0) {
    whole = t.slice(0, decimalAt);
    fraction = t.slice(decimalAt + 1);
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return Number.NaN;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? sign * cents : Number.NaN;
}

/** Words compared as the fingerprint and the matching compare them: upper case, no accents, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Each movement's fingerprint: its day, amount, reference and words, and its running balance; when the statement
 * has no balance, the movement's occurrence among identical lines of the file (the second identical line of a
 * day is another movement, not the same one twice). The same statement, or an overlapping one, gives the same
 * fingerprints to the same movements.
 */
export function fingerprintMovements(lines: readonly ReadLine[]): BankMovement[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = [line.date, line.amountCents, foldText(line.reference), foldText(line.description)].join('|');
    let tail: string;
    if (line.balanceCents !== null) tail = `s${line.balanceCents}`;
    else {
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      tail = `n${n}`;
    }
    const bankFingerprint = createHash('sha256').update(`${base}|${tail}`).digest('hex').slice(0, 40);
    return {
      date: line.date,
      description: line.description,
      reference: line.reference,
      amountCents: line.amountCents,
      balanceCents: line.balanceCents,
      bankFingerprint,
    };
  });
}
