// The visitor pass as a PDF (spec §2.6 "PDF download button"): the QR (error correction M), the manual key and
// what the pass page shows, on one page. The QR's modules come from qrcode.react's own encoder, rendered to
// SVG on the server and drawn as one vector path, so the PDF and the pages show the same code.
import PDFDocument from 'pdfkit';
import { QRCodeSVG } from 'qrcode.react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Pass } from '../../src/api/passes';

const WEEKDAY_NAMES: Record<string, string> = {
  lunes: 'Lunes',
  martes: 'Martes',
  miercoles: 'Miércoles',
  jueves: 'Jueves',
  viernes: 'Viernes',
  sabado: 'Sábado',
  domingo: 'Domingo',
};

const TYPE_NAMES: Record<string, string> = {
  temporal: 'Temporal',
  domestico: 'Servicio doméstico',
  infante: 'Menor de edad',
  manual: 'Manual',
  preautorizado: 'Preautorizado',
  evento: 'Evento',
};

/** The QR's dark modules as an SVG path in module units, and how many modules a side has. */
export function qrModules(value: string): { path: string; size: number } {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M', size: 256 }));
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const paths = [...svg.matchAll(/<path fill="([^"]+)" d="([^"]+)"/g)];
  const dark = paths.find((p) => p[1] !== '#FFFFFF');
  if (!dark || !size) throw new Error('QR encoding failed');
  return { path: dark[2]!.replace(/,/g, ' '), size };
}

const date = (iso: string) => iso.split('-').reverse().join('/');
const hour = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

export function passPdf(pass: Pass): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    // Uncompressed: a one-page pass stays small, and its text can be checked by tests and tools.
    compress: false,
    info: { Title: `Pase de acceso - ${pass.Nombre}`, Author: pass.CondoName, Subject: 'Pase de acceso' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 112;
  doc.font('Helvetica-Bold').fontSize(20).text('Pase de acceso', { align: 'center', width });
  doc.font('Helvetica').fontSize(12).fillColor('#555555').text(pass.CondoName, { align: 'center', width });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(pass.Nombre, { align: 'center', width });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#555555')
    .text(TYPE_NAMES[pass.Tipo] ?? pass.Tipo, { align: 'center', width });

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
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text('CÓDIGO MANUAL', { align: 'center', width });
  doc.font('Courier-Bold').fontSize(22).fillColor('#000000').text(pass.ClaveManual, { align: 'center', width });
  doc.moveDown();

  const row = (label: string, value: string | null | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#555555').text(label.toUpperCase(), { width });
    doc.font('Helvetica').fontSize(12).fillColor('#000000').text(value, { width });
    doc.moveDown(0.4);
  };
  row('Correo electrónico', pass.Email);
  row('Teléfono', pass.Telefono);
  const dwelling = pass.AptName ? (pass.TorreName ? `${pass.TorreName} - ${pass.AptName}` : pass.AptName) : null;
  const who = pass.NombreInfante ? `Menor: ${pass.NombreInfante}` : pass.UserName ? `Residente: ${pass.UserName}` : null;
  row('Destino', [pass.CondoName, dwelling, who].filter(Boolean).join('\n'));
  if (pass.FechaInicio) row('Vigencia', `Del ${date(pass.FechaInicio)} al ${date(pass.FechaFin ?? pass.FechaInicio)}`);
  if (pass.HoraInicio)
    row('Horario', pass.HoraFin ? `De ${hour(pass.HoraInicio)} a ${hour(pass.HoraFin)}` : hour(pass.HoraInicio));
  row('Días de acceso', pass.DiasAcceso.length ? pass.DiasAcceso.map((d) => WEEKDAY_NAMES[d] ?? d).join(', ') : 'Todos los días');
  row('Nota para el visitante', pass.NotaVisitante);
  row('Puntos de acceso', pass.puntosDeAcceso.map((p) => [p.Nombre, p.Address].filter(Boolean).join(': ')).join('\n'));
  doc.end();
  return done;
}
