// The text of an uncompressed PDF written by pdfkit with its standard fonts: every text-showing operator
// (<hex> Tj and [<hex> kerning <hex> …] TJ) decoded as WinAnsi (latin1), one line per operator.
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const decode = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    if (match[1] !== undefined) lines.push([...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decode(m[1]!)).join(''));
    else lines.push(decode(match[2]!));
  }
  return lines.join('\n');
}

/** How many pages the PDF has. */
export const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
