// The visitor pass as a PDF (spec §2.6 "PDF download button"): the QR (error correction M), the manual key and
// what the pass page shows, on one page, in the visitor's language. The QR's modules come from qrcode.react's
// own encoder, rendered to SVG on the server and drawn as one vector path, so the PDF and the pages show the
// same code.
import PDFDocument from 'pdfkit';
import { QRCodeSVG } from 'qrcode.react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PASS_TYPES, type Pass, type PassType, WEEKDAYS } from '../../../src/api/passes';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import { documentWords } from '../shared/documentWords';

const isPassType = (value: string): value is PassType => (PASS_TYPES as readonly string[]).includes(value);
const isWeekday = (value: string): value is (typeof WEEKDAYS)[number] => (WEEKDAYS as readonly string[]).includes(value);

/** The QR's dark modules as an SVG path in module units, and how many modules a side has. */
export function qrModules(value: string): { path: string; size: number } {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M', size: 256 }));
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const paths = [...svg.matchAll(/<path fill="([^"]+)" d="([^"]+)"/g)];
  const dark = paths.find((p) => p[1] !== '#FFFFFF');
  if (!dark || !size) throw new Error('QR encoding failed');
  return { path: dark[2]!.replace(/,/g, ' '), size };
}

/** The pass in the visitor's language (the pass page's: its words are the page's own, src/i18n/<lang>/pass.json). */
export function passPdf(pass: Pass, language: Language): Promise<Buffer> {
  const { t, date, hour } = documentWords(language);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    // Uncompressed: a one-page pass stays small, and its text can be checked by tests and tools.
    compress: false,
    lang: LOCALE[language],
    info: { Title: t('documents.pass.title', { name: pass.Nombre }), Author: pass.CondoName, Subject: t('pass.heading') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 112;
  doc.font('Helvetica-Bold').fontSize(20).text(t('pass.heading'), { align: 'center', width });
  doc.font('Helvetica').fontSize(12).fillColor('#555555').text(pass.CondoName, { align: 'center', width });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(pass.Nombre, { align: 'center', width });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#555555')
    .text(isPassType(pass.Tipo) ? t(`pass.type.${pass.Tipo}`) : pass.Tipo, { align: 'center', width });

  const qr = qrModules(pass.QR);
  const side = 200;
  const top = doc.y + 12;
  const left = (doc.page.width - side) / 2;
  doc
    .save()
    .translate(left, top)
    .scale(side / qr.size)
    .path(qr.path)
    .fill('#000000')
    .restore();
  doc.y = top + side + 12;
  doc.x = 56;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555555')
    .text(t('pass.manualCode').toLocaleUpperCase(LOCALE[language]), { align: 'center', width });
  doc.font('Courier-Bold').fontSize(22).fillColor('#000000').text(pass.ClaveManual, { align: 'center', width });
  doc.moveDown();

  const row = (label: string, value: string | null | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#555555').text(label.toLocaleUpperCase(LOCALE[language]), { width });
    doc.font('Helvetica').fontSize(12).fillColor('#000000').text(value, { width });
    doc.moveDown(0.4);
  };
  row(t('pass.email'), pass.Email);
  row(t('pass.phone'), pass.Telefono);
  const dwelling = pass.AptName ? (pass.TorreName ? `${pass.TorreName} - ${pass.AptName}` : pass.AptName) : null;
  const who = pass.NombreInfante
    ? t('pass.child', { name: pass.NombreInfante })
    : pass.UserName
      ? t('pass.resident', { name: pass.UserName })
      : null;
  row(t('pass.destination'), [pass.CondoName, dwelling, who].filter(Boolean).join('\n'));
  if (pass.FechaInicio) {
    row(t('pass.dates'), t('pass.dateRange', { from: date(pass.FechaInicio), to: date(pass.FechaFin ?? pass.FechaInicio) }));
  }
  if (pass.HoraInicio) {
    const hours = pass.HoraFin
      ? t('pass.hourRange', { from: hour(pass.HoraInicio), to: hour(pass.HoraFin) })
      : hour(pass.HoraInicio);
    row(t('pass.hours'), hours);
  }
  const days = pass.DiasAcceso.map((d) => (isWeekday(d) ? t(`pass.day.${d}`) : d));
  row(t('pass.days'), days.length ? days.join(', ') : t('pass.anyDay'));
  row(t('pass.note'), pass.NotaVisitante);
  row(t('pass.accessPoints'), pass.puntosDeAcceso.map((p) => [p.Nombre, p.Address].filter(Boolean).join(': ')).join('\n'));
  doc.end();
  return done;
}
