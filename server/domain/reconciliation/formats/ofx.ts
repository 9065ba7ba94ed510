// OFX statements (Open Financial Exchange), both variants: OFX 1.x in SGML (a header of KEY:VALUE lines, tags
// whose values run to the end of the line with no closing tag) and OFX 2.x in XML. Every <STMTTRN> of the
// bank statement is one movement: DTPOSTED (YYYYMMDD…), TRNAMT (signed, '.' or ',' decimals), NAME and MEMO the
// words, FITID (the bank's id of the transaction) the reference when there is no CHECKNUM/REFNUM. The running
// balance is not per movement in OFX (only LEDGERBAL at the end): the fingerprint uses FITID through the reference.
import { type LineError, parseCents, parseDay, type ReadLine } from './movement';

/** Whether the text is an OFX (either variant). */
export const isOfx = (text: string) => /OFXHEADER\s*[:=]|<OFX>/i.test(text.slice(0, 2000));

/** A tag's value inside a block: <TAG>value, closed or not. */
function tagValue(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? decodeEntities(m[1]!.trim()) : '';
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export function readOfx(text: string): { lines: ReadLine[]; errors: LineError[] } {
  const lines: ReadLine[] = [];
  const errors: LineError[] = [];
  const blocks = text.split(/<STMTTRN>/i).slice(1);
  blocks.forEach((raw, index) => {
    const block = raw.split(/<\/STMTTRN>/i)[0]!;
    const fila = index + 1;
    const date = parseDay(tagValue(block, 'DTPOSTED'));
    if (!date) {
      errors.push({ fila, problem: 'date' });
      return;
    }
    const amountCents = parseCents(tagValue(block, 'TRNAMT'));
    if (amountCents === null || amountCents === 0) {
      errors.push({ fila, problem: 'empty' });
      return;
    }
    if (Number.isNaN(amountCents)) {
      errors.push({ fila, problem: 'amount' });
      return;
    }
    const name = tagValue(block, 'NAME');
    const memo = tagValue(block, 'MEMO');
    lines.push({
      fila,
      date,
      description: [name, memo].filter((s) => s !== '').join(' '),
      reference: tagValue(block, 'CHECKNUM') || tagValue(block, 'REFNUM') || tagValue(block, 'FITID'),
      amountCents,
      balanceCents: null,
    });
  });
  return { lines, errors };
}
